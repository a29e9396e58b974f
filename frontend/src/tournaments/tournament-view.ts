/**
 * The tournament page's parts drawn from the event's JSON: the standings
 * (rank, player, score, games; an arena's 🔥 and points sheet, a Swiss's
 * Buchholz and Sonneborn-Berger; "(left)"), the games, the podium, and the
 * join or leave button with its line.  Each function returns fresh elements
 * (the page swaps them in); their words go through the JS catalogue.
 */
import { el } from "../shared/dom";
import { t } from "../shared/i18n";
import {
  actionOf,
  gameResult,
  gameTitle,
  numberText,
  podiumText,
  standingCells,
  tieBreakColumns,
  type TournamentJSON,
  youText,
} from "./tournament-state";

function headed(id: string, title: string, ...body: HTMLElement[]): HTMLElement {
  const section = el("section", { class: "tournament-part", "aria-labelledby": id });
  section.append(el("h2", { id }, title), ...body);
  return section;
}

/** The standings as a table (a note while nobody has joined), with ``pager`` under it. */
export function standingsView(state: TournamentJSON, pager: HTMLElement | null = null): HTMLElement {
  if (state.standings.length === 0) {
    return headed("standings-live", t("Standings"), el("p", "note", t("Nobody has joined yet.")));
  }
  const swiss = tieBreakColumns(state);
  const head = el("tr");
  const columns = [t("Rank"), t("Player"), t("Score"), t("Games")];
  if (swiss) columns.push(t("Buchholz"), t("Sonneborn-Berger"));
  for (const name of columns) head.append(el("th", { scope: "col" }, name));
  const body = el("tbody");
  for (const row of state.standings) {
    const cells = standingCells(row);
    const tr = el("tr", cells.you ? { class: "you" } : {});
    const player = el("td", "standing-player", el("span", "standing-name", cells.player));
    if (cells.onFire) {
      player.append(" ", el("span", { class: "fire", title: t("On fire: two wins running, the next win counts double") }, "🔥"));
    }
    if (row.team) player.append(" ", el("span", "standing-team", row.team));
    if (cells.left) player.append(" ", el("span", "note standing-left", t("(left)")));
    else if (row.paused) player.append(" ", el("span", "note standing-paused", t("(paused)")));
    if (cells.sheet && cells.sheet.length > 0) {
      const sheet = el("span", { class: "sheet", "aria-label": t("Points of each game") });
      for (const points of cells.sheet) {
        // a win on fire (doubled) stands out
        sheet.append(el("span", points >= 4 ? "sheet-game sheet-double" : "sheet-game", String(points)));
      }
      player.append(sheet);
    }
    tr.append(el("td", "standing-rank", cells.rank), player, el("td", "standing-score", cells.score), el("td", "standing-games", cells.games));
    if (swiss) tr.append(el("td", "standing-buchholz", cells.buchholz ?? "—"), el("td", "standing-sb", cells.sonnebornBerger ?? "—"));
    body.append(tr);
  }
  const table = el("table", "standings", el("thead", {}, head), body);
  return headed("standings-live", t("Standings"), el("div", "table-scroll", table), ...(pager ? [pager] : []));
}

/**
 * The pages of the standings when they fill more than one, or null: the
 * first, previous, next and last pages, "Page 2 of 5", and the reader's own
 * page (``go(null)``: followed as their line moves) when another is shown.
 */
export function pagerView(state: TournamentJSON, go: (page: number | null) => void): HTMLElement | null {
  const paging = state.standings_page;
  if (!paging || paging.pages <= 1) return null;
  const button = (label: string, title: string, page: number | null, disabled: boolean): HTMLElement => {
    const node = el("button", { type: "button", class: "button pager-button", title, "aria-label": title }, label);
    node.disabled = disabled;
    node.addEventListener("click", () => go(page));
    return node;
  };
  const first = paging.page <= 1;
  const last = paging.page >= paging.pages;
  const nav = el("nav", { class: "standings-pager", "aria-label": t("Pages of the standings") });
  nav.append(
    button("«", t("First page"), 1, first),
    button("‹", t("Previous page"), paging.page - 1, first),
    el("span", "standings-page", t("Page %(number)s of %(total)s", { number: paging.page, total: paging.pages })),
    button("›", t("Next page"), paging.page + 1, last),
    button("»", t("Last page"), paging.pages, last),
  );
  if (paging.mine !== null && paging.mine !== paging.page) {
    const mine = el("button", { type: "button", class: "button pager-mine" }, t("Your page"));
    mine.addEventListener("click", () => go(null));
    nav.append(mine);
  }
  return nav;
}

/** A team battle's teams, best first (a team scores its leaders' scores), or null. */
export function teamsView(state: TournamentJSON): HTMLElement | null {
  if (!state.teams || state.teams.length === 0) return null;
  const head = el("tr");
  for (const name of [t("Rank"), t("Team"), t("Score")]) head.append(el("th", { scope: "col" }, name));
  const body = el("tbody");
  for (const team of state.teams) {
    const name = el("td", "standing-player", el("span", "standing-name", team.team));
    if (team.leaders.length > 0) name.append(el("span", "team-leaders note", team.leaders.join(", ")));
    const mine = state.you.team === team.team;
    body.append(el("tr", mine ? { class: "you" } : {}, el("td", "standing-rank", String(team.rank)), name, el("td", "standing-score", numberText(team.score))));
  }
  return headed("teams-live", t("Teams"), el("div", "table-scroll", el("table", "standings teams", el("thead", {}, head), body)));
}

