/**
 * After a game between people, on its play page: the rematch and the rating
 * change, asked of the server every ``everyMs`` once the game is over.
 *
 * The rematch (``GET /api/games/<id>/rematch-offer/``): a player offers it
 * (a new challenge keeping the other side's seats, ``POST
 * /api/challenges/<challenge>/rematch/``) and waits, or cancels; the other
 * player sees the offer on their own game page and accepts or declines it
 * there.  Once it is accepted both pages go to the new game.
 *
 * The rating change (``GET /api/games/<id>/rating/``): a rated game is rated
 * just after its end, or by the beat's sweep; meanwhile the result says
 * "rating pending", then the game's result is given the ratings and drawn
 * again ("Your rating: 1512 → 1527 (+15)", and the opponent's).
 */
import "./after-game.css";
import { button, el } from "../shared/dom";
import { errorMessage, request } from "../shared/http";
import { t } from "../shared/i18n";
import type { GameJSON, RatingChangeJSON } from "./game";
import { isPeople } from "./people-view";
import { goOnce } from "../shared/navigation";

interface OfferJSON {
  id: number;
  status: "open" | "started" | "declined" | "cancelled" | "expired";
  mine: boolean;
  by: string;
  game: number | null;
}

interface RematchJSON {
  challenge: number | null;
  can_offer: boolean;
  offer: OfferJSON | null;
}

interface RatingJSON {
  status: "unrated" | "playing" | "pending" | "rated";
  ratings: Record<string, RatingChangeJSON & { player: string }>;
}

/** What this module needs of the play page. */
export interface HostPage {
  root: HTMLElement;
  game: GameJSON;
  render(): void;
}

export interface AfterGameOptions {
  everyMs?: number;
  navigate?: (url: string) => void;
  csrf?: string | null;
}

export class AfterGame {
  readonly box: HTMLElement;
  private readonly page: HostPage;
  private readonly everyMs: number;
  private readonly navigate: (url: string) => void;
  private readonly csrf: string | null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private busy = false;
  private ratingsDone = false;
  private rematch: RematchJSON | null = null;
  private error = "";
  private stopped = false;

  constructor(page: HostPage, options: AfterGameOptions = {}) {
    this.page = page;
    this.everyMs = options.everyMs ?? 1500;
    this.navigate = options.navigate ?? ((url) => goOnce(url, page.root.ownerDocument));
    this.csrf = options.csrf ?? null;
    this.box = el("section", "gp-after-game");
    this.box.hidden = true;
    page.root.classList.add("live-rematch");
    const result = page.root.querySelector(".gp-result");
    if (result) result.after(this.box);
    else page.root.append(this.box);
    void this.tick();
  }

  private get gameOver(): boolean {
    const game = this.page.game;
    return isPeople(game) && game.status === "over" && !!game.result;
  }

  /** Asks what changed (the rematch, the ratings) and draws it, then again in ``everyMs`` while anything is awaited. */
  async tick(): Promise<void> {
    this.timer = null;
    if (this.stopped) return;
    if (!isPeople(this.page.game)) return; // a practice game has neither
    if (this.gameOver) {
      await Promise.all([this.readRematch(), this.readRatings()]);
      this.draw();
    }
    if (!this.stopped && (!this.gameOver || this.awaiting())) this.timer = setTimeout(() => void this.tick(), this.everyMs);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private awaiting(): boolean {
    return !this.ratingsDone || this.wantsRematch();
  }

  /** A player of a one-game challenge: the rematch is followed (a deal of a match goes on by its score sheet). */
  private wantsRematch(): boolean {
    const game = this.page.game;
    return !!game.my_seat && !game.match_deal && !game.tournament_url && game.result?.reason !== "aborted";
  }

  private async readRematch(): Promise<void> {
    if (!this.wantsRematch()) return;
    try {
      const { data } = await request<RematchJSON>(`/api/games/${this.page.game.id}/rematch-offer/`);
      this.rematch = data;
      const started = data.offer?.status === "started" ? data.offer.game : null;
      if (started !== null) {
        this.stop();
        this.navigate(`/play/${started}/`);
      }
    } catch {
      // asked again at the next tick
    }
  }

  private async readRatings(): Promise<void> {
    const game = this.page.game;
    if (this.ratingsDone) return;
    if (!game.rated || game.match_deal || Object.keys(game.result?.ratings ?? {}).length > 0) {
      this.ratingsDone = true;
      return;
    }
    try {
      const { data } = await request<RatingJSON>(`/api/games/${game.id}/rating/`);
      if (data.status === "pending" || data.status === "playing") return;
      this.ratingsDone = true;
      if (data.status === "rated" && game.result) {
        this.page.game = { ...game, result: { ...game.result, ratings: data.ratings } };
        this.page.render();
      }
    } catch {
      // asked again at the next tick
    }
  }

  private async act(url: string, body: unknown = {}): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.error = "";
    try {
      const { data } = await request<{ game?: number | null }>(url, { method: "POST", body, csrfToken: this.csrf ?? undefined });
      if (typeof data.game === "number" && url.endsWith("/accept/")) {
        this.stop();
        this.navigate(`/play/${data.game}/`);
        return;
      }
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.busy = false;
    }
    if (this.stopped) return;
    await this.readRematch();
    this.draw();
    if (this.timer === null && this.awaiting()) this.timer = setTimeout(() => void this.tick(), this.everyMs);
  }

