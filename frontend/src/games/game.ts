/**
 * What the play and review pages share: the game JSON's types (the server's
 * ``game_state``), and the words for moves, grades, hints and results (all
 * through ``t``/``tn``).
 */
import { stoneName, type PositionJSON } from "../board";
import { el } from "../shared/dom";
import { gradeLabel, reasonLabel, signed } from "../shared/format";
import { t, tn } from "../shared/i18n";
import type { GameStatus, Grade, Level, Outcome, Reason, Side } from "../shared/vocabulary";

export interface MoveJSON {
  ply: number;
  side: Side;
  by: "human" | "solver";
  move: string;
  value: number | null;
  best_value: number | null;
  best_moves: string[] | null;
  grade: Grade | null;
  points_lost: number | null;
  position_before?: string;
}

export interface HintContent {
  value?: number;
  outcome?: Outcome;
  stones?: string[];
  move?: string;
  moves?: string[];
}

export interface HintJSON {
  ply: number;
  level: 1 | 2 | 3;
  content: HintContent;
  text?: string;
}

export interface GameResultJSON {
  winner: Side | null;
  points: number;
  reason: Reason;
  outcome?: Outcome;
  human_points?: number;
  text?: string;
}

export interface GameJSON {
  id: number;
  start: string;
  position: string;
  human: Side;
  solver?: Side;
  level?: Level;
  status: GameStatus;
  legal_moves: string[];
  moves: MoveJSON[];
  ungraded?: number;
  result: GameResultJSON | null;
  hints?: HintJSON[];
  hints_used?: number;
  ply?: number;
  version: number;
  board: PositionJSON;
}

export interface HintResponseJSON {
  status: "done" | "pending";
  hint: HintJSON | null;
  game: GameJSON | null;
}

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
  return move.by === "human" ? value : -value;
}

/** The other best moves, for a move that was not one of them: "45L, 56R (+8)", the value for the human. */
export function bestAlternative(move: MoveJSON): string {
  if (move.grade === null || move.grade === "best" || !move.best_moves) return "";
  const others = move.best_moves.filter((m) => m !== move.move);
  if (!others.length) return "";
  return t("%(moves)s (%(value)s)", { moves: others.join(", "), value: signed(valueForHuman(move, move.best_value) ?? 0) });
}

export function whoText(move: MoveJSON): string {
  return move.by === "human" ? t("you") : t("solver");
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

/** The result for the human player, with the score. */
export function resultText(result: GameResultJSON, human: Side): string {
  const how = reasonLabel(result.reason);
  if (result.winner === null) return t("A draw (%(how)s): no points.", { how });
  if (result.winner === human)
    return tn("You win %(count)s point (%(how)s).", "You win %(count)s points (%(how)s).", result.points, { how });
  return tn("You lose %(count)s point (%(how)s).", "You lose %(count)s points (%(how)s).", result.points, { how });
}

/** The human's score of the deal: +points, −points or 0. */
export function humanScore(result: GameResultJSON, human: Side): number {
  if (result.winner === null) return 0;
  return result.winner === human ? result.points : -result.points;
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
