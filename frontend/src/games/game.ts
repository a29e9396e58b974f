/**
 * What the play and review pages share: the game JSON's types (the server's
 * ``game_state``: the API schema's, from ``shared/api-types.ts``), and the
 * words for moves, grades, hints and results (all through ``t``/``tn``).
 */
import { stoneName, type BoardPositionJSON, type Seat } from "../board";
import { el } from "../shared/dom";
import { gradeLabel, reasonLabel, signed } from "../shared/format";
import { t, tn } from "../shared/i18n";
import type { components } from "../shared/api-types";
import type { Grade, Outcome } from "../shared/vocabulary";

type Schemas = components["schemas"];

/** Whose move a move was, for the human: their own, their partner's (partnership) or an opponent's. */
export type Role = Schemas["GameRoleEnum"];

/** A move of the game JSON; its values are for the mover's team, the ``_for_human`` ones from the human's team's side. */
export type MoveJSON = Schemas["GameMoveOutput"];

/** What a hint says; the schema has it as a free object, whose keys depend on the level. */
export interface HintContent {
  value?: number;
  outcome?: Outcome;
  stones?: string[];
  move?: string;
  moves?: string[];
}

/** A hint; narrower than the schema's: its level is one of the three, its content read as ``HintContent``. */
export type HintJSON = Omit<Schemas["HintOutput"], "level" | "content"> & {
  level: 1 | 2 | 3;
  content: HintContent;
};

/** A rating before and after a rated game between people. */
export interface RatingChangeJSON {
  before: number;
  after: number;
  change: number;
}

/**
 * The result of a game; narrower than the schema's on ``ratings``, which the
 * schema has as a map of maps of numbers: each account's seat's ``RatingChangeJSON``.
 */
export type GameResultJSON = Omit<Schemas["ResultOutput"], "ratings"> & {
  ratings?: Partial<Record<Seat, RatingChangeJSON>>;
};

/** What the words of a result need: a game's result, or a match's deal's (which has no more). */
export type ResultFacts = Pick<GameResultJSON, "winner" | "points" | "reason"> & Partial<GameResultJSON>;

/**
 * The game JSON (``GET /api/games/<id>/``, the answer to a move, the page's
 * ``#game-state``); narrower than the schema's where the schema has a free
 * object: ``board`` is the board's ``BoardPositionJSON``, the hints and the
 * result as above.
 */
export type GameJSON = Omit<Schemas["GameOutput"], "board" | "hints" | "result"> & {
  board: BoardPositionJSON;
  hints: HintJSON[];
  result: GameResultJSON | null;
};

/** The seats of the game in playing order (A, B when the server does not say). */
export function seatsOf(game: GameJSON): Seat[] {
  return game.seats && game.seats.length ? game.seats : (Object.keys(game.board.hands) as Seat[]);
}

/** The role of ``seat`` for the human. */
export function roleOf(game: GameJSON, seat: Seat): Role {
  const role = game.roles?.[seat];
  if (role) return role;
  return seat === game.human ? "human" : "opponent";
}

/** The names the board writes on each seat: "You (B)", "Partner (D)", "Solver (A)". */
export function seatNames(game: GameJSON): Partial<Record<Seat, string>> {
  const names: Partial<Record<Seat, string>> = {};
  for (const seat of seatsOf(game)) {
    const role = roleOf(game, seat);
    names[seat] =
      role === "human" ? t("You (%(seat)s)", { seat }) : role === "partner" ? t("Partner (%(seat)s)", { seat }) : t("Solver (%(seat)s)", { seat });
  }
  return names;
}

/** The answer to a hint request: the hint once ready, with the game. */
export type HintResponseJSON = Omit<Schemas["HintResponse"], "hint" | "game"> & {
  hint: HintJSON | null;
  game: GameJSON | null;
};

/**
 * A move in words: "3-6 on the right end", "pass".  With ``ends`` (the two
 * numbers the line shows, ``[4, 4]``), a move onto ends that show the same number
 * names no side: there it is one move.
 */
export function moveText(move: string, ends?: readonly number[] | null): string {
  if (move === "pass") return t("pass");
  const stone = stoneName(move.slice(0, 2));
  const end = move.slice(2).toUpperCase();
  if ((end === "L" || end === "R") && ends && ends.length === 2 && ends[0] === ends[1])
    return t("%(stone)s on the line (both ends show %(number)s)", { stone, number: ends[0] });
  if (end === "L") return t("%(stone)s on the left end", { stone });
  if (end === "R") return t("%(stone)s on the right end", { stone });
  return t("%(stone)s to open the line", { stone });
}

/** The grade badge: ``<span class="gp-grade grade-mistake">mistake</span>``. */
export function gradeBadge(grade: Grade | null): HTMLSpanElement {
  const badge = el("span", `gp-grade grade-${grade ?? "pending"}`, gradeLabel(grade));
  badge.dataset.grade = grade ?? "pending";
  return badge;
}

export function pointsLostText(points: number): string {
  return tn("%(count)s point lost", "%(count)s points lost", points);
}

/** Points lost, short and positive: "lost 4". */
export function lostShort(points: number): string {
  return t("lost %(count)s", { count: points });
}

/**
 * A move's value from the human's point of view (the games' one convention):
 * the human's own moves as they are, the solver's turned round.
 */
