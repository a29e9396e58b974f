/**
 * Vite entry ``offline``: the offline puzzle page (``/puzzles/offline/``).
 *
 * The puzzles come from the browser's storage (``store.ts``; fetched by
 * ``sync.ts`` when online), are played on the board and graded here from
 * their keys (``grade.ts``), never rated.  A finished puzzle's result is
 * queued in IndexedDB and sent when the browser is online.
 */
import { button, el } from "../shared/dom";
import { moveLabel } from "../shared/format";
import { t, tn } from "../shared/i18n";
import { sleep } from "../shared/poll";
import { outcomeText, PuzzleShell, puzzlePrompt, REPLY_DELAY_MS } from "../shared/puzzle-shell";
import { giveUp, playMove, solutionLine, startAttempt, type LocalAttempt, type OfflinePack, type OfflinePuzzle } from "./grade";
import { enqueue, newResultId, pendingPuzzles } from "./queue";
import * as store from "./store";
import { offlineUrls, sendResults, syncAll, type OfflineUrls } from "./sync";

export class OfflinePage {
  puzzles: OfflinePuzzle[] = [];
  attempt: LocalAttempt | null = null;
  /** How many results wait to be sent. */
  waiting = 0;
  private done = new Set<number>();
  private busy = false;
  private readonly counter = el("p", "offline-counter");
  private readonly queueLine = el("p", "offline-queue note");
  private readonly shell: PuzzleShell;

  constructor(root: HTMLElement, private readonly urls: OfflineUrls | null) {
    this.shell = new PuzzleShell(root, { head: [this.counter], tail: [this.queueLine] });
    // The service worker answered a page that needs the network with this one (``sw.ts``).
    if (document.body.hasAttribute("data-offline-fallback")) {
      const notice = el("p", "offline-elsewhere notice", t("You are offline: that page needs the network."));
      notice.setAttribute("role", "status");
      root.before(notice);
    }
    window.addEventListener("online", () => void this.send());
    window.addEventListener("offline", () => this.renderQueue());
  }

  /** Whom the page is drawn for (its results are tagged with it, and only its are sent). */
  private get owner(): string {
    return this.urls?.owner ?? "";
  }

  /** Reads the stored puzzles, then (online) sends the results and refreshes the puzzles if they are stale. */
  async load(): Promise<void> {
    if (!store.available()) {
      this.shell.say(t("This browser cannot keep puzzles for offline use."));
      return;
    }
    const stored = await store.loadPack();
    const pending = await pendingPuzzles(store.resultStore, this.owner);
    this.done = new Set([...(await store.loadDone()), ...pending]);
    this.waiting = pending.size;
    if (stored) this.take(stored.pack);
    if (!this.attempt && navigator.onLine) this.shell.say(t("Fetching your puzzles…"));
    if (this.urls && navigator.onLine) await syncAll(this.urls, 20, (pack) => this.take(pack));
    // The script of every page (pwa.ts) may have stored a pack after this page read the
    // store: syncAll then finds a fresh pack and fetches none, so it is taken from the store.
    if (this.puzzles.length === 0) {
      const latest = await store.loadPack();
      if (latest) this.take(latest.pack);
    }
    if (!this.attempt) this.next();
    if (navigator.onLine) await this.send();
  }

  /** Takes the puzzles of a pack; shows the first if none is under way. */
  private take(pack: OfflinePack): void {
    this.puzzles = pack.puzzles.filter((p) => !this.done.has(p.id));
    // A puzzle begun or finished stays on the board.
    if (!this.attempt || (this.attempt.status === "your-move" && this.attempt.moves.length === 0)) this.next();
    else this.render();
  }

  /** Shows the next puzzle not done yet. */
  next(): void {
    const puzzle = this.puzzles.find((p) => !this.done.has(p.id)) ?? null;
    this.attempt = puzzle ? startAttempt(puzzle) : null;
    this.shell.clearMoves();
    if (puzzle) this.shell.setUp({ position: puzzle.board, side: puzzle.side }, (move) => void this.play(move));
    this.shell.boardEl.hidden = puzzle === null;
    this.render();
  }

