/**
 * The board widget.  Configured with a plain object, it draws a position and
 * reports the move the user chooses; it owns no rules: which stones can be
 * played, and where, come from the position's ``legal_moves``.
 *
 *     const board = new Board(element, { position, orientation: "A", interactive: true });
 *     board.on("move", (move) => send(move));          // "36R", "36", "pass"
 *     board.set({ position: next, lastMove: "36R" });
 *
 * This class only wires the parts together: the configuration (config.ts),
 * the state and what follows from it (state.ts), the user's actions
 * (actions.ts) and their inputs (input/), the drawing (render.ts), and the
 * event emitter below.
 */

import { select, type Host } from "./actions";
import { copyConfig, type BoardConfig } from "./config";
import { bindKeyboard } from "./input/keyboard";
import { bindPointer } from "./input/pointer";
import { normaliseStone } from "./notation";
import { createDom, draw, layoutMode, type BoardDom } from "./element";
import { applyConfig, createState, selectable, targets, type State, type TargetKey } from "./state";
import type { BoardEventName, BoardEvents } from "./types";

/** The board's listeners, by event. */
class Emitter {
  private readonly listeners: { [K in BoardEventName]: Set<BoardEvents[K]> } = { move: new Set(), select: new Set() };

  on<K extends BoardEventName>(name: K, callback: BoardEvents[K]): void {
    this.listeners[name].add(callback);
  }

  off<K extends BoardEventName>(name: K, callback: BoardEvents[K]): void {
    this.listeners[name].delete(callback);
  }

  emit<K extends BoardEventName>(name: K, ...args: Parameters<BoardEvents[K]>): void {
    // A copy: a listener may stop listening while it is called.
    for (const callback of [...this.listeners[name]]) (callback as (...a: unknown[]) => void)(...args);
  }

  clear(): void {
    this.listeners.move.clear();
    this.listeners.select.clear();
  }
}

export class Board {
  readonly element: HTMLElement;
  /** The focusable wrapper holding the SVG, the pass button and the live region. */
  readonly root: HTMLDivElement;
  readonly svg: SVGSVGElement;
  readonly passButton: HTMLButtonElement;
  private readonly dom: BoardDom;
  private readonly state: State;
  private readonly host: Host;
  private readonly events = new Emitter();
  private readonly cleanup: (() => void)[] = [];
  private resizeObserver: ResizeObserver | null = null;

  constructor(element: HTMLElement, config: Partial<BoardConfig> = {}) {
    this.element = element;
    this.state = createState(config);
    this.dom = createDom(element);
    this.root = this.dom.root;
    this.svg = this.dom.svg;
    this.passButton = this.dom.passButton;
    this.host = {
      state: this.state,
      dom: this.dom,
      redraw: () => this.redraw(),
      announce: (message) => {
        this.dom.live.textContent = message;
      },
      emit: (name, ...args) => this.events.emit(name, ...args),
      listen: (target, type, handler) => {
        target.addEventListener(type, handler);
        this.cleanup.push(() => target.removeEventListener(type, handler));
      },
    };
    bindPointer(this.host);
    bindKeyboard(this.host);

    if (typeof ResizeObserver !== "undefined") {
      this.resizeObserver = new ResizeObserver(() => {
        if (layoutMode(this.dom, this.state) !== this.state.mode) this.redraw();
      });
      this.resizeObserver.observe(this.root);
    }
    this.redraw();
  }

  /** Changes part of the configuration and redraws.  A new position clears the selection. */
  set(config: Partial<BoardConfig>): void {
    applyConfig(this.state, config);
    this.redraw();
  }

  /** The current configuration (a copy). */
  getConfig(): BoardConfig {
    return copyConfig(this.state.settings);
  }

  /** Listens to ``move`` or ``select``; returns a function that stops listening. */
  on<K extends BoardEventName>(name: K, callback: BoardEvents[K]): () => void {
    this.events.on(name, callback);
    return () => this.off(name, callback);
  }

  off<K extends BoardEventName>(name: K, callback: BoardEvents[K]): void {
    this.events.off(name, callback);
  }

  /** The selected stone ("36"), or ``null``. */
  getSelected(): string | null {
    return this.state.selected;
  }

  /** The stones the user can pick now, in column order. */
  selectable(): string[] {
    return selectable(this.state);
  }

  /** Where the selected stone (or ``stone``) may go: ``L``, ``R`` or ``open``, each with its move string. */
  targets(stone: string | null = this.state.selected): Map<TargetKey, string> {
    return targets(this.state, stone);
  }

  /** Selects a stone (if it can be picked) or clears the selection (``null``). */
  selectStone(stone: string | null): void {
    const normal = stone === null ? null : normaliseStone(stone);
    if (normal !== null && !this.selectable().includes(normal)) return;
    select(this.host, normal, false);
  }

  redraw(): void {
    draw(this.dom, this.state);
  }

  destroy(): void {
    this.resizeObserver?.disconnect();
    for (const undo of this.cleanup) undo();
    this.cleanup.length = 0;
    this.events.clear();
    this.root.remove();
  }
}
