/**
 * The tournament page (``tournaments/tournament.html``): the event kept live
 * by its WebSocket (``/ws/tournaments/<id>/?page=``, sent the event after each
 * change), or where none opens by a long poll of
 * ``GET <urls.api>?page=&wait=<version>`` (a page of the standings, the
 * latest games, the status, the podium, an arena's time left and a Swiss's
 * round redrawn from each answer).  The page shown is its reader's own (it
 * moves with their line) until they turn to another (sent on the socket, or
 * read at once where it long-polls).  Joining and leaving go through the API;
 * as in Lichess's arenas, the player is taken to each new game of theirs as
 * soon as the event pairs them.  The page embeds the event's JSON
 * (``json_script``, id on ``#tournament[data-state-id]``); without this
 * script it works with its plain forms and is reloaded by hand.
 */
import { hideFallback, requireJSON } from "../shared/dom";
import { errorMessage, request } from "../shared/http";
import { longPoll } from "../shared/poll";
import { Stream, socketUrl } from "../shared/stream";
import { clockLine, gameToOpen, live, newer, type TournamentJSON } from "./tournament-state";
import { gamesView, pagerView, podiumView, standingsView, teamsView, travellersView, youView } from "./tournament-view";
import { teamMatchView } from "./team-match-view";
import { goOnce } from "../shared/navigation";

const POLL_SECONDS = 25;
const SENT_KEY = "od-tournament-sent-";

export interface TournamentOptions {
  /** Takes the player to a game (default: ``location.assign``). */
  go?: (url: string) => void;
  /** The clock's time in ms (default ``Date.now``). */
  now?: () => number;
  /** Whether to follow the event at all (default true; the tests drive ``take``). */
  poll?: boolean;
  /** The WebSocket class to follow the event with (default the browser's; null: long-poll only). */
  socket?: typeof WebSocket | null;
  /** Where the games the page sent its player to are kept (default ``sessionStorage``). */
  storage?: Pick<Storage, "getItem" | "setItem"> | null;
}

