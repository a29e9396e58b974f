/**
 * The graded game on ``/analysis/games/<id>/``: the board beside the move
 * list.  Selecting ply ``i`` shows the position after ``i`` moves, with the
 * move that led there and its grade, and the best move of that position drawn
 * on the board (what should be played next; the next row says what was).  The
 * arrow keys step wherever the focus is (not while typing in a field), a click
 * on a move or on a point of the chart jumps there, ``?ply=`` follows in the
 * address.
 */
import { Board, type BoardConfig, type BoardPositionJSON, type Grade, type Seat } from "../board";
import { button, el, hideFallback } from "../shared/dom";
import { gradeLabel, moveLabel, signed } from "../shared/format";
import { t, tn } from "../shared/i18n";

export interface ReviewPly {
  ply: number;
  side: Seat;
  team: string;
  move: string;
  value: number;
  best: number;
  best_moves: string[];
  grade: Grade;
  points_lost: number;
  forced: boolean;
  value_for_first: number;
  best_for_first: number;
  analysis_url: string;
}

export interface ReviewData {
  plies: ReviewPly[];
  boards: BoardPositionJSON[];
  ply: number;
  first: string;
  seats: Seat[];
  teams: string[];
  variant: string;
  values: number[];
  share: string;
  /** The position at each ply and the final one, when the server shows their analysis (else empty or absent). */
  positions?: string[];
}

/** The best move to draw on the board for the position after ``index`` plies (``null`` at the end). */
export function bestAt(data: ReviewData, index: number): string | null {
  const next = data.plies[index];
  return next ? (next.best_moves[0] ?? null) : null;
}

/** Is the key press meant for a field being typed in (then the arrow keys are the field's)? */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLTextAreaElement) return !target.readOnly;
  if (target instanceof HTMLInputElement) {
    const kinds = ["text", "search", "number", "email", "password", "url", "tel"];
    return kinds.includes(target.type) && !target.readOnly;
  }
  return false;
}

/** The index a key steps to from ``index`` (``null``: not a stepping key). */
export function stepFor(key: string, index: number, last: number): number | null {
  switch (key) {
    case "ArrowLeft":
    case "ArrowUp":
      return Math.max(0, index - 1);
    case "ArrowRight":
    case "ArrowDown":
      return Math.min(last, index + 1);
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return null;
  }
}

export class ReviewView {
  readonly root: HTMLElement;
  readonly data: ReviewData;
  readonly board: Board;
  index: number;
  /** The seat at the bottom of the board: A (the first team's), or the one chosen (``?seat=``). */
  orientation: Seat = "A";
  private readonly rows = new Map<number, HTMLTableRowElement>();
  private readonly label: HTMLElement;
  private readonly now: HTMLElement;
  private readonly dots: SVGCircleElement[] = [];
  private readonly cursor: SVGLineElement | null;
  private readonly navButtons: Record<"first" | "prev" | "next" | "last", HTMLButtonElement>;
  /** Called each time a ply is shown (the side-line panel, ``review-explore.ts``, follows). */
  onShow: ((index: number) => void) | null = null;

