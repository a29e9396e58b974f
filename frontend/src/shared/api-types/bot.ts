// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface BotSchemas {
    BotAccountOutput: {
        /** @description The account's name. */
        username: string;
        /** @description Always true: the account is a bot, for good. */
        bot: boolean;
        /**
         * Format: date-time
         * @description When it became one.
         */
        since: string;
    };
    BotMoveOutput: {
        ok: boolean;
        game: number;
        /** @description The ply the move was played at (0 for the first move). */
        ply: number;
        /** @description The move as stored (normalised notation). */
        move: string;
    };
    BotResignOutput: {
        ok: boolean;
        game: number;
        result: components["schemas"]["ResultOutput"] | null;
    };
    GameFullEvent: {
        type: components["schemas"]["GameFullEventTypeEnum"];
        id: number;
        kind: components["schemas"]["GameKindEnum"];
        variant: components["schemas"]["VariantEnum"];
        rated: boolean;
        time_control: components["schemas"]["TimeControl"] | null;
        /** @description Each seat's player. */
        players: {
            [key: string]: components["schemas"]["Player"];
        } | null;
        /** @description In playing order. */
        seats: components["schemas"]["SeatEnum"][];
        teams: string[];
        /** @description The start position (docs/rules.md section 2). */
        start: string;
        deal: components["schemas"]["DealCommitment"] | null;
        /**
         * @description The reader's seat; null: a spectator.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         */
        my_seat: (components["schemas"]["SeatEnum"] | components["schemas"]["NullEnum"]) | null;
        spectator: boolean;
        /** @description The game's page. */
        url: string;
        /** Format: date-time */
        created_at: string;
        state: components["schemas"]["GameStateEvent"];
    };
    /**
     * @description * `gameFull` - gameFull
     * @enum {string}
     */
    GameFullEventTypeEnum: "gameFull";
    GameStateEvent: {
        type: components["schemas"]["GameStateEventTypeEnum"];
        /** @description Every move so far, in playing order. */
        moves: string[];
        ply: number;
        /** @description The current position (docs/rules.md section 2). */
        position: string;
        /**
         * @description Null once the game is over.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         */
        to_move: (components["schemas"]["SeatEnum"] | components["schemas"]["NullEnum"]) | null;
        /** @description The reader's legal moves when the reader's seat is to move, else []. */
        legal_moves: string[];
        /** @description Milliseconds left on each seat's clock. */
        clocks: {
            [key: string]: number;
        } | null;
        /** @description When the clocks were read (ms since 1970). */
        server_time: number | null;
        /** @description When the seat to move runs out (ms since 1970). */
        deadline: number | null;
        clock_running: (components["schemas"]["SeatEnum"] | components["schemas"]["NullEnum"]) | null;
        /**
         * @description For the reader, as the game JSON says it.
         *
         *     * `your-move` - your-move
         *     * `thinking` - thinking
         *     * `over` - over
         *     * `their-move` - their-move
         */
        status: components["schemas"]["GameOutputStatusEnum"];
        result: components["schemas"]["ResultOutput"] | null;
        version: number;
    };
    /**
     * @description * `gameState` - gameState
     * @enum {string}
     */
    GameStateEventTypeEnum: "gameState";
    GameStreamEvent: components["schemas"]["GameFullEvent"] | components["schemas"]["GameStateEvent"];
}
