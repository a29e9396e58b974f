// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface ExercisesSchemas {
    Counts: {
        due: number;
        total: number;
        learnt: number;
    };
    Exercise: {
        id: number;
        /** @description The position before your mistake; its side to move is yours. */
        position: string;
        side: components["schemas"]["SideEnum"];
        board: unknown;
        legal_moves: string[];
        /** @description The move you played in the game. */
        played: string;
        /**
         * @description Its grade.
         *
         *     * `mistake` - mistake
         *     * `blunder` - blunder
         */
        grade: components["schemas"]["ExerciseGradeEnum"];
        source: components["schemas"]["ExerciseSource"];
        due: boolean;
        /**
         * Format: date-time
         * @description When FSRS shows it next.
         */
        due_at: string;
        /** @description FSRS's stability has reached 21 days (it still comes back when due). */
        learnt: boolean;
        /**
         * Format: double
         * @description FSRS's stability in days; null before the first review.
         */
        stability: number | null;
        /**
         * Format: date-time
         * @description The last review; null before the first.
         */
        last_review_at: string | null;
        solved_count: number;
        failed_count: number;
        urls: {
            [key: string]: string;
        };
    };
    /**
     * @description * `mistake` - mistake
     *     * `blunder` - blunder
     * @enum {string}
     */
    ExerciseGradeEnum: "mistake" | "blunder";
    ExerciseList: {
        counts: components["schemas"]["Counts"];
        exercises: components["schemas"]["Exercise"][];
    };
    ExerciseSolution: {
        best_moves: string[];
        best_value: number;
        played: string;
        played_value: number;
        points_lost: number;
        /** @description Every legal move {move, value, grade}, best first (when known). */
        moves: unknown;
    };
    ExerciseSource: {
        /** @description 'game' (a practice game or a match deal) or 'analysis' (an analysed record). */
        kind: string;
        /** @description The ply of the mistake in its game. */
        ply: number;
        game: number | null;
        game_analysis: number | null;
        /** @description The match, when the game is a deal of one. */
        match: number | null;
        /** @description The game's review at the position, or the analysis. */
        url: string | null;
        /** @description 'Learn from your mistakes' for that game. */
        mistakes_url: string | null;
    };
    ExerciseTry: {
        id: number;
        move: string;
        /** @description The move keeps the best value. */
        correct: boolean;
        /** @description Tried on schedule (only then does the schedule move on). */
        was_due: boolean;
        value: number | null;
        solution: components["schemas"]["ExerciseSolution"];
        exercise: components["schemas"]["Exercise"];
    };
    TryInputRequest: {
        /** @description A move: '36', '36R', 'pass'. */
        move: string;
    };
}
