/**
 * The view the board's state calls for: what to draw (``View``, made by
 * ``viewOf``), and the status line's words (who moves and what to do, or the
 * deal's result).
 */

import { t, tn } from "../shared/i18n";
import type { Grade } from "../shared/vocabulary";

import type { Layout, Place } from "./layout";
import { type ParsedMove, stoneName } from "./notation";

import { canMove, type Cursor, lastGrade, mover, movesAgain, partnerOf, passOnly, placesOf, selectable, selectedMoves, type State, suggestions, type TargetKey, targets } from "./state";
import type { BoardPositionJSON, Seat } from "./types";

/** Everything ``renderBoard`` needs to draw, worked out from the state. */
export interface View {
  ids: string;
  layout: Layout;
  position: BoardPositionJSON | null;
  /** Which seat sits where (two seats: top and bottom; four: all four places). */
  places: Partial<Record<Place, Seat>>;
  names: Record<Seat, string>;
  /** The seat the user plays, if any (its texts are written to "you"). */
  you: Seat | null;
  /** The seat to move while the deal goes on. */
  mover: Seat | null;
  /** The seat to move has just played a double and moves again. */
  again: boolean;
  /** Draw the out stones face up. */
  revealOut: boolean;
  /** The seat that made the last move, when the page says. */
  lastSide: Seat | null;
  /** The suggested moves (legal ones only). */
  suggest: ParsedMove[];
  interactive: boolean;
  selectable: Set<string>;
  showLegal: boolean;
  selected: string | null;
  /** For the selected stone: where it may go, and the move string for each. */
  targets: Map<TargetKey, string>;
  cursor: Cursor | null;
  focused: boolean;
  lastMove: string | null;
  lastGrade: Grade | null;
  marks: Record<string, Grade>;
  drag: { stone: string; x: number; y: number; hover: TargetKey | null } | null;
  status: string;
}

/** Whether a result's winner (a seat, or a team "A+C") is, or includes, ``seat``. */
export function wins(winner: string | null, seat: Seat): boolean {
  return winner !== null && winner.split("+").includes(seat);
}

/**
 * The result of a finished deal, for the status line.  With ``you`` (the side
 * the user plays) each case has its own sentence: "You go out…", "The solver
 * goes out…" (``opponents`` "named": the other player by name); without it
 * the players are named.
 */
export function resultText(
  position: BoardPositionJSON, names: Partial<Record<Seat, string>>, you: Seat | null = null, opponents: "solver" | "named" = "solver",
): string {
  const result = position.result;
  if (!result) return t("The deal is over.");
  if (result.winner === null) return t("Blocked: the deal is a draw.");
  const points = result.points;
  const domino = result.reason === "domino";
  if (result.winner.includes("+")) {
    // Four seats: a team wins (the seat that went out, or the team with fewer pips).
    if (you !== null && wins(result.winner, you)) {
      return domino
        ? tn("Your team goes out and scores %(count)s point.", "Your team goes out and scores %(count)s points.", points)
        : tn("Blocked: your team has fewer pips and scores %(count)s point.", "Blocked: your team has fewer pips and scores %(count)s points.", points);
    }
    if (you !== null) {
      return domino
        ? tn("The other team goes out and scores %(count)s point.", "The other team goes out and scores %(count)s points.", points)
        : tn("Blocked: the other team has fewer pips and scores %(count)s point.", "Blocked: the other team has fewer pips and scores %(count)s points.", points);
    }
    const params = { team: result.winner };
    return domino
      ? tn("Team %(team)s goes out and scores %(count)s point.", "Team %(team)s goes out and scores %(count)s points.", points, params)
      : tn("Blocked: team %(team)s has fewer pips and scores %(count)s point.", "Blocked: team %(team)s has fewer pips and scores %(count)s points.", points, params);
  }
  if (you !== null && result.winner === you) {
    return domino
      ? tn("You go out and score %(count)s point.", "You go out and score %(count)s points.", points)
      : tn("Blocked: you have fewer pips and score %(count)s point.", "Blocked: you have fewer pips and score %(count)s points.", points);
  }
  if (you !== null && opponents === "solver") {
    return domino
      ? tn("The solver goes out and scores %(count)s point.", "The solver goes out and scores %(count)s points.", points)
      : tn("Blocked: the solver has fewer pips and scores %(count)s point.", "Blocked: the solver has fewer pips and scores %(count)s points.", points);
  }
  const params = { player: names[result.winner as Seat] || result.winner };
  return domino
    ? tn("%(player)s goes out and scores %(count)s point.", "%(player)s goes out and scores %(count)s points.", points, params)
    : tn("Blocked: %(player)s has fewer pips and scores %(count)s point.", "Blocked: %(player)s has fewer pips and scores %(count)s points.", points, params);
}

function names(state: State): Record<Seat, string> {
  const { names } = state.settings;
  return { A: names.A || "A", B: names.B || "B", C: names.C || "C", D: names.D || "D" };
}

/** The status line under the line of play: the result, or who moves and what to do. */
export function statusText(state: State): string {
  const position = state.settings.position;
  if (!position) return "";
  const players = names(state);
  const you = state.settings.you;
  const opponents = state.settings.opponents;
  if (position.over) return resultText(position, players, you, opponents);
  const side = mover(state);
  if (!side) return "";
  if (state.notice) return state.notice;
  const again = movesAgain(state);
  if (state.selected) {
    const stone = stoneName(state.selected);
    return selectedMoves(state).size === 1
      ? t("Pick %(stone)s again to play it.", { stone })
      : t("Choose an end for %(stone)s.", { stone });
  }
  if (passOnly(state)) return "";
  if (again) {
    if (side === you) return t("You played a double: move again.");
    return t("Double: %(player)s moves again.", { player: players[side] });
  }
  if (side === you) return canMove(state) ? t("Your move: select a stone.") : t("Your move.");
  const partner = you !== null ? partnerOf(position, you) : null;
  if (side === partner) return t("Your partner is to move.");
  if (you !== null && opponents === "solver") return t("The solver is to move.");
  if (you !== null) return t("%(player)s to move.", { player: players[side] });
  if (canMove(state)) return t("%(player)s to move: select a stone.", { player: players[side] });
  return t("%(player)s to move.", { player: players[side] });
}

export function viewOf(state: State): View {
  const { position, orientation } = state.settings;
  const places = placesOf(position, orientation);
  const press = state.press;
  return {
    ids: state.ids,
    layout: state.layout,
    position,
    places,
    names: names(state),
    you: state.settings.you,
    mover: mover(state),
    again: movesAgain(state),
    revealOut: state.settings.revealOut,
    lastSide: state.settings.lastSide,
    suggest: suggestions(state),
    interactive: canMove(state),
    selectable: new Set(selectable(state)),
    showLegal: state.settings.showLegal,
    selected: state.selected,
    targets: targets(state, state.selected),
    cursor: state.cursor,
    focused: state.focused && state.keyboard,
    lastMove: state.settings.lastMove,
    lastGrade: lastGrade(state),
    marks: state.settings.marks,
    drag: press?.dragging ? { stone: press.stone, x: press.x, y: press.y, hover: press.hover } : null,
    status: state.settings.status ?? statusText(state),
  };
}
