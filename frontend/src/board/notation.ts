/**
 * Reading the notation of docs/rules.md section 2, and nothing more: the board knows no rules.  Which
 * moves are legal comes from the position's ``legal_moves``.
 */

export type End = "L" | "R";

export interface ParsedMove {
  /** The move string exactly as given. */
  raw: string;
  /** The stone, low digit first ("36"), or ``null`` for a pass. */
  stone: string | null;
  /** The end it goes to; ``null`` for the opening move (and for a pass). */
  end: End | null;
}

/**
 * A stone written low digit first: "63" -> "36".  ``null`` when ``text`` is
 * not two digits 0..9 (the double-nine set's halves go up to 9; which stones
 * a game uses comes with its position).
 */
export function normaliseStone(text: string): string | null {
  if (!/^[0-9]{2}$/.test(text)) return null;
  return text[0] <= text[1] ? text : text[1] + text[0];
}

/** "3-6": how a stone is named to people. */
export function stoneName(stone: string): string {
  return `${stone[0]}-${stone[1]}`;
}

/** Parses "36", "36L", "36R" or "pass"; ``null`` for anything else. */
export function parseMove(raw: string): ParsedMove | null {
  const text = raw.trim();
  if (text.toLowerCase() === "pass") return { raw, stone: null, end: null };
  const stone = normaliseStone(text.slice(0, 2));
  if (stone === null) return null;
  if (text.length === 2) return { raw, stone, end: null };
  const end = text[2].toUpperCase();
  if (text.length === 3 && (end === "L" || end === "R")) return { raw, stone, end };
  return null;
}

/** The pip values of a stone string ("36" -> [3, 6]), in the order written. */
export function halves(stone: string): [number, number] {
  return [Number(stone[0]), Number(stone[1])];
}
