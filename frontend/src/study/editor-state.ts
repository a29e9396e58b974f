/**
 * The position editor's state as pure functions: the stones laid out in the
 * seats' slots and the out slots (``Laid``), what a slot holds, which stones
 * are used, the slots in the order the editor fills them, the position string
 * the slots make, and the slots a position string's fields give.  The editor
 * (``editor.ts``) keeps the state and draws it.
 */
import { normaliseStone } from "../board/notation";
import type { Seat } from "../board/types";
import type { EditorShape } from "./common";

export type Row = "front" | "back";
/** A slot's content: a stone, ``PLAYED`` ("--"), or ``null`` (not set yet). */
export type Entry = string | null;
export const PLAYED = "--";

/** A slot: a seat's row and column, or an out slot (``seat`` "out"). */
export interface Slot {
  seat: Seat | "out";
  row: Row;
  col: number;
}

export type Hands = Partial<Record<Seat, Record<Row, Entry[]>>>;

/** The stones laid out: each seat's rows, and the out stones of a variant that leaves some out. */
export interface Laid {
  shape: EditorShape;
  hands: Hands;
  out: Entry[];
}

export function emptyHands(shape: EditorShape): Hands {
  const hands: Hands = {};
  for (const seat of shape.seats) hands[seat] = { front: Array<Entry>(7).fill(null), back: shape.rows ? Array<Entry>(7).fill(null) : [] };
  return hands;
}

/** A slot's text from a position string: "--" (played), else the stone low digit first (anything else as written). */
export function entryOf(text: string): Entry {
  return text === PLAYED ? PLAYED : (normaliseStone(text) ?? text);
}

/** Every stone of a set, ascending ("00", "01", ...). */
export function setOf(highest: number): string[] {
  const out: string[] = [];
  for (let a = 0; a <= highest; a++) for (let b = a; b <= highest; b++) out.push(`${a}${b}`);
  return out;
}

export function sameSlot(a: Slot | null, b: Slot): boolean {
  return !!a && a.seat === b.seat && a.row === b.row && a.col === b.col;
}

export function entryAt(laid: Laid, slot: Slot): Entry {
  return slot.seat === "out" ? (laid.out[slot.col] ?? null) : (laid.hands[slot.seat]?.[slot.row][slot.col] ?? null);
}

/** Sets a slot (an out slot cannot be "played": it is cleared instead). */
export function setEntry(laid: Laid, slot: Slot, entry: Entry): void {
  if (slot.seat === "out") laid.out[slot.col] = entry === PLAYED ? null : entry;
  else laid.hands[slot.seat]![slot.row][slot.col] = entry;
}

/** The stones laid somewhere (not the played marks). */
export function usedStones(laid: Laid): Set<string> {
  const found = new Set<string>();
  for (const seat of laid.shape.seats) for (const r of ["front", "back"] as Row[]) for (const e of laid.hands[seat]![r]) if (e && e !== PLAYED) found.add(e);
  for (const e of laid.out) if (e) found.add(e);
  return found;
}

/** The position string of the slots, the ends and the seat to move (``variant``: the variant's name); ``null`` while a slot is not set. */
export function positionString(laid: Laid, variant: string, ends: string, side: Seat): string | null {
  const { shape, hands, out } = laid;
  const parts: string[] = [];
  for (const seat of shape.seats) {
    const hand = hands[seat]!;
    if (hand.front.some((e) => e === null) || hand.back.some((e) => e === null)) return null;
    parts.push(shape.rows ? `${hand.front.join(".")}/${hand.back.join(".")}` : hand.front.join("."));
  }
  if (shape.out) {
    if (out.some((e) => e === null)) return null;
    parts.push([...(out as string[])].sort().join("."));
  }
  return [...(variant === "lewicki" ? [] : [variant]), ...parts, ends, side].join(" ");
}

/** The slots of ``shape`` in the order the editor fills them: seat by seat, front row then back, then the out slots. */
export function slotOrder(shape: EditorShape): Slot[] {
  const order: Slot[] = [];
  for (const seat of shape.seats) {
    for (const row of (shape.rows ? ["front", "back"] : ["front"]) as Row[]) for (let c = 0; c < 7; c++) order.push({ seat, row, col: c });
  }
  for (let c = 0; c < shape.out; c++) order.push({ seat: "out", row: "front", col: c });
  return order;
}

/** The next slot after ``from`` that is not set (wrapping round), or ``null``. */
export function nextEmpty(laid: Laid, from: Slot): Slot | null {
  const order = slotOrder(laid.shape);
  const here = order.findIndex((o) => sameSlot(from, o));
  return [...order.slice(here + 1), ...order.slice(0, here)].find((o) => entryAt(laid, o) === null) ?? null;
}

/** The slots a position string's fields give (the hands' fields in seat order, then the out stones), on ``shape``. */
export function laidFrom(shape: EditorShape, fields: string[]): { hands: Hands; out: Entry[] } {
  const hands = emptyHands(shape);
  shape.seats.forEach((seat, i) => {
    const [front, back] = (fields[i] ?? "").split("/");
    (front ?? "").split(".").slice(0, 7).forEach((e, c) => (hands[seat]!.front[c] = entryOf(e)));
    if (shape.rows) (back ?? "").split(".").slice(0, 7).forEach((e, c) => (hands[seat]!.back[c] = entryOf(e)));
  });
  let out = Array<Entry>(shape.out).fill(null);
  if (shape.out) {
    const listed = (fields[shape.seats.length] ?? "").split(".").map(entryOf);
    out = Array.from({ length: shape.out }, (_, i) => listed[i] ?? null);
  }
  return { hands, out };
}
