/**
 * The streak and timed run page.
 *
 * The server judges the run: it keeps the clock, the penalties and the puzzle
 * under way, and refuses a move once the clock has run out.  This page only
 * shows it: the run's JSON (``#run-state``: the puzzle under way without its
 * answer, the score, the seconds left by the server's clock), the board, a
 * clock counting down from the server's figure, and the result once the run is
 * over (every puzzle with its solution, which the server sends only then).
 * When a wrong move ends the run, the board stays on that puzzle, after the
 * move, with a button to see the position after the solution.
 *
 * A move is posted to the run; while the solver grades it and replies the
 * puzzle's attempt is long-polled; when the puzzle ends, the run is read again
 * for the next one (or the result).
 */
import type { Board } from "../board";
import { button, el } from "../shared/dom";
import { moveLabel, playerNames, signed } from "../shared/format";
import { csrfToken, errorMessage, request } from "../shared/http";
import { t, tn } from "../shared/i18n";
import { longPoll, sleep } from "../shared/poll";
import { analysisLink, PuzzleShell, type Tone } from "../shared/puzzle-shell";
import type { Grade } from "../shared/vocabulary";
import type { AttemptJSON } from "./puzzle-page";

interface RunPuzzle {
  index: number;
  puzzle: number;
  attempt: number;
  rating: number;
  side: "A" | "B";
  result: "solved" | "failed" | "skipped" | "unfinished";
  played: string[];
  solution: {
    line: { move: string; by: "solver-side" | "defender"; value: number; key: boolean }[];
    value: number;
  } | null;
  urls: { page: string; puzzle: string };
}

export interface RunJSON {
  id: number;
  mode: "streak" | "timed";
  status: "active" | "over";
  end_reason: "wrong-move" | "time" | "stopped" | "exhausted" | null;
  score: number;
  mistakes: number;
  skips_left: number;
  duration: number | null;
  penalty_seconds: number;
  penalty_per_mistake: number | null;
  time_left: number | null;
  best: number;
  best_before: number;
  new_best: boolean;
  attempt: (AttemptJSON & { position: string; puzzle: { id: number; rating: number; kind: "win" | "most" } }) | null;
  /** The attempt of the puzzle whose wrong move ended the run, with its solution. */
  ended_by?: (AttemptJSON & { start: string }) | null;
  puzzles: RunPuzzle[];
  urls: { self: string; moves: string; stop: string; skip: string; start: string; page: string; mode_page: string };
}

/** How long "Correct!" or "Wrong move" stays up after a puzzle ends, in milliseconds. */
const FLASH_MS = 1200;

/** "2:05" for 125 seconds. */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

export class RunPage {
  run: RunJSON;
  private readonly board: Board;
  private busy = false;
  private error: string | null = null;
  private flash: { text: string; good: boolean } | null = null;
  private flashTimer: number | undefined;
  // The clock: the local time at which the server's clock reads zero.
  private endsAt: number | null = null;
  private ticker: number | undefined;
  private readonly header = el("div", "run-header");
  private readonly scoreBox = el("span", "run-score-now");
  private readonly clockBox = el("span", "run-clock");
  private readonly bestBox = el("span", "run-best-now");
  private readonly boardNote = el("p", "run-board-note");
  private readonly strip = el("ol", "run-strip");
  private readonly result = el("section", "run-result");
  private readonly shell: PuzzleShell;

  constructor(private readonly root: HTMLElement, run: RunJSON) {
    this.run = run;
    this.clockBox.setAttribute("role", "timer");
    this.header.append(this.scoreBox, this.clockBox, this.bestBox);
    this.shell = new PuzzleShell(root, {
      head: [this.header],
      statusAttrs: { "aria-live": "polite" },
      aboveBoard: [this.boardNote],
      moves: false,
      tail: [this.strip, this.result],
    });
    this.board = this.shell.setUp(
      { position: run.attempt ? run.attempt.board : null, side: run.attempt?.side ?? "A" },
      (move) => void this.play(move),
    );
    this.take(run);
    if (run.attempt?.status === "thinking") void this.waitForGrade();
  }