  /** The rating line while it is pending, and the rematch's state with what the reader can do. */
  draw(): void {
    const parts: HTMLElement[] = [];
    if (this.gameOver && !this.ratingsDone && this.page.game.rated && !this.page.game.match_deal) {
      parts.push(el("p", "gp-rating-pending", t("Rating pending…")));
    }
    const rematch = this.wantsRematch() && this.gameOver ? this.rematch : null;
    if (rematch && rematch.challenge !== null) parts.push(this.rematchLine(rematch));
    if (this.error) parts.push(el("p", { class: "gp-after-error", role: "alert" }, this.error));
    this.box.replaceChildren(...parts);
    this.box.hidden = parts.length === 0;
  }

  private rematchLine(rematch: RematchJSON): HTMLElement {
    const line = el("p", "gp-rematch-offer");
    const offer = rematch.offer;
    line.dataset.state = offer ? `${offer.mine ? "mine" : "theirs"}-${offer.status}` : "none";
    if (offer?.status === "open" && offer.mine) {
      line.append(
        el("span", "gp-rematch-text", t("Rematch offered: waiting for your opponent.")), " ",
        button(t("Cancel the offer"), () => void this.act(`/api/challenges/${offer.id}/cancel/`), { class: "gp-rematch-cancel" }),
      );
      return line;
    }
    if (offer?.status === "open") {
      const text = offer.by ? t("%(name)s offers a rematch.", { name: offer.by }) : t("Your opponent offers a rematch.");
      line.append(
        el("span", "gp-rematch-text", text), " ",
        button(t("Accept rematch"), () => void this.act(`/api/challenges/${offer.id}/accept/`), { class: "gp-rematch-accept" }), " ",
        button(t("Decline"), () => void this.act(`/api/challenges/${offer.id}/decline/`), { class: "gp-rematch-decline" }),
      );
      return line;
    }
    const said = offer ? closedText(offer) : "";
    if (said) line.append(el("span", "gp-rematch-text", said), " ");
    if (offer?.status === "started") return line;
    if (rematch.can_offer) {
      line.append(
        button(t("Offer a rematch"), () => void this.act(`/api/challenges/${rematch.challenge}/rematch/`), { class: "gp-rematch-offer-button" }),
      );
    }
    return line;
  }
}

function closedText(offer: OfferJSON): string {
  switch (offer.status) {
    case "declined":
      return offer.mine ? t("Your opponent declined the rematch.") : t("You declined the rematch.");
    case "cancelled":
      return offer.mine ? t("You withdrew your rematch offer.") : t("Your opponent withdrew the rematch offer.");
    case "expired":
      return t("The rematch offer expired.");
    case "started":
      return t("The rematch begins…");
    default:
      return "";
  }
}

/** Follows what comes after the game on ``page`` (the play page). */
export function mountAfterGame(page: HostPage, options: AfterGameOptions = {}): AfterGame {
  return new AfterGame(page, options);
}
