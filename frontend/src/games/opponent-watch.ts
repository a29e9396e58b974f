/**
 * The opponent's presence at the table, for a seated player of a game
 * between people going on: the page asks the server every few seconds
 * (``GET /api/games/<id>/claim/``) whether each opponent's page is open (a
 * socket or a long poll of theirs), shows "opponent disconnected" once they
 * have been gone a few seconds and "back" when they return, and once they
 * have been gone the server's grace, a button to claim the game (``POST`` to
 * the same address; the server checks the absence itself).  By
 * correspondence it shows only an opponent on vacation.
 */
import type { components } from "../shared/api-types";
import { button, el } from "../shared/dom";
import { t } from "../shared/i18n";
import type { GameJSON } from "./game";

export type ClaimStateJSON = components["schemas"]["ClaimState"];

/** The address of a game's claim (and of its opponents' presence). */
export function claimUrl(game: GameJSON): string {
  const self = game.urls?.self ?? `/api/games/${game.id}/`;
  return `${self.endsWith("/") ? self : `${self}/`}claim/`;
}

/** Whether the page watches the opponents of ``game``: a seated player of a game between people going on. */
export function watchesOpponents(game: GameJSON): boolean {
  return game.kind === "people" && Boolean(game.my_seat) && game.status !== "over";
}

/** A correspondence game: nobody stays at the table, only a vacation is shown. */
function byPost(game: GameJSON | null): boolean {
  return Boolean(game?.time_control?.days);
}

/** What the note says of the opponents (``back``: shown gone at the reading before, there now; ``postal``: by correspondence). */
export function presenceText(state: ClaimStateJSON, back: boolean, postal = false): string {
  if (postal) return state.opponents.some((o) => o.vacation) ? t("Your opponent is on vacation: their turns wait.") : "";
  const gone = state.opponents.some((o) => o.gone);
  if (gone) return state.opponents.length > 1 ? t("An opponent has disconnected.") : t("Your opponent has disconnected.");
  if (back) return state.opponents.length > 1 ? t("Your opponents are back.") : t("Your opponent is back.");
  return "";
}

/** Seconds until the claim opens, as the page counts them from the server's reading (null: no claim to come). */
export function claimSecondsLeft(state: ClaimStateJSON, elapsedMs: number): number | null {
  if (state.claim_from === null) return null;
  return Math.max(0, Math.ceil((state.claim_from - state.server_time - elapsedMs) / 1000));
}

export interface OpponentWatchHooks {
  /** Reads the claim state (``GET``). */
  read: (url: string) => Promise<ClaimStateJSON>;
  /** Posts the claim; the game as it ended (or an error, shown by the page). */
  claim: (url: string) => Promise<void>;
  now?: () => number;
}

/** Watches the opponents of one game while it goes on; ``box`` holds the note and the claim button. */
export class OpponentWatch {
  readonly box: HTMLElement;
  private readonly note: HTMLElement;
  private readonly claimButton: HTMLButtonElement;
  private game: GameJSON | null = null;
  private state: ClaimStateJSON | null = null;
  private readAt = 0;
  /** Shown gone at the last reading. */
  private lastGone = false;
  /** Back at the last reading, after being shown gone. */
  private back = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private stopped = false;

  constructor(
    private readonly hooks: OpponentWatchHooks,
    private readonly pollMs = 2500,
  ) {
    this.box = el("div", "gp-opponent");
    this.box.setAttribute("role", "status");
    this.note = el("span", "gp-opponent-note");
    this.claimButton = button(t("Claim victory"), () => void this.sendClaim(), {
      class: "gp-claim",
      title: t("Your opponent has left the table: end the game as your win."),
    });
    this.box.append(this.note, this.claimButton);
    this.box.hidden = true;
  }

  /** Between two readings: a correspondence game's vacations change slowly. */
  private get wait(): number {
    return byPost(this.game) ? this.pollMs * 12 : this.pollMs;
  }

  private get now(): number {
    return (this.hooks.now ?? Date.now)();
  }

  /** Takes the game as the page has it: starts, goes on or stops watching. */
  follow(game: GameJSON): void {
    this.game = game;
    if (!watchesOpponents(game)) {
      this.stop();
      return;
    }
    if (this.timer === null && !this.stopped) this.timer = setTimeout(() => void this.poll(), this.wait);
  }

  private async poll(): Promise<void> {
    this.timer = null;
    const game = this.game;
    if (this.stopped || !game || !watchesOpponents(game)) return;
    try {
      this.take(await this.hooks.read(claimUrl(game)));
    } catch {
      // the next reading tells (the page shows a lost connection otherwise)
    }
    if (!this.stopped && this.game && watchesOpponents(this.game)) this.timer = setTimeout(() => void this.poll(), this.wait);
  }

  /** Shows a reading of the opponents' presence. */
  take(state: ClaimStateJSON): void {
    this.state = state;
    this.readAt = this.now;
    const gone = state.opponents.some((o) => o.gone);
    this.back = !gone && this.lastGone;
    this.lastGone = gone;
    this.render();
    const waiting = state.claim_from !== null && !state.claimable;
    if (waiting && this.ticker === null) this.ticker = setInterval(() => this.render(), 500);
    if (!waiting && this.ticker !== null) {
      clearInterval(this.ticker);
      this.ticker = null;
    }
  }

  private render(): void {
    const state = this.state;
    if (!state) return;
    const postal = byPost(this.game);
    const text = presenceText(state, this.back, postal);
    const gone = this.lastGone && !postal;
    const left = claimSecondsLeft(state, this.now - this.readAt);
    let line = text;
    if (gone && left !== null && left > 0) line = `${text} ${t("You can claim victory in %(seconds)s s.", { seconds: left })}`;
    this.note.textContent = line;
    this.box.dataset.state = postal && text ? "vacation" : gone ? "gone" : text ? "back" : "here";
    this.claimButton.hidden = !(gone && left === 0);
    this.box.hidden = !line && this.claimButton.hidden;
  }

  private async sendClaim(): Promise<void> {
    const game = this.game;
    if (!game) return;
    this.claimButton.disabled = true;
    try {
      await this.hooks.claim(claimUrl(game));
    } finally {
      this.claimButton.disabled = false;
    }
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.ticker !== null) clearInterval(this.ticker);
    this.timer = null;
    this.ticker = null;
    this.box.hidden = true;
  }

  destroy(): void {
    this.stopped = true;
    this.stop();
  }
}
