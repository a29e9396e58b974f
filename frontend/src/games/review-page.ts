/**
 * The review page: every move with its grade, the points it lost and the best
 * alternative; click a move (or use the arrow keys) to see the board after it.
 * The page (the ``review.html`` template) gives the game's JSON and
 * ``{"boards": [board after ply 0..n], "ply": n}``.
 */
import "./review.css";
import { Board, type BoardPositionJSON } from "../board";
import { button, el, hideFallback, requireJSON } from "../shared/dom";
import { moveLabel, signed } from "../shared/format";
import { t, tn } from "../shared/i18n";
import type { Grade } from "../shared/vocabulary";
import {
  bestAlternative,
  gradeBadge,
  gradeMarks,
  hintText,
  lostShort,
  hintTitle,
  moveText,
  pointsLostText,
  seatsOf,
  valueForHuman,
  whoText,
  type GameJSON,
  type HintJSON,
  type MoveJSON,
} from "./game";
import { boardPlayers, isPeople, moverText, peopleMoveText } from "./people-view";

export interface ReviewData {
  boards: BoardPositionJSON[];
  ply: number;
}

export class ReviewPage {
  readonly root: HTMLElement;
  readonly board: Board;
  readonly game: GameJSON;
  readonly boards: BoardPositionJSON[];
  ply: number;
  private readonly rows: HTMLTableRowElement[] = [];
  private readonly els: {
    label: HTMLElement;
    detail: HTMLElement;
    best: HTMLElement;
    buttons: Record<string, HTMLButtonElement>;
    chart: HTMLElement | null;
  };
  private readonly onKey: (e: KeyboardEvent) => void;

  private readonly doc: Document;

  constructor(root: HTMLElement, game: GameJSON, review: ReviewData) {
    this.root = root;
    this.doc = root.ownerDocument;
    this.game = game;
    this.boards = review.boards;
    this.ply = this.clamp(review.ply);
    hideFallback(root);

    const app = el("div", "gp gp-review");
    app.dataset.app = "review";
    const main = el("div", "gp-main");
    const nav = el("nav", "gp-nav");
    nav.setAttribute("aria-label", t("Jump to a move"));
    const navButton = (key: string, text: string, label: string, go: () => number) =>
      button(text, () => this.go(go()), { class: `gp-nav-${key}`, title: label, "aria-label": label });
    const buttons = {
      first: navButton("first", "|\u2039", t("The start"), () => 0),
      prev: navButton("prev", "\u2039", t("The move before"), () => this.ply - 1),
      next: navButton("next", "\u203a", t("The move after"), () => this.ply + 1),
      last: navButton("last", "\u203a|", t("The last move"), () => this.boards.length - 1),
    };
    const label = el("span", "gp-nav-label");
    label.setAttribute("aria-live", "polite");
    nav.append(buttons.first, buttons.prev, label, buttons.next, buttons.last);
    const boardHost = el("div", "gp-board");
    const best = el("p", "gp-best-here");
    best.setAttribute("aria-live", "polite");
    const detail = el("div", "gp-detail");
    main.append(nav, boardHost, best, detail);
    // The value chart the server drew: under the board, its points jump to their ply.
    const chart = root.querySelector<HTMLElement>("[data-review-chart]");
    if (chart) {
      main.appendChild(chart);
      chart.addEventListener("click", (e) => {
        const point = (e.target as Element | null)?.closest?.("[data-ply]");
        if (!point) return;
        e.preventDefault();
        this.go(Number(point.getAttribute("data-ply")));
      });
    }

    const side = el("aside", "gp-side");
    const heading = el("h2", "gp-heading", t("Moves"));
    const hint = el("p", "gp-keys", t("Click a move, or use the arrow keys, to see the board after it."));
    const table = el("table", "gp-review-table");
    const head = el("thead");
    const headRow = el("tr");
    for (const text of [t("#"), t("Player"), t("Move"), t("Grade"), t("Lost"), t("Best alternative")]) headRow.appendChild(el("th", "", text));
    head.appendChild(headRow);
    const body = el("tbody");
    body.appendChild(this.startRow());
    game.moves.forEach((m) => body.appendChild(this.moveRow(m)));
    table.append(head, body);
    const scroller = el("div", "gp-table-scroll");
    scroller.appendChild(table);
    side.append(heading, hint, scroller);
    app.append(main, side);
    root.appendChild(app);

    this.els = { label, detail, best, buttons, chart };
    this.board = new Board(boardHost, {
      position: this.boards[this.ply] ?? null,
      orientation: game.human,
      interactive: false,
      ...boardPlayers(game),
    });
    // Captured before anything else sees it, so that the arrow keys step
    // through the game wherever the focus is (the board, a button, a row).
    this.onKey = (e) => this.keydown(e);
    this.doc.addEventListener("keydown", this.onKey, true);
    this.show();
  }

