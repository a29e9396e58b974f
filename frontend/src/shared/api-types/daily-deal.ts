// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface DailyDealSchemas {
    BestLine: {
        /** @description The start's value for the side to move. */
        value: number;
        moves: components["schemas"]["BestLineMove"][];
        analysis_url: string;
    };
    BestLineMove: {
        side: components["schemas"]["SeatEnum"];
        move: string;
        /** @description A move of the seat the players play. */
        human: boolean;
    };
    DailyDealOutput: {
        /** Format: date */
        date: string;
        variant: components["schemas"]["VariantEnum"];
        /** @description The deal's seed; null on its day until your game of it is over. */
        seed: number | null;
        /**
         * @description The seat everyone plays.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         */
        human: components["schemas"]["SeatEnum"];
        /** @description The solver's level: perfect. */
        level: string;
        /** @description The deal's start; null on its day until your game of it is over. */
        start_position: string | null;
        /** @description The commitment to the deal's seed, from the start of its day; its salt and seed with the seed above (docs/rules.md section 4.11). */
        deal: components["schemas"]["DealCommitment"] | null;
        /** @description Ranked players so far. */
        players: number;
        /**
         * @description Your game of the deal: 'new' (not started), 'playing', 'grading' (over, a grade still on its way: ask again) or 'over' (your result is recorded).
         *
         *     * `new` - new
         *     * `playing` - playing
         *     * `grading` - grading
         *     * `over` - over
         */
        status: components["schemas"]["DailyStatusEnum"];
        /** @description Your game of the deal (play it through /api/games/<id>/). */
        game: number | null;
        /** @description Your game is (or would be) started on the deal's day. */
        on_the_day: boolean;
        you: components["schemas"]["YourResult"] | null;
        urls: {
            [key: string]: string;
        };
    };
    /**
     * @description * `new` - new
     *     * `playing` - playing
     *     * `grading` - grading
     *     * `over` - over
     * @enum {string}
     */
    DailyStatusEnum: "new" | "playing" | "grading" | "over";
    /**
     * @description * `late` - late
     *     * `hints` - hints
     *     * `resigned` - resigned
     * @enum {string}
     */
    ExcludedEnum: "late" | "hints" | "resigned";
    /**
     * @description * `best` - best
     *     * `inaccuracy` - inaccuracy
     *     * `mistake` - mistake
     *     * `blunder` - blunder
     *     * `forced` - forced
     * @enum {string}
     */
    GradesEnum: "best" | "inaccuracy" | "mistake" | "blunder" | "forced";
    HistogramBin: {
        low: number;
        /** @description Null: no upper bound. */
        high: number | null;
        /** @description The bin as the chart labels it: '0', '1–4', '50+'. */
        text: string;
        count: number;
    };
    RankingOutput: {
        /** Format: date */
        date: string;
        today: boolean;
        /** @description Ranked players: games started on the day, over and graded. */
        players: number;
        /** Format: double */
        median_points_lost: number | null;
        histogram: components["schemas"]["HistogramBin"][];
        /** @description The histogram's bars as the page draws them. */
        chart: unknown;
        /**
         * @description Your game of the deal: 'new' (not started), 'playing', 'grading' (over, a grade still on its way: ask again) or 'over' (your result is recorded).
         *
         *     * `new` - new
         *     * `playing` - playing
         *     * `grading` - grading
         *     * `over` - over
         */
        status: components["schemas"]["DailyStatusEnum"];
        you: components["schemas"]["YourResult"] | null;
        /** @description The solver's main line from the start; only once your game is over (null while analysed). */
        best_line: components["schemas"]["BestLine"] | null;
        urls: {
            [key: string]: string;
        };
    };
    StartInputRequest: {
        /**
         * Format: date
         * @description The day of the deal, YYYY-MM-DD (default today, UTC). A past day's deal can be played late: not ranked.
         */
        date?: string | null;
    };
    YourResult: {
        /** @description The sum of the points lost by your moves. */
        points_lost: number;
        /**
         * Format: double
         * @description Percentage of your moves with a choice that kept the best value; null with no choice.
         */
        accuracy: number | null;
        /** @description The grade of each of your moves, in order. */
        grades: components["schemas"]["GradesEnum"][];
        /** @description Counted in the day's ranking. */
        ranked: boolean;
        /**
         * @description Why not ranked: 'late' (started after its day), 'hints', 'resigned'.
         *
         *     * `late` - late
         *     * `hints` - hints
         *     * `resigned` - resigned
         */
        excluded: (components["schemas"]["ExcludedEnum"] | components["schemas"]["NullEnum"]) | null;
        /** @description Why not ranked, in words; empty when ranked. */
        excluded_text: string;
        /** @description 1 + the ranked players who lost strictly fewer points. */
        rank: number;
        /**
         * Format: double
         * @description Share of the other results that lost strictly more points, ties counted half (alone: 100).
         */
        percentile: number;
        /** @description 100 * rank / field, rounded up: 'top 30%' for rank 3 of 10. */
        top: number;
        /** @description How many results you are compared with, yours included. */
        field: number;
        /** @description Your result to share: no move of the deal in it. */
        share: string;
    };
}
