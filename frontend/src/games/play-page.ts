/**
 * The play page: the board, the moves with their grades as they arrive, the
 * solver's replies, hints and the result.  The page (the ``play.html`` template)
 * gives the game's JSON and the API's URLs on ``#game-root``.
 *
 * A move chosen on the board is shown at once (optimistically, marked as
 * pending) and posted.  The game is long-polled (``GET ...?wait=<version>``)
 * for as long as it goes on, the player's own turn included: the grades and
 * the solver's replies come that way, and so does a move made in another tab
 * on the same game.
 *
 * A game between people (``people-view.ts``) is played the same way by the
 * player of the seat to move; the others wait for the move by the same long
 * poll, with the clocks above the board, and anyone else watches.
 */
import { Board, type BoardPositionJSON } from "../board";
import { hideFallback, requireJSON } from "../shared/dom";
import { ApiError, csrfToken, errorMessage, request, showError } from "../shared/http";
import { t } from "../shared/i18n";
import { longPoll, sleep } from "../shared/poll";
import { type Grade } from "../shared/vocabulary";
import { updateDealLine } from "./deal-line";
import { GameFollower } from "./game-stream";
import { playUrls, type PlayUrls } from "./play-urls";
import { gradeMarks, type GameJSON, type HintJSON, type HintResponseJSON, type MoveJSON } from "./game";
import { applyMove, following, needsWatching, nextSeat, shownBoard } from "./play-state";
import { MatchFollower } from "./match-next";
import { boardPlayers, canMove, isPeople, PeoplePanel } from "./people-view";
import { TableFeatures } from "./table-features";
import { buildPlayDom, renderHints, renderMoves, renderResult, statusText, type PlayEls } from "./play-view";
import { goOnce } from "../shared/navigation";

// The game's pure functions, for the pages that host the play widget and the tests.
export { applyMove, following, needsWatching, nextSeat, shownBoard };
export type { PlayUrls };

export interface PlayOptions {
  /** Milliseconds between two asks for a hint whose analysis is still pending. */
  hintRetryMs?: number;
  /** How many times to ask again for a pending hint. */
  hintRetries?: number;
  /** Milliseconds to wait after a failed poll before polling again. */
  pollRetryMs?: number;
  /** The long poll's timeout in seconds (the server holds the answer at most this long). */
  waitSeconds?: number;
  /** Milliseconds each of several solver moves that arrive together is shown before the next. */
  stepMs?: number;
  /** Milliseconds the "confirm resign" button waits for the second click. */
  confirmMs?: number;
  /** Where to go to a new game (a rematch); the page's location by default. */
  navigate?: (url: string) => void;
  /** Follows a game between people over this WebSocket class (``game-stream.ts``), else by long polls. */
  socket?: typeof WebSocket | null;
}

export class PlayPage {
  readonly root: HTMLElement;
  readonly board: Board;
  game: GameJSON;
  /** The move posted and not yet confirmed by the server. */
  pending: string | null = null;
  /** The ply the pending move was posted for: a game past it has answered it. */
  private pendingPly = 0;
  /** The hint level being asked for. */
  hintPending: number | null = null;
  readonly urls: PlayUrls;
  private readonly options: Required<PlayOptions>;
  private readonly csrf: string | null;
  private readonly els: PlayEls;
  private readonly people: PeoplePanel;
  /** A deal of a match between people: what comes after it (the next deal, the match's end). */
  private readonly match: MatchFollower | null;
  /** Solver moves still being shown one by one (several arrived together). */
  private stepping: ReturnType<typeof setTimeout> | null = null;
  private confirmTimer: ReturnType<typeof setTimeout> | null = null;
  private busy = false;
  private watching = false;
  private destroyed = false;
  /** Aborts the long poll under way when the page is destroyed. */
  private readonly abort = new AbortController();
  /** The grade last shown for each ply (to mark what just arrived). */
  private shownGrades = new Map<number, Grade | null>();
  private freshTimer: ReturnType<typeof setTimeout> | null = null;
  private watchDone: Promise<void> = Promise.resolve();
  /** The game's socket while the page follows it that way (``socket`` given, a game between people). */
  private follower: GameFollower | null = null;
  /** Sounds, premove, automatic pass, the opponent's presence and the claim (``table-features.ts``). */
  private readonly table = new TableFeatures({ play: (move) => void this.playMove(move), claim: (url) => this.postAndUpdate(url), refresh: () => void this.refresh() });

