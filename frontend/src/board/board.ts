/**
 * The board widget.  Configured with a plain object, it draws a position and
 * reports the move the user chooses; it owns no rules: which stones can be
 * played, and where, come from the position's ``legal_moves``.
 *
 *     const board = new Board(element, { position, orientation: "A", interactive: true });
 *     board.on("move", (move) => send(move));          // "36R", "36", "pass"
 *     board.set({ position: next, lastMove: "36R" });
 */

import { t } from "../i18n";
import { computeLayout, NARROW_BELOW, type Layout, type LayoutMode, type Place } from "./layout";
import { parseMove, normaliseStone, stoneName, type ParsedMove } from "./notation";
import { endId, renderBoard, resultText, stoneId, type Cursor, type TargetKey, type View } from "./render";
import { SVG_NS } from "./svg";
import type { BoardConfig, BoardEventName, BoardEvents, Grade, PositionJSON, Side } from "./types";

type Settings = Required<Omit<BoardConfig, "lastMove" | "ply">> & { lastMove: string | null; ply: number | null };

const DEFAULTS: Settings = {
  position: null,
  orientation: "A",
  interactive: false,
  lastMove: null,
  marks: {},
  ply: null,
  showLegal: true,
  names: {},
  layout: "auto",
};

/** How far (in CSS pixels) a pointer must travel before a press becomes a drag. */
const DRAG_THRESHOLD = 6;
/** How far (in viewBox units) around an end a dragged stone still lands on it. */
const DROP_SLACK = 16;

interface PointerPress {
  stone: string;
  pointerId: number;
  startX: number;
  startY: number;
  dragging: boolean;
  x: number;
  y: number;
  hover: TargetKey | null;
}

let instances = 0;

function other(side: Side): Side {
  return side === "A" ? "B" : "A";
}

function positionKey(position: PositionJSON | null): string {
  if (!position) return "";
  return [position.position, position.line.join("."), position.legal_moves.join(","), position.over].join("|");
}

export class Board {
  readonly element: HTMLElement;
  /** The focusable wrapper holding the SVG, the pass button and the live region. */
  readonly root: HTMLDivElement;
  readonly svg: SVGSVGElement;
  readonly passButton: HTMLButtonElement;
  private readonly live: HTMLDivElement;
  private readonly ids: string;
  private settings: Settings;
  private selected: string | null = null;
  private cursor: Cursor | null = null;
  private focused = false;
  private keyboard = false;
  private press: PointerPress | null = null;
  private suppressClick = false;
  /** When the last pointer press began (a focus right after it came from the pointer). */
  private pressedAt = -Infinity;
  private mode: LayoutMode = "wide";
  private layout!: Layout;
  private resizeObserver: ResizeObserver | null = null;
  private readonly listeners: { [K in BoardEventName]: Set<BoardEvents[K]> } = { move: new Set(), select: new Set() };
  private readonly cleanup: (() => void)[] = [];

