// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface PuzzlesSchemas {
    DailyOutput: {
        id: number;
        /** @description The start position; its side to move solves it. */
        position: string;
        /**
         * @description The side the player plays.
         *
         *     * `A` - A
         *     * `B` - B
         */
        side: components["schemas"]["SideEnum"];
        /**
         * @description win: find the only winning move; most: every move wins, find the one that wins the most.
         *
         *     * `win` - win
         *     * `most` - most
         */
        kind: components["schemas"]["PuzzleKindEnum"];
        rating: number;
        /**
         * Format: date
         * @description The UTC day it was the daily puzzle, if it was.
         */
        daily_on: string | null;
        attempts: number;
        solved: number;
        /** @description Position.to_json() of the start. */
        board: unknown;
        urls: {
            [key: string]: string;
        };
        player: components["schemas"]["PlayerOutput"];
    };
    DashboardOutput: {
        days: number;
        total: components["schemas"]["DashboardTotal"];
        themes: components["schemas"]["DashboardTheme"][];
        strongest: components["schemas"]["Theme"][];
        weakest: components["schemas"]["Theme"][];
        train_weakest_url: string | null;
    };
    DashboardTheme: {
        theme: string;
        label: string;
        description: string;
        attempts: number;
        solved: number;
        failed: number;
        /** Format: double */
        success_rate: number | null;
        /** @description Linear performance rating. */
        performance: number | null;
        train_url: string;
        replay_url: string;
    };
    DashboardTotal: {
        attempts: number;
        solved: number;
        failed: number;
        /** Format: double */
        success_rate: number | null;
        performance: number | null;
    };
    /**
     * @description * `easiest` - easiest
     *     * `easier` - easier
     *     * `normal` - normal
     *     * `harder` - harder
     *     * `hardest` - hardest
     * @enum {string}
     */
    DifficultyEnum: "easiest" | "easier" | "normal" | "harder" | "hardest";
    DifficultyInputRequest: {
        difficulty: components["schemas"]["DifficultyEnum"];
    };
    HistoryOutput: {
        player: components["schemas"]["PlayerOutput"];
        attempts: components["schemas"]["HistoryRow"][];
    };
    HistoryRow: {
        attempt: number;
        puzzle: number;
        puzzle_rating: number;
        kind: string;
        status: string;
        solved: boolean;
        gave_up: boolean;
        rated: boolean;
        /** Format: date */
        daily_on: string | null;
        rating_before: number | null;
        rating_after: number | null;
        /** Format: date-time */
        finished_at: string;
    };
    NextOutput: {
        id: number;
        /** @description The start position; its side to move solves it. */
        position: string;
        /**
         * @description The side the player plays.
         *
         *     * `A` - A
         *     * `B` - B
         */
        side: components["schemas"]["SideEnum"];
        /**
         * @description win: find the only winning move; most: every move wins, find the one that wins the most.
         *
         *     * `win` - win
         *     * `most` - most
         */
        kind: components["schemas"]["PuzzleKindEnum"];
        rating: number;
        /**
         * Format: date
         * @description The UTC day it was the daily puzzle, if it was.
         */
        daily_on: string | null;
        attempts: number;
        solved: number;
        /** @description Position.to_json() of the start. */
        board: unknown;
        urls: {
            [key: string]: string;
        };
        player: components["schemas"]["PlayerOutput"];
    };
    OfflinePack: {
        puzzles: components["schemas"]["OfflinePuzzle"][];
        /** @description How many more puzzles are being prepared: ask again soon. */
        preparing: number;
        /** Format: date-time */
        generated_at: string;
        /** @description Where to send the results (POST). */
        results_url: string;
    };
    OfflinePuzzle: {
        id: number;
        /** @description The start position; its side to move solves it. */
        position: string;
        /**
         * @description The side the player plays.
         *
         *     * `A` - A
         *     * `B` - B
         */
        side: components["schemas"]["SideEnum"];
        kind: components["schemas"]["PuzzleKindEnum"];
        rating: number;
        /** @description Position.to_json() of the start. */
        board: unknown;
        /** @description What grades the puzzle offline: {accept: {move: {after, reply, replied, then}}}. The moves of `accept` keep the best value (any other legal move fails the puzzle); `after` is the board after the move, `reply` the defender's answer and `replied` the board after it (both null when the move solves it), `then` the next step ({accept: ...}), null once the puzzle is solved. */
        key: unknown;
        urls: {
            [key: string]: string;
        };
    };
    OfflineResultInputRequest: {
        /** @description The browser's id of this result (8 to 64 letters, digits, - or _, e.g. a UUID): the same result sent again is recorded once. */
        id: string;
        /** Format: int64 */
        puzzle: number;
        /** @description The player's own moves, in order ('36', '36R', 'pass'); the defender's replies are the key's. */
        moves: string[];
        /**
         * @description The player gave up before the end.
         * @default false
         */
        gave_up: boolean;
    };
    OfflineResultOutput: {
        id: string;
        attempt: number;
        puzzle: number;
        status: components["schemas"]["OfflineResultOutputStatusEnum"];
        /** @description Always false: results played offline are never rated. */
        rated: boolean;
        /** @description False when this result had been recorded before. */
        recorded: boolean;
    };
    /**
     * @description * `solved` - solved
     *     * `failed` - failed
     * @enum {string}
     */
    OfflineResultOutputStatusEnum: "solved" | "failed";
    PlayerOutput: {
        rating: number;
        rd: number;
        rated_count: number;
        /** @description Consecutive UTC days with the daily puzzle solved on its day. */
        streak: number;
        best_streak: number;
        solved_today: boolean;
        /**
         * @description Your training difficulty (an offset from your rating).
         *
         *     * `easiest` - easiest
         *     * `easier` - easier
         *     * `normal` - normal
         *     * `harder` - harder
         *     * `hardest` - hardest
         */
        difficulty: components["schemas"]["DifficultyEnum"];
    };
    VoteInputRequest: {
        /** @description true: thumbs up; false: thumbs down. */
        up: boolean;
    };
    VoteOutput: {
        up: number;
        down: number;
        yours: boolean | null;
        url: string;
    };
}
