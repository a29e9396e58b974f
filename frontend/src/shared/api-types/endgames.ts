// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface EndgamesSchemas {
    Alternative: {
        move: string;
        /** @description For the mover. */
        value: number;
        grade: string;
        /** @description The defender's refutation (null: the deal is over). */
        reply: string | null;
        /** @description The refutation and what follows. */
        line: string[];
        text: string;
    };
    Chapter: {
        id: number;
        idea: components["schemas"]["IdeaEnum"];
        title: string;
        intro: string;
        endgames: components["schemas"]["EndgameSummary"][];
        studied: number;
        mastered: number;
    };
    Endgame: {
        id: number;
        title: string;
        position: string;
        side: components["schemas"]["SideEnum"];
        /** @description For the side to move, with perfect play. */
        value: number;
        /** @description 1 (easy) to 5 (very hard). */
        difficulty: number;
        difficulty_label: string;
        order: number;
        progress: components["schemas"]["Progress"];
        url: string;
        api: string;
        chapter: {
            [key: string]: unknown;
        };
        intro: string;
        /** @description The first move of the main line. */
        key: string;
        /** @description The main line to the end of the deal, annotated. */
        steps: components["schemas"]["Step"][];
        /** @description The board before each step, and at the end. */
        boards: unknown[];
        final: {
            [key: string]: unknown;
        };
        analysis_url: string;
        previous: string | null;
        next: string | null;
    };
    EndgameSummary: {
        id: number;
        title: string;
        position: string;
        side: components["schemas"]["SideEnum"];
        /** @description For the side to move, with perfect play. */
        value: number;
        /** @description 1 (easy) to 5 (very hard). */
        difficulty: number;
        difficulty_label: string;
        order: number;
        progress: components["schemas"]["Progress"];
        url: string;
        api: string;
    };
    /**
     * @description * `blocking` - blocking
     *     * `unlocking` - unlocking
     *     * `counting` - counting
     *     * `racing` - racing
     *     * `tempo` - tempo
     *     * `doubles` - doubles
     * @enum {string}
     */
    IdeaEnum: "blocking" | "unlocking" | "counting" | "racing" | "tempo" | "doubles";
    Progress: {
        studied: boolean;
        mastered: boolean;
    };
    ProgressAnswer: {
        studied: boolean;
        mastered: boolean;
        /** @description The line is being checked (202): post it again shortly. */
        pending: boolean;
    };
    ProgressInputRequest: {
        /** @description The whole line played from the start (both sides): when every move keeps the best value and the deal is over, the endgame is mastered. Leave out to mark it studied only. A move that is not legal where it comes is a 400 that names it. */
        moves?: string[];
    };
    Step: {
        /** @description 0 for the first move of the endgame. */
        ply: number;
        side: components["schemas"]["SideEnum"];
        /** @description A move of the side that is to move at the start. */
        student: boolean;
        move: string;
        /** @description For the mover: the value of the position before it. */
        value: number;
        value_text: string;
        outcome: components["schemas"]["OutcomeEnum"];
        /** @description How many legal moves there were. */
        legal: number;
        best_moves: string[];
        /** @description Before the move. */
        position: string;
        /** @description The annotation, in the request's language. */
        text: string;
        alternatives: components["schemas"]["Alternative"][];
    };
}