  private clamp(ply: number): number {
    if (!Number.isFinite(ply)) return this.boards.length - 1;
    return Math.max(0, Math.min(Math.trunc(ply), this.boards.length - 1));
  }

  private startRow(): HTMLTableRowElement {
    const row = el("tr", "gp-row gp-row-start");
    row.dataset.ply = "0";
    const cell = el("td", "", t("start"));
    cell.colSpan = 5;
    row.append(el("td", "gp-ply", "0"), cell);
    this.attach(row, 0);
    return row;
  }

  private moveRow(m: MoveJSON): HTMLTableRowElement {
    const after = m.ply + 1;
    const row = el("tr", `gp-row by-${m.by} grade-${m.grade ?? "pending"}`);
    row.dataset.ply = String(after);
    const move = el("td", "gp-mv", moveLabel(m.move));
    move.title = moveText(m.move);
    const grade = el("td", "gp-grade-cell");
    grade.appendChild(gradeBadge(m.grade));
    const lost = el("td", "gp-lost", m.points_lost ? lostShort(m.points_lost) : "");
    if (m.points_lost) lost.title = pointsLostText(m.points_lost);
    const who = el("td", "gp-who", isPeople(this.game) ? moverText(this.game, m) : whoText(m, seatsOf(this.game).length > 2));
    who.title = t("player %(side)s", { side: m.side });
    row.append(
      el("td", "gp-ply", String(after)),
      who,
      move,
      grade,
      lost,
      el("td", "gp-alt", bestAlternative(m)),
    );
    this.attach(row, after);
    return row;
  }

  private attach(row: HTMLTableRowElement, ply: number): void {
    row.tabIndex = -1;
    row.addEventListener("click", () => this.go(ply));
    this.rows[ply] = row;
  }

  private hintsAt(ply: number): HintJSON[] {
    return (this.game.hints ?? []).filter((h) => h.ply === ply).sort((a, b) => a.level - b.level);
  }

  /** Shows the board after ``ply`` moves. */
  go(ply: number): void {
    const next = this.clamp(ply);
    if (next === this.ply) return;
    this.ply = next;
    this.show();
    const url = new URL(this.doc.location.href);
    url.searchParams.set("ply", String(next));
    try {
      this.doc.defaultView?.history.replaceState(null, "", url.toString());
    } catch {
      /* not allowed here (a test page): fine */
    }
  }

  private show(): void {
    const ply = this.ply;
    const total = this.boards.length - 1;
    const move: MoveJSON | undefined = this.game.moves[ply - 1];
    // The best move of the position shown: what the next move's grading found.
    const next: MoveJSON | undefined = this.game.moves[ply];
    const bestMoves = next?.best_moves ?? [];
    const marks: Record<string, Grade> = { ...gradeMarks(this.game.moves) };
    for (const m of bestMoves) marks[m] = "best";
    this.board.set({
      position: this.boards[ply] ?? null,
      lastMove: move?.move ?? null,
      lastSide: move?.side ?? null,
      ply: move?.ply ?? null,
      marks,
      // The board outlines the best stone and draws it faintly where it would go.
      suggest: bestMoves,
    });
    this.renderBest(next);
    if (this.els.chart) {
      for (const point of this.els.chart.querySelectorAll("[data-ply]")) {
        point.classList.toggle("current", Number(point.getAttribute("data-ply")) === ply);
      }
    }
    this.root.dataset.ply = String(ply);
    this.els.label.textContent = t("after move %(n)s of %(total)s", { n: ply, total });
    this.els.buttons.first.disabled = this.els.buttons.prev.disabled = ply === 0;
    this.els.buttons.next.disabled = this.els.buttons.last.disabled = ply === total;
    this.rows.forEach((row, i) => {
      const current = i === ply;
      row.classList.toggle("current", current);
      if (current) row.setAttribute("aria-current", "step");
      else row.removeAttribute("aria-current");
    });
    const row = this.rows[ply];
    if (row && typeof row.scrollIntoView === "function") row.scrollIntoView({ block: "nearest" });
    // The page's link to the analysis board follows the position shown.
    const position = this.boards[ply]?.position;
    const analysis = this.root.querySelector<HTMLAnchorElement>("a[data-open-analysis]");
    if (analysis && position) {
      const url = new URL(analysis.getAttribute("href") || "", this.doc.location.href);
      url.searchParams.set("position", position);
      analysis.setAttribute("href", url.pathname + url.search);
    }
    this.renderDetail(move);
  }

