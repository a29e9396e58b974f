/** The data the board draws (as the server sends it) and the events it emits. */
import type { Reason, Side } from "../shared/vocabulary";

export type { Grade, Side } from "../shared/vocabulary";

/** A seat at the table: A and B in the two-player variants, A, B, C, D (teams A+C, B+D) in ``partnership``. */
export type Seat = "A" | "B" | "C" | "D";

/** Every seat, in playing order. */
export const SEATS: readonly Seat[] = ["A", "B", "C", "D"];

/**
 * One player's stones as the server sends them: 7 columns (front and back
 * row), ``null`` for a stone already played.  A hand without rows (the
 * ``hand`` layout of the block and partnership games) has its slots as
 * ``front`` and an empty ``back``.
 */
export interface HandJSON {
  front: (string | null)[];
  back: (string | null)[];
  pips: number;
  count: number;
}

/** How a deal ended: ``winner`` is a seat, a team ("A+C", "B+D" in partnership) or ``null`` for a draw. */
export interface BoardResultJSON {
  winner: string | null;
  points: number;
  reason: Reason;
}

export interface ResultJSON extends BoardResultJSON {
  winner: Side | null;
}

/** A position of any variant as the solver's ``Position.to_json()`` writes it. */
export interface BoardPositionJSON {
  position: string;
  /** The seat to move. */
  side: Seat;
  ends: [number, number] | null;
  /** One hand per seat of the variant (A, B; or A, B, C, D). */
  hands: Partial<Record<Seat, HandJSON>>;
  /** The stones on the table from left to right, each written (left half)(right half). */
  line: string[];
  /** The side to move's legal moves in the notation of docs/rules.md section 2.5: "36", "36L", "36R", "pass". */
  legal_moves: string[];
  over: boolean;
  result: BoardResultJSON | null;
  /** The variant ("block", "partnership+doubles", ...); absent for the standard game. */
  variant?: string;
  /** The stones out of play (face down), ascending; absent for the standard game. */
  out?: string[];
}

/** A position of a two-player variant, as the pages of the standard game use it. */
export interface PositionJSON extends BoardPositionJSON {
  side: Side;
  hands: Record<Side, HandJSON>;
  result: ResultJSON | null;
}

export interface BoardEvents {
  /** A move chosen by the user, exactly as written in ``legal_moves``. */
  move: (move: string) => void;
  /** The selected stone ("36") or ``null`` when the selection is cleared. */
  select: (stone: string | null) => void;
}

export type BoardEventName = keyof BoardEvents;
