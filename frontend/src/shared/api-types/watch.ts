// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface WatchSchemas {
    Featured: {
        /** @description Null while no game between people is being played. */
        game: components["schemas"]["WatchGame"] | null;
    };
    WatchGame: {
        game: number;
        /** @description The game's page, where anyone without a seat watches it. */
        url: string;
        variant: string;
        variant_text: string;
        family: string;
        /** @description `live` (a clock), `correspondence` (days a move) or `untimed`. */
        time_class: string;
        /** @description `5+3` (minutes and seconds a move), `3d` (days a move). */
        control: string;
        rated: boolean;
        /** @description Moves played so far. */
        moves: number;
        /** @description How many are watching now. */
        spectators: number;
        /** @description The players' average rating (a guest's counted as a new account's). */
        rating: number;
        players: components["schemas"]["WatchPlayer"][];
    };
    WatchList: {
        games: components["schemas"]["WatchGame"][];
        /** @description How often the list is read again for everyone. */
        refresh_seconds: number;
    };
    WatchPlayer: {
        seat: string;
        /** @description An account's name, a guest's, or the solver's with its level. */
        name: string;
        /** @description The solver's level on a seat it plays; empty for a person's. */
        level: string;
        /** @description The account's rating in the game's pool; null: none. */
        rating: number | null;
        guest: boolean;
        /** @description A bot's account. */
        bot: boolean;
    };
}