  private csrf(): string | null {
    return csrfToken(this.root);
  }

  /** Takes a new state of the run from the server: the clock restarts from its figure. */
  private take(run: RunJSON): void {
    const before = this.run;
    this.run = run;
    if (run.mode === "timed" && run.status === "active" && run.time_left !== null) {
      this.endsAt = performance.now() + run.time_left * 1000;
      if (this.ticker === undefined) this.ticker = window.setInterval(() => this.tick(), 200);
    } else {
      this.stopClock();
    }
    if (before.id === run.id && before.puzzles.length) {
      // The puzzle that was under way has ended: say how.
      const ended = run.puzzles[before.puzzles.length - 1];
      const was = before.puzzles[before.puzzles.length - 1];
      if (ended && was.result === "unfinished" && ended.result !== "unfinished") {
        this.showFlash(ended.result === "solved");
      }
    }
    this.render();
  }

  private stopClock(): void {
    if (this.ticker !== undefined) window.clearInterval(this.ticker);
    this.ticker = undefined;
    this.endsAt = null;
  }

  private secondsLeft(): number | null {
    if (this.run.mode !== "timed") return null;
    if (this.endsAt === null) return this.run.time_left ?? 0;
    return Math.max(0, (this.endsAt - performance.now()) / 1000);
  }

  /** Each tick redraws the clock; at zero the server is asked how the run stands. */
  private tick(): void {
    const left = this.secondsLeft();
    this.renderHeader();
    if (left !== null && left <= 0 && !this.busy) {
      this.stopClock();
      void this.refreshUntilOver();
    }
  }

  /** The clock read zero here: read the run until the server says it is over (it judges the time). */
  private async refreshUntilOver(): Promise<void> {
    for (let i = 0; i < 30; i++) {
      try {
        const { data } = await request<RunJSON>(this.run.urls.self);
        this.take(data);
        if (data.status === "over" || (data.time_left ?? 0) > 0.5) return;
      } catch (error) {
        this.error = errorMessage(error);
        this.render();
      }
      await sleep(1000);
    }
  }

  private showFlash(good: boolean): void {
    let text: string;
    if (good) text = t("Correct!");
    else if (this.run.mode === "timed" && this.run.penalty_per_mistake)
      text = t("Wrong move: %(seconds)s seconds off the clock.", { seconds: this.run.penalty_per_mistake });
    else text = t("Wrong move.");
    this.flash = { text, good };
    window.clearTimeout(this.flashTimer);
    this.flashTimer = window.setTimeout(() => {
      this.flash = null;
      this.renderStatus();
    }, FLASH_MS);
  }

  private async play(move: string): Promise<void> {
    const attempt = this.run.attempt;
    if (this.busy || !attempt || attempt.status !== "your-move") return;
    this.busy = true;
    this.error = null;
    this.board.set({ interactive: false });
    try {
      const { data } = await request<RunJSON>(this.run.urls.moves, {
        method: "POST",
        body: { move, ply: attempt.moves.length, attempt: attempt.id },
        csrfToken: this.csrf(),
      });
      this.take(data);
      await this.waitForGrade();
    } catch (error) {
      this.error = errorMessage(error);
      // The server may have closed the run (the clock ran out): read it again.
      try {
        this.take((await request<RunJSON>(this.run.urls.self)).data);
      } catch {
        /* the error above is shown */
      }
    } finally {
      this.busy = false;
      this.render();
    }
  }

  /** While the puzzle's move is graded: long-poll its attempt, then read the run again if the puzzle ended. */
  private async waitForGrade(): Promise<void> {
    const first = this.run.attempt;
    if (!first || first.status !== "thinking") return;
    let attempt: AttemptJSON = first;
    await longPoll<AttemptJSON>({
      url: () => first.urls.self,
      state: () => attempt,
      version: (a) => a.version,
      more: (a) => a.status === "thinking",
      take: (next) => {
        attempt = next;
      },
      timeoutSeconds: 20,
      rounds: 60,
    });
    const { data } = await request<RunJSON>(this.run.urls.self);
    this.take(data);
  }

