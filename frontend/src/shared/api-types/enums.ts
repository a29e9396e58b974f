// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

export interface EnumsSchemas {
    /**
     * @description * `pending` - pending
     *     * `done` - done
     *     * `failed` - failed
     * @enum {string}
     */
    AnalysisOutputStatusEnum: "pending" | "done" | "failed";
    /**
     * @description * `player` - player
     *     * `solver` - solver
     * @enum {string}
     */
    AttemptMoveByEnum: "player" | "solver";
    /**
     * @description * `your-move` - your-move
     *     * `thinking` - thinking
     *     * `solved` - solved
     *     * `failed` - failed
     * @enum {string}
     */
    AttemptOutputStatusEnum: "your-move" | "thinking" | "solved" | "failed";
    /**
     * @description * `open` - open
     *     * `started` - started
     *     * `declined` - declined
     *     * `cancelled` - cancelled
     *     * `expired` - expired
     * @enum {string}
     */
    ChallengeStatusEnum: "open" | "started" | "declined" | "cancelled" | "expired";
    /**
     * @description * `1` - 1
     *     * `3` - 3
     *     * `7` - 7
     * @enum {integer}
     */
    DaysEnum: 1 | 3 | 7;
    /**
     * @description * `domino` - domino
     *     * `blocked` - blocked
     *     * `resigned` - resigned
     *     * `time` - time
     * @enum {string}
     */
    EndedEnum: "domino" | "blocked" | "resigned" | "time";
    /**
     * @description * `correct` - correct
     *     * `incorrect` - incorrect
     * @enum {string}
     */
    FeedbackEnum: "correct" | "incorrect";
    /** @enum {unknown} */
    FourSeatVariantEnum: "partnership" | "partnership+doubles";
    /**
     * @description * `practice` - practice
     *     * `people` - people
     * @enum {string}
     */
    GameKindEnum: "practice" | "people";
    /**
     * @description * `perfect` - perfect
     *     * `strong` - strong
     *     * `casual` - casual
     * @enum {string}
     */
    GameLevelEnum: "perfect" | "strong" | "casual";
    /**
     * @description * `human` - human
     *     * `solver` - solver
     * @enum {string}
     */
    GameMoveOutputByEnum: "human" | "solver";
    /**
     * @description * `your-move` - your-move
     *     * `thinking` - thinking
     *     * `over` - over
     *     * `their-move` - their-move
     * @enum {string}
     */
    GameOutputStatusEnum: "your-move" | "thinking" | "over" | "their-move";
    /**
     * @description * `over` - over
     *     * `aborted` - aborted
     * @enum {string}
     */
    GameOverEnum: "over" | "aborted";
    /**
     * @description * `human` - human
     *     * `partner` - partner
     *     * `opponent` - opponent
     * @enum {string}
     */
    GameRoleEnum: "human" | "partner" | "opponent";
    /**
     * @description * `best` - best
     *     * `inaccuracy` - inaccuracy
     *     * `mistake` - mistake
     *     * `blunder` - blunder
     * @enum {string}
     */
    GradeEnum: "best" | "inaccuracy" | "mistake" | "blunder";
    /** @enum {unknown} */
    NullEnum: null;
    /**
     * @description * `win` - win
     *     * `loss` - loss
     *     * `draw` - draw
     * @enum {string}
     */
    OutcomeEnum: "win" | "loss" | "draw";
    /**
     * @description * `win` - win
     *     * `most` - most
     * @enum {string}
     */
    PuzzleKindEnum: "win" | "most";
    /** @enum {unknown} */
    RatedEnum: false;
    /**
     * @description * `domino` - domino
     *     * `blocked` - blocked
     *     * `resigned` - resigned
     *     * `time` - time
     *     * `aborted` - aborted
     *     * `abandoned` - abandoned
     * @enum {string}
     */
    ResultOutputReasonEnum: "domino" | "blocked" | "resigned" | "time" | "aborted" | "abandoned";
    /**
     * @description * `A` - A
     *     * `B` - B
     *     * `C` - C
     *     * `D` - D
     * @enum {string}
     */
    SeatEnum: "A" | "B" | "C" | "D";
    /**
     * @description * `A` - A
     *     * `B` - B
     *     * `C` - C
     *     * `D` - D
     *     * `random` - random
     * @enum {string}
     */
    SeatOrRandomEnum: "A" | "B" | "C" | "D" | "random";
    /**
     * @description * `account` - account
     *     * `guest` - guest
     *     * `solver` - solver
     * @enum {string}
     */
    SeatPlayerKindEnum: "account" | "guest" | "solver";
    /**
     * @description * `A` - A
     *     * `B` - B
     * @enum {string}
     */
    SideEnum: "A" | "B";
    /**
     * @description * `solver-side` - solver-side
     *     * `defender` - defender
     * @enum {string}
     */
    SolutionMoveByEnum: "solver-side" | "defender";
    /**
     * @description * `live` - live
     *     * `correspondence` - correspondence
     * @enum {string}
     */
    TimeClassEnum: "live" | "correspondence";
    /** @enum {unknown} */
    TwoSeatOrRandomEnum: "A" | "B" | "random";
    /**
     * @description * `analysed` - analysed
     *     * `skipped` - skipped
     *     * `offline` - offline
     *     * `offline-key` - offline-key
     * @enum {string}
     */
    UnratedBecauseEnum: "analysed" | "skipped" | "offline" | "offline-key";
    /**
     * @description * `early` - early
     * @enum {string}
     */
    UnratedEnum: "early";
    /**
     * @description * `lewicki` - lewicki
     *     * `lewicki+doubles` - lewicki+doubles
     *     * `lewicki9` - lewicki9
     *     * `lewicki9+doubles` - lewicki9+doubles
     *     * `block` - block
     *     * `block+doubles` - block+doubles
     *     * `partnership` - partnership
     *     * `partnership+doubles` - partnership+doubles
     * @enum {string}
     */
    VariantEnum: "lewicki" | "lewicki+doubles" | "lewicki9" | "lewicki9+doubles" | "block" | "block+doubles" | "partnership" | "partnership+doubles";
    /**
     * @description * `A` - A
     *     * `B` - B
     *     * `A+C` - A+C
     *     * `B+D` - B+D
     * @enum {string}
     */
    WinnerEnum: "A" | "B" | "A+C" | "B+D";
}