  constructor(root: HTMLElement, game: GameJSON, urls: PlayUrls, options: PlayOptions = {}) {
    this.root = root;
    this.game = game;
    this.urls = urls;
    this.options = {
      hintRetryMs: 400,
      hintRetries: 60,
      pollRetryMs: 1500,
      waitSeconds: 20,
      stepMs: 450,
      confirmMs: 4000,
      navigate: (url: string) => goOnce(url, root.ownerDocument),
      socket: null,
      ...options,
    };
    this.csrf = csrfToken(root);
    hideFallback(root);

    const { els, boardHost } = buildPlayDom(root, { askHint: (level) => void this.askHint(level), resign: () => void this.resign() });
    this.els = els;
    this.people = new PeoplePanel(() => void this.refresh(), () => void this.abortGame());
    this.match = urls.challenge ? new MatchFollower(urls.challenge, () => this.renderResult(), this.options.waitSeconds) : null;
    boardHost.before(this.people.box, this.table.box);
    // How to use the board (the page's one line, shown for the script): under
    // the board, so that the player's own stones come first on the screen.
    const help = root.querySelector<HTMLElement>(":scope > .board-help");
    if (help) boardHost.after(help);
    (help ?? boardHost).after(this.table.settings);
    this.board = new Board(boardHost, {
      position: game.board,
      orientation: game.human,
      interactive: false,
      movable: [game.human],
      ...boardPlayers(game),
    });
    this.board.on("move", (move) => (this.table.pickPremove(this.game, move) ? this.render() : void this.playMove(move)));
    for (const m of game.moves) this.shownGrades.set(m.ply, m.grade);
    this.render();
    // A best-move hint already taken for this move (the page was reloaded): show it again.
    const best = this.bestMoveHint();
    if (best && best !== "pass") this.board.selectStone(best.slice(0, 2));
    if (following(game)) void this.watch();
  }

  // ------------------------------------------------------------ state

  /** Takes a newer state of the game (older versions are ignored) and redraws. */
  update(game: GameJSON): void {
    // The game past the pending move's ply is the answer to it (the long
    // poll can bring it before the move's own response): the move is no
    // longer drawn as pending over the game that has it.
    if (this.pending !== null && game.moves.length > this.pendingPly) this.pending = null;
    if (game.version < this.game.version) {
      if (this.stepping === null) this.render();
      return;
    }
    const before = this.game;
    this.game = game;
    if (game.moves.length > before.moves.length) this.flashLastMove();
    const fresh = game.moves.slice(before.moves.length);
    if (this.stepping === null && fresh.length > 1 && this.options.stepMs > 0) {
      this.stepThrough(before.board, fresh, fresh.length - 1);
      return;
    }
    if (this.stepping === null) this.render();
  }

  /**
   * Shows several moves that arrived together one after the other (the
   * partner's and the opponents' replies), ``stepMs`` apart, then the game.
   */
  private stepThrough(from: BoardPositionJSON, moves: MoveJSON[], count: number): void {
    let board = from;
    let i = 0;
    const step = () => {
      if (this.destroyed) return;
      if (i >= count) {
        this.stepping = null;
        this.render();
        return;
      }
      const move = moves[i];
      const following = moves[i + 1];
      board = applyMove(board, move.move, following?.side);
      this.board.set({ position: board, interactive: false, lastMove: move.move, lastSide: move.side, ply: move.ply, marks: gradeMarks(this.game.moves) });
      this.root.dataset.status = "replaying";
      i += 1;
      this.stepping = setTimeout(step, this.options.stepMs);
    };
    this.stepping = setTimeout(step, 0);
  }

