/**
 * What POST /api/positions/ answers (puzzles/study/presentation.py
 * ``position_state``), worked out in the browser: the normalised position,
 * the moves played from it, the position after each and the board after them
 * (``Position.to_json`` with the table in played order, ``line_from_moves``
 * over ``table_line``).  The analysis board uses it when the server cannot
 * be reached.
 */
import { Position, type Result } from "./position";
import { DominoError, type Move, type Stone } from "./variant";

export interface LocalPositionAnswer {
  position: string;
  moves: string[];
  positions: string[];
  current: string;
  board: Record<string, unknown>;
}

/** The table as one line from the left end to the right end (an Euler trail, smallest number first: ``table_line``). */
export function tableLine(position: Position): [number, number][] {
  if (position.ends === null) return [];
  const [left] = position.ends;
  const adjacency: Stone[][] = Array.from({ length: position.variant.highest + 1 }, () => []);
  for (const s of position.playedStones()) {
    adjacency[s.low].push(s);
    if (!s.isDouble) adjacency[s.high].push(s);
  }
  for (const edges of adjacency) edges.sort((a, b) => a.high - b.high); // stable, as Python's sort
  const used = new Set<Stone>();
  const stack: number[] = [left];
  const trail: number[] = [];
  while (stack.length) {
    const number = stack[stack.length - 1];
    const edges = adjacency[number];
    while (edges.length && used.has(edges[0])) edges.shift();
    if (edges.length) {
      const stone = edges.shift()!;
      used.add(stone);
      stack.push(stone.other(number));
    } else {
      trail.push(stack.pop()!);
    }
  }
  trail.reverse();
  const line: [number, number][] = [];
  for (let i = 0; i + 1 < trail.length; i++) line.push([trail[i], trail[i + 1]]);
  return line;
}

/** The table after ``moves`` (legal, normalised) from ``start`` whose table is ``base``, in played order. */
function lineFromMoves(start: Position, moves: Move[], base: [number, number][]): [number, number][] {
  let line = [...base];
  let position = start;
  for (const move of moves) {
    const stone = move.stone;
    if (stone !== null) {
      if (position.ends === null) line = [[stone.low, stone.high]];
      else if (move.end === "L") line.unshift([stone.other(position.ends[0]), position.ends[0]]);
      else line.push([position.ends[1], stone.other(position.ends[1])]);
    }
    position = position.play(move);
  }
  return line;
}

function resultJson(result: Result | null): Record<string, unknown> | null {
  return result === null ? null : { winner: result.winner, points: result.points, reason: result.reason };
}

/** ``Position.to_json``: what a board needs to draw the position. */
export function boardJson(position: Position, line: [number, number][]): Record<string, unknown> {
  const result = position.result();
  const hands: Record<string, unknown> = {};
  position.variant.seats.forEach((seat, i) => {
    const hand = position.hands[i];
    const names = (row: (Stone | null)[]) => row.map((s) => (s === null ? null : String(s)));
    hands[seat] = { front: names(hand.front), back: names(hand.back), pips: hand.pips, count: hand.count };
  });
  const data: Record<string, unknown> = {
    position: String(position),
    side: position.side,
    ends: position.ends === null ? null : [...position.ends],
    hands,
    line: line.map(([a, b]) => `${a}${b}`),
    legal_moves: position.legalMoves().map(String),
    over: result !== null,
    result: resultJson(result),
  };
  if (!position.variant.isDefault) {
    data.variant = String(position.variant);
    data.out = position.out.map(String);
  }
  return data;
}

/** The position endpoint's answer for ``moves`` played from ``text``; a bad position or move throws its message. */
export function localPositionState(text: string, moves: string[]): LocalPositionAnswer {
  const start = Position.parse(text.trim());
  const played: Move[] = [];
  const positions: string[] = [];
  let current = start;
  moves.forEach((token, i) => {
    let move: Move;
    try {
      move = current.normaliseMove(token);
    } catch (error) {
      throw new DominoError(`move ${i + 1}: ${(error as Error).message}`);
    }
    played.push(move);
    current = current.play(move);
    positions.push(String(current));
  });
  return {
    position: String(start),
    moves: played.map(String),
    positions,
    current: String(current),
    board: boardJson(current, lineFromMoves(start, played, tableLine(start))),
  };
}
