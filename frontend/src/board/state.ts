/**
 * The board's internal state (the settings in force, the selection, the
 * keyboard cursor, focus, a pointer press or drag, the layout drawn) and what
 * follows from it: who moves, which stones can be picked and where they go.
 * Nothing here draws or listens; everything the board offers comes from the
 * position's ``legal_moves``.
 */
import type { Grade, Side } from "../shared/vocabulary";
import { configure, DEFAULTS, type BoardConfig, type Settings } from "./config";
import { computeLayout, type Layout, type LayoutMode } from "./layout";
import { normaliseStone, parseMove, type ParsedMove } from "./notation";
import type { PositionJSON } from "./types";

/** Where a stone can go: an end of the line, or the empty table for the opening stone. */
export type TargetKey = "L" | "R" | "open";

/** What the keyboard cursor is on. */
export type Cursor = { kind: "stone"; stone: string } | { kind: "end"; end: TargetKey };

/** A pointer pressed on a playable stone; it becomes a drag once it has moved far enough. */
export interface PointerPress {
  stone: string;
  pointerId: number;
  startX: number;
  startY: number;
  dragging: boolean;
  /** Where the pointer is, in viewBox units. */
  x: number;
  y: number;
  /** The end the dragged stone is over. */
  hover: TargetKey | null;
}

export interface State {
  /** The prefix of the ids of this board's SVG elements (one per board on the page). */
  readonly ids: string;
  settings: Settings;
  selected: string | null;
  cursor: Cursor | null;
  /** Whether the board has the focus. */
  focused: boolean;
  /** Whether the keyboard is in use (the cursor is drawn only then). */
  keyboard: boolean;
  press: PointerPress | null;
  /** Set after a drop, so that the click that follows the pointer's release does nothing. */
  suppressClick: boolean;
  /** When the last pointer press began (a focus right after it came from the pointer). */
  pressedAt: number;
  mode: LayoutMode;
  layout: Layout;
  /** A passing remark shown in the status line (why a click did nothing), until the next action or position. */
  notice: string | null;
}

let instances = 0;

export function createState(config: Partial<BoardConfig>): State {
  const settings = configure(DEFAULTS, config);
  return {
    ids: `odb${++instances}`,
    settings,
    selected: null,
    cursor: null,
    focused: false,
    keyboard: false,
    press: null,
    suppressClick: false,
    pressedAt: -Infinity,
    mode: "wide",
    notice: null,
    layout: computeLayout("wide", settings.position?.line ?? []),
  };
}

/** What identifies a position for the selection: a new one clears it. */
export function positionKey(position: PositionJSON | null): string {
  if (!position) return "";
  return [position.position, position.line.join("."), position.legal_moves.join(","), position.over].join("|");
}

/** The legal moves, parsed (anything unreadable is left out). */
export function moves(state: State): ParsedMove[] {
  const legal = state.settings.position?.legal_moves ?? [];
  return legal.map(parseMove).filter((m): m is ParsedMove => m !== null);
}

/** The side to move while the deal goes on and it has moves. */
export function mover(state: State): Side | null {
  const position = state.settings.position;
  if (!position || position.over || position.legal_moves.length === 0) return null;
  return position.side;
}

/** The user moves when the board is interactive and the side to move is one the user may move for. */
export function canMove(state: State): boolean {
  const side = mover(state);
  if (!state.settings.interactive || side === null) return false;
  return state.settings.movable === "both" || side === state.settings.orientation;
}

/** Whether the user's only move is a pass. */
export function passOnly(state: State): boolean {
  if (!canMove(state)) return false;
  const legal = moves(state);
  return legal.length === 1 && legal[0].stone === null;
}

/** The stones the user can pick now, in column order. */
export function selectable(state: State): string[] {
  const position = state.settings.position;
  const side = mover(state);
  if (!position || !side || !canMove(state)) return [];
  const movable = new Set(moves(state).map((m) => m.stone).filter((s): s is string => s !== null));
  const hand = position.hands[side];
  const out: string[] = [];
  for (let col = 0; col < 7; col++) {
    const front = hand.front[col] ?? null;
    const back = hand.back[col] ?? null;
    // A covered back stone is never offered, whatever the data says.
    const candidates = front !== null ? [front] : back !== null ? [back] : [];
    for (const raw of candidates) {
      const stone = normaliseStone(raw);
      if (stone !== null && movable.has(stone)) out.push(stone);
    }
  }
  return out;
}

/** Where ``stone`` may go: ``L``, ``R`` or ``open``, each with its move string. */
export function targets(state: State, stone: string | null): Map<TargetKey, string> {
  const out = new Map<TargetKey, string>();
  if (stone === null) return out;
  for (const move of moves(state)) {
    if (move.stone !== stone) continue;
    const key: TargetKey = move.end ?? "open";
    if (!out.has(key)) out.set(key, move.raw);
  }
  // Notation: when both ends show the same number, L and R are one move (written L).
  const ends = state.settings.position?.ends;
  if (ends && ends[0] === ends[1]) {
    if (out.has("L") && !out.has("R")) out.set("R", out.get("L")!);
    else if (out.has("R") && !out.has("L")) out.set("L", out.get("R")!);
  }
  return out;
}

/** The moves the selected stone has (one move may be reachable from two ends). */
export function selectedMoves(state: State): Set<string> {
  return new Set(targets(state, state.selected).values());
}

/** The grade of the move that led here, if marked. */
export function lastGrade(state: State): Grade | null {
  const { marks, ply, lastMove } = state.settings;
  if (ply !== null && marks[String(ply)]) return marks[String(ply)];
  if (lastMove && marks[lastMove]) return marks[lastMove];
  return null;
}

/** Where the keyboard cursor starts: the selected stone, else the first stone that can be picked. */
export function defaultCursor(state: State): Cursor | null {
  if (state.selected) return { kind: "stone", stone: state.selected };
  const first = selectable(state)[0];
  return first ? { kind: "stone", stone: first } : null;
}

/**
 * Takes a configuration change.  A new position clears the selection, the
 * press and (unless focused) the cursor; a selection or cursor the new
 * settings no longer allow is dropped.
 */
export function applyConfig(state: State, config: Partial<BoardConfig>): void {
  const before = positionKey(state.settings.position);
  state.settings = configure(state.settings, config);
  if (positionKey(state.settings.position) !== before) {
    state.selected = null;
    state.press = null;
    state.notice = null;
    state.cursor = state.focused ? defaultCursor(state) : null;
  }
  if (state.selected !== null && !selectable(state).includes(state.selected)) state.selected = null;
  if (state.cursor?.kind === "stone" && !selectable(state).includes(state.cursor.stone)) state.cursor = defaultCursor(state);
  if (state.cursor?.kind === "end" && !targets(state, state.selected).has(state.cursor.end)) state.cursor = defaultCursor(state);
}
