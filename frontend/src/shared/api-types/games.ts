// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface GamesSchemas {
    /** @enum {unknown} */
    BlankEnum: "";
    ClaimState: {
        /**
         * @description The reader's seat.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         */
        seat: components["schemas"]["SeatEnum"];
        /** @description The people of the other side. */
        opponents: components["schemas"]["OpponentPresence"][];
        /** @description When the reader may claim the game (ms since 1970): every opponent gone, plus OD_DISCONNECT_CLAIM_SECONDS; null while one is there, before every first move, once the game is over, and in a correspondence or untimed game. */
        claim_from: number | null;
        /** @description Whether a claim would be accepted now. */
        claimable: boolean;
        /** @description The server's time (ms since 1970). */
        server_time: number;
    };
    GameCreateInputRequest: {
        /** @description Start from this position (of any variant: its first field names it); leave out for a fresh deal. One that has the pattern's shape but is not a possible position (docs/rules.md section 2.4) is a 400 that says what is wrong. */
        position?: string;
        /**
         * @description The variant of a fresh deal (docs/rules.md section 4), with `seed` or alone for a random deal; the standard game (lewicki) when left out. With a `position` it may be given, and must be the position's.
         *
         *     * `lewicki` - lewicki
         *     * `lewicki+doubles` - lewicki+doubles
         *     * `lewicki9` - lewicki9
         *     * `lewicki9+doubles` - lewicki9+doubles
         *     * `block` - block
         *     * `block+doubles` - block+doubles
         *     * `partnership` - partnership
         *     * `partnership+doubles` - partnership+doubles
         */
        variant?: components["schemas"]["VariantEnum"] | components["schemas"]["BlankEnum"];
        /** @description The deal's seed, 0 <= seed < 2**64 (a number or a string of digits); random when left out. */
        seed?: (number | string) | null;
        /**
         * @description The seat the human plays (A or B; A to D in partnership), or 'random' for one drawn at random.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         *     * `random` - random
         * @default A
         */
        human: components["schemas"]["SeatOrRandomEnum"];
        /** @default strong */
        level: components["schemas"]["GameLevelEnum"];
        /**
         * Format: int64
         * @description Seed of the solver's random choices (to replay a game); random when left out.
         */
        rng_seed?: number;
    } & (unknown & (unknown | {
        position?: unknown;
    } | unknown | {
        variant?: unknown;
    } | {
        variant: unknown;
        position: unknown;
    } | {
        variant: unknown;
        position: unknown;
    } | {
        variant: unknown;
        position: unknown;
    } | {
        variant: unknown;
        position: unknown;
    } | {
        variant: unknown;
        position: unknown;
    } | {
        variant: unknown;
        position: unknown;
    } | {
        variant: unknown;
        position: unknown;
    } | {
        variant: unknown;
        position: unknown;
    }) & ({
        human?: components["schemas"]["TwoSeatOrRandomEnum"];
    } | {
        variant: components["schemas"]["FourSeatVariantEnum"];
    } | {
        position: string;
    }));
    GameRatingState: {
        status: components["schemas"]["GameRatingStateStatusEnum"];
        /** @description By seat: each account's change. */
        ratings: {
            [key: string]: components["schemas"]["SeatRating"];
        };
    };
    /**
     * @description * `unrated` - unrated
     *     * `playing` - playing
     *     * `pending` - pending
     *     * `rated` - rated
     * @enum {string}
     */
    GameRatingStateStatusEnum: "unrated" | "playing" | "pending" | "rated";
    /**
     * @description * `1` - 1
     *     * `2` - 2
     *     * `3` - 3
     * @enum {integer}
     */
    HintInputLevelEnum: 1 | 2 | 3;
    HintInputRequest: {
        /**
         * @description 1: the outcome with perfect play; 2: which available stones keep the best result; 3: the best move.
         *
         *     * `1` - 1
         *     * `2` - 2
         *     * `3` - 3
         */
        level: components["schemas"]["HintInputLevelEnum"];
    };
    HintResponse: {
        status: components["schemas"]["HintResponseStatusEnum"];
        hint: components["schemas"]["HintOutput"] | null;
        /** @description Set while the analysis is pending. */
        analysis: components["schemas"]["AnalysisOutput"] | null;
        game: components["schemas"]["GameOutput"] | null;
    };
    /**
     * @description * `done` - done
     *     * `pending` - pending
     * @enum {string}
     */
    HintResponseStatusEnum: "done" | "pending";
    MyGame: {
        id: number;
        kind: components["schemas"]["GameKindEnum"];
        /** @description The variant as a position string names it (`lewicki`, `block+doubles`). */
        variant: string;
        /** @description The variant in words, in the reader's language. */
        variant_label: string;
        rated: boolean;
        speed: components["schemas"]["SpeedEnum"];
        /** @description `5+3` (minutes and seconds), `3d` (days a move); empty: untimed. */
        time_control: string;
        /** @description Your seat. */
        seat: string;
        /** @description The other side's players by name. */
        opponents: string[];
        /**
         * @description What the game came to for you.
         *
         *     * `won` - won
         *     * `lost` - lost
         *     * `drawn` - drawn
         *     * `aborted` - aborted
         *     * `playing` - playing
         */
        result: components["schemas"]["MyGameResultEnum"];
        /** @description Your points (signed); null while played or aborted. */
        points: number | null;
        /** Format: date-time */
        created_at: string;
        /** @description Your rating's change (a rated game once rated). */
        rating: components["schemas"]["RatingChange"] | null;
        play_url: string;
        /** @description The review, once the game is over (not aborted). */
        review_url: string | null;
    };
    /**
     * @description * `won` - won
     *     * `lost` - lost
     *     * `drawn` - drawn
     *     * `aborted` - aborted
     *     * `playing` - playing
     * @enum {string}
     */
    MyGameResultEnum: "won" | "lost" | "drawn" | "aborted" | "playing";
    MyGamesPage: {
        /** @description The filtered games in all. */
        count: number;
        page: number;
        pages: number;
        games: components["schemas"]["MyGame"][];
    };
    OpponentPresence: {
        seat: components["schemas"]["SeatEnum"];
        /** @description The opponent's page has been gone (socket closed, long polls stopped) for a few seconds. */
        gone: boolean;
        /** @description Since when (ms since 1970); null: there now. */
        gone_since: number | null;
        /** @description The opponent is on vacation: their correspondence turns wait (``/api/vacation/``). */
        vacation: boolean;
    };
    PresenceOutput: {
        /**
         * @description The reader's seat, marked present.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         */
        seat: components["schemas"]["SeatEnum"];
        /** @description The people's seats whose player has not opened the game yet. */
        absent: components["schemas"]["SeatEnum"][];
        /** @description A match's next deal whose players have not all opened it: when its first moves are timed from at the latest (ms since 1970); null once they are timed (every player came, or the grace is over), and for any other game. */
        first_moves_from: number | null;
    };
    RatingChange: {
        before: number;
        after: number;
        change: number;
    };
    RematchInputRequest: {
        /**
         * @description Play the other side's seat (A for B, C for D) instead of the same seat.
         * @default false
         */
        swap: boolean;
    };
    RematchOffer: {
        /** @description The rematch's challenge: accept, decline or cancel it there. */
        id: number;
        status: components["schemas"]["ChallengeStatusEnum"];
        /** @description You offered it. */
        mine: boolean;
        /** @description Who offered it (an account's name; empty: a guest). */
        by: string;
        /** @description The new game, once accepted. */
        game: number | null;
    };
    RematchState: {
        /** @description The finished game's challenge: offer at its rematch. */
        challenge: number | null;
        can_offer: boolean;
        offer: components["schemas"]["RematchOffer"] | null;
    };
    SeatRating: {
        before: number;
        after: number;
        change: number;
        player: string;
    };
    SpectatorsOutput: {
        game: number;
        /** @description How many watch the game now (its players not counted). */
        spectators: number;
        /** @description The count in words, in the reader's language. */
        text: string;
        /** @description The seats whose player (an account) the site has seen in the last minute, as the Following page shows them online. */
        online: string[];
        /** @description With `watching=true` and no session: the viewer id the server issued this page, to send back as `viewer` (a new one when the page sent none, or one the server did not issue for this game). */
        viewer?: string;
    };
    /**
     * @description * `live` - live
     *     * `correspondence` - correspondence
     *     * `untimed` - untimed
     * @enum {string}
     */
    SpeedEnum: "live" | "correspondence" | "untimed";
}
