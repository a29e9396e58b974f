/** The data the board draws (as the server sends it) and the events it emits. */
import type { Reason, Side } from "../shared/vocabulary";

export type { Grade, Side } from "../shared/vocabulary";

/** One player's stones as the server sends them: 7 columns, ``null`` for a stone already played. */
export interface HandJSON {
  front: (string | null)[];
  back: (string | null)[];
  pips: number;
  count: number;
}

export interface ResultJSON {
  winner: Side | null;
  points: number;
  reason: Reason;
}

/** A position as the solver's ``Position.to_json()`` writes it. */
export interface PositionJSON {
  position: string;
  side: Side;
  ends: [number, number] | null;
  hands: Record<Side, HandJSON>;
  /** The stones on the table from left to right, each written (left half)(right half). */
  line: string[];
  /** The side to move's legal moves in RULES notation: "36", "36L", "36R", "pass". */
  legal_moves: string[];
  over: boolean;
  result: ResultJSON | null;
}

export interface BoardEvents {
  /** A move chosen by the user, exactly as written in ``legal_moves``. */
  move: (move: string) => void;
  /** The selected stone ("36") or ``null`` when the selection is cleared. */
  select: (stone: string | null) => void;
}

export type BoardEventName = keyof BoardEvents;