  constructor(root: HTMLElement, data: ReviewData) {
    this.root = root;
    this.data = data;
    this.index = this.clamp(data.ply);
    const host = root.querySelector<HTMLElement>("[data-review-board]") ?? root;
    const nav = root.querySelector<HTMLElement>("[data-review-nav]") ?? el("nav");
    const now = root.querySelector<HTMLElement>("[data-review-now]") ?? el("div");
    hideFallback(root.querySelector(".review-board-col") ?? root);

    const go = (key: "first" | "prev" | "next" | "last", text: string, label: string, to: () => number) =>
      button(text, () => this.go(to()), { class: `review-nav-${key}`, title: label, "aria-label": label });
    this.navButtons = {
      first: go("first", "|\u2039", t("The start"), () => 0),
      prev: go("prev", "\u2039", t("The move before"), () => this.index - 1),
      next: go("next", "\u203a", t("The move after"), () => this.index + 1),
      last: go("last", "\u203a|", t("The last move"), () => this.last),
    };
    this.label = el("span", "review-nav-label");
    nav.append(this.navButtons.first, this.navButtons.prev, this.label, this.navButtons.next, this.navButtons.last);
    const asked = new URL(window.location.href).searchParams.get("seat") as Seat | null;
    if (asked && data.seats.includes(asked)) this.orientation = asked;
    nav.append(this.seatChooser());
    this.now = el("div", "review-now-text");
    now.append(this.now);

    const boardHost = el("div", "review-board-widget");
    host.append(boardHost);
    this.board = new Board(boardHost, this.boardConfig());

    root.querySelectorAll<HTMLTableRowElement>("[data-plies] tbody tr[data-ply]").forEach((row) => {
      const ply = Number(row.dataset.ply);
      this.rows.set(ply, row);
      row.addEventListener("click", (event) => {
        const link = (event.target as HTMLElement).closest("a");
        if (link && !link.getAttribute("href")?.startsWith("?")) return; // "Open in analysis"
        event.preventDefault();
        this.go(ply);
      });
    });

    const chart = root.querySelector<SVGSVGElement>("[data-chart]");
    this.cursor = root.querySelector<SVGLineElement>("[data-chart-cursor]");
    if (chart) {
      chart.querySelectorAll<SVGAElement>("[data-chart-ply]").forEach((link) => {
        const dot = link.querySelector("circle");
        if (dot) this.dots[Number(link.dataset.chartPly)] = dot;
      });
      chart.classList.add("is-clickable");
      chart.addEventListener("click", (event) => {
        event.preventDefault();
        this.go(this.nearestPly(chart, event));
      });
    }

    // Before the board's own keys (capture): the arrows step through the game even on the board.
    root.ownerDocument.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return;
      const to = stepFor(event.key, this.index, this.last);
      if (to === null) return;
      event.preventDefault();
      event.stopPropagation();
      this.go(to);
    }, true);
    this.show();
  }

  get last(): number {
    return this.data.boards.length - 1;
  }

  private clamp(index: number): number {
    if (!Number.isFinite(index)) return 0;
    return Math.max(0, Math.min(Math.trunc(index), this.data.boards.length - 1));
  }

  /** The ply of the chart point nearest to the click, by its x. */
  private nearestPly(chart: SVGSVGElement, event: MouseEvent): number {
    const matrix = chart.getScreenCTM();
    if (!matrix || !this.dots.length) return this.index;
    const x = (event.clientX - matrix.e) / matrix.a;
    let best = this.index;
    let distance = Infinity;
    this.dots.forEach((dot, ply) => {
      const d = Math.abs(Number(dot.getAttribute("cx")) - x);
      if (d < distance) {
        distance = d;
        best = ply;
      }
    });
    return best;
  }

  /**
   * The board at the current index: the move that led there with its grade
   * badge, the next decision's moves graded (its best moves, and the move
   * that was played), and the best move drawn as a suggestion (its stone
   * ringed, drawn faintly where it goes).  The board is read-only: it shows
   * the game, it offers no move (each row's "Open in analysis" link opens
   * the analysis board on the position, to try other moves).
   */
  private boardConfig(): Partial<BoardConfig> {
    const played = this.data.plies[this.index - 1];
    const next = this.data.plies[this.index];
    const position = this.data.boards[this.index];
    const marks: Record<string, Grade> = {};
    for (const p of this.data.plies) marks[String(p.ply)] = p.grade;
    if (next) {
      marks[next.move] = next.grade;
      for (const m of next.best_moves) marks[m] = "best";
    }
    const best = bestAt(this.data, this.index);
    return {
      position,
      orientation: this.orientation,
      interactive: false,
      suggest: best ? [best] : [],
      showLegal: false,
      lastMove: played ? played.move : null,
      lastSide: played ? played.side : null,
      ply: played ? played.ply : null,
      marks,
      revealOut: true,
    };
  }

  /** "Seat at the bottom": whose side of the table the board is seen from (the URL keeps it). */
  private seatChooser(): HTMLElement {
    const select = el("select", { class: "review-seat", "aria-label": t("Seat at the bottom") });
    for (const seat of this.data.seats) {
      const option = el("option", { value: seat }, seat);
      option.selected = seat === this.orientation;
      select.append(option);
    }
    select.addEventListener("change", () => {
      this.orientation = select.value as Seat;
      this.board.set({ orientation: this.orientation });
      const url = new URL(window.location.href);
      url.searchParams.set("seat", this.orientation);
      window.history.replaceState(null, "", url.toString());
    });
    return el("label", "review-seat-label", t("Seat at the bottom"), " ", select);
  }

  /** Draws the game's board and panel at the current ply again (after a side line was shown on the board). */
  redraw(): void {
    this.board.set(this.boardConfig());
    this.show();
  }

  go(index: number): void {
    const next = this.clamp(index);
    if (next === this.index) return;
    this.index = next;
    this.board.set(this.boardConfig());
    this.show();
    const url = new URL(window.location.href);
    url.searchParams.set("ply", String(next));
    window.history.replaceState(null, "", url.toString());
  }

  private show(): void {
    const i = this.index;
    const total = this.data.plies.length;
    this.label.textContent = i === 0 ? t("start") : t("move %(ply)s of %(total)s", { ply: i, total });
    this.navButtons.first.disabled = this.navButtons.prev.disabled = i === 0;
    this.navButtons.next.disabled = this.navButtons.last.disabled = i === this.last;
    for (const [ply, row] of this.rows) {
      row.classList.toggle("current", ply === i);
      if (ply === i) row.setAttribute("aria-current", "step");
      else row.removeAttribute("aria-current");
    }
    const row = this.rows.get(i);
    if (row) keepInView(row);
    const dot = this.dots[i];
    if (dot && this.cursor) {
      this.cursor.setAttribute("x1", dot.getAttribute("cx") ?? "0");
      this.cursor.setAttribute("x2", dot.getAttribute("cx") ?? "0");
    }
    this.dots.forEach((d, ply) => d.classList.toggle("current", ply === i));
    this.now.replaceChildren(...this.sentences(i));
    this.onShow?.(i);
  }

  /** What the panel beside the board says at ``i``: the move that led here, the value, the next move and the best. */
  private sentences(i: number): HTMLElement[] {
    const out: HTMLElement[] = [];
    const first = this.data.first;
    const played = this.data.plies[i - 1];
    if (played) {
      const lost = played.points_lost
        ? " " + tn("%(n)s point lost.", "%(n)s points lost.", played.points_lost, { n: played.points_lost })
        : "";
      out.push(el("p", `review-last grade-${played.grade}`,
        t("%(seat)s played %(move)s: %(grade)s.", { seat: played.side, move: moveLabel(played.move), grade: gradeLabel(played.grade) }) + lost));
    } else {
      out.push(el("p", "review-last", t("The deal as it was dealt.")));
    }
    const value = this.data.values[i];
    if (value !== undefined) {
      out.push(el("p", "review-value", t("Value for %(side)s with perfect play from here: %(value)s", { side: first, value: signed(value) })));
    }
    const next = this.data.plies[i];
    if (next) {
      const best = next.best_moves.map(moveLabel).join(", ");
      const line = next.grade === "best"
        ? t("Next, %(seat)s played %(move)s, a best move.", { seat: next.side, move: moveLabel(next.move) })
        : t("Next, %(seat)s played %(move)s (%(grade)s); the best was %(best)s, drawn on the board.", {
            seat: next.side, move: moveLabel(next.move), grade: gradeLabel(next.grade), best });
      out.push(el("p", `review-next grade-${next.grade}`, line));
    } else {
      out.push(el("p", "review-next", t("The end of the record.")));
    }
    return out;
  }
}

/** Scrolls the move list (not the page) so that ``row`` is in sight. */
function keepInView(row: HTMLElement): void {
  const box = row.closest<HTMLElement>(".review-table-scroll");
  if (!box) return;
  const head = box.querySelector("thead")?.getBoundingClientRect().height ?? 0;
  const top = row.offsetTop - head;
  const bottom = row.offsetTop + row.offsetHeight;
  if (top < box.scrollTop) box.scrollTop = Math.max(0, top);
  else if (bottom > box.scrollTop + box.clientHeight) box.scrollTop = bottom - box.clientHeight;
}
