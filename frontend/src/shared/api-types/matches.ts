// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface MatchesSchemas {
    /**
     * @description * `your-move` - your-move
     *     * `thinking` - thinking
     *     * `over` - over
     * @enum {string}
     */
    GameStatusEnum: "your-move" | "thinking" | "over";
    MatchCreateInputRequest: {
        /** @description Play until a side has this many points, 1 to 500 (100 or 200 are usual). */
        target_points?: number | null;
        /** @description Or play until a side has won this many deals, 1 to 15. Give exactly one of the two targets. */
        target_wins?: number | null;
        /**
         * @description The solver's strength.
         *
         *     * `perfect` - perfect
         *     * `strong` - strong
         *     * `casual` - casual
         * @default strong
         */
        level: components["schemas"]["GameLevelEnum"];
        /** @description The match's seed, 0 <= seed < 2**64 (a number or a string of digits): the same seed gives the same deals. Random when left out. */
        seed?: (number | string) | null;
        /**
         * @description The seat the human plays in every deal (A to D in partnership), or 'random' for one drawn once.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         *     * `random` - random
         * @default A
         */
        human: components["schemas"]["SeatOrRandomEnum"];
        /**
         * @description The variant every deal is played in (docs/rules.md section 4).
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
    } & (({
        target_points: unknown;
    } | {
        target_wins: unknown;
    }) & ({
        human?: components["schemas"]["TwoSeatOrRandomEnum"];
    } | {
        variant: components["schemas"]["FourSeatVariantEnum"];
    }));
    MatchDealOutput: {
        /** @description 1 for the first deal. */
        number: number;
        /** @description The deal's game: /api/games/<game>/. */
        game: number;
        /** @description The deal's seed (derived from the match's seed). */
        seed: number;
        /**
         * @description The game's status.
         *
         *     * `your-move` - your-move
         *     * `thinking` - thinking
         *     * `over` - over
         */
        status: components["schemas"]["GameStatusEnum"];
        /** @description Whether the match has counted the deal's result. */
        recorded: boolean;
        /**
         * @description Null for a draw or while the deal is played.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `A+C` - A+C
         *     * `B+D` - B+D
         */
        winner: (components["schemas"]["WinnerEnum"] | components["schemas"]["NullEnum"]) | null;
        /** @description What the winner scored (0 for a draw); null while played. */
        points: number | null;
        reason: (components["schemas"]["MatchDealOutputReasonEnum"] | components["schemas"]["NullEnum"]) | null;
        /** @description For the human: +points, -points or 0. */
        human_points: number | null;
        /** @description The match's scores after this deal. */
        totals: {
            [key: string]: number;
        } | null;
        /** @description The deals each side has won after this deal. */
        wins: {
            [key: string]: number;
        } | null;
        /** @description The deal's result in words ('' while played). */
        text: string;
        urls: {
            [key: string]: string;
        };
    };
    /**
     * @description * `domino` - domino
     *     * `blocked` - blocked
     *     * `resigned` - resigned
     * @enum {string}
     */
    MatchDealOutputReasonEnum: "domino" | "blocked" | "resigned";
    MatchOutput: {
        id: number;
        variant: components["schemas"]["VariantEnum"];
        status: components["schemas"]["MatchOutputStatusEnum"];
        target_points: number | null;
        target_wins: number | null;
        target_text: string;
        level: components["schemas"]["GameLevelEnum"];
        /**
         * @description The human's seat, the same in every deal.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         */
        human: components["schemas"]["SeatEnum"];
        /**
         * @description The human's side (A, B, A+C or B+D).
         *
         *     * `A` - A
         *     * `B` - B
         *     * `A+C` - A+C
         *     * `B+D` - B+D
         */
        human_team: components["schemas"]["WinnerEnum"];
        /**
         * @description The side the solver plays against the human.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `A+C` - A+C
         *     * `B+D` - B+D
         */
        solver: components["schemas"]["WinnerEnum"];
        /** @description The two sides: [A, B] or [A+C, B+D]. */
        sides: string[];
        seed: number;
        /** @description Each side's score, keyed by the side's name. */
        scores: {
            [key: string]: number;
        };
        /** @description Deals won by each side. */
        wins: {
            [key: string]: number;
        };
        deals: components["schemas"]["MatchDealOutput"][];
        /** @description The game being played; null once the match is over. */
        current_game: number | null;
        winner: (components["schemas"]["WinnerEnum"] | components["schemas"]["NullEnum"]) | null;
        /** @description Where the match stands, in words. */
        text: string;
        /** @description Changes whenever a deal ends: long-poll with ?wait=. */
        version: number;
        /** Format: date-time */
        created_at: string;
        /** Format: date-time */
        updated_at: string;
        urls: {
            [key: string]: string;
        };
    };
    /**
     * @description * `playing` - playing
     *     * `over` - over
     * @enum {string}
     */
    MatchOutputStatusEnum: "playing" | "over";
}
