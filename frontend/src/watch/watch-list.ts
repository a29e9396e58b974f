/**
 * The watch page's list (``people/watch.html``): read again from
 * ``GET /api/watch/`` (the page's filter) every few seconds, as the server
 * shares it, and drawn as the server drew it; the words come translated in
 * the answer and from the table's head.
 */
import { botName } from "../shared/bot-name";
import { el } from "../shared/dom";
import { request } from "../shared/http";
import type { WatchGame, WatchList } from "./watch-types";

function players(game: WatchGame): HTMLElement {
  const cell = el("td");
  game.players.forEach((p, i) => {
    if (i > 0) cell.append(" – ");
    const name = botName(p.name, p.bot);
    cell.append(el("span", "watch-player", p.rating === null ? name : `${name} (${p.rating})`));
  });
  return cell;
}

/** One game's row; ``labels`` are the table's column heads (the cards' labels on a phone). */
export function gameRow(game: WatchGame, labels: string[], watchWord: string): HTMLTableRowElement {
  const cells = [
    players(game),
    el("td", {}, game.variant_text),
    el("td", {}, game.control),
    el("td", {}, String(game.moves)),
    el("td", { class: "watch-spectators" }, String(game.spectators)),
    el("td", {}, el("a", { href: game.url, class: "watch-open" }, watchWord)),
  ];
  cells.forEach((cell, i) => {
    if (labels[i]) cell.setAttribute("data-label", labels[i]);
  });
  return el("tr", { "data-game": String(game.game) }, ...cells);
}

/** Draws ``games`` into the page's table (its head and words kept). */
export function drawList(root: HTMLElement, games: WatchGame[]): void {
  const table = root.querySelector<HTMLTableElement>("table.watch-list");
  const empty = root.querySelector<HTMLElement>("[data-watch-empty]");
  if (!table || !table.tBodies[0]) return;
  const labels = Array.from(table.tHead?.rows[0]?.cells ?? [], (cell) => cell.textContent ?? "");
  const watchWord = root.dataset.watchWord ?? table.querySelector(".watch-open")?.textContent ?? "";
  if (watchWord) root.dataset.watchWord = watchWord;
  table.tBodies[0].replaceChildren(...games.map((g) => gameRow(g, labels, watchWord)));
  table.hidden = games.length === 0;
  if (empty) empty.hidden = games.length > 0;
}

/** The list's address with the page's filter. */
export function listUrl(root: HTMLElement): string {
  const params = new URLSearchParams();
  if (root.dataset.variant) params.set("variant", root.dataset.variant);
  if (root.dataset.minRating) params.set("min_rating", root.dataset.minRating);
  const query = params.toString();
  return query ? `${root.dataset.api}?${query}` : (root.dataset.api ?? "");
}

/** Reads the list again every ``data-refresh`` seconds (at least 2) while the page is open. */
export function followList(root: HTMLElement): () => void {
  const every = Math.max(2, Number(root.dataset.refresh) || 2) * 1000;
  const tick = async (): Promise<void> => {
    try {
      const { data } = await request<WatchList>(listUrl(root));
      drawList(root, data.games);
    } catch {
      // kept as it was; the next read may do better
    }
  };
  const timer = window.setInterval(() => void tick(), every);
  return () => window.clearInterval(timer);
}
