import { describe, expect, it } from "vitest";
import { countUrl, showCount } from "../../src/watch/spectators";
import { moveOn } from "../../src/watch/tv";
import { drawList, listUrl } from "../../src/watch/watch-list";
import type { WatchGame } from "../../src/watch/watch-types";

const game = (id: number, spectators = 0): WatchGame => ({
  game: id,
  url: `/play/${id}/`,
  variant_text: "Open domino",
  control: "5+3",
  moves: 4,
  spectators,
  rating: 1700,
  players: [
    { seat: "A", name: "ann", level: "", rating: 1800, guest: false },
    { seat: "B", name: "Guest 1a2b", level: "", rating: null, guest: true },
  ],
});

function page(): HTMLElement {
  document.body.innerHTML = `<div id="watch-root" data-watch-list data-api="/api/watch/" data-variant="block" data-min-rating="1600">
    <table class="watch-list" hidden><thead><tr><th>Players</th><th>Variant</th><th>Time control</th><th>Moves</th><th>Watching</th><th></th></tr></thead><tbody></tbody></table>
    <p data-watch-empty>Nothing now.</p></div>`;
  return document.getElementById("watch-root") as HTMLElement;
}

describe("the watch list", () => {
  it("draws the games as the server does, with the column heads as labels", () => {
    const root = page();
    root.dataset.watchWord = "Watch";
    drawList(root, [game(7, 2), game(9)]);
    const rows = root.querySelectorAll("tbody tr");
    expect(rows).toHaveLength(2);
    expect(rows[0].getAttribute("data-game")).toBe("7");
    expect(rows[0].textContent).toContain("ann (1800) – Guest 1a2b");
    expect(rows[0].querySelector(".watch-spectators")?.textContent).toBe("2");
    expect(rows[0].querySelector(".watch-spectators")?.getAttribute("data-label")).toBe("Watching");
    expect(rows[0].querySelector("a.watch-open")?.getAttribute("href")).toBe("/play/7/");
    expect(root.querySelector("table")?.hidden).toBe(false);
    expect(root.querySelector<HTMLElement>("[data-watch-empty]")?.hidden).toBe(true);
    drawList(root, []);
    expect(root.querySelector("table")?.hidden).toBe(true);
    expect(root.querySelector<HTMLElement>("[data-watch-empty]")?.hidden).toBe(false);
  });

  it("asks with the page's filter", () => {
    expect(listUrl(page())).toBe("/api/watch/?variant=block&min_rating=1600");
  });
});

describe("the TV", () => {
  it("moves on once another game, or none, is featured", () => {
    expect(moveOn("7", { game: game(7) })).toBe(false);
    expect(moveOn("7", { game: game(8) })).toBe(true);
    expect(moveOn("7", { game: null })).toBe(true);
    expect(moveOn("", { game: null })).toBe(false);
  });
});

describe("the spectator count", () => {
  it("is asked as a watcher on a spectator's page only, and shown in words", () => {
    document.body.innerHTML = `<p data-spectators="/api/games/7/spectators/" data-watching hidden></p><p id="own" data-spectators="/api/games/7/spectators/" hidden></p>`;
    const [watcher, own] = Array.from(document.querySelectorAll<HTMLElement>("[data-spectators]"));
    expect(countUrl(watcher, null)).toBe("/api/games/7/spectators/?watching=true");
    expect(countUrl(watcher, "7.abc:sig-_")).toBe("/api/games/7/spectators/?watching=true&viewer=7.abc%3Asig-_");
    expect(countUrl(own, "7.abc:sig")).toBe("/api/games/7/spectators/");
    showCount(own, { game: 7, spectators: 2, text: "2 watching" });
    expect(own.hidden).toBe(false);
    expect(own.textContent).toBe("2 watching");
  });
});