  private currentHints(): HintJSON[] {
    const ply = this.game.ply ?? this.game.moves.length;
    return (this.game.hints ?? []).filter((h) => h.ply === ply).sort((a, b) => a.level - b.level);
  }

  private bestMoveHint(): string | null {
    if (this.game.status !== "your-move") return null;
    const hint = this.currentHints().find((h) => h.level === 3);
    const move = hint?.content.move;
    return move && this.game.legal_moves.includes(move) ? move : null;
  }

  // ------------------------------------------------------------ drawing

  render(): void {
    const game = this.game;
    const moves = game.moves;
    const last: MoveJSON | undefined = moves[moves.length - 1];
    const marks: Record<string, Grade> = gradeMarks(moves);
    const best = this.bestMoveHint();
    if (best) marks[best] = "best";
    const position = this.pending !== null ? applyMove(game.board, this.pending) : shownBoard(game);
    this.board.set({
      position,
      orientation: game.human,
      interactive: canMove(game) && this.pending === null,
      movable: [game.human],
      lastMove: this.pending ?? last?.move ?? null,
      lastSide: this.pending !== null ? game.human : (last?.side ?? null),
      ply: this.pending !== null ? null : (last?.ply ?? null),
      marks,
    });
    // Resigning is for a deal still being played (the whole row goes once it is over).
    const canResign = game.status !== "over" && Boolean(this.urls.resign) && !(isPeople(game) && !game.my_seat);
    this.els.resign.hidden = !canResign;
    const actions = this.els.resign.parentElement;
    if (actions) actions.hidden = !canResign;
    // A game between people has no hints: with no resign button either (a spectator, a game over) the box is empty.
    if (actions?.parentElement) actions.parentElement.hidden = isPeople(game) && !canResign;
    this.root.classList.toggle("is-people", isPeople(game));
    this.root.dataset.status = this.pending !== null ? "sending" : game.status;
    this.people.update(game);
    this.table.update(game, this.board, this.pending);
    this.root.dataset.version = String(game.version);
    this.renderStatus();
    this.renderMoves();
    this.renderHints();
    this.renderResult();
    updateDealLine(this.root.ownerDocument, game.deal);
  }

  private renderStatus(): void {
    const game = this.game;
    this.els.status.textContent = statusText(game, this.pending);
    this.els.status.className = `gp-status status-${this.pending !== null ? "sending" : game.status}`;
  }

  private renderMoves(): void {
    renderMoves(this.els.moves, this.game, this.pending, this.shownGrades);
  }

  private renderHints(): void {
    renderHints(this.els, this.game, this.pending, this.hintPending, this.currentHints());
  }

  private renderResult(): void {
    renderResult(this.els.result, this.game, this.urls, (swap) => void this.rematch(swap), this.csrf);
    this.match?.follow(this.game);
    // the match's score and the next deal, above the links (the box is drawn anew each time)
    const lines = this.game.status === "over" ? this.match?.node : null;
    if (lines) this.els.result.querySelector(".gp-links")?.before(lines);
  }

  private flashLastMove(): void {
    this.root.classList.add("gp-fresh");
    if (this.freshTimer) clearTimeout(this.freshTimer);
    this.freshTimer = setTimeout(() => this.root.classList.remove("gp-fresh"), 1200);
  }

  private setError(error: unknown | null, kind?: string): void {
    showError(this.els.error, error);
    if (kind && error !== null) this.els.error.dataset.kind = kind;
    else delete this.els.error.dataset.kind;
  }

  // ------------------------------------------------------------ actions