  /** The best move(s) of the position shown, drawn on the board and written beside it. */
  private renderBest(next: MoveJSON | undefined): void {
    const box = this.els.best;
    const bestMoves = next?.best_moves ?? [];
    if (!next || !bestMoves.length) {
      box.hidden = true;
      box.replaceChildren();
      delete this.root.dataset.best;
      return;
    }
    this.root.dataset.best = bestMoves.join(" ");
    const ends = this.boards[this.ply]?.ends ?? null;
    const value = signed(valueForHuman(next, next.best_value) ?? 0);
    const list = bestMoves.map((m) => `${moveText(m, ends)} (${moveLabel(m)})`).join("; ");
    box.replaceChildren(
      el("strong", "gp-best-title", t("Best here:")),
      document.createTextNode(" "),
      el("span", "gp-best-moves", list),
      document.createTextNode(" "),
      el("span", "gp-value", t("value for you %(value)s", { value })),
    );
    box.hidden = false;
  }

  private renderDetail(move: MoveJSON | undefined): void {
    const box = this.els.detail;
    const parts: HTMLElement[] = [];
    if (!move) {
      parts.push(el("p", "gp-detail-line", t("The deal as dealt, before the first move.")));
    } else {
      const line = el("p", "gp-detail-line");
      const params = { move: moveText(move.move), seat: move.side };
      const four = seatsOf(this.game).length > 2;
      const passed = move.move === "pass";
      let who: string;
      if (isPeople(this.game)) who = peopleMoveText(this.game, move, params.move);
      else if (move.by === "human") who = passed ? t("You passed.") : t("You played %(move)s.", params);
      else if (move.role === "partner") who = passed ? t("Your partner (%(seat)s) passed.", params) : t("Your partner (%(seat)s) played %(move)s.", params);
      else if (four) who = passed ? t("The solver (%(seat)s) passed.", params) : t("The solver (%(seat)s) played %(move)s.", params);
      else who = passed ? t("The solver passed.") : t("The solver played %(move)s.", params);
      line.append(el("span", "gp-detail-move", `${move.ply + 1}. ${who}`), document.createTextNode(" "), gradeBadge(move.grade));
      if (move.value !== null) line.append(document.createTextNode(" "), el("span", "gp-value", t("value for you %(value)s", { value: signed(valueForHuman(move, move.value) ?? 0) })));
      if (move.points_lost) line.append(document.createTextNode(" "), el("span", "gp-lost", pointsLostText(move.points_lost)));
      parts.push(line);
      const alternative = bestAlternative(move);
      if (alternative) parts.push(el("p", "gp-detail-alt", t("Best was %(moves)s.", { moves: alternative })));
      const hints = this.hintsAt(move.ply);
      if (hints.length) {
        const list = el("ul", "gp-hints");
        for (const h of hints) {
          const li = el("li", `gp-hint level-${h.level}`);
          li.append(el("strong", "gp-hint-title", hintTitle(h.level)), document.createTextNode(" "), el("span", "gp-hint-text", hintText(h)));
          list.appendChild(li);
        }
        parts.push(el("p", "gp-detail-hints", tn("You took %(count)s hint before this move:", "You took %(count)s hints before this move:", hints.length)), list);
      }
    }
    box.replaceChildren(...parts);
  }

  private keydown(e: KeyboardEvent): void {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const target = e.target as HTMLElement | null;
    // Typing and choosing in a form field keep their keys.
    if (target && (/^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName) || target.isContentEditable)) return;
    let ply: number | null = null;
    if (e.key === "ArrowLeft") ply = this.ply - 1;
    else if (e.key === "ArrowRight") ply = this.ply + 1;
    else if (e.key === "Home") ply = 0;
    else if (e.key === "End") ply = this.boards.length - 1;
    if (ply === null) return;
    e.preventDefault();
    e.stopPropagation();
    this.go(ply);
  }

  destroy(): void {
    this.doc.removeEventListener("keydown", this.onKey, true);
    this.board.destroy();
  }
}

/** Starts the review page on ``#game-root[data-page=review]`` (``null`` when there is none). */
export function mountReviewPage(doc: Document = document): ReviewPage | null {
  const root = doc.getElementById("game-root");
  if (!root || root.dataset.page !== "review") return null;
  const game = requireJSON<GameJSON>(root.dataset.stateId || "game-state", doc);
  const review = requireJSON<ReviewData>(root.dataset.reviewId || "review-data", doc);
  const fromPage = Number(root.dataset.ply);
  return new ReviewPage(root, game, { ...review, ply: Number.isFinite(fromPage) && root.dataset.ply !== "" ? fromPage : review.ply });
}
