/**
 * The board's configuration: the plain object a page passes to ``new Board``
 * and ``board.set``, its defaults, and how a partial update is merged in.
 */
import type { Grade } from "../shared/vocabulary";
import type { BoardPositionJSON, Seat } from "./types";

/**
 * Whose moves the user may make: ``"bottom"`` (only the seat at the bottom),
 * ``"both"`` or ``"all"`` (whichever seat is to move), or a list of seats.
 */
export type Movable = "bottom" | "both" | "all" | readonly Seat[];

export interface BoardConfig {
  /** The position to draw, of any variant (``null``: an empty table and no hands). */
  position: BoardPositionJSON | null;
  /**
   * The seat drawn at the bottom.  With four seats the others follow round
   * the table in playing order: the next seat on the left, the partner at
   * the top, the seat before on the right.
   */
  orientation: Seat;
  /**
   * Whether the user may move.  The board then offers moves only when the side
   * to move is the bottom player (``orientation``); flip the board to let the
   * user move for the other player.
   */
  interactive: boolean;
  /**
   * Whose moves the user may make on an interactive board: ``"bottom"`` (the
   * default: only the bottom player's, as when playing one side) or ``"both"``
   * (whoever is to move, for the analysis board, the editor and endgames,
   * whatever the orientation; ``"all"`` says the same), or a list of seats
   * (``["A"]``: the user plays A, whatever the orientation).
   */
  movable?: Movable;
  /** The move that led to this position, highlighted on the table ("36R", "36", "pass"). */
  lastMove?: string | null;
  /**
   * The seat that made ``lastMove``.  When it is a double and that seat is to
   * move again (the ``+doubles`` option), the board says so.
   */
  lastSide?: Seat | null;
  /** Draw the out stones face up (open analysis); by default they lie face down. */
  revealOut?: boolean;
  /**
   * Moves to show as suggestions, whether or not the board is interactive
   * (the best move on a review): each one's stone is outlined in the hand of
   * the seat to move and drawn faintly at the end it would go to; a pass is
   * shown as a chip by that seat.  Moves not in ``legal_moves`` are ignored.
   */
  suggest?: string | readonly string[] | null;
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
  names?: Partial<Record<Seat, string>>;
  /**
   * The side the user plays, if any: the board's sentences about that player
   * are then written to "you" ("Your move.", "You go out…"), the other player
   * being the solver (see ``opponents``), so that each language can write them grammatically.
   */
  you?: Seat | null;
  /**
   * Who the other players are when ``you`` is set: ``"solver"`` (the default:
   * "The solver is to move.") or ``"named"``, people called by their ``names``
   * ("Ann (B) to move.", "Ann (B) goes out…").
   */
  opponents?: "solver" | "named";
  /** "wide", "narrow", or "auto" (default: narrow when the element is under 600 CSS pixels wide). */
  layout?: "auto" | "wide" | "narrow";
  /** The status line's words in place of the board's own (a premove picked while the opponent is to move); null: the board's. */
  status?: string | null;
}

/** The configuration in force: every field set. */
export type Settings = Required<Omit<BoardConfig, "lastMove" | "lastSide" | "ply" | "you" | "suggest" | "status">> & {
  status: string | null;
  suggest: readonly string[];
  lastMove: string | null;
  lastSide: Seat | null;
  ply: number | null;
  you: Seat | null;
};

export const DEFAULTS: Settings = {
  position: null,
  orientation: "A",
  interactive: false,
  movable: "bottom",
  lastMove: null,
  lastSide: null,
  revealOut: false,
  suggest: [],
  marks: {},
  ply: null,
  showLegal: true,
  names: {},
  you: null,
  opponents: "solver",
  layout: "auto",
  status: null,
};

/** The fields of ``config`` that change something: ``undefined`` is skipped; a ``null`` last move, ply or marks clears it. */
function normalise(config: Partial<BoardConfig>): Partial<Settings> {
  const out: Partial<Settings> = {};
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined) continue;
    (out as Record<string, unknown>)[key] = value;
  }
  if ("lastMove" in config) out.lastMove = config.lastMove ?? null;
  // A new last move without its seat forgets the old seat (it made another move).
  if ("lastSide" in config || "lastMove" in config) out.lastSide = config.lastSide ?? null;
  if ("ply" in config) out.ply = config.ply ?? null;
  if ("status" in config) out.status = config.status ?? null;
  if ("you" in config) out.you = config.you ?? null;
  if ("marks" in config) out.marks = config.marks ?? {};
  if ("suggest" in config) {
    const suggest = config.suggest;
    out.suggest = suggest === null || suggest === undefined ? [] : typeof suggest === "string" ? [suggest] : [...suggest];
  }
  return out;
}

/** ``settings`` with the fields of ``config`` merged in (``settings`` is not changed). */
export function configure(settings: Settings, config: Partial<BoardConfig>): Settings {
  return { ...settings, ...normalise(config) };
}

/** A copy of the settings for ``board.getConfig()``: changing it does not change the board. */
export function copyConfig(settings: Settings): BoardConfig {
  const movable = Array.isArray(settings.movable) ? [...settings.movable] : settings.movable;
  return { ...settings, movable, suggest: [...settings.suggest], marks: { ...settings.marks }, names: { ...settings.names } };
}
