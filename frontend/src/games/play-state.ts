/**
 * The play page's game state, as pure functions: the seat after a seat, a
 * move applied to a position (the pending move drawn at once), and whether a
 * game is still to be followed (long-polled) and which board it shows.
 */
import { normaliseStone, parseMove, type BoardPositionJSON, type Seat } from "../board";
import type { GameJSON } from "./game";

/** The seat after ``seat`` round the table (the seats of ``position``, in playing order). */
export function nextSeat(position: BoardPositionJSON, seat: Seat): Seat {
  const seats = (["A", "B", "C", "D"] as Seat[]).filter((s) => position.hands[s]);
  return seats[(seats.indexOf(seat) + 1) % seats.length] ?? seat;
}

/**
 * The position after ``move`` by the seat to move, for showing a move at once
 * while the server records it (the server's answer replaces it).  Only the
 * table and the hand change; nothing here decides what is legal.  ``after``
 * is the seat to move next when known (the same seat after a double with
 * ``+doubles``); by default the next seat round the table.
 */
export function applyMove<P extends BoardPositionJSON>(position: P, move: string, after?: Seat): P {
  const next: P = structuredClone(position);
  const mover = position.side;
  next.side = after ?? nextSeat(position, mover);
  next.legal_moves = [];
  const parsed = parseMove(move);
  if (!parsed || parsed.stone === null) return next;
  const stone = parsed.stone;
  const hand = next.hands[mover];
  if (!hand) return next;
  for (const row of ["front", "back"] as const) {
    const col = hand[row].findIndex((s) => s !== null && normaliseStone(s) === stone);
    if (col >= 0) {
      hand[row][col] = null;
      break;
    }
  }
  const a = Number(stone[0]);
  const b = Number(stone[1]);
  hand.pips -= a + b;
  hand.count -= 1;
  const ends = next.ends;
  if (parsed.end === null || ends === null) {
    next.line = [stone];
    next.ends = [a, b];
  } else if (parsed.end === "L") {
    const [left, right] = ends;
    const outer = b === left ? a : b;
    next.line = [`${outer}${left}`, ...next.line];
    next.ends = [outer, right];
  } else {
    const [left, right] = ends;
    const outer = a === right ? b : a;
    next.line = [...next.line, `${right}${outer}`];
    next.ends = [left, outer];
  }
  return next;
}

/** Whether the game still changes by itself (a grade or the solver's move to come). */
export function needsWatching(game: GameJSON): boolean {
  const ungraded = game.ungraded ?? game.moves.filter((m) => m.grade === null).length;
  return game.status === "thinking" || ungraded > 0;
}

/**
 * Whether the page follows the game: while it changes by itself, and on the
 * player's turn too, where a move may come from another tab or window.
 */
export function following(game: GameJSON): boolean {
  return game.status !== "over" || needsWatching(game);
}

/**
 * The board of ``game`` as the page draws it: a game over before its deal
 * was played out (resigned) is drawn as over, with no seat to move, where
 * its position alone would still offer the next move ("Your move").
 */
export function shownBoard(game: GameJSON): BoardPositionJSON {
  if (game.status !== "over" || game.board.over) return game.board;
  return { ...game.board, over: true, legal_moves: [] };
}
