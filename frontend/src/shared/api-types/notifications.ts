// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface NotificationsSchemas {
    /** @description A body whose every key must be one of the fields (a typo is a 400, not ignored). */
    Channels: {
        site?: boolean;
        push?: boolean;
        email?: boolean;
    };
    /** @description A body whose every key must be one of the fields (a typo is a 400, not ignored). */
    ChannelsRequest: {
        site?: boolean;
        push?: boolean;
        email?: boolean;
    };
    /** @description A body whose every key must be one of the fields (a typo is a 400, not ignored). */
    Kinds: {
        /** @description Your turn in a correspondence game. */
        turn?: components["schemas"]["Channels"];
        /** @description A challenge to you. */
        challenge?: components["schemas"]["Channels"];
        /** @description A game of yours is over. */
        ended?: components["schemas"]["Channels"];
        /** @description A tournament you joined has started. */
        tournament?: components["schemas"]["Channels"];
    };
    /** @description A body whose every key must be one of the fields (a typo is a 400, not ignored). */
    KindsRequest: {
        /** @description Your turn in a correspondence game. */
        turn?: components["schemas"]["ChannelsRequest"];
        /** @description A challenge to you. */
        challenge?: components["schemas"]["ChannelsRequest"];
        /** @description A game of yours is over. */
        ended?: components["schemas"]["ChannelsRequest"];
        /** @description A tournament you joined has started. */
        tournament?: components["schemas"]["ChannelsRequest"];
    };
    NoticeOutput: {
        id: number;
        kind: components["schemas"]["NoticeOutputKindEnum"];
        /** @description The notice in the reader's language. */
        text: string;
        /** @description The page it is about (a game, a challenge, a tournament). */
        url: string;
        /** Format: date-time */
        created_at: string;
        read: boolean;
    };
    /**
     * @description * `turn` - turn
     *     * `challenge` - challenge
     *     * `ended` - ended
     *     * `tournament` - tournament
     * @enum {string}
     */
    NoticeOutputKindEnum: "turn" | "challenge" | "ended" | "tournament";
    NoticesOutput: {
        /** @description Long-poll `/api/notifications/1/?wait=` with it. */
        version: number;
        unread: number;
        /** @description The newest 20, newest first. */
        notices: components["schemas"]["NoticeOutput"][];
    };
    PushInputRequest: {
        /**
         * Format: uri
         * @description The browser's push service address.
         */
        endpoint: string;
        /** @description Needed to subscribe; not to unsubscribe. */
        keys?: components["schemas"]["PushKeysRequest"];
    };
    PushKeysRequest: {
        /** @description The browser's P-256 key, base64url. */
        p256dh: string;
        /** @description The 16-byte auth secret, base64url. */
        auth: string;
    };
    ReadInputRequest: {
        /** @description The notices read; left out: all of them. */
        ids?: number[];
    };
    ReadOutput: {
        /** @description How many unread notices were marked read. */
        marked: number;
        unread: number;
    };
    Settings: {
        /** @description Each kind's channels, on or off; those left out stay. */
        settings?: components["schemas"]["Kinds"];
        /** @description Where email notices go; empty: none. A new address is mailed a link that confirms it; no notice is mailed to it before. */
        email?: string;
        /** @description Whether its owner confirmed the address (followed the link mailed to it). */
        readonly email_confirmed: boolean;
    };
    SettingsRequest: {
        /** @description Each kind's channels, on or off; those left out stay. */
        settings?: components["schemas"]["KindsRequest"];
        /** @description Where email notices go; empty: none. A new address is mailed a link that confirms it; no notice is mailed to it before. */
        email?: string;
    };
    VapidOutput: {
        /** @description The site's VAPID public key (base64url), the applicationServerKey; null: no push. */
        public_key: string | null;
    };
}
