// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface TournamentsSchemas {
    ClockOutput: {
        initial: number;
        increment: number;
    };
    CreatedOutput: {
        id: number;
        /** @description Its page. */
        url: string;
    };
    JoinInputRequest: {
        /** @description A private event's password. */
        password?: string;
        /** @description A team battle's: the team you join (for the event). */
        team?: string;
    };
    ListOutput: {
        upcoming: components["schemas"]["SummaryOutput"][];
        running: components["schemas"]["SummaryOutput"][];
        finished: components["schemas"]["SummaryOutput"][];
    };
    /**
     * @description * `a` - a
     *     * `b` - b
     *     * `draw` - draw
     *     * `aborted` - aborted
     *     * `bye` - bye
     * @enum {string}
     */
    PairingOutcomeEnum: "a" | "b" | "draw" | "aborted" | "bye";
    StandingOutput: {
        /** @description The entrant's name (a bot's marked BOT). */
        player: string;
        /** @description A bot's account. */
        bot: boolean;
        /**
         * Format: double
         * @description A duplicate event's: its matchpoints, null until the event is over.
         */
        score: number | null;
        /** @description Shared by players equal on everything ranked (1, 2, 2, 4); null while a duplicate event's results are hidden. */
        rank: number | null;
        games: number;
        /** @description False once the player left (an arena) or withdrew (a Swiss). */
        active: boolean;
        you: boolean;
        /** @description An arena's: two wins running, wins count double. */
        on_fire?: boolean;
        /** @description An arena's: the player's pages were all gone while they waited; not paired until back. */
        paused?: boolean;
        /** @description A team battle's: the player's team. */
        team?: string | null;
        /** @description An arena's: each game's points. */
        sheet?: number[];
        /**
         * Format: double
         * @description A Swiss's: the opponents' scores summed.
         */
        buchholz?: number;
        /**
         * Format: double
         * @description A Swiss's: the scores of opponents beaten, and half of those drawn.
         */
        sonneborn_berger?: number;
        /**
         * Format: double
         * @description A duplicate event's: the mean share of the top.
         */
        percent?: number;
        /** @description A duplicate event's: the points won less the deals' exact pars. */
        vs_par?: number;
    };
    StandingsPageOutput: {
        /** @description Which page `standings` is, from 1 (10 lines a page). */
        page: number;
        /** @description How many pages the standings fill (at least 1). */
        pages: number;
        /** @description The page with your line; null if you have not entered. */
        mine: number | null;
    };
    SummaryOutput: {
        id: number;
        name: string;
        kind: components["schemas"]["TournamentKindEnum"];
        kind_text: string;
        variant: components["schemas"]["VariantEnum"];
        variant_text: string;
        rated: boolean;
        /** @description Joined with its password; not listed. */
        private: boolean;
        /** @description The control in words. */
        control: string;
        clock: components["schemas"]["ClockOutput"] | null;
        days: number | null;
        minutes: number | null;
        rounds: number | null;
        deals: number | null;
        /** @description A team battle's teams; else empty. */
        team_names: string[];
        team_leaders: number | null;
        /** @description A team match's players a side. */
        team_size: number | null;
        status: components["schemas"]["TournamentStatusEnum"];
        status_text: string;
        /** Format: date-time */
        starts_at: string;
        /** Format: date-time */
        ends_at: string | null;
        url: string;
    };
    TeamDealOutput: {
        number: number;
        /** @description Played at every table: its results, par and net shown. */
        closed: boolean;
        /** @description How many tables have finished it. */
        played: number;
        /** @description Its exact value for seat A, once closed. */
        par: number | null;
        /** @description One best line, once closed. */
        line: string[];
        /** @description Each team's net on it, once closed. */
        net: number[] | null;
        /** @description Each table's result, once closed. */
        results: components["schemas"]["TeamDealResultOutput"][];
    };
    TeamDealResultOutput: {
        table: number;
        /** @description The player in seat A. */
        a: string;
        /** @description The player in seat B. */
        b: string;
        /** @description The deal's points for seat A (positive: A won). */
        points: number;
        /** @description Each team's points against par. */
        teams: number[];
    };
    TeamMatchOutput: {
        team_size: number;
        tables: components["schemas"]["TeamTableOutput"][];
        /** @description The deals dealt so far. */
        deals: components["schemas"]["TeamDealOutput"][];
        /** @description Each team's sum of nets. */
        score: number[];
        /** @description The deals each team won. */
        won: number[];
    };
    TeamStandingOutput: {
        team: string;
        /** @description The sum of its leaders' scores. */
        score: number;
        rank: number;
        /** @description Its best players, whose scores count. */
        leaders: string[];
    };
    TeamTableOutput: {
        table: number;
        /** @description The first team's, the second's. */
        players: string[];
        /** @description The first team's seat at this table (A at odd tables, B at even). */
        first_seat: string;
    };
    TournamentCreateInputRequest: {
        /**
         * @description 'arena' (a fixed length, join and leave at any time, paired again as your game ends), 'swiss' (rounds paired by score), 'duplicate' (the same deals for everyone, against the solver) or 'team' (a duplicate team match: two teams of team_size, every deal played at every table).
         *
         *     * `arena` - arena
         *     * `swiss` - swiss
         *     * `duplicate` - duplicate
         *     * `team` - team
         */
        kind: components["schemas"]["TournamentKindEnum"];
        /** @description Its name (optional). */
        name?: string;
        /**
         * @description The variant (docs/rules.md section 4).
         *
         *     * `lewicki` - lewicki
         *     * `lewicki+doubles` - lewicki+doubles
         *     * `lewicki9` - lewicki9
         *     * `lewicki9+doubles` - lewicki9+doubles
         *     * `block` - block
         *     * `block+doubles` - block+doubles
         *     * `partnership` - partnership
         *     * `partnership+doubles` - partnership+doubles
         * @default lewicki
         */
        variant: components["schemas"]["VariantEnum"];
        /**
         * @description Rated events are for accounts; their games change ratings (not duplicate).
         * @default false
         */
        rated: boolean;
        /** @description A live event's clock: {initial, increment} seconds. */
        clock?: components["schemas"]["ClockInputRequest"] | null;
        /**
         * @description A correspondence Swiss: days a move.
         *
         *     * `1` - 1
         *     * `3` - 3
         *     * `7` - 7
         */
        days?: (components["schemas"]["DaysEnum"] | components["schemas"]["NullEnum"]) | null;
        /** @description An arena's length in minutes. */
        minutes?: number | null;
        /** @description A Swiss's rounds. */
        rounds?: number | null;
        /** @description A duplicate event's deals. */
        deals?: number | null;
        /**
         * @description A duplicate event's solver level (default perfect).
         *
         *     * `perfect` - perfect
         *     * `strong` - strong
         *     * `casual` - casual
         */
        level?: (components["schemas"]["GameLevelEnum"] | components["schemas"]["NullEnum"]) | null;
        /**
         * Format: date-time
         * @description When it starts (default now; at most 30 days ahead).
         */
        starts_at?: string | null;
        /** @description A private event's password (4 to 64 characters): not listed, joined by its link and password. */
        password?: string;
        /** @description An arena as a team battle: its teams' names; a team scores its leaders' best scores. */
        teams?: string[] | null;
        /** @description A team battle's: how many of each team's best scores count (default 5). */
        leaders?: number | null;
        /** @description A team match's players a side (its tables); with two `teams` and `deals`. */
        team_size?: number | null;
    };
    TournamentGameOutput: {
        /** @description The game (null for a bye, and for another entrant's duplicate game). */
        id: number | null;
        url: string | null;
        round: number;
        /** @description The player in seat A. */
        a: string;
        /** @description The player in seat B (null for a bye). */
        b: string | null;
        /**
         * @description Null until it is over (a duplicate event's: until the event is).
         *
         *     * `a` - a
         *     * `b` - b
         *     * `draw` - draw
         *     * `aborted` - aborted
         *     * `bye` - bye
         */
        outcome: (components["schemas"]["PairingOutcomeEnum"] | components["schemas"]["NullEnum"]) | null;
        over: boolean;
    };
    /**
     * @description * `arena` - arena
     *     * `swiss` - swiss
     *     * `duplicate` - duplicate
     *     * `team` - team
     * @enum {string}
     */
    TournamentKindEnum: "arena" | "swiss" | "duplicate" | "team";
    TournamentOutput: {
        id: number;
        name: string;
        kind: components["schemas"]["TournamentKindEnum"];
        kind_text: string;
        variant: components["schemas"]["VariantEnum"];
        variant_text: string;
        rated: boolean;
        /** @description Joined with its password; not listed. */
        private: boolean;
        /** @description The control in words. */
        control: string;
        clock: components["schemas"]["ClockOutput"] | null;
        days: number | null;
        minutes: number | null;
        rounds: number | null;
        deals: number | null;
        /** @description A team battle's teams; else empty. */
        team_names: string[];
        team_leaders: number | null;
        /** @description A team match's players a side. */
        team_size: number | null;
        status: components["schemas"]["TournamentStatusEnum"];
        status_text: string;
        /** Format: date-time */
        starts_at: string;
        /** Format: date-time */
        ends_at: string | null;
        url: string;
        version: number;
        /** @description A Swiss's round in play (0 before the first). */
        round: number;
        /** @description The first 100 lines, and yours beyond them; with `?page=`, that page's lines alone. */
        standings: components["schemas"]["StandingOutput"][];
        /** @description With `?page=`: the page of the standings given; else null. */
        standings_page: components["schemas"]["StandingsPageOutput"] | null;
        /** @description How many have entered (lines of the whole standings). */
        entrants: number;
        /** @description A team battle's teams, best first; else empty. */
        teams: components["schemas"]["TeamStandingOutput"][];
        /** @description Once it is over: the players ranked 1 to 3. */
        podium: components["schemas"]["StandingOutput"][];
        /** @description Its latest games, the latest first (with `?page=`: the latest 10 and yours). */
        games: components["schemas"]["TournamentGameOutput"][];
        /** @description A duplicate event's deals, once it is over and solved: every result, the par, a best line. */
        travellers: components["schemas"]["TravellerOutput"][];
        /** @description A team match's tables, deals and scores; null for any other event. */
        team_match: components["schemas"]["TeamMatchOutput"] | null;
        /** @description Your game in progress in it. */
        your_game: components["schemas"]["YourGameOutput"] | null;
        you: components["schemas"]["YouOutput"];
        urls: components["schemas"]["UrlsOutput"];
    };
    /**
     * @description * `created` - created
     *     * `started` - started
     *     * `finished` - finished
     * @enum {string}
     */
    TournamentStatusEnum: "created" | "started" | "finished";
    TravellerOutput: {
        number: number;
        seed: number;
        /** @description The seat every entrant played. */
        seat: string;
        /** @description The deal's exact value for that seat (the solver's). */
        par: number;
        /** @description One best line, move by move. */
        line: string[];
        /** @description Best first. */
        results: components["schemas"]["TravellerResultOutput"][];
    };
    TravellerResultOutput: {
        player: string;
        /** @description The deal's points for the player's seat (positive: won). */
        points: number;
        /** @description 2 for each other result beaten on the deal, 1 for each tie. */
        matchpoints: number;
        /** Format: double */
        percent: number;
        vs_par: number;
    };
    UrlsOutput: {
        page: string;
        api: string;
        join: string;
        leave: string;
    };
    YouOutput: {
        joined: boolean;
        active: boolean;
        /** @description An arena's: your pages were all gone while you waited, so you are not paired; join to resume. */
        paused: boolean;
        /** @description A team battle's: your team. */
        team: string | null;
    };
    YourGameOutput: {
        id: number;
        url: string;
    };
}
