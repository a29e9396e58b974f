// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface StreamSchemas {
    ChallengeClock: {
        initial: number;
        increment: number;
    };
    ChallengeEvent: {
        type: components["schemas"]["ChallengeEventTypeEnum"];
        challenge: components["schemas"]["ChallengeSummary"];
    };
    /**
     * @description * `challenge` - challenge
     * @enum {string}
     */
    ChallengeEventTypeEnum: "challenge";
    ChallengeGone: {
        id: number;
        status: components["schemas"]["ChallengeStatusEnum"];
    };
    ChallengeGoneEvent: {
        type: components["schemas"]["ChallengeGoneEventTypeEnum"];
        challenge: components["schemas"]["ChallengeGone"];
    };
    /**
     * @description * `challengeDeclined` - challengeDeclined
     *     * `challengeCanceled` - challengeCanceled
     * @enum {string}
     */
    ChallengeGoneEventTypeEnum: "challengeDeclined" | "challengeCanceled";
    ChallengeMatch: {
        target_points: number | null;
        target_wins: number | null;
        duplicate_deals: number | null;
    };
    ChallengeSummary: {
        id: number;
        /** @description The challenge's page. */
        url: string;
        challenger: components["schemas"]["Challenger"] | null;
        variant: components["schemas"]["VariantEnum"];
        rated: boolean;
        /** @description Live: seconds and increment. */
        clock: components["schemas"]["ChallengeClock"] | null;
        /** @description Correspondence: days a move. */
        days: number | null;
        /** @description '5+3', '3d'. */
        control: string;
        time_class: components["schemas"]["TimeClassEnum"];
        match: components["schemas"]["ChallengeMatch"] | null;
        /**
         * @description Your seat in it.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         */
        seat: components["schemas"]["SeatEnum"];
        /** @description Kept for you: yours to accept or decline (false: your own). */
        for_you: boolean;
        accept: string;
        decline: string;
        /** Format: date-time */
        expires_at: string;
    };
    Challenger: {
        name: string;
        guest: boolean;
        /** @description A bot's account. */
        bot: boolean;
    };
    GameEvent: {
        type: components["schemas"]["GameEventTypeEnum"];
        game: components["schemas"]["GameSummary"];
    };
    /**
     * @description * `gameStart` - gameStart
     *     * `gameFinish` - gameFinish
     * @enum {string}
     */
    GameEventTypeEnum: "gameStart" | "gameFinish";
    GameSummary: {
        id: number;
        /** @description The game's page. */
        url: string;
        /** @description The game's stream. */
        stream: string;
        variant: components["schemas"]["VariantEnum"];
        rated: boolean;
        my_seat: (components["schemas"]["SeatEnum"] | components["schemas"]["NullEnum"]) | null;
        /** @description gameFinish: how it ended. */
        result?: components["schemas"]["GameSummaryResult"] | null;
    };
    GameSummaryResult: {
        winner: (components["schemas"]["WinnerEnum"] | components["schemas"]["NullEnum"]) | null;
        points: number;
        reason: string;
    };
    StreamEvent: components["schemas"]["ChallengeEvent"] | components["schemas"]["ChallengeGoneEvent"] | components["schemas"]["GameEvent"];
}