  constructor(element: HTMLElement, config: Partial<BoardConfig> = {}) {
    this.element = element;
    this.ids = `odb${++instances}`;
    this.settings = { ...DEFAULTS, ...this.normalise(config) };

    this.root = document.createElement("div");
    this.root.className = "odb";
    this.root.tabIndex = 0;
    this.root.setAttribute("role", "application");
    this.root.setAttribute("aria-roledescription", t("domino board"));
    this.root.setAttribute("aria-label", t("Domino board"));

    this.svg = document.createElementNS(SVG_NS, "svg") as SVGSVGElement;
    this.svg.setAttribute("class", "odb-svg");
    this.svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    this.svg.setAttribute("focusable", "false");

    this.passButton = document.createElement("button");
    this.passButton.type = "button";
    this.passButton.className = "odb-pass";
    this.passButton.textContent = t("Pass");
    this.passButton.hidden = true;

    this.live = document.createElement("div");
    this.live.className = "odb-live";
    this.live.setAttribute("aria-live", "polite");
    this.live.setAttribute("role", "status");

    this.root.append(this.svg, this.passButton, this.live);
    element.appendChild(this.root);

    this.listen(this.svg, "click", (e) => this.onClick(e as MouseEvent));
    this.listen(this.svg, "pointerdown", (e) => this.onPointerDown(e as PointerEvent));
    this.listen(this.svg, "pointermove", (e) => this.onPointerMove(e as PointerEvent));
    this.listen(this.svg, "pointerup", (e) => this.onPointerUp(e as PointerEvent));
    this.listen(this.svg, "pointercancel", () => this.cancelDrag());
    this.listen(this.passButton, "click", (e) => {
      e.stopPropagation();
      this.playPass();
    });
    this.listen(this.root, "keydown", (e) => this.onKeyDown(e as KeyboardEvent));
    this.listen(this.root, "focus", () => {
      this.focused = true;
      try {
        this.keyboard = Date.now() - this.pressedAt > 500 && this.root.matches(":focus-visible");
      } catch {
        /* an engine without :focus-visible: wait for a key */
      }
      if (!this.cursor) this.cursor = this.defaultCursor();
      // Redraw only to show the keyboard cursor: a redraw replaces the SVG's
      // nodes, and one between a pointer's press and release (focus comes with
      // the press) would lose the click that follows.
      if (this.keyboard) this.redraw();
    });
    this.listen(this.root, "blur", () => {
      this.focused = false;
      if (this.keyboard) this.redraw();
    });

    if (typeof ResizeObserver !== "undefined") {
      this.resizeObserver = new ResizeObserver(() => {
        if (this.chooseMode() !== this.mode) this.redraw();
      });
      this.resizeObserver.observe(this.root);
    }
    this.redraw();
  }

  // ------------------------------------------------------------ public API

  /** Changes part of the configuration and redraws.  A new position clears the selection. */
  set(config: Partial<BoardConfig>): void {
    const before = positionKey(this.settings.position);
    this.settings = { ...this.settings, ...this.normalise(config) };
    if (positionKey(this.settings.position) !== before) {
      this.selected = null;
      this.press = null;
      this.cursor = this.focused ? this.defaultCursor() : null;
    }
    if (this.selected !== null && !this.selectable().includes(this.selected)) this.selected = null;
    if (this.cursor?.kind === "stone" && !this.selectable().includes(this.cursor.stone)) this.cursor = this.defaultCursor();
    if (this.cursor?.kind === "end" && !this.targets().has(this.cursor.end)) this.cursor = this.defaultCursor();
    this.redraw();
  }

  /** The current configuration (a copy). */
  getConfig(): BoardConfig {
    return { ...this.settings, marks: { ...this.settings.marks }, names: { ...this.settings.names } };
  }

  /** Listens to ``move`` or ``select``; returns a function that stops listening. */
  on<K extends BoardEventName>(name: K, callback: BoardEvents[K]): () => void {
    this.listeners[name].add(callback);
    return () => this.off(name, callback);
  }

  off<K extends BoardEventName>(name: K, callback: BoardEvents[K]): void {
    this.listeners[name].delete(callback);
  }

  /** The selected stone ("36"), or ``null``. */
  getSelected(): string | null {
    return this.selected;
  }

