// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface PlayersSchemas {
    /**
     * @description * `lewicki` - lewicki
     *     * `lewicki9` - lewicki9
     *     * `block` - block
     *     * `partnership` - partnership
     * @enum {string}
     */
    FamilyEnum: "lewicki" | "lewicki9" | "block" | "partnership";
    LeaderboardOutput: {
        time_class: string;
        family: string;
        rows: components["schemas"]["LeaderboardRow"][];
    };
    LeaderboardRow: {
        rank: number;
        name: string;
        /** @description A bot's account (the bots' leaderboard). */
        bot: boolean;
        rating: number;
        rd: number;
        games: number;
        url: string;
    };
    ProfileEvent: {
        name: string;
        /** @description Arena, Swiss or duplicate, in words. */
        kind_text: string;
        status_text: string;
        /** @description The event's page. */
        url: string;
        /** @description Null while its results are hidden. */
        rank: number | null;
        entrants: number;
        /** Format: double */
        score: number | null;
    };
    ProfileGame: {
        game: number;
        variant: string;
        control: string;
        rated: boolean;
        seat: string;
        opponents: string;
        /** @description won, lost, draw or aborted, in words; '' while played. */
        result: string;
        over: boolean;
        /** @description The rating change of a rated game or match. */
        change: number | null;
        /** @description A match between people: its target in words; null for one game. */
        match: string | null;
        /**
         * Format: double
         * @description Per cent of best moves among those with a choice.
         */
        accuracy: number | null;
        /** @description The review once over, else the game; a match's score sheet. */
        url: string;
    };
    ProfileOutput: {
        username: string;
        /** @description A bot's account: a program plays it. */
        bot: boolean;
        ratings: components["schemas"]["RatingOutput"][];
        history: components["schemas"]["RatingPoint"][];
        games: components["schemas"]["ProfileGame"][];
        /** @description The last games' accuracies, oldest first. */
        accuracy: number[];
        /** Format: double */
        accuracy_mean: number | null;
        /** @description The latest tournaments entered, the latest first. */
        events: components["schemas"]["ProfileEvent"][];
    };
    RatingOutput: {
        time_class: components["schemas"]["TimeClassEnum"];
        family: components["schemas"]["FamilyEnum"];
        time_class_text: string;
        family_text: string;
        rating: number;
        /** @description The rating's deviation (Glicko-2). */
        rd: number;
        /** @description True while the deviation is large: not on the leaderboard. */
        provisional: boolean;
        /** @description Rated games played in this pool. */
        games: number;
    };
    RatingPoint: {
        /** @description The rated game; for a rated match, its last deal. */
        game: number;
        /** @description The rated match's challenge; null for one game. */
        match: number | null;
        time_class: string;
        family: string;
        rating_before: number;
        rating_after: number;
        /**
         * Format: double
         * @description 1 a win, 0.5 a draw, 0 a loss.
         */
        score: number;
        /** Format: date-time */
        at: string;
    };
}
