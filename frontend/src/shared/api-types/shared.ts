// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

import type { components } from "../api-types";

export interface SharedSchemas {
    AnalysisMove: {
        move: string;
        value: number;
        grade: components["schemas"]["GradeEnum"];
    };
    AnalysisOutput: {
        id: number;
        status: components["schemas"]["AnalysisOutputStatusEnum"];
        /** @description Normalised. */
        position: string;
        /** @description The CLI's JSON object once done, else null. */
        result: components["schemas"]["AnalysisResult"] | null;
        error: string | null;
    };
    AnalysisResult: {
        position: string;
        /** @description For the side to move, with perfect play. */
        value: number;
        /** @description Every legal move, best first. */
        moves: components["schemas"]["AnalysisMove"][];
        /** @description The main line to the end of the deal. */
        pv: string[];
    };
    AttemptMove: {
        /** @description 0 for the first move of the attempt. */
        ply: number;
        side: components["schemas"]["SideEnum"];
        by: components["schemas"]["AttemptMoveByEnum"];
        move: string;
        /** @description For the mover; null until graded. */
        value: number | null;
        best_value: number | null;
        grade: (components["schemas"]["GradeEnum"] | components["schemas"]["NullEnum"]) | null;
        points_lost: number | null;
        /** @description The player's move kept the value (null: not yet graded). */
        correct: boolean | null;
        /** @description Only once the attempt is over. */
        best_moves: string[] | null;
    };
    AttemptOutput: {
        id: number;
        puzzle: components["schemas"]["PuzzleOutput"];
        status: components["schemas"]["AttemptOutputStatusEnum"];
        gave_up: boolean;
        /** @description Only the player's first attempt at a puzzle is rated. */
        rated: boolean;
        /**
         * @description Why a first attempt is not rated after all: 'analysed' (you asked for the analysis of one of its positions while solving it); 'skipped': a streak's puzzle you skipped; 'offline': solved offline (sent to POST /api/puzzles/offline/results/); 'offline-key': you were given the puzzle's key, its answers, for offline solving (GET /api/puzzles/offline/), so it is never rated for you.
         *
         *     * `analysed` - analysed
         *     * `skipped` - skipped
         *     * `offline` - offline
         *     * `offline-key` - offline-key
         */
        unrated_because: (components["schemas"]["UnratedBecauseEnum"] | components["schemas"]["NullEnum"]) | null;
        /** @description Today's daily puzzle, on its day (counts for the streak). */
        daily: boolean;
        start: string;
        /** @description The current position. */
        position: string;
        side: components["schemas"]["SideEnum"];
        to_move: (components["schemas"]["SideEnum"] | components["schemas"]["NullEnum"]) | null;
        /** @description When it is your move, else []. */
        legal_moves: string[];
        moves: components["schemas"]["AttemptMove"][];
        last_move: string | null;
        /** @description Moves found so far. */
        found: number;
        /**
         * @description Of your last graded move.
         *
         *     * `correct` - correct
         *     * `incorrect` - incorrect
         */
        feedback: (components["schemas"]["FeedbackEnum"] | components["schemas"]["NullEnum"]) | null;
        board: unknown;
        /** @description Changes with every step: long-poll with ?wait=. */
        version: number;
        /** @description A rated attempt's rating change, once over. */
        rating: components["schemas"]["AttemptRating"] | null;
        /** @description Null until the attempt is solved or failed (a run's puzzle: until the run is over). */
        solution: components["schemas"]["Solution"] | null;
        /** @description The streak or timed run this puzzle is part of. */
        run: number | null;
        /** Format: date-time */
        created_at: string;
        /** Format: date-time */
        finished_at: string | null;
        urls: {
            [key: string]: string;
        };
    };
    AttemptRating: {
        before: number;
        after: number;
        change: number;
        puzzle_before: number;
        puzzle_after: number;
    };
    ChallengeOutput: {
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
    };
    ChallengeSeatOutput: {
        seat: components["schemas"]["SeatEnum"];
        /** @description {name, guest, bot}; null for a free seat or the solver's. */
        player: {
            [key: string]: unknown;
        } | null;
        /**
         * @description The solver's level, if it plays the seat.
         *
         *     * `perfect` - perfect
         *     * `strong` - strong
         *     * `casual` - casual
         */
        level: (components["schemas"]["GameLevelEnum"] | components["schemas"]["NullEnum"]) | null;
        /** @description The solver's level in words. */
        level_text: string | null;
        /** @description False while the seat is free or kept for a named player. */
        taken: boolean;
        /** @description The player's rating in this game's pool. */
        rating: number | null;
        /** @description Once a rated game (or a rated match, as a whole) is over: the player's rating change. */
        rating_change: number | null;
    };
    ClockInput: {
        /** @description Seconds on each player's clock at the start, 1 to 10800 (a clock of 0 is refused: a seat's first move is free and earns no increment). */
        initial: number;
        /** @description Seconds added after each move (Fischer), 0 to 180. */
        increment: number;
    };
    ClockInputRequest: {
        /** @description Seconds on each player's clock at the start, 1 to 10800 (a clock of 0 is refused: a seat's first move is free and earns no increment). */
        initial: number;
        /** @description Seconds added after each move (Fischer), 0 to 180. */
        increment: number;
    };
    DealCommitment: {
        /** @description sha256("open-domino deal v1 <variant> <salt> <seed>") in hexadecimal, shown from the start (docs/rules.md section 4.11). */
        commitment: string;
        /** @description The salt (32 hexadecimal digits); null until the game is over. */
        salt: string | null;
        /** @description The deal's seed; null until the game is over. */
        seed: number | null;
        /** @description The page that checks the commitment, filled in with what is known. */
        verify_url: string;
    };
    Error: {
        /** @description What is wrong, in words. */
        error: string;
    };
    FirstMove: {
        /**
         * @description The seat whose first move is awaited.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         */
        seat: components["schemas"]["SeatEnum"];
        /** @description When that first move is due (ms since 1970); null while its time waits for the players to open the deal (see starts_by). */
        deadline: number | null;
        /** @description While the first move's time waits for the players: when it starts at the latest (ms since 1970), to run first_move_seconds from then; else null. */
        starts_by: number | null;
        /** @description The time a first move must come within, in seconds. */
        first_move_seconds: number;
        /** @description The server's time of the answer (ms since 1970). */
        server_time: number;
    };
    GameMoveOutput: {
        /** @description 0 for the first move of the game. */
        ply: number;
        /**
         * @description The seat that moved.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         */
        side: components["schemas"]["SeatEnum"];
        by: components["schemas"]["GameMoveOutputByEnum"];
        /**
         * @description The mover for the human: you, your partner, an opponent.
         *
         *     * `human` - human
         *     * `partner` - partner
         *     * `opponent` - opponent
         */
        role: components["schemas"]["GameRoleEnum"];
        move: string;
        /** @description For the mover's team; null until graded. */
        value: number | null;
        /** @description For the mover's team. */
        best_value: number | null;
        /** @description `value` from the human's team's side. */
        value_for_human: number | null;
        /** @description `best_value` from the human's team's side. */
        best_value_for_human: number | null;
        best_moves: string[] | null;
        grade: (components["schemas"]["GradeEnum"] | components["schemas"]["NullEnum"]) | null;
        points_lost: number | null;
        position_before: string;
    };
    GameOutput: {
        id: number;
        /**
         * @description The game's variant (docs/rules.md section 4).
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
        variant: components["schemas"]["VariantEnum"];
        start: string;
        /** @description The current position. */
        position: string;
        /**
         * @description The seat the human plays.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         */
        human: components["schemas"]["SeatEnum"];
        /**
         * @description The human's side as a result names it (A, B, A+C, B+D).
         *
         *     * `A` - A
         *     * `B` - B
         *     * `A+C` - A+C
         *     * `B+D` - B+D
         */
        human_team: components["schemas"]["WinnerEnum"];
        /**
         * @description The human's partner (played perfectly by the solver); null outside partnership.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         */
        partner: (components["schemas"]["SeatEnum"] | components["schemas"]["NullEnum"]) | null;
        /**
         * @description The side the solver plays against the human; null in a game between people.
         *
         *     * `A` - A
         *     * `B` - B
         *     * `A+C` - A+C
         *     * `B+D` - B+D
         */
        solver: (components["schemas"]["WinnerEnum"] | components["schemas"]["NullEnum"]) | null;
        /** @description The seats in playing order. */
        seats: components["schemas"]["SeatEnum"][];
        /** @description The two sides: [A, B] or [A+C, B+D]. */
        teams: string[];
        /** @description Each seat's role for the human. */
        roles: {
            [key: string]: "human" | "partner" | "opponent";
        };
        /** @description The game this one is a rematch of. */
        rematch_of: number | null;
        /**
         * @description The solver's level; null in a game between people.
         *
         *     * `perfect` - perfect
         *     * `strong` - strong
         *     * `casual` - casual
         */
        level: (components["schemas"]["GameLevelEnum"] | components["schemas"]["NullEnum"]) | null;
        /** @description The deal's seed (null when started from a position, and while a committed deal is on). */
        seed: number | null;
        /** @description A deal the site chose and committed to (a game between people, the daily deal): the commitment, and its salt and seed once the game is over; null for a practice game. */
        deal: components["schemas"]["DealCommitment"] | null;
        rng_seed: number;
        /**
         * @description For the reader: 'your-move' (yours to play), 'thinking' (the solver's seat is to move), 'their-move' (another person is to move, in a game between people; a spectator always reads this while a person is to move) or 'over'.
         *
         *     * `your-move` - your-move
         *     * `thinking` - thinking
         *     * `over` - over
         *     * `their-move` - their-move
         */
        status: components["schemas"]["GameOutputStatusEnum"];
        to_move: (components["schemas"]["SeatEnum"] | components["schemas"]["NullEnum"]) | null;
        /** @description The human's legal moves when it is their move (['pass'] when forced), else []. */
        legal_moves: string[];
        moves: components["schemas"]["GameMoveOutput"][];
        /** @description How many moves still wait for their grade. */
        ungraded: number;
        result: components["schemas"]["ResultOutput"] | null;
        hints: components["schemas"]["HintOutput"][];
        hints_used: number;
        /** @description Moves played so far. */
        ply: number;
        /** @description Changes with every move, grade and hint: long-poll with ?wait=. */
        version: number;
        /** @description Position.to_json(): what the board draws, the line in played order. */
        board: unknown;
        /** Format: date-time */
        created_at: string;
        /** Format: date-time */
        updated_at: string;
        urls: {
            [key: string]: string;
        };
        /** @description An event's deal (a duplicate tournament's): its values, grades and hints are withheld until the event is over. */
        concealed: boolean;
        /**
         * @description A practice game, or a game between people.
         *
         *     * `practice` - practice
         *     * `people` - people
         */
        kind: components["schemas"]["GameKindEnum"];
        rated: boolean;
        /** @description A game between people's; null for practice. */
        time_control: components["schemas"]["TimeControl"] | null;
        /** @description A live game's milliseconds left on each person's clock, as the server counts them now. */
        clocks: {
            [key: string]: number;
        } | null;
        /** @description The server's time of the answer (ms since 1970): the clocks' reading. */
        server_time: number | null;
        /** @description When the player to move loses on time (or the game is aborted), ms since 1970. */
        deadline: number | null;
        /**
         * @description The seat whose clock is running now (null: none; a first move is free).
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         */
        clock_running: (components["schemas"]["SeatEnum"] | components["schemas"]["NullEnum"]) | null;
        /** @description The reader may abort the game now: a casual game until every player has moved; a rated game only while an opponent is to make their first move and has let OD_RATED_ABORT_WAIT seconds (a correspondence game: an hour) pass since the start or the last move. */
        abortable: boolean;
        /** @description A rated game: when the reader may abort it as it stands (ms since 1970), while an opponent is to make their first move; null otherwise. */
        abort_from: number | null;
        /** @description A match's next deal waiting for its players to open it: when its first moves are timed from at the latest (ms since 1970); null once every player has come, or the grace is over, and in any other game. */
        first_moves_from: number | null;
        /** @description Each seat's player. */
        players: {
            [key: string]: components["schemas"]["Player"];
        } | null;
        /**
         * @description The reader's seat in a game between people (null: watching).
         *
         *     * `A` - A
         *     * `B` - B
         *     * `C` - C
         *     * `D` - D
         */
        my_seat: (components["schemas"]["SeatEnum"] | components["schemas"]["NullEnum"]) | null;
        /** @description The reader watches a game between people without a seat. */
        spectator: boolean;
        /** @description A game between people: the page of its challenge (the rematch; a match's score sheet). */
        challenge_url: string | null;
        /** @description A deal of a match between people: its number in the match (from 1); in a duplicate match, the game's number (games 1 and 2 are deal 1, the seats swapped in the second). */
        match_deal: number | null;
        /** @description A game of a duplicate match between people. */
        match_duplicate: boolean;
        /** @description A game of a tournament: the tournament's page (where its players go back to); else null. */
        tournament_url: string | null;
        /** @description A game of a rated challenge past the day's limit of rated games between its two players: why it changes no rating, in words (the game's `rated` is false); else null. */
        unrated_note: string | null;
    };
    HintOutput: {
        ply: number;
        level: number;
        /** @description 1: {value, outcome}; 2: {value, stones}; 3: {value, move, moves} (values for the human). */
        content: unknown;
        /** @description The hint in words, in the request's language. */
        text: string;
    };
    MoveInputRequest: {
        /** @description A move: '36', '36R', 'pass'. */
        move: string;
        /** @description Required: the ply the move is meant for, the number of moves already played when the client saw the position (a game's `ply`; an attempt's `moves` length; 0 for the first move). If the game has moved on, the answer is 409 and nothing changes; the same move posted again for the same ply (a retry) is answered as the first time. Without it: 400. */
        ply: number;
    };
    PeopleMatchDeal: {
        number: number;
        game: number;
        /** @description A, B, A+C or B+D; null for a draw or while played. */
        winner: string | null;
        points: number | null;
        reason: string | null;
        recorded: boolean;
        url: string;
    };
    PeopleMatchNet: {
        deal: number;
        net: number;
    };
    PeopleMatchOutput: {
        target_points: number | null;
        target_wins: number | null;
        target_text: string;
        sides: string[];
        scores: {
            [key: string]: number;
        };
        wins: {
            [key: string]: number;
        };
        deals: components["schemas"]["PeopleMatchDeal"][];
        /** @description The deal being played, while the match goes on; null between deals and at its end. */
        current: components["schemas"]["PeopleMatchDeal"] | null;
        /** @description A side; '=' for a duplicate match ended level. */
        winner: string | null;
        over: boolean;
        duplicate_deals: number | null;
        /** @description A duplicate match's deals played both ways: side A's points minus B's on each. */
        nets: components["schemas"]["PeopleMatchNet"][];
        /** @description The current deal's first move awaited (a live match), for the last deal's countdown; else null. */
        first_move: components["schemas"]["FirstMove"] | null;
    };
}