  private async play(move: string): Promise<void> {
    if (this.busy || !this.attempt || this.attempt.status !== "your-move") return;
    this.busy = true;
    try {
      const { attempt, outcome } = playMove(this.attempt, move);
      this.attempt = attempt;
      this.shell.addMove("player", moveLabel(move), outcome.correct);
      if (outcome.after) this.shell.board?.set({ position: outcome.after, lastMove: move, interactive: false });
      if (outcome.reply && outcome.replied) {
        await sleep(REPLY_DELAY_MS);
        this.shell.board?.set({ position: outcome.replied, lastMove: outcome.reply });
        this.shell.addMove("solver", moveLabel(outcome.reply), null);
      }
      this.shell.board?.set({ interactive: attempt.status === "your-move" });
      if (attempt.status !== "your-move") await this.finish();
    } finally {
      this.busy = false;
      this.render();
    }
  }

  private async giveUp(): Promise<void> {
    if (!this.attempt || this.busy) return;
    this.attempt = giveUp(this.attempt);
    this.shell.board?.set({ interactive: false });
    await this.finish();
    this.render();
  }

  /** Queues the finished puzzle's result and sends it if the browser is online. */
  private async finish(): Promise<void> {
    const a = this.attempt;
    if (!a || a.status === "your-move") return;
    this.done.add(a.puzzle.id);
    await store.saveDone([...this.done]);
    await enqueue(store.resultStore, {
      id: newResultId(), puzzle: a.puzzle.id, moves: a.moves, gave_up: a.gaveUp, status: a.status, played_at: Date.now(),
      owner: this.owner,
    });
    this.waiting += 1;
    if (navigator.onLine) await this.send();
  }

  /** Sends the queued results. */
  async send(): Promise<void> {
    if (!this.urls) return;
    await sendResults(this.urls);
    this.waiting = (await pendingPuzzles(store.resultStore, this.owner)).size;
    this.renderQueue();
  }

  private render(): void {
    const left = this.puzzles.filter((p) => !this.done.has(p.id)).length;
    this.counter.textContent = tn("%(count)s puzzle kept for offline solving.", "%(count)s puzzles kept for offline solving.", left);
    const a = this.attempt;
    if (!a) {
      this.shell.setActions();
      this.shell.say(navigator.onLine
        ? t("No puzzle is kept yet: the site is preparing them. Come back in a minute.")
        : t("No puzzle is kept in this browser: open this page once while online."));
    } else if (a.status === "your-move") {
      this.shell.say(a.moves.length > 0 ? t("Correct! Your move.") : puzzlePrompt(a.puzzle.kind));
      this.shell.setActions(button(t("Give up and view the solution"), () => void this.giveUp()));
    } else {
      const solved = a.status === "solved";
      const text = outcomeText(solved, a.gaveUp, t("Incorrect: that move loses value. Here is the solution."));
      this.shell.say(text + " " + t("(Unrated: solved offline.)"), solved ? "solved" : "failed");
      const parts: HTMLElement[] = [];
      if (a.status === "failed") {
        const line = solutionLine(a.puzzle).map((s) => moveLabel(s.move) + (s.reply ? ` (${moveLabel(s.reply)})` : ""));
        parts.push(el("p", "solution-line", `${t("Solution")}: ${line.join(", ")}`));
      }
      this.shell.setActions(...parts, button(t("Next puzzle"), () => this.next()));
    }
    this.renderQueue();
  }

  private renderQueue(): void {
    this.queueLine.textContent = this.waiting === 0
      ? t("Every result is sent.")
      : navigator.onLine
        ? tn("%(count)s result is being sent.", "%(count)s results are being sent.", this.waiting)
        : tn("%(count)s result will be sent when you are online.", "%(count)s results will be sent when you are online.", this.waiting);
  }
}

function main(): void {
  const root = document.getElementById("offline-root");
  if (!root) return;
  const page = new OfflinePage(root, offlineUrls());
  // For tests and the curious: the page's state.
  (window as unknown as { offlinePage: OfflinePage; offlineLoaded: Promise<void> }).offlinePage = page;
  (window as unknown as { offlineLoaded: Promise<void> }).offlineLoaded = page.load();
}

if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
  else main();
}