export function valueForHuman(move: MoveJSON, value: number | null): number | null {
  if (value === null) return null;
  const role = move.role ?? (move.by === "human" ? "human" : "opponent");
  return role === "opponent" ? -value : value;
}

/** The other best moves, for a move that was not one of them: "45L, 56R (+8)", the value for the human. */
export function bestAlternative(move: MoveJSON): string {
  if (move.grade === null || move.grade === "best" || !move.best_moves) return "";
  const others = move.best_moves.filter((m) => m !== move.move);
  if (!others.length) return "";
  return t("%(moves)s (%(value)s)", { moves: others.join(", "), value: signed(valueForHuman(move, move.best_value) ?? 0) });
}

/** Who made a move: "you", "solver"; with four seats "partner (D)", "solver (C)". */
export function whoText(move: MoveJSON, fourSeats = false): string {
  if (move.by === "human") return t("you");
  if (move.role === "partner") return t("partner (%(seat)s)", { seat: move.side });
  if (fourSeats) return t("solver (%(seat)s)", { seat: move.side });
  return t("solver");
}

/** The hint in words, from its content: level 1 the outcome, 2 the stones that keep it, 3 the best move. */
export function hintText(hint: HintJSON, ends?: readonly number[] | null): string {
  const c = hint.content ?? {};
  if (hint.level === 1) {
    const value = c.value ?? 0;
    if (value > 0)
      return tn("With perfect play from here you win by %(count)s point.", "With perfect play from here you win by %(count)s points.", value);
    if (value < 0)
      return tn("With perfect play from here you lose by %(count)s point.", "With perfect play from here you lose by %(count)s points.", -value);
    return t("With perfect play from here the deal is a draw.");
  }
  if (hint.level === 2) {
    const stones = c.stones ?? [];
    if (stones.length === 1 && stones[0] === "pass") return t("You have no stone that fits: you must pass.");
    return tn("This stone keeps the best result: %(stones)s.", "These stones keep the best result: %(stones)s.", stones.length, {
      stones: stones.map(stoneName).join(", "),
    });
  }
  const move = c.move ?? "";
  if (move === "pass") return t("You must pass.");
  return t("The best move is %(move)s (%(notation)s).", { move: moveText(move, ends), notation: move });
}

export function hintTitle(level: number): string {
  if (level === 1) return t("Outcome");
  if (level === 2) return t("Good stones");
  return t("Best move");
}

/**
 * The result for the human player, with the score.  ``human`` is the human's
 * side as results name it: a seat, or a team ("A+C") in partnership.
 */
export function resultText(result: ResultFacts, human: string): string {
  if (result.reason === "resigned")
    return tn("You resigned: the other side scores %(count)s point.", "You resigned: the other side scores %(count)s points.", result.points);
  if (result.reason === "aborted") return t("The game was aborted: no result.");
  const how = result.reason === "time" ? t("on time") : result.reason === "abandoned" ? t("left the table") : reasonLabel(result.reason);
  if (result.winner === null) return t("A draw (%(how)s): no points.", { how });
  const team = human.includes("+");
  if (result.winner === human)
    return team
      ? tn("Your team wins %(count)s point (%(how)s).", "Your team wins %(count)s points (%(how)s).", result.points, { how })
      : tn("You win %(count)s point (%(how)s).", "You win %(count)s points (%(how)s).", result.points, { how });
  return team
    ? tn("Your team loses %(count)s point (%(how)s).", "Your team loses %(count)s points (%(how)s).", result.points, { how })
    : tn("You lose %(count)s point (%(how)s).", "You lose %(count)s points (%(how)s).", result.points, { how });
}

/** The human's score of the deal: +points, −points or 0 (``human``: the human's side, see ``resultText``). */
export function humanScore(result: ResultFacts, human: string): number {
  if (result.winner === null) return 0;
  return result.winner === human ? result.points : -result.points;
}

/** The human's side as a result names it. */
export function humanTeam(game: GameJSON): string {
  return game.human_team ?? game.human;
}

/** The marks for the board: every graded move's grade, keyed by its ply. */
export function gradeMarks(moves: MoveJSON[]): Record<string, Grade> {
  const marks: Record<string, Grade> = {};
  for (const m of moves) if (m.grade) marks[String(m.ply)] = m.grade;
  return marks;
}

/**
 * Why a blocked deal ended, for a newcomer (most of all when it ends before
 * the human has moved): nobody can play on the ends, and the fewer pips win.
 */
export function blockedWhy(game: GameJSON): string {
  if (game.result?.reason !== "blocked") return "";
  const ends = game.board.ends;
  if (game.partner) {
    const teams = game.result.winner === null
      ? t("Both teams have the same number of pips in hand, so the deal is a draw.")
      : t("The team with fewer pips in its two hands wins and scores the pips left in the other team's hands.");
    return ends ? `${t("Nobody can play on the ends %(left)s and %(right)s.", { left: ends[0], right: ends[1] })} ${teams}` : teams;
  }
  const rule = game.result.winner === null
    ? t("Both players have the same number of pips in hand, so the deal is a draw.")
    : t("The player with fewer pips in hand wins and scores the pips left in the other's hand.");
  if (!ends) return rule;
  const [left, right] = ends;
  const stuck =
    left === right
      ? t("Nobody can play: both ends show %(number)s and no stone either player can reach has a %(number)s.", { number: left })
      : t("Nobody can play: no stone either player can reach has a %(left)s or a %(right)s.", { left, right });
  return `${stuck} ${rule}`;
}
