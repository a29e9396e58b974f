// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface LobbySchemas {
    ForYouOutput: {
        /** @description The lobby's: it changes with every challenge that keeps a seat for someone. */
        version: number;
        /** @description The open challenges that keep a seat for you, newest first. */
        challenges: components["schemas"]["SeekOutput"][];
        /** @description Your games that started in the last 30 seconds and are not over: a page waiting goes there. */
        started: components["schemas"]["StartedGameOutput"][];
        urls: {
            [key: string]: string;
        };
    };
    LobbyOutput: {
        /** @description Changes whenever a seek is posted, taken, cancelled or expires. */
        version: number;
        seeks: components["schemas"]["SeekOutput"][];
        urls: {
            [key: string]: string;
        };
    };
    SeekOutput: {
        id: number;
        /** @description The challenge's page: send it to the player (the link is the seat). */
        url: string;
        variant: components["schemas"]["VariantEnum"];
        variant_text: string;
        rated: boolean;
        /** @description Why a rated challenge changes no rating: `pair-limit`, past the day's limit of rated games between the same two accounts (said from the start); `early`, a game over before each player had moved twice (a match: every deal); `aborted`; null while it is rated or not over. */
        unrated_because: string | null;
        /** @description unrated_because in words. */
        unrated_text: string | null;
        /** @description A rated match whose every deal ended before each player had moved twice, rated all the same as the loss it is: the losing side had already ended this many rated games or matches early on the UTC day it started (the day's allowance; within it such a match is `unrated_because` `early`); else null. */
        rated_early: number | null;
        /** @description rated_early in words. */
        rated_early_text: string | null;
        time_class: components["schemas"]["TimeClassEnum"];
        clock: components["schemas"]["ClockInput"] | null;
        days: number | null;
        /** @description '5+3' (minutes + seconds) or '3d'. */
        control: string;
        control_text: string;
        status: components["schemas"]["ChallengeStatusEnum"];
        /** @description The status in words; a started one-game challenge's game once it is over. */
        status_text: string;
        /**
         * @description A started one-game challenge whose game has ended: 'over', or 'aborted' (no review, no rematch); else null.
         *
         *     * `over` - over
         *     * `aborted` - aborted
         */
        game_over: (components["schemas"]["GameOverEnum"] | components["schemas"]["NullEnum"]) | null;
        /** @description An open challenge's people its seats are kept for (a named challenge, a rematch): only they may accept. */
        kept_for: string[];
        /** @description A seek listed in the lobby. */
        lobby: boolean;
        rating_min: number | null;
        rating_max: number | null;
        seats: components["schemas"]["ChallengeSeatOutput"][];
        /** @description The game once it has started: /api/games/<game>/. */
        game: number | null;
        /** @description Your seat and what you may do: seat, creator, can_accept, can_cancel, can_decline. */
        you: {
            [key: string]: unknown;
        };
        /** @description A match between people: target, scores and deals; null for one game. */
        match: components["schemas"]["PeopleMatchOutput"] | null;
        rematch_of: number | null;
        /** Format: date-time */
        expires_at: string;
        /** Format: date-time */
        created_at: string;
        /** @description Changes with every seat taken and the start: long-poll with ?wait=. */
        version: number;
        urls: {
            [key: string]: string | null;
        };
        /** @description Who posted the seek. */
        by: string;
        by_rating: number | null;
    };
    StartedGameOutput: {
        game: number;
        /** @description The game's page. */
        url: string;
    };
}
