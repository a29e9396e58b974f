/**
 * The puzzle page script (issue 4): daily puzzle, training, one puzzle.
 *
 * The template's ``#puzzle-root`` carries the puzzle's JSON (no answer in it),
 * the attempt's JSON when one is under way, the API URL that starts an
 * attempt and the CSRF token.  The attempt starts with the first move (so a
 * visit alone starts nothing); each move is posted, then the attempt is
 * long-polled while the solver replies (``?wait=<version>``).  Feedback after
 * each move, the solver's reply highlighted, and the annotated solution once
 * the puzzle is solved, failed or given up.
 */
import { Board, gradeLabel, type Grade, type PositionJSON, type Side } from "../board";
import { t, tn } from "../i18n";

interface PuzzleJSON {
  id: number;
  position: string;
  side: Side;
  kind: "win" | "most";
  rating: number;
  board: PositionJSON;
  urls: { attempts: string; page: string };
}

interface AttemptMove {
  ply: number;
  side: Side;
  by: "player" | "solver";
  move: string;
  value: number | null;
  grade: Grade | null;
  correct: boolean | null;
  best_moves: string[] | null;
}

interface SolutionMove {
  move: string;
  side: Side;
  by: "solver-side" | "defender";
  value: number;
  key: boolean;
}

interface Solution {
  line: SolutionMove[];
  value: number;
  kind: string;
  first_moves: { move: string; value: number; grade: Grade }[];
  themes: { name: string; label: string; description: string }[];
  board_after: PositionJSON;
}

interface AttemptJSON {
  id: number;
  status: "your-move" | "thinking" | "solved" | "failed";
  gave_up: boolean;
  rated: boolean;
  side: Side;
  legal_moves: string[];
  moves: AttemptMove[];
  last_move: string | null;
  feedback: "correct" | "incorrect" | null;
  board: PositionJSON;
  version: number;
  rating: { before: number; after: number; change: number } | null;
  solution: Solution | null;
  urls: { self: string; moves: string; give_up: string; retry: string };
}

/** The shortest time between the player's move and the solver's reply on the board. */
export const REPLY_DELAY_MS = 450;

class HttpError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

async function call<T>(url: string, method: "GET" | "POST", csrf: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: { Accept: "application/json", "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new HttpError(t("The server could not be reached."), 0);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const message = data && typeof data.error === "string" ? data.error : t("Something went wrong.");
    throw new HttpError(message, response.status);
  }
  return data as T;
}

