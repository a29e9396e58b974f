/**
 * Premoves: while the opponent is to move, the player may pick their next
 * move (a stone of their hand and an end); when the opponent's move comes
 * and it is the player's turn, the premove is sent at once if it is legal
 * then, else dropped (the page says so).  The board is shown the player's
 * hand as if they were to move, every stone at either end offered: what is
 * legal is known only once the opponent has moved.
 */
import { normaliseStone, parseMove, type BoardPositionJSON, type Seat } from "../board";
import type { GameJSON } from "./game";

/** Whether the reader of ``game`` may pick a premove now: a seated player of a game between people going on, the opponent to move, the line begun. */
export function premoveOpen(game: GameJSON): boolean {
  const seat = game.my_seat;
  return (
    game.kind === "people" &&
    Boolean(seat) &&
    game.status !== "over" &&
    game.board.side !== seat &&
    game.board.ends !== null &&
    !game.board.over
  );
}

/**
 * The available stones of ``seat``'s hand (docs/rules.md 1.4): each
 * column's front stone, or its back stone once the front one is played.
 */
export function handStones(position: BoardPositionJSON, seat: Seat): string[] {
  const hand = position.hands[seat];
  if (!hand) return [];
  const stones: string[] = [];
  const columns = Math.max(hand.front.length, hand.back?.length ?? 0);
  for (let col = 0; col < columns; col++) {
    const stone = hand.front[col] ?? hand.back?.[col] ?? null;
    const normal = stone === null ? null : normaliseStone(stone);
    if (normal !== null && !stones.includes(normal)) stones.push(normal);
  }
  return stones;
}

/** The premoves the player may pick: each stone of their hand at either end. */
export function premoveChoices(position: BoardPositionJSON, seat: Seat): string[] {
  return handStones(position, seat).flatMap((stone) => [`${stone}L`, `${stone}R`]);
}

/**
 * The position the board is shown while a premove may be picked: the
 * player's seat to move, with ``premoveChoices`` as its moves.
 */
export function premoveBoard<P extends BoardPositionJSON>(position: P, seat: Seat): P {
  return { ...position, side: seat, legal_moves: premoveChoices(position, seat) };
}

/**
 * The move to send for ``premove`` now that the player is to move with
 * ``legal`` moves and the line's ``ends``: the premove itself if legal; when
 * both ends show the same number (``L`` and ``R`` then name one move) the
 * legal move of its stone; else null (dropped).
 */
export function premoveToSend(premove: string, legal: readonly string[], ends: [number, number] | null): string | null {
  if (legal.includes(premove)) return premove;
  const parsed = parseMove(premove);
  if (!parsed || parsed.stone === null || !ends || ends[0] !== ends[1]) return null;
  const same = legal.filter((move) => parseMove(move)?.stone === parsed.stone);
  return same.length === 1 ? same[0] : null;
}

/** The premove held by the page: picked, cancelled, and taken when the player's turn comes. */
export class Premove {
  move: string | null = null;
  /** The ply the premove was picked at (the opponent's move to come makes the next). */
  private ply = -1;

  pick(move: string, ply: number): void {
    this.move = move;
    this.ply = ply;
  }

  cancel(): void {
    this.move = null;
  }

  /**
   * On the player's turn in ``game``: ``{send}`` the move to play, or
   * ``{dropped}`` the premove no longer legal, or null (none held, or not
   * yet the turn it was picked for).
   */
  take(game: GameJSON): { send: string } | { dropped: string } | null {
    const move = this.move;
    const ply = game.ply ?? game.moves.length;
    if (move === null || ply <= this.ply || game.status !== "your-move" || game.my_seat !== game.board.side) return null;
    this.move = null;
    const send = premoveToSend(move, game.legal_moves, game.board.ends);
    return send !== null ? { send } : { dropped: move };
  }
}
