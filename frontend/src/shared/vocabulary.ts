/**
 * The site's shared vocabulary: the words the server's JSON uses for grades,
 * outcomes, sides and the like, each list written once for the whole front end.
 *
 * Each list stays on one line in the form ``export const NAME = [...] as const;``:
 * a Python test reads them with a regular expression and checks that the
 * server uses the same words.
 */

/** How good a move was, best first. */
export const GRADES = ["best", "inaccuracy", "mistake", "blunder"] as const;
/** The result of a deal for one player. */
export const OUTCOMES = ["win", "loss", "draw"] as const;
/** The two players. */
export const SIDES = ["A", "B"] as const;
/** How a deal ends: a player goes out ("domino"), or nobody can move ("blocked"). */
export const REASONS = ["domino", "blocked"] as const;
/** How strong the solver plays in a game. */
export const LEVELS = ["perfect", "strong", "casual"] as const;
/** Where a game stands. */
export const GAME_STATUSES = ["your-move", "thinking", "over", "their-move"] as const;
/** Where a puzzle attempt stands. */
export const ATTEMPT_STATUSES = ["your-move", "thinking", "solved", "failed"] as const;
/** Where a match stands. */
export const MATCH_STATUSES = ["playing", "over"] as const;

export type Grade = (typeof GRADES)[number];
export type Outcome = (typeof OUTCOMES)[number];
export type Side = (typeof SIDES)[number];
export type Reason = (typeof REASONS)[number];
export type Level = (typeof LEVELS)[number];
export type GameStatus = (typeof GAME_STATUSES)[number];
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** The other player. */
export function otherSide(side: Side): Side {
  return side === "A" ? "B" : "A";
}
