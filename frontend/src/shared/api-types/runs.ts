// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface RunsSchemas {
    /**
     * @description * `wrong-move` - wrong-move
     *     * `time` - time
     *     * `stopped` - stopped
     *     * `exhausted` - exhausted
     * @enum {string}
     */
    EndReasonEnum: "wrong-move" | "time" | "stopped" | "exhausted";
    /**
     * @description * `streak` - streak
     *     * `timed` - timed
     * @enum {string}
     */
    ModeEnum: "streak" | "timed";
    RunListOutput: {
        /** @description Your best puzzle streak. */
        best_streak: number;
        /** @description Your best timed score. */
        best_timed: number;
        runs: components["schemas"]["RunSummary"][];
    };
    RunMoveInputRequest: {
        /** @description A move: '36', '36R', 'pass'. */
        move: string;
        /** @description Required: the ply the move is meant for, the number of moves already played when the client saw the position (a game's `ply`; an attempt's `moves` length; 0 for the first move). If the game has moved on, the answer is 409 and nothing changes; the same move posted again for the same ply (a retry) is answered as the first time. Without it: 400. */
        ply: number;
        /** @description The puzzle under way the move is meant for (its attempt id); 409 if the run has moved on. */
        attempt?: number;
    };
    RunOutput: {
        id: number;
        mode: components["schemas"]["ModeEnum"];
        /**
         * @description A timed run is over as soon as its clock reads zero (unless its last move, made in time, is still being graded).
         *
         *     * `active` - active
         *     * `over` - over
         */
        status: components["schemas"]["RunOutputStatusEnum"];
        end_reason: (components["schemas"]["EndReasonEnum"] | components["schemas"]["NullEnum"]) | null;
        /** @description Puzzles solved. */
        score: number;
        /** @description Timed: wrong moves (each cost the penalty). */
        mistakes: number;
        /** @description Streak: puzzles you may still skip (one per streak). */
        skips_left: number;
        /** @description Timed: seconds on the clock at the start. */
        duration: number | null;
        penalty_seconds: number;
        penalty_per_mistake: number | null;
        /**
         * Format: double
         * @description Timed: seconds left, by the server's clock.
         */
        time_left: number | null;
        /** Format: date-time */
        started_at: string;
        /** Format: date-time */
        deadline: string | null;
        /** Format: date-time */
        finished_at: string | null;
        /** @description Your best score in this mode. */
        best: number;
        /** @description Your best when this run started. */
        best_before: number;
        new_best: boolean;
        version: number;
        /** @description The puzzle under way (without its answer); null once over. */
        attempt: components["schemas"]["AttemptOutput"] | null;
        /** @description Once a wrong move has ended the run: that puzzle's attempt, with its solution; else null. */
        ended_by: components["schemas"]["AttemptOutput"] | null;
        puzzles: components["schemas"]["RunPuzzle"][];
        urls: {
            [key: string]: string;
        };
    };
    /**
     * @description * `active` - active
     *     * `over` - over
     * @enum {string}
     */
    RunOutputStatusEnum: "active" | "over";
    RunPuzzle: {
        /** @description 1 for the run's first puzzle. */
        index: number;
        puzzle: number;
        attempt: number;
        /** @description The puzzle's rating when it came. */
        rating: number;
        side: components["schemas"]["SideEnum"];
        result: components["schemas"]["RunPuzzleResultEnum"];
        /** @description Your moves in it. */
        played: string[];
        /** @description Null until the run is over. */
        solution: components["schemas"]["Solution"] | null;
        urls: {
            [key: string]: string;
        };
    };
    /**
     * @description * `solved` - solved
     *     * `failed` - failed
     *     * `skipped` - skipped
     *     * `unfinished` - unfinished
     * @enum {string}
     */
    RunPuzzleResultEnum: "solved" | "failed" | "skipped" | "unfinished";
    RunStartInputRequest: {
        /**
         * @description streak: one wrong move ends it; timed: 3 minutes, a wrong move costs 10 s.
         *
         *     * `streak` - streak
         *     * `timed` - timed
         */
        mode: components["schemas"]["ModeEnum"];
    };
    RunSummary: {
        id: number;
        mode: string;
        status: string;
        score: number;
        mistakes: number;
        /** Format: date-time */
        started_at: string;
        end_reason: string | null;
        page: string;
    };
}
