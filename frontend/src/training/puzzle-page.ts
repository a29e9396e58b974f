/**
 * The puzzle page: the daily puzzle, training, one puzzle.
 *
 * The template's ``#puzzle-root`` carries the puzzle's JSON (no answer in it),
 * the attempt's JSON when one is under way, the API URL that starts an
 * attempt and the CSRF token.  The attempt starts with the first move (so a
 * visit alone starts nothing); each move is posted, then the attempt is
 * long-polled while the solver replies (``?wait=<version>``).  Feedback after
 * each move, the solver's reply highlighted, and the annotated solution once
 * the puzzle is solved, failed or given up.
 */
import type { Board, PositionJSON } from "../board";
import { button, el } from "../shared/dom";
import { gradeLabel, moveLabel, signed } from "../shared/format";
import { csrfToken, errorMessage, request } from "../shared/http";
import { fill, t, tn, type Params } from "../shared/i18n";
import { longPoll, sleep } from "../shared/poll";
import { analysisLink, outcomeText, PuzzleShell, puzzlePrompt, REPLY_DELAY_MS, type Tone } from "../shared/puzzle-shell";
import type { AttemptStatus, Grade, Side } from "../shared/vocabulary";

export interface PuzzleJSON {
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

export interface AttemptJSON {
  id: number;
  status: AttemptStatus;
  gave_up: boolean;
  rated: boolean;
  unrated_because: "analysed" | "skipped" | "offline" | "offline-key" | null;
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

export class PuzzlePage {
  attempt: AttemptJSON | null;
  private board: Board;
  private busy = false;
  private ratingShown: number | null = null;
  private error: string | null = null;
  private readonly solutionBox = el("section", "solution");
  private readonly shell: PuzzleShell;

  constructor(
    private readonly root: HTMLElement,
    private readonly puzzle: PuzzleJSON,
    attempt: AttemptJSON | null,
  ) {
    this.attempt = attempt;
    // An attempt that was over when the page was served (today's puzzle on
    // the home page, solved yesterday's way) is in the page's rating already:
    // its rating change is not applied again, as later rated attempts have
    // moved the rating on since.
    if (attempt?.rating) this.ratingShown = attempt.id;
    this.shell = new PuzzleShell(root, { tail: [this.solutionBox] });
    this.solutionBox.hidden = true;
    this.board = this.shell.setUp(
      { position: attempt ? attempt.board : puzzle.board, side: puzzle.side },
      (move) => void this.play(move),
    );
    this.render();
    if (attempt?.status === "thinking") void this.waitForReply();
  }

  /** Posts to one of the attempt's URLs (most need no body: the URL says what to do) and returns the attempt. */
  private async post(url: string, body?: unknown): Promise<AttemptJSON> {
    return (await request<AttemptJSON>(url, { method: "POST", body, csrfToken: csrfToken(this.root) })).data;
  }

  /** Plays ``move``: starts an attempt first if none is under way, then waits for the solver's reply. */
  private async play(move: string): Promise<void> {
    await this.act(async () => {
      this.board.set({ interactive: false });
      if (!this.attempt || this.finished()) {
        this.attempt = await this.post(this.root.dataset.apiStart ?? this.puzzle.urls.attempts);
      }
      this.attempt = await this.post(this.attempt.urls.moves, { move, ply: this.attempt.moves.length });
      this.render();
      await this.waitForReply();
      return this.attempt;
    });
  }

  /** Long-polls the attempt while the solver replies (at most 60 answers). */
  private async waitForReply(): Promise<void> {
    if (!this.attempt) return;
    const since = Date.now();
    await longPoll<AttemptJSON>({
      url: () => this.attempt!.urls.self,
      state: () => this.attempt!,
      version: (attempt) => attempt.version,
      more: (attempt) => attempt.status === "thinking",
      take: async (next) => {
        const last = next.moves[next.moves.length - 1];
        if (last?.by === "solver" && next.status !== "thinking") {
          // Let the player's own move show a moment before the solver's reply appears.
          const wait = REPLY_DELAY_MS - (Date.now() - since);
          if (wait > 0) await sleep(wait);
        }
        this.attempt = next;
        this.render();
      },
      timeoutSeconds: 20,
      rounds: 60,
    });
  }

  /** Runs ``action`` (a request that answers with the attempt) unless one is under way; shows its error. */
  private async act(action: () => Promise<AttemptJSON>): Promise<void> {
    if (this.busy) return;
    this.error = null;
    this.busy = true;
    try {
      this.attempt = await action();
    } catch (error) {
      this.showError(error);
    } finally {
      this.busy = false;
      this.render();
    }
  }

  private async giveUp(): Promise<void> {
    if (!this.attempt) return;
    const url = this.attempt.urls.give_up;
    await this.act(() => this.post(url));
  }

  /** Gives up before any move: starts the attempt, then gives it up, to see the solution. */
  private async giveUpUnstarted(): Promise<void> {
    await this.act(async () => {
      const started = await this.post(this.root.dataset.apiStart ?? this.puzzle.urls.attempts);
      this.attempt = started;
      return this.post(started.urls.give_up);
    });
  }

