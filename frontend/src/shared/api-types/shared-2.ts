// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface Shared2Schemas {
    Player: {
        name: string;
        kind: components["schemas"]["SeatPlayerKindEnum"];
        /**
         * @description The solver's level.
         *
         *     * `perfect` - perfect
         *     * `strong` - strong
         *     * `casual` - casual
         */
        level: (components["schemas"]["GameLevelEnum"] | components["schemas"]["NullEnum"]) | null;
        /** @description The reader's seat. */
        you: boolean;
        /** @description A bot's account plays this seat. */
        bot: boolean;
    };
    PuzzleOutput: {
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
    };
    ResultOutput: {
        /**
         * @description The winning seat or team; null for a draw.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `A+C` - A+C
         *     * `B+D` - B+D
         */
        winner: (components["schemas"]["WinnerEnum"] | components["schemas"]["NullEnum"]) | null;
        points: number;
        /**
         * @description 'abandoned': a live game claimed by a player whose opponents had left the table (scored as their resignation); 'resigned': a player gave the deal up (it scores as a domino); 'time': the side to move ran out of time (scored as a resignation); 'aborted': a game between people called off before it began (no winner, not rated).
         *
         *     * `domino` - domino
         *     * `blocked` - blocked
         *     * `resigned` - resigned
         *     * `time` - time
         *     * `aborted` - aborted
         *     * `abandoned` - abandoned
         */
        reason: components["schemas"]["ResultOutputReasonEnum"];
        /**
         * @description The seat that resigned.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         */
        resigned: (components["schemas"]["SeatEnum"] | components["schemas"]["NullEnum"]) | null;
        /**
         * @description 'abandoned': the seat that left the table.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         */
        abandoned?: components["schemas"]["SeatEnum"];
        /**
         * @description 'time': the seat whose time ran out.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         */
        flagged?: components["schemas"]["SeatEnum"];
        /**
         * @description 'aborted': the seat that aborted, or that never moved.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         */
        aborted?: components["schemas"]["SeatEnum"];
        /**
         * @description 'early': a rated game between people that ended before each person had moved twice, so ended as an abort, unrated.
         *
         *     * `early` - early
         */
        unrated?: components["schemas"]["UnratedEnum"];
        /**
         * @description With 'unrated': how the game ended before it was turned into an abort.
         *
         *     * `domino` - domino
         *     * `blocked` - blocked
         *     * `resigned` - resigned
         *     * `time` - time
         */
        ended?: components["schemas"]["EndedEnum"];
        /** @description A rated game the seat of 'resigned' or 'flagged' ended early, rated all the same: that account had already ended this many rated games early that UTC day (the day's allowance). */
        rated_early?: number;
        /** @description 'aborted': why the game could no longer be played ('same-account'). */
        unplayable?: string;
        /**
         * @description For the human.
         *
         *     * `win` - win
         *     * `loss` - loss
         *     * `draw` - draw
         */
        outcome: components["schemas"]["OutcomeEnum"];
        /** @description The human's score: +points, -points or 0. */
        human_points: number;
        text: string;
        /** @description A rated game between people, once rated: each account's seat's rating `before` and `after` the game (rounded) and the `change`; empty before, and for a casual game (absent for a practice game). */
        ratings?: {
            [key: string]: {
                [key: string]: number;
            };
        };
    };
    Solution: {
        line: components["schemas"]["SolutionMove"][];
        /** @description The start's value for the solving side. */
        value: number;
        kind: string;
        solver_moves: number;
        /** @description Every legal first move: {move, value, grade}, best first. */
        first_moves: unknown;
        themes: components["schemas"]["Theme"][];
        board_after: unknown;
        source: {
            [key: string]: unknown;
        };
        /**
         * Format: double
         * @description 0 to 100, from solver facts.
         */
        quality: number;
        /** @description Legal moves, failing moves, mean loss, natural moves that fail, depth. */
        quality_facts: unknown;
        vote_url: string;
    };
    SolutionMove: {
        move: string;
        side: components["schemas"]["SideEnum"];
        by: components["schemas"]["SolutionMoveByEnum"];
        /** @description For the mover. */
        value: number;
        grade: string;
        /** @description A move the solving side had to find. */
        key: boolean;
    };
    Theme: {
        name: string;
        /** @description The name in the request's language. */
        label: string;
        description: string;
    };
    TimeControl: {
        /** @description Live: each clock's starting seconds. */
        initial: number | null;
        /** @description Live: seconds added after each move. */
        increment: number | null;
        /** @description Correspondence: days for each move. */
        days: number | null;
    };
}
