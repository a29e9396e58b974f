// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface SeeksSchemas {
    /**
     * @description * `3+2` - 3+2
     *     * `5+3` - 5+3
     *     * `10+5` - 10+5
     *     * `1d` - 1d
     *     * `3d` - 3d
     *     * `7d` - 7d
     * @enum {string}
     */
    ControlEnum: "3+2" | "5+3" | "10+5" | "1d" | "3d" | "7d";
    QuickPairInputRequest: {
        /**
         * @description 3+2, 5+3, 10+5, or 1d, 3d, 7d a move.
         *
         *     * `3+2` - 3+2
         *     * `5+3` - 5+3
         *     * `10+5` - 10+5
         *     * `1d` - 1d
         *     * `3d` - 3d
         *     * `7d` - 7d
         */
        control: components["schemas"]["ControlEnum"];
        /** @default lewicki */
        variant: components["schemas"]["VariantEnum"];
        /** @default false */
        rated: boolean;
        /**
         * @description Only opponents rated within this many points of your rating in the game's pool (100, 200 or 400); null or left out: any rating. The seek posted when none fits accepts that range around your rating.
         *
         *     * `100` - 100
         *     * `200` - 200
         *     * `400` - 400
         */
        rating_range?: (components["schemas"]["RatingRangeEnum"] | components["schemas"]["NullEnum"]) | null;
    };
    /**
     * @description * `100` - 100
     *     * `200` - 200
     *     * `400` - 400
     * @enum {integer}
     */
    RatingRangeEnum: 100 | 200 | 400;
    SeekCreateInputRequest: {
        /**
         * @description The variant (docs/rules.md section 4).
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
        /**
         * @description Rated games change the players' ratings: both players need an account.
         * @default false
         */
        rated: boolean;
        /**
         * @description Your seat (A or B; A to D in partnership), or 'random'.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         *     * `random` - random
         * @default random
         */
        seat: components["schemas"]["SeatOrRandomEnum"];
        /** @description A live game: minutes and seconds as {initial, increment} seconds. Give clock or days. */
        clock?: components["schemas"]["ClockInputRequest"] | null;
        /**
         * @description A correspondence game: days a move. Give clock or days.
         *
         *     * `1` - 1
         *     * `3` - 3
         *     * `7` - 7
         */
        days?: (components["schemas"]["DaysEnum"] | components["schemas"]["NullEnum"]) | null;
        /** @description Not for a seek: a seek is for anyone. */
        to?: string;
        /** @description Partnership only: the seats the solver plays, each with its level ({"C": "strong"}); the other seats are people's (never yours: with seat 'random', yours is drawn among the others). Not in rated games. */
        solver?: {
            /** @enum {string} */
            A?: "perfect" | "strong" | "casual";
            /** @enum {string} */
            B?: "perfect" | "strong" | "casual";
            /** @enum {string} */
            C?: "perfect" | "strong" | "casual";
            /** @enum {string} */
            D?: "perfect" | "strong" | "casual";
        };
        /** @description A match between people to this score, 1 to 500 (100 or 200 are usual): deal after deal, the same people in the same seats. A rated match is rated once, as a whole, when a side wins it. */
        target_points?: number | null;
        /** @description Or a match to this many won deals, 1 to 15. */
        target_wins?: number | null;
        /** @description Or a duplicate match of this many deals, 1 to 8, two players only: each deal played twice, the seats swapped, the match won by the side with more points over all the games. */
        duplicate_deals?: number | null;
        /** @description The lowest rating that may accept (at most rating_max: a 400 otherwise). */
        rating_min?: number | null;
        /** @description The highest rating that may accept. */
        rating_max?: number | null;
    } & (({
        clock: unknown;
    } | {
        days: unknown;
    }) & unknown & ({
        seat?: components["schemas"]["TwoSeatOrRandomEnum"];
    } | {
        variant: components["schemas"]["FourSeatVariantEnum"];
    }) & ({
        solver?: unknown;
    } | {
        variant: components["schemas"]["FourSeatVariantEnum"];
    }) & ({
        solver?: unknown;
    } | {
        rated?: components["schemas"]["RatedEnum"];
    }) & unknown);
}
