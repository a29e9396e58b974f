// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface SocialSchemas {
    FollowedOutput: {
        username: string;
        profile_url: string;
        /** @description Seen by the site in the last minute, or playing. */
        online: boolean;
        /** @description Seated in a live game in progress. */
        playing: boolean;
        /** @description That game's page (watch it), or null: not playing, or at a game nobody but its players may read while it is played (an event's concealed deal). */
        game_url: string | null;
    };
    FollowingOutput: {
        /** @description Online ones first, those playing first of them. */
        players: components["schemas"]["FollowedOutput"][];
    };
    RelationOutput: {
        /** @description The other player's name. */
        username: string;
        /** @description You follow them. */
        following: boolean;
        /** @description You blocked them. */
        blocking: boolean;
        /** @description You blocked them: neither may challenge, pair with or chat with the other. A blocked player is not told (false for them). */
        blocked: boolean;
        /** @description Seen by the site in the last minute, or playing. */
        online: boolean;
        /** @description Seated in a live game in progress. */
        playing: boolean;
        /** @description Their live game in progress (watch it), or null: not playing, or at a game nobody but its players may read while it is played (an event's concealed deal). */
        game_url: string | null;
    };
}
