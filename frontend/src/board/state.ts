/**
 * The board's internal state (the settings in force, the selection, the
 * keyboard cursor, focus, a pointer press or drag, the layout drawn) and what
 * follows from it: who moves, which stones can be picked and where they go.
 * Nothing here draws or listens; everything the board offers comes from the
 * position's ``legal_moves``.
 */
import type { Grade } from "../shared/vocabulary";
import { configure, DEFAULTS, type BoardConfig, type Settings } from "./config";
import { computeLayout, STANDARD_SHAPE, type Layout, type LayoutMode, type Place, type Shape } from "./layout";
import { normaliseStone, parseMove, type ParsedMove } from "./notation";
import { SEATS, type BoardPositionJSON, type HandJSON, type Seat } from "./types";

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
    layout: computeLayout("wide", settings.position?.line ?? [], shapeOf(settings.position)),
  };
}

/** The seats of a position, in playing order (A, B; or A, B, C, D). */
export function seatsOf(position: BoardPositionJSON | null): Seat[] {
  if (!position) return ["A", "B"];
  const seats = SEATS.filter((seat) => position.hands[seat] !== undefined);
  return seats.length ? seats : ["A", "B"];
}

/** A seat's hand (an empty one if the position has no such seat). */
export function handOf(position: BoardPositionJSON, seat: Seat): HandJSON {
  return position.hands[seat] ?? { front: [], back: [], pips: 0, count: 0 };
}

/** Whether the position's hands have rows (a front stone covering a back stone) or one row (the hand layout). */
export function hasRows(position: BoardPositionJSON | null): boolean {
  if (!position) return true;
  return seatsOf(position).some((seat) => handOf(position, seat).back.length > 0);
}

/** What the layout has to make room for. */
export function shapeOf(position: BoardPositionJSON | null): Shape {
  if (!position) return STANDARD_SHAPE;
  const seats = seatsOf(position);
  const slots = Math.max(7, ...seats.map((seat) => handOf(position, seat).front.length));
  return { seats: seats.length, rows: hasRows(position), slots, out: position.out?.length ?? 0 };
}

/**
 * Where each seat sits: ``orientation`` at the bottom; with four seats the
 * next seat in playing order on the left, the partner at the top, the seat
 * before on the right.
 */
export function placesOf(position: BoardPositionJSON | null, orientation: Seat): Partial<Record<Place, Seat>> {
  const seats = seatsOf(position);
  const at = Math.max(0, seats.indexOf(orientation));
  const seat = (k: number) => seats[(at + k) % seats.length];
  if (seats.length >= 4) return { bottom: seat(0), left: seat(1), top: seat(2), right: seat(3) };
  return { bottom: seat(0), top: seat(1) };
}

/** The partner of a seat in a four-seat game (the seat two after it), else ``null``. */
export function partnerOf(position: BoardPositionJSON | null, seat: Seat): Seat | null {
  const seats = seatsOf(position);
  if (seats.length < 4) return null;
  return seats[(seats.indexOf(seat) + 2) % seats.length];
}

/** What identifies a position for the selection: a new one clears it. */
export function positionKey(position: BoardPositionJSON | null): string {
  if (!position) return "";
  return [position.position, position.line.join("."), position.legal_moves.join(","), position.over].join("|");
}

/** The legal moves, parsed (anything unreadable is left out). */
export function moves(state: State): ParsedMove[] {
  const legal = state.settings.position?.legal_moves ?? [];
  return legal.map(parseMove).filter((m): m is ParsedMove => m !== null);
}

/** The seat to move while the deal goes on and it has moves. */
export function mover(state: State): Seat | null {
  const position = state.settings.position;
  if (!position || position.over || position.legal_moves.length === 0) return null;
  return position.side;
}

/** The user moves when the board is interactive and the side to move is one the user may move for. */
export function canMove(state: State): boolean {
  const side = mover(state);
  if (!state.settings.interactive || side === null) return false;
  const movable = state.settings.movable;
  if (movable === "both" || movable === "all") return true;
  if (Array.isArray(movable)) return movable.includes(side);
  return side === state.settings.orientation;
}

/**
 * Whether the seat to move has just played a double and moves again (the
 * ``+doubles`` option): the page says which seat made the last move.
 */
export function movesAgain(state: State): boolean {
  const { position, lastMove, lastSide } = state.settings;
  if (!position || position.over || !lastMove || lastSide === null || lastSide !== position.side) return false;
  const stone = parseMove(lastMove)?.stone;
  return !!stone && stone[0] === stone[1];
}

/** Whether the user's only move is a pass. */
export function passOnly(state: State): boolean {
  if (!canMove(state)) return false;
  const legal = moves(state);
  return legal.length === 1 && legal[0].stone === null;
}

/** The suggested moves that are legal here, parsed (the settings' ``suggest``). */
export function suggestions(state: State): ParsedMove[] {
  const legal = new Set(state.settings.position?.over ? [] : (state.settings.position?.legal_moves ?? []));
  return state.settings.suggest.filter((m) => legal.has(m)).map(parseMove).filter((m): m is ParsedMove => m !== null);
}

/** The stones the user can pick now, in column order. */
export function selectable(state: State): string[] {
  const position = state.settings.position;
  const side = mover(state);
  if (!position || !side || !canMove(state)) return [];
  const movable = new Set(moves(state).map((m) => m.stone).filter((s): s is string => s !== null));
  const hand = handOf(position, side);
  const out: string[] = [];
  const columns = Math.max(hand.front.length, hand.back.length);
  for (let col = 0; col < columns; col++) {
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