  /**
   * After a rated attempt, the page's "your rating" texts show the new rating
   * (and one more rated attempt).  Each text carries its translated sentence
   * with ``%(rating)s`` and ``%(count)s`` placeholders in ``data-text``, as
   * the numbers sit anywhere in a translation (Polish and Romanian put the
   * count after a label, not in brackets after the number).
   */
  private updateRatings(): void {
    const rating = this.attempt?.rating;
    if (!rating || this.ratingShown === this.attempt?.id) return;
    this.ratingShown = this.attempt!.id;
    document.querySelectorAll<HTMLElement>(".player-rating[data-rating]").forEach((span) => {
      const params: Params = { rating: rating.after };
      const count = span.dataset.ratedCount;
      if (count !== undefined && count !== "") {
        params.count = Number(count) + 1;
        span.dataset.ratedCount = String(params.count);
      }
      span.dataset.rating = String(rating.after);
      if (span.dataset.text) span.textContent = fill(span.dataset.text, params);
    });
  }

  private async retry(): Promise<void> {
    await this.act(() => this.post(this.puzzle.urls.attempts));
  }

  private finished(): boolean {
    return this.attempt?.status === "solved" || this.attempt?.status === "failed";
  }

  private showError(error: unknown): void {
    this.error = errorMessage(error);
  }

  private render(): void {
    const a = this.attempt;
    const marks: Record<string, Grade> = {};
    if (a) {
      const last = a.moves[a.moves.length - 1];
      if (last?.grade) marks[last.move] = last.grade;
    }
    // An attempt that is over (or that a run's end cut short) has no side to
    // move: its position alone would still name the seat to move next.
    const ended = a !== null && (this.finished() || a.solution !== null);
    this.board.set({
      position: a ? (ended ? { ...a.board, legal_moves: [] } : a.board) : this.puzzle.board,
      lastMove: a?.last_move ?? null,
      marks,
      interactive: !this.busy && (!a || (a.status === "your-move" && a.legal_moves.length > 0)),
    });
    this.renderStatus();
    this.updateRatings();
    this.renderActions();
    this.renderMoves();
    this.renderSolution();
  }

  private renderStatus(): void {
    const a = this.attempt;
    let tone: Tone = "";
    let text: string;
    if (!a) {
      text = puzzlePrompt(this.puzzle.kind);
    } else if (a.status === "thinking") {
      tone = "thinking";
      text = t("Checking your move; the solver is replying…");
    } else if (a.status === "your-move" && a.solution) {
      // A streak's or timed run's puzzle that the end of the run cut short.
      text = t("Not finished: the run ended before this puzzle was solved.");
    } else if (a.status === "your-move") {
      tone = a.feedback === "correct" ? "correct" : "";
      text = a.feedback === "correct" ? t("Correct! The solver replied %(move)s. Your move.", { move: a.last_move ?? "" }) : t("Your move.");
    } else {
      tone = a.status === "solved" ? "correct" : "incorrect";
      const last = [...a.moves].reverse().find((m) => m.by === "player");
      text = outcomeText(a.status === "solved", a.gave_up, t("Incorrect: %(move)s loses value. Here is the solution.", { move: last?.move ?? "" }));
    }
    if (a?.rating) {
      text += " " + t("Rating %(before)s → %(after)s (%(change)s).", {
        before: a.rating.before,
        after: a.rating.after,
        change: signed(a.rating.change),
      });
    } else if (a?.unrated_because === "analysed") {
      text += " " + t("(Unrated: you analysed this position while solving it.)");
    } else if (a?.unrated_because === "offline-key") {
      text += " " + t("(Unrated: this puzzle's solutions have been given out for offline solving.)");
    } else if (a?.unrated_because === "offline") {
      text += " " + t("(Unrated: played offline.)");
    } else if (a && this.finished() && !a.rated) {
      text += " " + t("(Unrated: not your first attempt.)");
    }
    if (this.error) this.shell.say(this.error, "incorrect");
    else this.shell.say(text, tone);
  }

  private renderActions(): void {
    const a = this.attempt;
    const buttons: HTMLElement[] = [];
    if (a && !a.solution && (a.status === "your-move" || a.status === "thinking")) {
      buttons.push(button(t("Give up and view the solution"), () => void this.giveUp()));
    } else if (!a) {
      buttons.push(button(t("Give up and view the solution"), () => void this.giveUpUnstarted()));
    }
    if (a && this.finished()) {
      buttons.push(button(t("Try again"), () => void this.retry()));
      const next = this.root.dataset.nextUrl;
      if (next) {
        const link = el("a", "button", t("Next puzzle"));
        link.href = next;
        buttons.push(link);
      }
    }
    this.shell.setActions(...buttons);
  }

  private renderMoves(): void {
    this.shell.clearMoves();
    for (const m of this.attempt?.moves ?? []) {
      let more = "";
      if (m.grade && m.by === "player") more += ` (${gradeLabel(m.grade)})`;
      if (m.best_moves && m.correct === false) more += " · " + t("best: %(moves)s", { moves: m.best_moves.join(", ") });
      this.shell.addMove(m.by, m.move, m.correct, more);
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
    // Every value on this page is yours: a reply's value (for the solver) is turned round.
    this.solutionBox.append(el("p", "note", t("Values are for you, in points.")));
    const line = el("ol", "solution-line");
    for (const m of s.line) {
      const yours = m.by === "solver-side";
      const who = yours ? t("You") : t("Solver");
      const value = yours ? m.value : -m.value;
      const item = el("li", m.key ? "key" : "reply", `${who}: ${moveLabel(m.move)} (${signed(value)})`);
      item.dataset.value = String(value);
      line.append(item);
    }
    this.solutionBox.append(line);
    this.solutionBox.append(this.shell.solutionButton(s), " ", analysisLink(this.puzzle.position));
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