  /** The stones the user can pick now, in column order. */
  selectable(): string[] {
    const position = this.settings.position;
    const mover = this.mover();
    if (!position || !mover || !this.canMove()) return [];
    const movable = new Set(this.moves().map((m) => m.stone).filter((s): s is string => s !== null));
    const hand = position.hands[mover];
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

  /** Where the selected stone (or ``stone``) may go: ``L``, ``R`` or ``open``, each with its move string. */
  targets(stone: string | null = this.selected): Map<TargetKey, string> {
    const targets = new Map<TargetKey, string>();
    if (stone === null) return targets;
    for (const move of this.moves()) {
      if (move.stone !== stone) continue;
      const key: TargetKey = move.end ?? "open";
      if (!targets.has(key)) targets.set(key, move.raw);
    }
    // Notation: when both ends show the same number, L and R are one move (written L).
    const ends = this.settings.position?.ends;
    if (ends && ends[0] === ends[1]) {
      if (targets.has("L") && !targets.has("R")) targets.set("R", targets.get("L")!);
      else if (targets.has("R") && !targets.has("L")) targets.set("L", targets.get("R")!);
    }
    return targets;
  }

  /** Selects a stone (if it can be picked) or clears the selection (``null``). */
  selectStone(stone: string | null): void {
    const normal = stone === null ? null : normaliseStone(stone);
    if (normal !== null && !this.selectable().includes(normal)) return;
    this.select(normal, false);
  }

  redraw(): void {
    this.mode = this.chooseMode();
    this.layout = computeLayout(this.mode, this.settings.position?.line ?? []);
    renderBoard(this.svg, this.view());
    const passing = this.passOnly();
    this.passButton.hidden = !passing;
    if (passing) {
      this.passButton.style.left = "50%";
      this.passButton.style.top = `${(this.layout.status.y / this.layout.height) * 100}%`;
    }
    const cursorId =
      this.focused && this.cursor
        ? this.cursor.kind === "stone"
          ? stoneId(this.ids, this.cursor.stone)
          : endId(this.ids, this.cursor.end)
        : null;
    if (cursorId) this.root.setAttribute("aria-activedescendant", cursorId);
    else this.root.removeAttribute("aria-activedescendant");
    this.root.classList.toggle("is-interactive", this.canMove());
    this.root.classList.toggle("is-dragging", this.press?.dragging === true);
    this.root.classList.toggle("is-narrow", this.mode === "narrow");
  }

  destroy(): void {
    this.resizeObserver?.disconnect();
    for (const undo of this.cleanup) undo();
    this.cleanup.length = 0;
    this.listeners.move.clear();
    this.listeners.select.clear();
    this.root.remove();
  }

  // ------------------------------------------------------------ derived state

  private normalise(config: Partial<BoardConfig>): Partial<Settings> {
    const out: Partial<Settings> = {};
    for (const [key, value] of Object.entries(config)) {
      if (value === undefined) continue;
      (out as Record<string, unknown>)[key] = value;
    }
    if ("lastMove" in config) out.lastMove = config.lastMove ?? null;
    if ("ply" in config) out.ply = config.ply ?? null;
    if ("marks" in config) out.marks = config.marks ?? {};
    return out;
  }

  private moves(): ParsedMove[] {
    const legal = this.settings.position?.legal_moves ?? [];
    return legal.map(parseMove).filter((m): m is ParsedMove => m !== null);
  }

  private mover(): Side | null {
    const position = this.settings.position;
    if (!position || position.over || position.legal_moves.length === 0) return null;
    return position.side;
  }

  /** The user moves only when the board is interactive and the bottom player is to move. */
  private canMove(): boolean {
    const mover = this.mover();
    return this.settings.interactive && mover !== null && mover === this.settings.orientation;
  }

  private passOnly(): boolean {
    if (!this.canMove()) return false;
    const moves = this.moves();
    return moves.length === 1 && moves[0].stone === null;
  }

  private chooseMode(): LayoutMode {
    if (this.settings.layout !== "auto") return this.settings.layout;
    const width = this.root?.clientWidth ?? 0;
    return width > 0 && width < NARROW_BELOW ? "narrow" : "wide";
  }

  private names(): Record<Side, string> {
    return { A: this.settings.names.A || "A", B: this.settings.names.B || "B" };
  }

  private lastGrade(): Grade | null {
    const { marks, ply, lastMove } = this.settings;
    if (ply !== null && marks[String(ply)]) return marks[String(ply)];
    if (lastMove && marks[lastMove]) return marks[lastMove];
    return null;
  }

  private statusText(): string {
    const position = this.settings.position;
    if (!position) return "";
    const names = this.names();
    if (position.over) return resultText(position, names);
    const mover = this.mover();
    if (!mover) return "";
    if (this.selected) {
      const stone = stoneName(this.selected);
      return new Set(this.targets().values()).size === 1
        ? t("Pick %(stone)s again to play it.", { stone })
        : t("Choose an end for %(stone)s.", { stone });
    }
    if (this.passOnly()) return "";
    if (this.canMove()) return t("%(player)s to move: select a stone.", { player: names[mover] });
    return t("%(player)s to move.", { player: names[mover] });
  }

  private view(): View {
    const { position, orientation } = this.settings;
    const places: Record<Place, Side> = { bottom: orientation, top: other(orientation) };
    return {
      ids: this.ids,
      layout: this.layout,
      position,
      places,
      names: this.names(),
      mover: this.mover(),
      interactive: this.canMove(),
      selectable: new Set(this.selectable()),
      showLegal: this.settings.showLegal,
      selected: this.selected,
      targets: this.targets(),
      cursor: this.cursor,
      focused: this.focused && this.keyboard,
      lastMove: this.settings.lastMove,
      lastGrade: this.lastGrade(),
      marks: this.settings.marks,
      drag: this.press?.dragging ? { stone: this.press.stone, x: this.press.x, y: this.press.y, hover: this.press.hover } : null,
      status: this.statusText(),
    };
  }

  private defaultCursor(): Cursor | null {
    if (this.selected) return { kind: "stone", stone: this.selected };
    const first = this.selectable()[0];
    return first ? { kind: "stone", stone: first } : null;
  }

  // ------------------------------------------------------------ actions

  private emit<K extends BoardEventName>(name: K, ...args: Parameters<BoardEvents[K]>): void {
    for (const callback of [...this.listeners[name]]) (callback as (...a: unknown[]) => void)(...args);
  }

  private announce(message: string): void {
    this.live.textContent = message;
  }

  private select(stone: string | null, announce = true): void {
    if (stone === this.selected) return;
    this.selected = stone;
    if (stone) this.cursor = { kind: "stone", stone };
    this.redraw();
    if (announce) {
      if (stone) {
        const name = stoneName(stone);
        this.announce(
          new Set(this.targets().values()).size === 1
            ? t("%(stone)s selected: press Enter to play it.", { stone: name })
            : t("%(stone)s selected: choose an end with the left or right arrow.", { stone: name }),
        );
      } else {
        this.announce(t("Selection cleared."));
      }
    }
    this.emit("select", stone);
  }

  private play(move: string): void {
    const parsed = parseMove(move);
    this.selected = null;
    this.press = null;
    this.cursor = null;
    this.redraw();
    if (parsed?.stone) {
      const stone = stoneName(parsed.stone);
      this.announce(
        parsed.end === "L"
          ? t("%(stone)s played on the left end.", { stone })
          : parsed.end === "R"
            ? t("%(stone)s played on the right end.", { stone })
            : t("%(stone)s played to open the line.", { stone }),
      );
    } else {
      this.announce(t("Passed."));
    }
    this.emit("move", move);
  }

  private playPass(): void {
    if (!this.passOnly()) return;
    this.play(this.moves()[0].raw);
  }

  /** A press on a stone that can be played: select it, or play it if it is selected and has one move. */
  private activateStone(stone: string): void {
    if (this.selected === stone) {
      const moves = new Set(this.targets().values());
      if (moves.size === 1) this.play([...moves][0]);
      else this.select(null);
      return;
    }
    this.select(stone);
  }

  private chooseEnd(key: TargetKey): void {
    const move = this.targets().get(key);
    if (move !== undefined) this.play(move);
  }

  // ------------------------------------------------------------ events

  private listen(target: EventTarget, type: string, handler: (e: Event) => void): void {
    target.addEventListener(type, handler);
    this.cleanup.push(() => target.removeEventListener(type, handler));
  }

  private onClick(e: MouseEvent): void {
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    this.keyboard = false;
    const target = e.target as Element | null;
    const end = target?.closest?.("[data-end]");
    if (end) {
      this.chooseEnd(end.getAttribute("data-end") as TargetKey);
      return;
    }
    const stoneEl = target?.closest?.(".odb-hand-stone");
    const stone = stoneEl?.getAttribute("data-stone") ?? null;
    if (stone && stoneEl?.classList.contains("is-selectable")) {
      this.activateStone(stone);
      return;
    }
    if (this.selected) this.select(null);
  }

  /** Client (CSS pixel) coordinates to viewBox units, for the meet-scaled SVG. */
  private toBoard(clientX: number, clientY: number): { x: number; y: number } {
    const rect = this.svg.getBoundingClientRect();
    const { width, height } = this.layout;
    if (!rect.width || !rect.height) return { x: clientX, y: clientY };
    const scale = Math.min(rect.width / width, rect.height / height);
    const left = rect.left + (rect.width - width * scale) / 2;
    const top = rect.top + (rect.height - height * scale) / 2;
    return { x: (clientX - left) / scale, y: (clientY - top) / scale };
  }

  private dropTarget(x: number, y: number): TargetKey | null {
    const targets = this.targets();
    let best: TargetKey | null = null;
    let bestDistance = Infinity;
    for (const item of this.layout.items) {
      if (item.kind === "stone") continue;
      const key: TargetKey = item.kind === "open" ? "open" : item.end!;
      if (!targets.has(key)) continue;
      const halfW = item.w / 2 + DROP_SLACK;
      const halfH = item.h / 2 + DROP_SLACK;
      const dx = Math.abs(x - item.cx);
      const dy = Math.abs(y - item.cy);
      if (dx <= halfW && dy <= halfH && dx + dy < bestDistance) {
        best = key;
        bestDistance = dx + dy;
      }
    }
    return best;
  }

  private onPointerDown(e: PointerEvent): void {
    this.keyboard = false;
    this.pressedAt = Date.now();
    if (e.button !== undefined && e.button !== 0) return;
    const stoneEl = (e.target as Element | null)?.closest?.(".odb-hand-stone.is-selectable");
    const stone = stoneEl?.getAttribute("data-stone");
    if (!stone) return;
    const at = this.toBoard(e.clientX, e.clientY);
    this.press = { stone, pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, dragging: false, x: at.x, y: at.y, hover: null };
    // The pointer is captured only once a drag starts: captured from the press,
    // a plain click would go to the SVG instead of the stone (Chromium), and be lost.
  }

  private onPointerMove(e: PointerEvent): void {
    const press = this.press;
    if (!press) return;
    const at = this.toBoard(e.clientX, e.clientY);
    press.x = at.x;
    press.y = at.y;
    if (!press.dragging) {
      if (Math.hypot(e.clientX - press.startX, e.clientY - press.startY) < DRAG_THRESHOLD) return;
      press.dragging = true;
      try {
        if (press.pointerId !== undefined) this.svg.setPointerCapture(press.pointerId);
      } catch {
        /* not capturable (synthetic event, pointer gone): fine */
      }
      if (this.selected !== press.stone) {
        this.selected = press.stone;
        this.cursor = { kind: "stone", stone: press.stone };
        this.emit("select", press.stone);
      }
      press.hover = this.dropTarget(at.x, at.y);
      this.redraw();
      return;
    }
    e.preventDefault();
    const hover = this.dropTarget(at.x, at.y);
    const ghost = this.svg.querySelector(".odb-ghost");
    ghost?.setAttribute("transform", `translate(${Math.round(at.x * 100) / 100} ${Math.round(at.y * 100) / 100})`);
    if (hover !== press.hover) {
      press.hover = hover;
      this.svg.querySelectorAll(".odb-end").forEach((el) => el.classList.toggle("is-hover", el.getAttribute("data-end") === hover));
    }
  }

  private onPointerUp(e: PointerEvent): void {
    const press = this.press;
    if (!press) return;
    this.press = null;
    try {
      if (e.pointerId !== undefined && this.svg.hasPointerCapture?.(e.pointerId)) this.svg.releasePointerCapture(e.pointerId);
    } catch {
      /* ignore */
    }
    if (!press.dragging) return; // a plain click: the click handler does the rest
    this.suppressClick = true;
    setTimeout(() => (this.suppressClick = false), 0);
    const at = this.toBoard(e.clientX, e.clientY);
    const target = this.dropTarget(at.x, at.y);
    const move = target ? this.targets().get(target) : undefined;
    if (move !== undefined) this.play(move);
    else this.redraw();
  }

  private cancelDrag(): void {
    if (!this.press) return;
    this.press = null;
    this.redraw();
  }

  private onKeyDown(e: KeyboardEvent): void {
    this.keyboard = true;
    const key = e.key;
    const handled = this.selected ? this.keyWithSelection(key) : this.keyWithoutSelection(key);
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  }

  private moveCursor(step: number | "first" | "last"): void {
    const stones = this.selectable();
    if (!stones.length) return;
    const current = this.cursor?.kind === "stone" ? stones.indexOf(this.cursor.stone) : -1;
    let index: number;
    if (step === "first") index = 0;
    else if (step === "last") index = stones.length - 1;
    else if (current < 0) index = step > 0 ? 0 : stones.length - 1;
    else index = (current + step + stones.length) % stones.length;
    this.cursor = { kind: "stone", stone: stones[index] };
    this.redraw();
    const params = { stone: stoneName(stones[index]) };
    this.announce(t("%(stone)s: press Enter to select it.", params));
  }

  private keyWithoutSelection(key: string): boolean {
    if (!this.selectable().length && !this.passOnly()) return false; // nothing to do: let the page scroll
    switch (key) {
      case "ArrowRight":
      case "ArrowDown":
        this.moveCursor(1);
        return true;
      case "ArrowLeft":
      case "ArrowUp":
        this.moveCursor(-1);
        return true;
      case "Home":
        this.moveCursor("first");
        return true;
      case "End":
        this.moveCursor("last");
        return true;
      case "Enter":
      case " ":
        if (this.passOnly()) {
          this.playPass();
          return true;
        }
        if (this.cursor?.kind === "stone" && this.selectable().includes(this.cursor.stone)) {
          this.select(this.cursor.stone);
          return true;
        }
        if (!this.cursor) this.moveCursor(1);
        return true;
      case "p":
      case "P":
        if (this.passOnly()) {
          this.playPass();
          return true;
        }
        return false;
      case "Escape":
        return false;
      default:
        return false;
    }
  }

  private keyWithSelection(key: string): boolean {
    const targets = this.targets();
    const aim = (end: TargetKey): void => {
      this.cursor = { kind: "end", end };
      this.redraw();
      const ends = this.settings.position?.ends;
      this.announce(
        end === "L"
          ? t("Left end, showing %(value)s: press Enter to play there.", { value: ends?.[0] ?? "" })
          : end === "R"
            ? t("Right end, showing %(value)s: press Enter to play there.", { value: ends?.[1] ?? "" })
            : t("The empty table: press Enter to open the line."),
      );
    };
    switch (key) {
      case "ArrowLeft":
      case "ArrowRight": {
        const end: TargetKey = key === "ArrowLeft" ? "L" : "R";
        if (targets.has(end)) aim(end);
        else if (targets.has("open")) aim("open");
        else this.announce(key === "ArrowLeft" ? t("This stone cannot go on the left end.") : t("This stone cannot go on the right end."));
        return true;
      }
      case "l":
      case "L":
      case "r":
      case "R": {
        const end: TargetKey = key.toUpperCase() === "L" ? "L" : "R";
        if (targets.has(end)) this.chooseEnd(end);
        else if (targets.has("open")) this.chooseEnd("open");
        else this.announce(end === "L" ? t("This stone cannot go on the left end.") : t("This stone cannot go on the right end."));
        return true;
      }
      case "Enter":
      case " ": {
        if (this.cursor?.kind === "end" && targets.has(this.cursor.end)) {
          this.chooseEnd(this.cursor.end);
          return true;
        }
        const moves = new Set(targets.values());
        if (moves.size === 1) this.play([...moves][0]);
        else this.announce(t("Choose an end with the left or right arrow, or press L or R."));
        return true;
      }
      case "Escape": {
        const stone = this.selected!;
        this.select(null);
        this.cursor = { kind: "stone", stone };
        this.redraw();
        return true;
      }
      case "ArrowUp":
      case "ArrowDown":
        return true;
      default:
        return false;
    }
  }
}
