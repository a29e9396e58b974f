import { beforeEach, describe, expect, it, vi } from "vitest";

const stored = vi.hoisted(() => ({ packs: [] as unknown[] }));

vi.mock("../../src/board", () => ({
  Board: class {
    on() {}
    set() {}
  },
}));
vi.mock("../../src/offline/store", () => ({
  available: () => true,
  // Each read gives the next stored state: the pack appears between two reads.
  loadPack: async () => (stored.packs.length > 1 ? stored.packs.shift() : stored.packs[0]) ?? null,
  loadDone: async () => [],
  saveDone: async () => {},
  resultStore: { all: async () => [], put: async () => {}, remove: async () => {} },
}));
vi.mock("../../src/offline/sync", () => ({
  offlineUrls: () => null,
  sendResults: async () => ({ sent: [], refused: [], kept: [], dropped: [] }),
  // The pack is fresh (another script stored it): nothing fetched, nothing handed over.
  syncAll: async () => {},
}));

import { OfflinePage } from "../../src/offline/offline-page";

const puzzle = { id: 7, board: "", side: "A", position: "", rating: 1500, node: { accept: [], replies: {} } };

describe("the offline puzzle page", () => {
  beforeEach(() => {
    document.body.removeAttribute("data-offline-fallback");
    document.body.innerHTML = '<div id="root"></div>';
  });

  it("says the page asked for needs the network when the service worker answered with this one", () => {
    new OfflinePage(document.getElementById("root")!, null);
    expect(document.querySelector(".offline-elsewhere")).toBeNull();  // opened as itself: nothing to say
    document.body.innerHTML = '<div id="root"></div>';
    document.body.setAttribute("data-offline-fallback", "");
    new OfflinePage(document.getElementById("root")!, null);
    const notice = document.querySelector(".offline-elsewhere")!;
    expect(notice.textContent).toBe("You are offline: that page needs the network.");
    expect(notice.nextElementSibling?.id).toBe("root");
  });

  it("takes a pack another script stored while the page was loading", async () => {
    stored.packs = [null, { pack: { puzzles: [puzzle], preparing: 0, generated_at: "", results_url: "/r/" }, fetched_at: 1 }];
    const page = new OfflinePage(document.getElementById("root")!, {
      sw: "/sw.js", pack: "/api/p/", results: "/api/r/", owner: "",
    });
    await page.load();
    expect(page.puzzles.map((p) => p.id)).toEqual([7]);
    expect(page.attempt?.puzzle.id).toBe(7);
  });
});