function defaultStorage(): Pick<Storage, "getItem" | "setItem"> | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export class TournamentPage {
  readonly root: HTMLElement;
  state: TournamentJSON;
  private readonly live: HTMLElement;
  private readonly statusLine: HTMLElement | null;
  private readonly clock: HTMLElement;
  private readonly go: (url: string) => void;
  private readonly now: () => number;
  private readonly storage: Pick<Storage, "getItem" | "setItem"> | null;
  private readonly sent: Set<number>;
  private readonly stop = new AbortController();
  private polling: AbortController | null = null;
  private pollOn = false;
  private readonly socket: typeof WebSocket | null;
  private stream: Stream | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private busy = false;
  private error: string | null = null;
  private leaving = false;
  /** The page of the standings followed: a number from 1, or ``null`` for the reader's own. */
  private page: number | null;

  constructor(root: HTMLElement, state: TournamentJSON, options: TournamentOptions = {}) {
    this.root = root;
    this.state = state;
    const doc = root.ownerDocument;
    this.go = options.go ?? ((url) => goOnce(url, doc));
    this.now = options.now ?? (() => Date.now());
    this.storage = options.storage === undefined ? defaultStorage() : options.storage;
    this.sent = this.readSent();
    this.socket = options.socket === undefined ? (doc.defaultView?.WebSocket ?? null) : options.socket;
    const asked = Number(root.dataset.page);
    this.page = Number.isInteger(asked) && asked >= 1 ? asked : null;
    hideFallback(root);
    this.live = doc.createElement("div");
    this.live.className = "tournament-live";
    this.live.setAttribute("aria-live", "polite");
    root.append(this.live);
    this.statusLine = doc.getElementById("tournament-status");
    this.clock = doc.getElementById("tournament-clock") ?? doc.createElement("span");
    this.render();
    this.timer = setInterval(() => this.tick(), 1000);
    // Leaving the page (to a game) ends the poll, so that it does not hold a connection meanwhile.
    doc.defaultView?.addEventListener("pagehide", () => this.destroy());
    // Come back to from the browser's cache (the back button): drawn afresh, with a new poll.
    doc.defaultView?.addEventListener("pageshow", (event) => {
      if (event.persisted) doc.defaultView?.location.reload();
    });
    if (this.maybeGo()) return;
    this.pollOn = options.poll !== false;
    this.startPoll();
  }

  private readSent(): Set<number> {
    try {
      const raw = this.storage?.getItem(SENT_KEY + this.state.id);
      const ids = raw ? (JSON.parse(raw) as unknown) : [];
      return new Set(Array.isArray(ids) ? ids.filter((id): id is number => typeof id === "number") : []);
    } catch {
      return new Set();
    }
  }

  private remember(id: number): void {
    this.sent.add(id);
    try {
      this.storage?.setItem(SENT_KEY + this.state.id, JSON.stringify([...this.sent].slice(-50)));
    } catch {
      // a full or refused storage: the page may send the player to the game once more, no worse
    }
  }

  /** Takes the player to their new game, if there is one; whether it did. */
  private maybeGo(): boolean {
    const game = gameToOpen(this.state, this.sent);
    if (!game) return false;
    this.remember(game.id);
    this.destroy();
    this.go(game.url);
    return true;
  }

  /** A newer state of the event (from the poll, a join or a leave). */
  take(next: TournamentJSON): void {
    if (!newer(this.state, next)) return;
    this.state = next;
    if (this.maybeGo()) return;
    this.render();
  }

  /**
   * (Re)starts following the event: its socket, else (none opens) the long
   * poll.  What either read before a join or a leave read the event as the
   * reader was then (a visitor before their first join has no session yet):
   * it is dropped, and the event followed afresh after it.
   */
  private startPoll(): void {
    this.polling?.abort();
    this.stream?.close();
    this.stream = null;
    if (this.stop.signal.aborted || !this.pollOn || !live(this.state)) return;
    if (this.socket) {
      const location = this.root.ownerDocument.defaultView?.location ?? { protocol: "http:", host: "" };
      let openedWith = "";
      this.stream = new Stream({
        // the page followed now, also when the socket opens again
        url: () => {
          openedWith = this.pageParameter();
          return socketUrl(`/ws/tournaments/${this.state.id}/?page=${openedWith}`, location);
        },
        // turned to another page while the socket was opening: asked for on it
        onOpen: () => {
          if (openedWith !== this.pageParameter()) this.stream?.send({ type: "page", page: this.page });
        },
        socket: this.socket,
        onMessage: (message) => {
          if (message && typeof message === "object" && "version" in message) {
            const next = message as TournamentJSON;
            if (this.followed(next)) this.take(next);
          }
          if (!live(this.state)) this.stream?.close();
        },
        onGiveUp: () => {
          this.stream = null;
          this.longPoll();
        },
      });
      return;
    }
    this.longPoll();
  }

  private longPoll(): void {
    if (this.stop.signal.aborted || !this.pollOn) return;
    const mine = new AbortController();
    this.polling = mine;
    void longPoll<TournamentJSON>({
      url: () => this.paged(this.state.urls.api),
      state: () => this.state,
      version: (s) => s.version,
      more: (s) => live(s) && !mine.signal.aborted,
      take: (next) => {
        if (!mine.signal.aborted) this.take(next);
      },
      timeoutSeconds: POLL_SECONDS,
      retry: (_error, failures) => (mine.signal.aborted ? null : Math.min(30_000, 1000 * 2 ** Math.min(failures, 5))),
      signal: mine.signal,
    }).catch(() => undefined);
  }

  /** Whether ``next`` shows the page of the standings followed (one sent before the reader turned is not drawn). */
  private followed(next: TournamentJSON): boolean {
    const paging = next.standings_page;
    if (!paging) return true;
    if (this.page === null) return paging.mine === null || paging.page === paging.mine;
    return paging.page === Math.min(this.page, paging.pages);
  }

  private pageParameter(): string {
    return this.page === null ? "mine" : String(this.page);
  }

  /** ``url`` asking for the page of the standings followed. */
  private paged(url: string): string {
    return `${url}?page=${this.pageParameter()}`;
  }

  /** Turns to page ``page`` of the standings (``null``: the reader's own), and follows it. */
  async showPage(page: number | null): Promise<void> {
    this.page = page;
    if (this.stream?.send({ type: "page", page })) return; // answered on the socket with the event
    if (this.stop.signal.aborted) return;
    this.polling?.abort();
    try {
      const { data } = await request<TournamentJSON>(this.paged(this.state.urls.api));
      if (this.page === page) this.take(data);
    } catch (error) {
      this.error = errorMessage(error);
      this.render();
    }
    if (!this.stream && this.page === page) this.startPoll();
  }

  /** Joins or leaves through the API. */
  async act(action: "join" | "leave", password?: string, team?: string): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.error = null;
    this.leaving = action === "leave";
    this.polling?.abort();
    this.stream?.close();
    this.stream = null;
    this.render();
    try {
      const url = this.paged(action === "join" ? this.state.urls.join : this.state.urls.leave);
      const fields = { ...(password ? { password } : {}), ...(team ? { team } : {}) };
      const body = action === "join" && Object.keys(fields).length > 0 ? fields : undefined;
      const { data } = await request<TournamentJSON>(url, { method: "POST", body });
      this.busy = false;
      // the answer is the reader's own view: it replaces whatever the poll brought
      this.state = data;
      if (this.maybeGo()) return;
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.busy = false;
      this.leaving = false;
      if (!this.stop.signal.aborted) {
        this.render();
        this.startPoll();
      }
    }
  }

  private tick(): void {
    this.clock.textContent = clockLine(this.state, this.now());
    this.clock.hidden = !this.clock.textContent;
  }

  render(): void {
    const state = this.state;
    this.root.dataset.status = state.status;
    this.root.dataset.version = String(state.version);
    this.root.dataset.busy = this.busy ? (this.leaving ? "leaving" : "joining") : "";
    if (this.statusLine) this.statusLine.textContent = state.status_text;
    this.tick();
    const podium = podiumView(state);
    const teams = teamsView(state);
    const travellers = travellersView(state);
    const teamMatch = teamMatchView(state);
    this.live.replaceChildren(
      youView(state, (action, password, team) => void this.act(action, password, team), this.busy, this.error),
      ...(podium ? [podium] : []),
      ...(teams ? [teams] : []),
      standingsView(state, pagerView(state, (page) => void this.showPage(page))),
      ...(teamMatch ? [teamMatch] : []),
      ...(travellers ? [travellers] : []),
      gamesView(state),
    );
  }

  destroy(): void {
    this.stop.abort();
    this.polling?.abort();
    this.stream?.close();
    this.stream = null;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }
}

/** Starts the page on ``#tournament`` (``null`` when there is none). */
export function mountTournamentPage(doc: Document = document, options: TournamentOptions = {}): TournamentPage | null {
  const root = doc.getElementById("tournament");
  if (!root) return null;
  const state = requireJSON<TournamentJSON>(root.dataset.stateId || "tournament-state", doc);
  return new TournamentPage(root, state, options);
}