/** The latest games, the latest first. */
export function gamesView(state: TournamentJSON): HTMLElement {
  if (state.games.length === 0) return headed("games-live", t("Games"), el("p", "note", t("No game yet.")));
  const list = el("ul", "tournament-games");
  for (const game of state.games) {
    const title = gameTitle(game);
    const line = el("li", game.over ? "game-over" : "game-on");
    if (game.url) {
      const link = el("a", {}, title);
      link.href = game.url;
      line.append(link);
    } else {
      line.append(title);
    }
    const result = gameResult(game);
    if (result) line.append(" ", el("span", game.over ? "game-result" : "note", game.over ? result : `(${result})`));
    if (state.kind === "swiss" && game.round > 0) line.dataset.round = String(game.round);
    list.append(line);
  }
  return headed("games-live", t("Games"), list);
}

/** The podium once the event is over, or null. */
export function podiumView(state: TournamentJSON): HTMLElement | null {
  if (state.podium.length === 0) return null;
  const list = el("ol", "podium");
  for (const row of state.podium) list.append(el("li", { "data-rank": String(row.rank ?? "") }, podiumText(row)));
  return headed("podium-live", t("Podium"), list);
}

/**
 * The reader's part: their game's link, the join or leave button (calling
 * ``act``) and the line saying where they stand; ``busy`` while a request
 * runs, ``error`` its failure.
 */
export function youView(
  state: TournamentJSON,
  act: (action: "join" | "leave", password?: string, team?: string) => void,
  busy: boolean,
  error: string | null,
): HTMLElement {
  const box = el("div", "tournament-you");
  if (state.your_game) {
    const link = el("a", "button your-game-link", t("Your game is on: play it"));
    link.href = state.your_game.url;
    box.append(el("p", "your-game", link));
  }
  const action = actionOf(state);
  const line = el("p", "tournament-join");
  if (action) {
    // a private event asks its password of a newcomer (someone already entered comes back without it)
    const password = action === "join" && state.private && !state.you.joined
      ? el("input", { type: "password", class: "tournament-password", maxlength: "64", autocomplete: "off", "aria-label": t("Password") })
      : null;
    // a team battle asks a newcomer which team they play for
    const team = action === "join" && !state.you.joined && (state.team_names ?? []).length > 0
      ? el("select", { class: "tournament-team", "aria-label": t("Team") }, ...(state.team_names ?? []).map((name) => el("option", { value: name }, name)))
      : null;
    if (team) line.append(team, " ");
    const resume = action === "join" && state.you.paused;
    const label = resume ? t("Resume") : action === "join" ? t("Join") : t("Leave");
    const button = el("button", { type: "button", class: `button tournament-${resume ? "resume" : action}` }, label);
    button.disabled = busy;
    button.addEventListener("click", () => act(action, password?.value, team?.value));
    if (password) {
      password.addEventListener("keydown", (event) => {
        if (event.key === "Enter") act(action, password.value, team?.value);
      });
      line.append(password, " ");
    }
    line.append(button, " ");
  }
  const words = youText(state);
  if (words) line.append(el("span", "note", words));
  if (line.childNodes.length > 0) box.append(line);
  if (error) box.append(el("p", { class: "error", role: "alert" }, error));
  return box;
}

/** A duplicate event's travellers once it is over and solved: each deal's par, a best line and every result. */
export function travellersView(state: TournamentJSON): HTMLElement | null {
  if (state.travellers.length === 0) return null;
  const parts: HTMLElement[] = [];
  for (const deal of state.travellers) {
    const box = el("section", { class: "traveller", "data-deal": String(deal.number) });
    box.append(
      el("h3", {}, t("Deal %(number)s, from seat %(seat)s: par %(par)s", { number: deal.number, seat: deal.seat, par: numberText(deal.par) })),
      el("p", "traveller-line", t("A best line: %(line)s", { line: deal.line.join(" ") })),
    );
    const table = el("table", "traveller-results");
    const head = el("tr");
    for (const title of [t("Player"), t("Points"), t("Matchpoints"), t("Against par")]) head.append(el("th", { scope: "col" }, title));
    table.append(el("thead", {}, head));
    const body = el("tbody");
    for (const row of deal.results) {
      const line = el("tr");
      line.append(
        el("td", {}, row.player),
        el("td", {}, numberText(row.points)),
        el("td", {}, `${row.matchpoints} (${numberText(row.percent)}%)`),
        el("td", {}, numberText(row.vs_par)),
      );
      body.append(line);
    }
    table.append(body);
    box.append(table);
    parts.push(box);
  }
  return headed("travellers-live", t("Travellers"), ...parts);
}
