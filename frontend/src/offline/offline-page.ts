/**
 * Vite entry ``offline``: the offline puzzle page (``/puzzles/offline/``).
 *
 * The puzzles come from the browser's storage (``store.ts``; fetched by
 * ``sync.ts`` when online), are played on the board and graded here from
 * their keys (``grade.ts``), never rated.  A finished puzzle's result is
 * queued in IndexedDB and sent when the browser is online.
 */
import { Board } from "../board";
import { button, el, hideFallback } from "../shared/dom";
import { moveLabel, playerNames } from "../shared/format";
import { t, tn } from "../shared/i18n";
import { sleep } from "../shared/poll";
import { giveUp, playMove, solutionLine, startAttempt, type LocalAttempt, type OfflinePack, type OfflinePuzzle } from "./grade";
import { enqueue, newResultId, pendingPuzzles } from "./queue";
import * as store from "./store";
import { offlineUrls, sendResults, syncAll, type OfflineUrls } from "./sync";

/** The shortest time between the player's move and the defender's reply on the board. */
const REPLY_DELAY_MS = 450;

export class OfflinePage {
  puzzles: OfflinePuzzle[] = [];
  attempt: LocalAttempt | null = null;
  /** How many results wait to be sent. */
  waiting = 0;
  private done = new Set<number>();
  private board: Board | null = null;
  private busy = false;
  private readonly counter = el("p", "offline-counter");
  private readonly status = el("p", "puzzle-feedback");
  private readonly boardEl = el("div", "puzzle-board");
  private readonly actions = el("div", "puzzle-actions");
  private readonly movesList = el("ol", "puzzle-moves");
  private readonly queueLine = el("p", "offline-queue note");

  constructor(root: HTMLElement, private readonly urls: OfflineUrls | null) {
    hideFallback(root);
    // The service worker answered a page that needs the network with this one (``sw.ts``).
    if (document.body.hasAttribute("data-offline-fallback")) {
      const notice = el("p", "offline-elsewhere notice", t("You are offline: that page needs the network."));
      notice.setAttribute("role", "status");
      root.before(notice);
    }
    root.append(this.counter, this.status, this.boardEl, this.actions, this.movesList, this.queueLine);
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
      this.status.textContent = t("This browser cannot keep puzzles for offline use.");
      return;
    }
    const stored = await store.loadPack();
    const pending = await pendingPuzzles(store.resultStore, this.owner);
    this.done = new Set([...(await store.loadDone()), ...pending]);
    this.waiting = pending.size;
    if (stored) this.take(stored.pack);
    if (!this.attempt && navigator.onLine) this.status.textContent = t("Fetching your puzzles…");
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
    this.movesList.replaceChildren();
    if (puzzle) {
      if (!this.board) {
        this.board = new Board(this.boardEl, {
          position: puzzle.board, orientation: puzzle.side, interactive: true,
          names: playerNames(puzzle.side), you: puzzle.side,
        });
        this.board.on("move", (move) => void this.play(move));
      } else {
        this.board.set({
          position: puzzle.board, orientation: puzzle.side, interactive: true, lastMove: null,
          names: playerNames(puzzle.side), you: puzzle.side,
        });
      }
    }
    this.boardEl.hidden = puzzle === null;
    this.render();
  }

  private async play(move: string): Promise<void> {
    if (this.busy || !this.attempt || this.attempt.status !== "your-move") return;
    this.busy = true;
    try {
      const { attempt, outcome } = playMove(this.attempt, move);
      this.attempt = attempt;
      this.movesList.append(el("li", outcome.correct ? "by-player correct" : "by-player incorrect",
        `${t("You")}: ${moveLabel(move)} ${outcome.correct ? "✓" : "✗"}`));
      if (outcome.after) this.board?.set({ position: outcome.after, lastMove: move, interactive: false });
      if (outcome.reply && outcome.replied) {
        await sleep(REPLY_DELAY_MS);
        this.board?.set({ position: outcome.replied, lastMove: outcome.reply });
        this.movesList.append(el("li", "by-solver", `${t("Solver")}: ${moveLabel(outcome.reply)}`));
      }
      this.board?.set({ interactive: attempt.status === "your-move" });
      if (attempt.status !== "your-move") await this.finish();
    } finally {
      this.busy = false;
      this.render();
    }
  }

  private async giveUp(): Promise<void> {
    if (!this.attempt || this.busy) return;
    this.attempt = giveUp(this.attempt);
    this.board?.set({ interactive: false });
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
    this.actions.replaceChildren();
    const a = this.attempt;
    this.status.className = "puzzle-feedback";
    if (!a) {
      this.status.textContent = navigator.onLine
        ? t("No puzzle is kept yet: the site is preparing them. Come back in a minute.")
        : t("No puzzle is kept in this browser: open this page once while online.");
    } else if (a.status === "your-move") {
      const found = a.moves.length > 0;
      this.status.textContent = found
        ? t("Correct! Your move.")
        : a.puzzle.kind === "win"
          ? t("Your move: find the only winning move.")
          : t("Your move: every move wins; find the one that wins the most.");
      this.actions.append(button(t("Give up and view the solution"), () => void this.giveUp()));
    } else {
      this.status.classList.add(a.status === "solved" ? "solved" : "failed");
      this.status.textContent = a.status === "solved"
        ? t("Solved! Well played.")
        : a.gaveUp ? t("You gave up: here is the solution.") : t("Incorrect: that move loses value. Here is the solution.");
      this.status.textContent += " " + t("(Unrated: solved offline.)");
      if (a.status === "failed") {
        const line = solutionLine(a.puzzle).map((s) => moveLabel(s.move) + (s.reply ? ` (${moveLabel(s.reply)})` : ""));
        this.actions.append(el("p", "solution-line", `${t("Solution")}: ${line.join(", ")}`));
      }
      this.actions.append(button(t("Next puzzle"), () => this.next()));
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
