/** Helpers for the board's tests: mounting a board, and clicks, keys and pointer events on it. */
import { Board } from "../../src/board";
import type { BoardConfig } from "../../src/board";

export interface Mounted {
  board: Board;
  el: HTMLElement;
  moves: string[];
  selects: (string | null)[];
}

export function mount(config: Partial<BoardConfig>): Mounted {
  const el = document.createElement("div");
  document.body.appendChild(el);
  const board = new Board(el, config);
  const moves: string[] = [];
  const selects: (string | null)[] = [];
  board.on("move", (m) => moves.push(m));
  board.on("select", (s) => selects.push(s));
  return { board, el, moves, selects };
}

export function click(target: Element | null): void {
  if (!target) throw new Error("nothing to click");
  target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
}

export function key(board: Board, k: string): void {
  board.root.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
}

/** Presses the keys one after the other. */
export function keys(board: Board, ...ks: string[]): void {
  for (const k of ks) key(board, k);
}

export function pointer(target: Element, type: string, x: number, y: number): void {
  target.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, button: 0, pointerId: 1 }));
}

export function handStone(el: Element, stone: string): SVGGElement {
  const found = el.querySelector<SVGGElement>(`.odb-hand-stone[data-stone="${stone}"]`);
  if (!found) throw new Error(`no hand stone ${stone}`);
  return found;
}

export function end(el: Element, key: "L" | "R" | "open"): SVGGElement {
  const found = el.querySelector<SVGGElement>(`.odb-end[data-end="${key}"]`);
  if (!found) throw new Error(`no end ${key}`);
  return found;
}

export function targets(el: Element): string[] {
  return [...el.querySelectorAll(".odb-end.is-target")].map((e) => e.getAttribute("data-end")!).sort();
}

export function selectable(el: Element): string[] {
  return [...el.querySelectorAll(".odb-hand-stone.is-selectable")].map((e) => e.getAttribute("data-stone")!);
}

/** The centre of an element from its transform "translate(x y)" (hand stones) in viewBox units. */
export function translateOf(el: Element): { x: number; y: number } {
  const m = /translate\(([-\d.]+)[ ,]([-\d.]+)\)/.exec(el.getAttribute("transform") ?? "");
  if (!m) throw new Error("no translate");
  return { x: Number(m[1]), y: Number(m[2]) };
}