  private stop(): Promise<void> {
    return this.post(this.run.urls.stop);
  }

  /** Skips the streak's puzzle under way (once per streak). */
  private skip(): Promise<void> {
    return this.post(this.run.urls.skip, { clearError: true });
  }

  /** Posts one of the run's buttons (stop, skip) and takes the run the server answers with; a refusal is shown. */
  private async post(url: string, { clearError = false } = {}): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    if (clearError) this.error = null;
    try {
      this.take((await request<RunJSON>(url, { method: "POST", csrfToken: this.csrf() })).data);
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.busy = false;
      this.render();
    }
  }

  private async again(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const { data } = await request<RunJSON>(this.run.urls.start, {
        method: "POST",
        body: { mode: this.run.mode },
        csrfToken: this.csrf(),
      });
      window.location.assign(data.urls.page);
    } catch (error) {
      this.error = errorMessage(error);
      this.busy = false;
      this.render();
    }
  }

  private render(): void {
    const a = this.run.attempt;
    const over = this.run.status === "over";
    const ended = over ? (this.run.ended_by ?? null) : null;
    this.shell.boardEl.hidden = over ? !ended : !a;
    if (ended) this.showEndedBy(ended);
    else this.boardNote.hidden = true;
    if (a && !over) {
      this.board.set({
        position: a.board,
        orientation: a.side,
        names: playerNames(a.side),
        you: a.side,
        lastMove: a.last_move,
        marks: {},
        interactive: !this.busy && a.status === "your-move",
      });
    }
    this.renderHeader();
    this.renderStatus();
    this.renderActions();
    this.renderStrip();
    this.renderResult();
  }

  /**
   * The puzzle whose wrong move ended the run, as a failed puzzle shows it:
   * the position after the move (nobody to move), the move's grade on it, and
   * the position after the solution at a click.
   */
  private showEndedBy(ended: NonNullable<RunJSON["ended_by"]>): void {
    const last = ended.moves[ended.moves.length - 1];
    const marks: Record<string, Grade> = last?.grade ? { [last.move]: last.grade } : {};
    this.board.set({
      position: { ...ended.board, legal_moves: [] },
      orientation: ended.side,
      names: playerNames(ended.side),
      you: ended.side,
      lastMove: ended.last_move,
      marks,
      interactive: false,
    });
    this.boardNote.hidden = false;
    this.boardNote.replaceChildren(
      t("The puzzle that ended the run (puzzle %(number)s), after your move:", { number: this.run.puzzles.length }) + " ",
    );
    if (ended.solution) this.boardNote.append(this.shell.solutionButton(ended.solution), " ", analysisLink(ended.start));
  }

  private renderHeader(): void {
    const r = this.run;
    this.scoreBox.textContent = t("Solved: %(count)s", { count: r.score });
    this.bestBox.textContent = t("Best: %(best)s", { best: Math.max(r.best, r.score) });
    const left = this.secondsLeft();
    this.clockBox.hidden = left === null;
    if (left !== null) {
      this.clockBox.textContent = clockText(left);
      this.clockBox.classList.toggle("low", left < 20);
    }
  }

  private renderStatus(): void {
    const r = this.run;
    const a = r.attempt;
    let tone: Tone = "";
    let text = "";
    if (this.error) {
      tone = "incorrect";
      text = this.error;
    } else if (r.status === "over") {
      tone = r.end_reason === "wrong-move" ? "incorrect" : "";
      text = t("The run is over.");
    } else if (this.flash) {
      tone = this.flash.good ? "correct" : "incorrect";
      text = this.flash.text;
    } else if (a?.status === "thinking") {
      tone = "thinking";
      text = t("Checking your move…");
    } else if (a?.feedback === "correct") {
      tone = "correct";
      text = t("Correct! The solver replied %(move)s. Your move.", { move: a.last_move ?? "" });
    } else if (a) {
      text =
        a.puzzle.kind === "most"
          ? t("Puzzle %(number)s (rating %(rating)s): every move wins; find the one that wins the most.", {
              number: r.puzzles.length,
              rating: a.puzzle.rating,
            })
          : t("Puzzle %(number)s (rating %(rating)s): find the only winning move.", {
              number: r.puzzles.length,
              rating: a.puzzle.rating,
            });
    }
    this.shell.say(text, tone);
  }

  private renderActions(): void {
    if (this.run.status === "active") {
      const skip = this.run.skips_left > 0 && this.run.attempt?.status === "your-move";
      this.shell.setActions(
        ...(skip ? [button(t("Skip this puzzle"), () => void this.skip(), { class: "run-skip" })] : []),
        button(t("Stop the run"), () => void this.stop(), { class: "run-stop" }),
      );
    } else {
      const back = el("a", "button", t("Back"));
      back.href = this.run.urls.mode_page;
      this.shell.setActions(button(t("Play again"), () => void this.again(), { class: "run-again" }), back);
    }
  }

  /** One mark per puzzle so far: solved, failed, under way. */
  private renderStrip(): void {
    this.strip.replaceChildren();
    for (const p of this.run.puzzles) {
      const mark = { solved: "✓", failed: "✗", skipped: "↷", unfinished: "…" }[p.result];
      const item = el("li", `run-mark result-${p.result}`, `${mark} ${p.rating}`);
      item.title = this.resultLabel(p.result, t("under way"));
      this.strip.append(item);
    }
  }

  private resultLabel(result: RunPuzzle["result"], unfinished: string): string {
    if (result === "solved") return t("solved");
    if (result === "failed") return t("failed");
    if (result === "skipped") return t("skipped");
    return unfinished;
  }

  private renderResult(): void {
    const r = this.run;
    this.result.hidden = r.status !== "over";
    this.result.replaceChildren();
    if (r.status !== "over") return;
    this.result.append(el("h2", undefined, t("Result")));
    const reasons: Record<string, string> = {
      "wrong-move": t("A wrong move ended the run."),
      time: t("Time is up."),
      exhausted: t("You have solved every puzzle there is for now."),
      stopped: t("You stopped the run."),
    };
    const summary = el("p", "run-end", reasons[r.end_reason ?? "stopped"] + " ");
    summary.append(
      tn("%(count)s puzzle solved.", "%(count)s puzzles solved.", r.score, { count: r.score }) + " ",
    );
    if (r.new_best) summary.append(el("strong", "new-best", t("A new personal best!")));
    else summary.append(t("Your best: %(best)s", { best: r.best }));
    this.result.append(summary);
    const list = el("ol", "run-puzzles");
    for (const p of r.puzzles) {
      const item = el("li", `run-puzzle result-${p.result}`);
      const link = el("a", undefined, t("Puzzle %(number)s (rating %(rating)s)", { number: p.index, rating: p.rating }));
      link.href = p.urls.puzzle;
      const how = this.resultLabel(p.result, t("not finished"));
      item.append(link, `: ${how}`);
      if (p.played.length) item.append(" · " + t("you played %(moves)s", { moves: p.played.map(moveLabel).join(", ") }));
      if (p.solution) {
        // The solving side's moves, the solver's replies in brackets.
        const line = p.solution.line.map((m) => (m.key ? moveLabel(m.move) : `(${moveLabel(m.move)})`)).join(" ");
        item.append(" · ", el("span", "solution-line", t("Solution: %(line)s", { line })));
        item.append(" " + t("(value %(value)s)", { value: signed(p.solution.value) }));
      }
      list.append(item);
    }
    this.result.append(list);
    // The note on brackets only where some line has the solver's replies in brackets.
    if (r.puzzles.some((p) => p.solution?.line.some((m) => !m.key))) {
      this.result.append(el("p", "note", t("In brackets: the solver's replies.")));
    }
  }
}
