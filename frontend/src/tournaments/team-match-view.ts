/**
 * A duplicate team match's part of its page: the score, the tables (who
 * holds seat A where) and each deal's results, par and net once every
 * table has played it (before, how many tables have).  Drawn from the
 * event's JSON (``team_match``) as the server's template draws it.
 */
import { el } from "../shared/dom";
import { t, tn } from "../shared/i18n";
import { numberText, type TournamentJSON } from "./tournament-state";

type TeamMatchJSON = NonNullable<TournamentJSON["team_match"]>;
type DealJSON = TeamMatchJSON["deals"][number];

function row(cells: string[], header = false): HTMLElement {
  const tr = el("tr");
  for (const cell of cells) tr.append(el(header ? "th" : "td", header ? { scope: "col" } : {}, cell));
  return tr;
}

function dealView(deal: DealJSON, match: TeamMatchJSON, teams: string[]): HTMLElement {
  const box = el("section", { class: "team-deal", "data-deal": String(deal.number) });
  if (!deal.closed || deal.net === null) {
    box.append(
      el("h3", {}, t("Deal %(number)s", { number: deal.number })),
      el(
        "p",
        "note",
        tn(
          "%(played)s table of %(tables)s has played it: its results are shown once every table has.",
          "%(played)s tables of %(tables)s have played it: its results are shown once every table has.",
          deal.played,
          { played: deal.played, tables: match.tables.length },
        ),
      ),
    );
    return box;
  }
  const table = el("table", "team-deal-results");
  table.append(el("thead", {}, row([t("Table"), t("Seat A"), t("Seat B"), t("Points for seat A"), teams[0] ?? "", teams[1] ?? ""], true)));
  const body = el("tbody");
  for (const result of deal.results) {
    body.append(row([String(result.table), result.a, result.b, numberText(result.points), numberText(result.teams[0]), numberText(result.teams[1])]));
  }
  const net = el("tr", {}, el("th", { scope: "row", colspan: "4" }, t("Net")), el("td", {}, numberText(deal.net[0])), el("td", {}, numberText(deal.net[1])));
  table.append(body, el("tfoot", {}, net));
  box.append(el("h3", {}, t("Deal %(number)s: par %(par)s for seat A", { number: deal.number, par: numberText(deal.par) })), table);
  return box;
}

/** The team match's part, or null for any other event. */
export function teamMatchView(state: TournamentJSON): HTMLElement | null {
  const match = state.team_match;
  if (!match) return null;
  const teams = state.team_names ?? [];
  const section = el("section", { class: "tournament-part team-match", "aria-labelledby": "team-match-live" });
  const score = el("p", "team-score", el("strong", {}, `${teams[0] ?? ""} ${match.score[0]} : ${match.score[1]} ${teams[1] ?? ""}`));
  score.append(" ", el("span", "note", t("deals won: %(first)s and %(second)s", { first: match.won[0] ?? 0, second: match.won[1] ?? 0 })));
  const tables = el("table", "team-tables", el("thead", {}, row([t("Table"), teams[0] ?? "", teams[1] ?? ""], true)));
  const body = el("tbody");
  for (const one of match.tables) {
    body.append(row([String(one.table), `${one.players[0] ?? ""} (${t("seat %(seat)s", { seat: one.first_seat })})`, one.players[1] ?? ""]));
  }
  tables.append(body);
  section.append(el("h2", { id: "team-match-live" }, t("Team match")), score, el("div", "table-scroll", tables));
  if (match.deals.length === 0) {
    section.append(el("p", "note", t("The first deal is dealt once both teams have %(size)s players.", { size: match.team_size })));
  }
  for (const deal of match.deals) section.append(dealView(deal, match, teams));
  return section;
}
