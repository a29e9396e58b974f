// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface GameAnalysesSchemas {
    GameAnalysisInputRequest: {
        /** @description A game record of any variant (README 'Game records'; a `[Variant "block"]` tag or a Start position naming the variant): tags and moves, or a bare position string and moves. */
        record?: string;
        /**
         * Format: int64
         * @description One of your practice games instead.
         */
        game_id?: number;
        /** @description A deal typed in as it was: every seat's hand in seat order (A, B; C, D in partnership), stones separated by spaces, dots or commas; a rows hand is `front/back`. With `variant`, `out` and `moves`. */
        hands?: string[];
        /**
         * @description The variant of the deal in `hands` (docs/rules.md section 4), with `+doubles` for the option.
         *
         *     * `lewicki` - lewicki
         *     * `lewicki+doubles` - lewicki+doubles
         *     * `lewicki9` - lewicki9
         *     * `lewicki9+doubles` - lewicki9+doubles
         *     * `block` - block
         *     * `block+doubles` - block+doubles
         *     * `partnership` - partnership
         *     * `partnership+doubles` - partnership+doubles
         * @default lewicki
         */
        variant: components["schemas"]["VariantEnum"];
        /** @description The stones that stayed out (block, lewicki9); left out: every stone of the set not in a hand. */
        out?: string;
        /** @description The moves of the deal in `hands`, in the order they were played (`66`, `36L`, `pass`); a later stone may be written bare (`36`) when only one end takes it. */
        moves?: string[];
    } & (unknown | unknown | unknown);
    GameAnalysisOutput: {
        id: number;
        status: components["schemas"]["GameAnalysisOutputStatusEnum"];
        /** @description Plies graded so far. */
        progress: number;
        /** @description Plies in the record. */
        total: number;
        source: components["schemas"]["SourceEnum"];
        game_id: number | null;
        /** @description The record's variant ('lewicki', 'block', 'partnership+doubles', ...). */
        variant: string;
        /** @description In playing order. */
        seats: components["schemas"]["SeatEnum"][];
        /** @description The two sides: 'A', 'B' or 'A+C', 'B+D'. */
        teams: string[];
        /** @description The record, normalised (it parses back to the same game). */
        record: string;
        result: components["schemas"]["GameReview"] | null;
        error: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: date-time */
        updated_at: string;
        /** @description `self`, `page`, and `share`: the page for anyone holding the link. */
        urls: {
            [key: string]: string;
        };
    };
    /**
     * @description * `pending` - pending
     *     * `running` - running
     *     * `done` - done
     *     * `failed` - failed
     * @enum {string}
     */
    GameAnalysisOutputStatusEnum: "pending" | "running" | "done" | "failed";
    /**
     * @description A multipart body: the record as a file, and nothing else (the other
     *     ways in are JSON: a form's fields would not read as JSON's lists).
     */
    GameAnalysisUploadRequest: {
        /**
         * Format: binary
         * @description The game record as an uploaded text file; a multipart body's other fields are ignored.
         */
        file: string;
    };
    GameReview: {
        tags: {
            [key: string]: string;
        };
        start: string;
        final: string;
        /** @description 'A 12 domino', 'draw blocked', or '*' when unfinished. */
        result: string;
        plies: components["schemas"]["GradedPly"][];
        /** @description Per seat: keyed by 'A', 'B' (and 'C', 'D'). */
        summary: {
            [key: string]: components["schemas"]["Summary"];
        };
        /** @description Per team: keyed by 'A' and 'B', or 'A+C' and 'B+D' in partnership. */
        teams: {
            [key: string]: components["schemas"]["Summary"];
        };
        /** @description The value for A's team of the start and of the position after each ply. */
        values: number[];
    };
    GradedPly: {
        /** @description 1 for the first move. */
        ply: number;
        /**
         * @description The seat that moved.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         */
        side: components["schemas"]["SeatEnum"];
        /** @description Before the move. */
        position: string;
        move: string;
        /** @description For the mover's team. */
        value: number;
        /** @description The best value in that position, for the mover's team. */
        best: number;
        best_moves: string[];
        grade: components["schemas"]["GradeEnum"];
        points_lost: number;
        /** @description Only one legal move (or a forced pass). */
        forced: boolean;
    };
    /**
     * @description * `paste` - paste
     *     * `upload` - upload
     *     * `game` - game
     * @enum {string}
     */
    SourceEnum: "paste" | "upload" | "game";
    Summary: {
        moves: number;
        /** @description Moves made with two or more legal moves to choose from. */
        choices: number;
        /**
         * Format: double
         * @description Percentage of the choices in which the best value was kept.
         */
        accuracy: number;
        points_lost: number;
        best: number;
        inaccuracy: number;
        mistake: number;
        blunder: number;
    };
}