  /** Posts the human's move (shown at once as pending), then waits for the grade and the reply. */
  async playMove(move: string): Promise<void> {
    if (this.pending !== null || !canMove(this.game)) return;
    this.setError(null);
    const ply = this.game.ply ?? this.game.moves.length;
    this.pending = move;
    this.pendingPly = ply;
    this.render();
    try {
      // over the game's socket when it is open (its answer brings the move's event), else posted
      const answer = this.follower ? await this.follower.play(move, ply) : null;
      if (answer?.type === "refused") throw new ApiError(answer.error, answer.status, answer);
      if (answer?.type === "played") {
        this.flashLastMove();
        if (!answer.event) void this.refresh(); // the move ended the deal, or the solver is to move
      } else {
        const { data } = await request<GameJSON>(this.urls.moves, { method: "POST", body: { move, ply }, csrfToken: this.csrf });
        this.pending = null;
        this.flashLastMove();
        this.update(data);
      }
    } catch (error) {
      this.pending = null;
      this.render();
      if (error instanceof ApiError && error.status === 409) {
        // The game had moved on (a move from another tab, or the solver's):
        // the page fetches it as it is now instead of asking for a reload.
        this.setError(t("Move %(move)s was not played: the game had moved on. Here it is as it stands now.", { move }));
        void this.refresh();
        return;
      }
      this.setError(
        error instanceof ApiError && error.status >= 400 && error.status < 500
          ? t("Move %(move)s refused: %(error)s", { move, error: errorMessage(error) })
          : error,
      );
      return;
    }
    void this.watch();
  }

  /** Asks for a hint of ``level`` (asking again while its analysis is pending). */
  async askHint(level: number): Promise<void> {
    if (this.hintPending !== null || this.game.status !== "your-move" || this.pending !== null) return;
    this.setError(null);
    this.hintPending = level;
    this.render();
    try {
      for (let attempt = 0; ; attempt++) {
        const { status, data } = await request<HintResponseJSON>(this.urls.hint, {
          method: "POST",
          body: { level },
          csrfToken: this.csrf,
        });
        if (status !== 202 && data.hint) {
          if (data.game) this.game = data.game.version >= this.game.version ? data.game : this.game;
          const hints = this.game.hints ?? [];
          if (!hints.some((h) => h.ply === data.hint!.ply && h.level === data.hint!.level)) this.game = { ...this.game, hints: [...hints, data.hint] };
          this.hintPending = null;
          this.render();
          if (level === 3 && data.hint.content.move && data.hint.content.move !== "pass") {
            this.board.selectStone(data.hint.content.move.slice(0, 2));
          }
          return;
        }
        if (attempt >= this.options.hintRetries) throw new ApiError(t("The hint is taking too long; try again in a moment."), 202);
        await sleep(this.options.hintRetryMs);
        if (this.destroyed) return;
      }
    } catch (error) {
      this.hintPending = null;
      this.render();
      this.setError(error);
    }
  }

  /**
   * Resigns the deal: the first click asks to confirm (the button says so for
   * ``confirmMs``), the second posts it.
   */
  async resign(): Promise<void> {
    const resignButton = this.els.resign;
    if (!this.urls.resign || this.game.status === "over" || this.busy) return;
    if (!resignButton.classList.contains("is-confirming")) {
      resignButton.classList.add("is-confirming");
      resignButton.textContent = t("Really resign? Click again");
      if (this.confirmTimer) clearTimeout(this.confirmTimer);
      this.confirmTimer = setTimeout(() => {
        resignButton.classList.remove("is-confirming");
        resignButton.textContent = t("Resign");
      }, this.options.confirmMs);
      return;
    }
    if (this.confirmTimer) clearTimeout(this.confirmTimer);
    resignButton.classList.remove("is-confirming");
    resignButton.textContent = t("Resign");
    await this.postAndUpdate(this.urls.resign);
  }

  /** Calls a game between people off (before both sides have moved). */
  async abortGame(): Promise<void> {
    if (!this.urls.abort || this.busy) return;
    await this.postAndUpdate(this.urls.abort);
  }

