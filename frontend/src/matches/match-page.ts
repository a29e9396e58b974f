/**
 * The match page: the current deal played in the play page's widget
 * (``PlayPage``, the same board, grades, hints and result), beside the score
 * sheet.  When the deal's game is over the match is fetched again (the server
 * has counted the deal and started the next one); the sheet shows the new
 * totals, and a button moves on to the next deal's game, or the match's end
 * links to its review.  The page (``matches/match.html``) gives the match's and
 * the current game's JSON and the API's URLs on ``#match-root``.
 */
import { button, el, hideFallback, requireJSON } from "../shared/dom";
import { errorMessage, request, showError } from "../shared/http";
import { t, tc, tn } from "../shared/i18n";
import { sleep } from "../shared/poll";
import type { components } from "../shared/api-types";
import { resultText, type GameJSON } from "../games/game";
import { PlayPage, type PlayOptions } from "../games/play-page";
import { HostedPlay, hostedPlayUrls } from "../games/hosted-play";

/** A number per side, keyed by the side's name: "A" and "B", or the teams "A+C" and "B+D". */
export type Totals = Record<string, number>;

type Schemas = components["schemas"];

/** A deal of the match: its game, and once recorded its result and the totals after it. */
export type MatchDealJSON = Schemas["MatchDealOutput"];

/**
 * A match against the solver (``GET /api/matches/<id>/``): ``human`` the
 * human's seat in every deal, ``human_team`` their side ("A", or the team
 * "A+C"), ``solver`` the side the solver plays.
 */
export type MatchJSON = Schemas["MatchOutput"];

export interface MatchOptions {
  /** Options of the deal's play widget. */
  play?: PlayOptions;
  /** How many times to fetch the match again while the finished deal is not counted yet. */
  matchRetries?: number;
  /** Milliseconds between those fetches. */
  matchRetryMs?: number;
}

export interface MatchUrls {
  match: string;
  review: string;
  newMatch: string;
}

/** The match's target in words: "to 100 points", "to 3 won deals". */
export function targetText(match: MatchJSON): string {
  if (match.target_points !== null) return tn("to %(count)s point", "to %(count)s points", match.target_points);
  return tn("to %(count)s won deal", "to %(count)s won deals", match.target_wins ?? 0);
}

/** The human's side as results name it (the seat, or the team in partnership). */
export function teamOf(match: MatchJSON): string {
  return match.human_team ?? match.human;
}

/** Where the match stands, for the human. */
export function matchStatusText(match: MatchJSON): string {
  const you = match.scores[teamOf(match)] ?? 0;
  const solver = match.scores[match.solver] ?? 0;
  if (match.status === "over") {
    return match.winner === teamOf(match)
      ? t("You won the match, %(you)s to %(solver)s.", { you, solver })
      : t("The solver won the match, %(solver)s to %(you)s.", { you, solver });
  }
  return t("Deal %(number)s is being played; the score is %(you)s (you) to %(solver)s (solver).", {
    number: match.deals.length,
    you,
    solver,
  });
}

/** One deal's result for the human ("You win 12 points (domino)."); "" while it is played. */
export function dealText(deal: MatchDealJSON, human: string): string {
  if (!deal.recorded || deal.reason === null) return "";
  return resultText({ winner: deal.winner, points: deal.points ?? 0, reason: deal.reason }, human);
}

export class MatchPage {
  readonly root: HTMLElement;
  match: MatchJSON;
  /** The widget of the deal shown. */
  deal: PlayPage | null = null;
  readonly urls: MatchUrls;
  private readonly options: Required<MatchOptions>;
  private readonly host: HTMLElement;
  private readonly els: { title: HTMLElement; sheet: HTMLElement; status: HTMLElement; actions: HTMLElement; error: HTMLElement };
  /** The game shown, and whether its end has been taken into the sheet. */
  private shownGame: number;
  private counted = false;
  private busy = false;
  private destroyed = false;

  constructor(root: HTMLElement, match: MatchJSON, game: GameJSON, urls: MatchUrls, options: MatchOptions = {}) {
    this.root = root;
    this.match = match;
    this.urls = urls;
    this.options = { play: {}, matchRetries: 20, matchRetryMs: 500, ...options };
    hideFallback(root);
    const host = root.querySelector<HTMLElement>("#game-root") ?? el("div", { id: "game-root", class: "game-root" });
    if (!host.isConnected) root.prepend(host);
    this.host = host;

    const sheetBox = el("aside", "mp-sheet");
    sheetBox.setAttribute("aria-label", t("Score sheet"));
    const title = el("h2", "mp-title");
    const sheet = el("div", "mp-table");
    const status = el("p", "mp-status");
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    const actions = el("p", "mp-actions");
    const error = el("p", "mp-error");
    error.setAttribute("role", "alert");
    error.hidden = true;
    sheetBox.append(title, el("h3", "mp-heading", t("Score sheet")), sheet, status, actions, error);
    root.classList.add("mp");
    root.appendChild(sheetBox);
    this.els = { title, sheet, status, actions, error };

    this.shownGame = game.id;
    this.mount(game);
    this.render();
  }

  /** Shows ``game`` in a fresh play widget. */
  private mount(game: GameJSON): void {
    this.deal?.destroy();
    this.host.replaceChildren();
    this.shownGame = game.id;
    this.counted = false;
    this.host.dataset.gameId = String(game.id);
    this.deal = new HostedPlay(this.host, game, hostedPlayUrls(game, this.urls.newMatch), this.options.play, (g) => this.onGame(g));
    this.onGame(game);
  }

