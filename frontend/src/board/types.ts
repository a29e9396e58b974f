/** The data the board draws and the configuration it takes. */

export type Side = "A" | "B";
export type Grade = "best" | "inaccuracy" | "mistake" | "blunder";
export const GRADES: readonly Grade[] = ["best", "inaccuracy", "mistake", "blunder"];

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
  reason: "domino" | "blocked";
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

export interface BoardConfig {
  /** The position to draw (``null``: an empty table and no hands). */
  position: PositionJSON | null;
  /** The player drawn at the bottom. */
  orientation: Side;
  /**
   * Whether the user may move.  The board then offers moves only when the side
   * to move is the bottom player (``orientation``); flip the board to let the
   * user move for the other player.
   */
  interactive: boolean;
  /** The move that led to this position, highlighted on the table ("36R", "36", "pass"). */
  lastMove?: string | null;
  /**
   * Grades keyed by move string (or by ply number, see ``ply``).  The last
   * move's grade is shown as a badge; a legal move's grade is shown on its end
   * while its stone is selected (for review and analysis pages).
   */
  marks?: Record<string, Grade>;
  /** The number of the ply that ``lastMove`` was; ``marks[ply]`` then wins over ``marks[lastMove]``. */
  ply?: number | null;
  /** Outline the stones that can be played (default true). */
  showLegal?: boolean;
  /** Display names for the players (default "A" and "B"). */
  names?: Partial<Record<Side, string>>;
  /** "wide", "narrow", or "auto" (default: narrow when the element is under 600 CSS pixels wide). */
  layout?: "auto" | "wide" | "narrow";
}

export interface BoardEvents {
  /** A move chosen by the user, exactly as written in ``legal_moves``. */
  move: (move: string) => void;
  /** The selected stone ("36") or ``null`` when the selection is cleared. */
  select: (stone: string | null) => void;
}

export type BoardEventName = keyof BoardEvents;
