import { describe, expect, it, vi } from "vitest";
import { mountDailyPage, resultReady, type DailyPage } from "../../src/daily/daily-page";
import type { GameJSON } from "../../src/games/game";
import { $, destroyPageAfterEach, jsonScript, makeGame, mockFetch, move, result, sample, settle } from "../helpers";

const EARLY = "Early game"; // B to move
const OVER = "Deal over";

let page: DailyPage | null = null;

function setUp(status: string, game: GameJSON | null, reload: (url: string) => void = () => {}): DailyPage {
  document.body.innerHTML = `
    <div id="daily-root" data-page="daily" data-status="${status}" data-state-id="game-state" data-day-url="/daily/2026-05-01/" data-csrf-token="tok">
      <textarea id="daily-share" readonly>Open domino daily deal 2026-05-01: 3 points lost</textarea>
      <button type="button" data-copy="daily-share" data-copied="Copied" hidden>Copy</button>
      <div id="game-root" class="game-root"><div class="fallback" data-fallback><form></form></div></div>
    </div>`;
  if (game) document.body.append(jsonScript("game-state", game));
  page = mountDailyPage(document, { reload, play: { pollRetryMs: 0, hintRetryMs: 0 } });
  if (!page) throw new Error("the daily page did not start");
  return page;
}

destroyPageAfterEach(() => {
  const mounted = page;
  page = null;
  return mounted;
});

function overGame(ungraded: number): GameJSON {
  return makeGame(sample(OVER), {
    id: 7,
    human: "A",
    status: "over",
    version: 9,
    ungraded,
    moves: [move(0, "A", "human", "00", ungraded ? null : "best")],
    result: result("A", 12, "domino"),
  });
}

describe("the daily page", () => {
  it("knows when a result can be shown: over, and every move graded", () => {
    expect(resultReady(overGame(0))).toBe(true);
    expect(resultReady(overGame(1))).toBe(false);
    expect(resultReady(makeGame(sample(EARLY), { human: "B" }))).toBe(false);
  });

  it("hosts the play widget while the game is played", () => {
    mockFetch();
    const reload = vi.fn();
    setUp("playing", makeGame(sample(EARLY), { id: 7, human: "B" }), reload);
    expect($("[data-fallback]")!.hidden).toBe(true);
    expect($("#game-root .gp-board svg")).not.toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it("loads the page again once the last grade has come", async () => {
    const fetch = mockFetch();
    const reload = vi.fn();
    setUp("grading", overGame(1), reload);
    expect(reload).not.toHaveBeenCalled();
    fetch.answer("GET /api/games/7/", { body: { ...overGame(0), version: 10 } });
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledWith("/daily/2026-05-01/");
  });

  it("copies the share line", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    setUp("over", null);
    const copy = $("[data-copy]") as HTMLButtonElement;
    expect(copy.hidden).toBe(false);
    copy.click();
    await settle();
    expect(writeText).toHaveBeenCalledWith("Open domino daily deal 2026-05-01: 3 points lost");
    expect(copy.textContent).toBe("Copied");
  });
});