  private onGame(game: GameJSON): void {
    if (game.id === this.shownGame && game.status === "over" && !this.counted && !this.destroyed) {
      this.counted = true;
      void this.refresh();
    }
  }

  /** The row of the deal shown. */
  shownDeal(): MatchDealJSON | undefined {
    return this.match.deals.find((d) => d.game === this.shownGame);
  }

  /** Fetches the match until the deal shown is counted in it (the server counts it as the game ends). */
  async refresh(): Promise<void> {
    try {
      for (let attempt = 0; ; attempt++) {
        const { data } = await request<MatchJSON>(this.urls.match);
        if (this.destroyed) return;
        if (data.version >= this.match.version) this.match = data;
        this.render();
        if (this.shownDeal()?.recorded || attempt >= this.options.matchRetries) return;
        await sleep(this.options.matchRetryMs);
      }
    } catch (error) {
      showError(this.els.error, error);
    }
  }

  /** Moves on to the match's current deal. */
  async nextDeal(): Promise<void> {
    const current = this.match.deals.find((d) => d.game === this.match.current_game);
    if (!current || this.busy) return;
    this.busy = true;
    showError(this.els.error, null);
    this.render();
    try {
      const { data } = await request<GameJSON>(current.urls.game);
      if (this.destroyed) return;
      this.mount(data);
    } catch (error) {
      showError(this.els.error, t("Could not load the next deal: %(error)s", { error: errorMessage(error) }));
    } finally {
      this.busy = false;
      this.render();
    }
  }

  // ------------------------------------------------------------ drawing

  render(): void {
    const match = this.match;
    const shown = this.shownDeal();
    this.root.dataset.matchStatus = match.status;
    this.root.dataset.deal = String(shown?.number ?? "");
    this.root.dataset.version = String(match.version);
    this.els.title.textContent = t("Deal %(number)s · match %(target)s", { number: shown?.number ?? match.deals.length, target: targetText(match) });
    this.els.sheet.replaceChildren(this.table());
    this.els.status.textContent = matchStatusText(match);
    this.els.status.className = `mp-status status-${match.status}`;
    this.els.actions.replaceChildren(...this.actions());
  }

  private table(): HTMLTableElement {
    const match = this.match;
    const head = el(
      "tr",
      "",
      el("th", "", tc("a deal (noun)", "Deal")),
      el("th", "", t("Result")),
      el("th", "", t("You (%(side)s)", { side: teamOf(match) })),
      el("th", "", t("Solver (%(side)s)", { side: match.solver })),
    );
    const rows = match.deals.map((deal) => {
      const tr = el("tr", `mp-deal${deal.recorded ? "" : " is-playing"}${deal.game === this.shownGame ? " is-shown" : ""}`);
      tr.dataset.deal = String(deal.number);
      const review = el("a", "mp-deal-review", dealText(deal, teamOf(match)) || t("being played"));
      review.href = deal.urls.review;
      review.title = t("Review deal %(number)s", { number: deal.number });
      tr.append(
        el("td", "mp-number", String(deal.number)),
        el("td", "mp-result", review),
        el("td", "mp-total", deal.totals ? String(deal.totals[teamOf(match)] ?? 0) : ""),
        el("td", "mp-total", deal.totals ? String(deal.totals[match.solver] ?? 0) : ""),
      );
      return tr;
    });
    const wins = match.target_wins !== null;
    const total = (side: string) => (wins ? t("%(points)s (%(wins)s won)", { points: match.scores[side], wins: match.wins[side] }) : String(match.scores[side]));
    const foot = el(
      "tr",
      "mp-totals",
      el("th", { colspan: "2" }, t("Total")),
      el("td", "mp-total-human", total(teamOf(match))),
      el("td", "mp-total-solver", total(match.solver)),
    );
    return el("table", "mp-score-sheet", el("thead", "", head), el("tbody", "", ...rows), el("tfoot", "", foot));
  }

  private actions(): Node[] {
    const match = this.match;
    const review = el("a", "mp-review-link", t("Match review"));
    review.href = this.urls.review;
    if (match.status === "over") {
      const again = el("a", "button mp-new-link", t("New match"));
      again.href = this.urls.newMatch;
      return [el("strong", "mp-over", t("The match is over.")), document.createTextNode(" "), review, document.createTextNode(" "), again];
    }
    if (match.current_game !== null && match.current_game !== this.shownGame) {
      const next = match.deals.find((d) => d.game === match.current_game);
      const go = button(t("Next deal (%(number)s)", { number: next?.number ?? "" }), () => void this.nextDeal(), { class: "button mp-next" });
      go.disabled = this.busy;
      return [go, document.createTextNode(" "), review];
    }
    return [review];
  }

  destroy(): void {
    this.destroyed = true;
    this.deal?.destroy();
  }
}

/** Starts the match page on ``#match-root[data-page=match]`` (``null`` when there is none). */
export function mountMatchPage(doc: Document = document, options: MatchOptions = {}): MatchPage | null {
  const root = doc.getElementById("match-root");
  if (!root || root.dataset.page !== "match") return null;
  const data = root.dataset;
  const match = requireJSON<MatchJSON>(data.matchStateId || "match-state", doc);
  const game = requireJSON<GameJSON>(data.stateId || "game-state", doc);
  const urls: MatchUrls = {
    match: data.apiMatch || `/api/matches/${match.id}/`,
    review: data.reviewUrl || `/matches/${match.id}/review/`,
    newMatch: data.newMatchUrl || "/matches/",
  };
  return new MatchPage(root, match, game, urls, options);
}
