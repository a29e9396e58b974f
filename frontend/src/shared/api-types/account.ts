// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface AccountSchemas {
    Scope: {
        name: components["schemas"]["TokenScopeEnum"];
        /** @description What the scope lets a program do, in the reader's language. */
        description: string;
    };
    Token: {
        id: number;
        name: string;
        /** @description The token's first characters, to tell it apart (never the whole token). */
        hint: string;
        scopes: components["schemas"]["TokenScopeEnum"][];
        /** Format: date-time */
        created_at: string;
        /**
         * Format: date-time
         * @description To the minute.
         */
        last_used_at: string | null;
        revoked: boolean;
    };
    TokenInputRequest: {
        /** @description What the token is for (e.g. the program's name). */
        name: string;
        /** @description At least one. */
        scopes: components["schemas"]["TokenScopeEnum"][];
    };
    TokenList: {
        /** @description Your tokens in force, newest first. */
        tokens: components["schemas"]["Token"][];
        scopes: components["schemas"]["Scope"][];
    };
    TokenMade: {
        token: components["schemas"]["Token"];
        /** @description The token itself (od_…): shown this once, never again. Send it as Authorization: Bearer <secret>. */
        secret: string;
    };
    /**
     * @description * `read` - read
     *     * `play` - play
     *     * `challenge` - challenge
     *     * `bot` - bot
     * @enum {string}
     */
    TokenScopeEnum: "read" | "play" | "challenge" | "bot";
}