function readJSON<T>(id: string | undefined): T | null {
  if (!id) return null;
  const el = document.getElementById(id);
  return el?.textContent ? (JSON.parse(el.textContent) as T) : null;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

export class PuzzlePage {
  attempt: AttemptJSON | null;
  private board: Board;
  private busy = false;
  private error: string | null = null;
  private readonly status = el("p", "puzzle-feedback");
  private readonly actions = el("div", "puzzle-actions");
  private readonly movesList = el("ol", "puzzle-moves");
  private readonly solutionBox = el("section", "solution");

  constructor(
    private readonly root: HTMLElement,
    private readonly puzzle: PuzzleJSON,
    attempt: AttemptJSON | null,
  ) {
    this.attempt = attempt;
    const fallback = root.querySelector<HTMLElement>("[data-fallback]");
    if (fallback) fallback.hidden = true;
    const boardEl = el("div", "puzzle-board");
    root.append(this.status, boardEl, this.actions, this.movesList, this.solutionBox);
    this.solutionBox.hidden = true;
    this.board = new Board(boardEl, {
      position: attempt ? attempt.board : puzzle.board,
      orientation: puzzle.side,
      interactive: true,
      names: { [puzzle.side]: t("You"), [puzzle.side === "A" ? "B" : "A"]: t("Solver") } as Record<Side, string>,
    });
    this.board.on("move", (move) => void this.play(move));
    this.render();
    if (attempt?.status === "thinking") void this.waitForReply();
  }

  private get csrf(): string {
    return this.root.dataset.csrfToken ?? "";
  }

  private async play(move: string): Promise<void> {
    if (this.busy) return;
    this.error = null;
    this.busy = true;
    this.board.set({ interactive: false });
    try {
      if (!this.attempt || this.finished()) {
        this.attempt = await call<AttemptJSON>(this.root.dataset.apiStart ?? this.puzzle.urls.attempts, "POST", this.csrf);
      }
      this.attempt = await call<AttemptJSON>(this.attempt.urls.moves, "POST", this.csrf, { move });
      this.render();
      await this.waitForReply();
    } catch (error) {
      this.showError(error);
    } finally {
      this.busy = false;
      this.render();
    }
  }

  private async waitForReply(): Promise<void> {
    const since = Date.now();
    for (let i = 0; i < 60 && this.attempt?.status === "thinking"; i++) {
      const url = `${this.attempt.urls.self}?wait=${this.attempt.version}&timeout=20`;
      const next = await call<AttemptJSON>(url, "GET", this.csrf);
      const last = next.moves[next.moves.length - 1];
      if (last?.by === "solver" && next.status !== "thinking") {
        // Let the player's own move show a moment before the solver's reply appears.
        const wait = REPLY_DELAY_MS - (Date.now() - since);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      this.attempt = next;
      this.render();
    }
  }

  private async giveUp(): Promise<void> {
    if (!this.attempt || this.busy) return;
    this.error = null;
    this.busy = true;
    try {
      this.attempt = await call<AttemptJSON>(this.attempt.urls.give_up, "POST", this.csrf);
    } catch (error) {
      this.showError(error);
    } finally {
      this.busy = false;
      this.render();
    }
  }

  private async retry(): Promise<void> {
    if (this.busy) return;
    this.error = null;
    this.busy = true;
    try {
      this.attempt = await call<AttemptJSON>(this.puzzle.urls.attempts, "POST", this.csrf);
    } catch (error) {
      this.showError(error);
    } finally {
      this.busy = false;
      this.render();
    }
  }

  private finished(): boolean {
    return this.attempt?.status === "solved" || this.attempt?.status === "failed";
  }

  private showError(error: unknown): void {
    this.error = error instanceof Error ? error.message : t("Something went wrong.");
  }

  private render(): void {
    const a = this.attempt;
    const marks: Record<string, Grade> = {};
    if (a) {
      const last = a.moves[a.moves.length - 1];
      if (last?.grade) marks[last.move] = last.grade;
    }
    this.board.set({
      position: a ? a.board : this.puzzle.board,
      lastMove: a?.last_move ?? null,
      marks,
      interactive: !this.busy && (!a || a.status === "your-move"),
    });
    this.renderStatus();
    this.renderActions();
    this.renderMoves();
    this.renderSolution();
  }

  private renderStatus(): void {
    const a = this.attempt;
    let cls = "puzzle-feedback";
    let text: string;
    if (!a) {
      text =
        this.puzzle.kind === "win"
          ? t("Your move: find the only winning move.")
          : t("Your move: every move wins; find the one that wins the most.");
    } else if (a.status === "thinking") {
      cls += " thinking";
      text = t("Checking your move; the solver is replying…");
    } else if (a.status === "your-move") {
      cls += a.feedback === "correct" ? " correct" : "";
      text = a.feedback === "correct" ? t("Correct! The solver replied %(move)s. Your move.", { move: a.last_move ?? "" }) : t("Your move.");
    } else if (a.status === "solved") {
      cls += " correct";
      text = t("Solved! Well played.");
    } else if (a.gave_up) {
      cls += " incorrect";
      text = t("You gave up: here is the solution.");
    } else {
      cls += " incorrect";
      const last = [...a.moves].reverse().find((m) => m.by === "player");
      text = t("Incorrect: %(move)s loses value. Here is the solution.", { move: last?.move ?? "" });
    }
    if (a?.rating) {
      text += " " + t("Rating %(before)s → %(after)s (%(change)s).", {
        before: a.rating.before,
        after: a.rating.after,
        change: signed(a.rating.change),
      });
    } else if (a && this.finished() && !a.rated) {
      text += " " + t("(Unrated: not your first attempt.)");
    }
    if (this.error) {
      cls = "puzzle-feedback incorrect";
      text = this.error;
    }
    this.status.className = cls;
    this.status.textContent = text;
  }

  private button(label: string, action: () => void): HTMLButtonElement {
    const b = el("button", undefined, label);
    b.type = "button";
    b.addEventListener("click", action);
    return b;
  }

  private renderActions(): void {
    this.actions.replaceChildren();
    const a = this.attempt;
    if (a && (a.status === "your-move" || a.status === "thinking")) {
      this.actions.append(this.button(t("Give up"), () => void this.giveUp()));
    }
    if (a && this.finished()) {
      this.actions.append(this.button(t("Try again"), () => void this.retry()));
      const next = this.root.dataset.nextUrl;
      if (next) {
        const link = el("a", "button", t("Next puzzle"));
        link.href = next;
        this.actions.append(link);
      }
    }
  }

  private renderMoves(): void {
    this.movesList.replaceChildren();
    for (const m of this.attempt?.moves ?? []) {
      const item = el("li", `by-${m.by}` + (m.correct === true ? " correct" : m.correct === false ? " incorrect" : ""));
      const who = m.by === "player" ? t("You") : t("Solver");
      let text = `${who}: ${m.move}`;
      if (m.by === "player" && m.correct !== null) text += m.correct ? " ✓" : " ✗";
      if (m.grade && m.by === "player") text += ` (${gradeLabel(m.grade)})`;
      if (m.best_moves && m.correct === false) text += " · " + t("best: %(moves)s", { moves: m.best_moves.join(", ") });
      item.textContent = text;
      this.movesList.append(item);
    }
  }

  private renderSolution(): void {
    const s = this.attempt?.solution;
    this.solutionBox.hidden = !s;
    this.solutionBox.replaceChildren();
    if (!s) return;
    this.solutionBox.append(el("h3", undefined, t("Solution")));
    this.solutionBox.append(
      el("p", undefined, tn("With perfect play you win %(count)s point.", "With perfect play you win %(count)s points.", s.value)),
    );
    const line = el("ol", "solution-line");
    for (const m of s.line) {
      const who = m.by === "solver-side" ? t("You") : t("Solver");
      const item = el("li", m.key ? "key" : "reply", `${who}: ${m.move} (${signed(m.value)})`);
      line.append(item);
    }
    this.solutionBox.append(line);
    const show = this.button(t("Show the position after the solution"), () => {
      const lastMove = s.line.length ? s.line[s.line.length - 1].move : null;
      this.board.set({ position: s.board_after, lastMove, marks: {}, interactive: false });
    });
    show.classList.add("show-solution");
    this.solutionBox.append(show);
    const explore = el("a", "open-analysis", t("Open in analysis"));
    explore.href = `/analysis/?position=${encodeURIComponent(this.puzzle.position)}`;
    this.solutionBox.append(" ", explore);
    const first = el("p", "first-moves", t("Every first move:") + " ");
    first.append(
      s.first_moves.map((m) => `${m.move} ${signed(m.value)} (${gradeLabel(m.grade)})`).join(", "),
    );
    this.solutionBox.append(first);
    if (s.themes.length) {
      const themes = el("ul", "themes");
      for (const theme of s.themes) {
        const item = el("li");
        item.append(el("strong", "theme", theme.label), ` ${theme.description}`);
        themes.append(item);
      }
      this.solutionBox.append(el("h4", undefined, t("Themes")), themes);
    }
  }
}

function main(): void {
  const root = document.getElementById("puzzle-root");
  if (!root) return;
  const puzzle = readJSON<PuzzleJSON>(root.dataset.puzzleStateId);
  if (!puzzle) return;
  const page = new PuzzlePage(root, puzzle, readJSON<AttemptJSON>(root.dataset.attemptStateId));
  // For tests and the curious: the page's state (nothing the API did not send).
  (window as unknown as { puzzlePage: PuzzlePage }).puzzlePage = page;
}

if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
  else main();
}
