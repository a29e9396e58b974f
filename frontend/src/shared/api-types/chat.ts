// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface ChatSchemas {
    MessageInputRequest: {
        /** @description What you write (at most 140 characters once its spaces are tidied). */
        text?: string;
        /**
         * @description A preset message's key, shown to each reader in their language.
         *
         *     * `hello` - hello
         *     * `good-luck` - good-luck
         *     * `have-fun` - have-fun
         *     * `well-played` - well-played
         *     * `good-game` - good-game
         *     * `thanks` - thanks
         *     * `rematch` - rematch
         *     * `sorry` - sorry
         *     * `bye` - bye
         */
        preset?: components["schemas"]["PresetEnum"];
    } & (unknown | unknown);
    MessageOutput: {
        id: number;
        /** @description The author's name (a guest's as 'Guest 1a2b'). */
        author: string;
        /** @description The author's account name (null: a guest). */
        account: string | null;
        /** @description The author is a bot's account (its name marked BOT in author). */
        bot: boolean;
        /** @description Whether you wrote it. */
        mine: boolean;
        /** @description The preset's key, or null for typed text. */
        preset: string | null;
        /** @description The text; a preset's in your language. */
        text: string;
        /** Format: date-time */
        at: string;
        /** @description POST here to report the message. */
        report_url: string;
    };
    /**
     * @description * `hello` - hello
     *     * `good-luck` - good-luck
     *     * `have-fun` - have-fun
     *     * `well-played` - well-played
     *     * `good-game` - good-game
     *     * `thanks` - thanks
     *     * `rematch` - rematch
     *     * `sorry` - sorry
     *     * `bye` - bye
     * @enum {string}
     */
    PresetEnum: "hello" | "good-luck" | "have-fun" | "well-played" | "good-game" | "thanks" | "rematch" | "sorry" | "bye";
    PresetOutput: {
        key: string;
        text: string;
    };
    ReportInputRequest: {
        /** @description Why (optional). */
        reason?: string;
    };
    ReportOutput: {
        id: number;
        message: number;
    };
    RoomOutput: {
        kind: components["schemas"]["RoomOutputKindEnum"];
        url: string;
        /** @description Moves on with each message: long-poll with `?wait=<version>`. */
        version: number;
        messages: components["schemas"]["MessageOutput"][];
        can_post: boolean;
        /** @description Why you may not post (null: you may). */
        why_not: string | null;
        max_length: number;
        presets: components["schemas"]["PresetOutput"][];
    };
    /**
     * @description * `players` - players
     *     * `spectators` - spectators
     *     * `tournament` - tournament
     * @enum {string}
     */
    RoomOutputKindEnum: "players" | "spectators" | "tournament";
}