  /** Posts an action that answers with the game's new state (resign, abort)
   * and shows that state; on a 409 (the game moved on) it reloads the game. */
  private async postAndUpdate(url: string): Promise<void> {
    this.busy = true;
    this.setError(null);
    try {
      const { data } = await request<GameJSON>(url, { method: "POST", body: {}, csrfToken: this.csrf });
      this.update(data);
    } catch (error) {
      this.setError(error);
      if (error instanceof ApiError && error.status === 409) void this.refresh();
    } finally {
      this.busy = false;
    }
  }

  /** Starts a rematch of this deal (``swap``: in the other side's seat) and goes to it. */
  async rematch(swap: boolean): Promise<void> {
    if (!this.urls.rematch || this.busy) return;
    this.busy = true;
    this.setError(null);
    try {
      const { data } = await request<GameJSON>(this.urls.rematch, { method: "POST", body: { swap }, csrfToken: this.csrf });
      const url = data.urls?.play ?? `/play/${data.id}/`;
      this.root.dataset.rematch = String(data.id);
      this.options.navigate(url);
    } catch (error) {
      this.setError(error);
    } finally {
      this.busy = false;
    }
  }

  /** Fetches the game once. */
  async refresh(): Promise<void> {
    try {
      const { data } = await request<GameJSON>(this.urls.game);
      this.update(data);
      if (following(data)) void this.watch();
      else this.stopFollowing();
    } catch (error) {
      this.setError(error);
    }
  }

  /** Long-polls the game until nothing more is to come by itself (grades, the solver's move). */
  watch(): Promise<void> {
    if (this.watching || this.follower) return this.watchDone;
    const socket = this.options.socket;
    const location = this.root.ownerDocument.defaultView?.location;
    if (socket && location && isPeople(this.game)) {
      this.follower = new GameFollower(this.game.id, {
        current: () => this.game,
        refresh: () => void this.refresh(),
        take: (game) => {
          this.update(game);
          if (!following(game)) this.stopFollowing();
        },
        giveUp: () => {
          // no socket opens here: long-poll from now on
          this.follower = null;
          this.options.socket = null;
          void this.watch();
        },
        socket,
        location,
      });
      return this.watchDone;
    }
    this.watching = true;
    this.watchDone = this.watchLoop().finally(() => {
      this.watching = false;
    });
    return this.watchDone;
  }

  private async watchLoop(): Promise<void> {
    await longPoll<GameJSON>({
      url: () => this.urls.game,
      state: () => this.game,
      version: (game) => game.version,
      more: (game) => !this.destroyed && following(game),
      alive: () => {
        if (this.els.error.dataset.kind === "connection") this.setError(null);
      },
      take: (game) => this.update(game),
      timeoutSeconds: this.options.waitSeconds,
      retry: (error, failures) => {
        if (this.destroyed) return null;
        this.setError(t("Lost touch with the server (%(error)s); trying again…", { error: errorMessage(error) }), "connection");
        return Math.min(this.options.pollRetryMs * failures, 10000);
      },
      signal: this.abort.signal,
    });
    if (!this.destroyed && this.els.error.dataset.kind === "connection") this.setError(null);
  }

  private stopFollowing(): void {
    this.follower?.stop();
    this.follower = null;
  }

  destroy(): void {
    this.destroyed = true;
    this.stopFollowing();
    this.abort.abort();
    if (this.freshTimer) clearTimeout(this.freshTimer);
    if (this.stepping) clearTimeout(this.stepping);
    if (this.confirmTimer) clearTimeout(this.confirmTimer);
    this.people.stop();
    this.table.destroy();
    this.match?.destroy();
    this.board.destroy();
  }
}

/** Starts the play page on ``#game-root[data-page=play]`` (``null`` when there is none). */
export function mountPlayPage(doc: Document = document, options: PlayOptions = {}): PlayPage | null {
  const root = doc.getElementById("game-root");
  if (!root || root.dataset.page !== "play") return null;
  const data = root.dataset;
  const game = requireJSON<GameJSON>(data.stateId || "game-state", doc);
  const urls = playUrls(game, data);
  return new PlayPage(root, game, urls, options);
}

