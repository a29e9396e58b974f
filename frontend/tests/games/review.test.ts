import { afterEach, describe, expect, it } from "vitest";
import type { PositionJSON } from "../../src/board";
import { applyMove } from "../../src/games/play-page";
import { mountReviewPage, type ReviewPage } from "../../src/games/review-page";
import { click, hint, makeGame, move, sampleWithAnswers } from "../helpers";

let page: ReviewPage | null = null;

afterEach(() => {
  page?.destroy();
  page = null;
  document.body.replaceChildren();
});

/** A short game from the opening sample: A opens 33, B 35R, A 50R, B passes (made up), A 02R. */
function setUp(ply: number | null = null) {
  const start = sampleWithAnswers("Opening: any front stone may start").position;
  const played = ["33", "35R", "pass", "56R"];
  const boards: PositionJSON[] = [start];
  for (const m of played) {
    const before = boards[boards.length - 1];
    boards.push(applyMove(before, m));
  }
  const moves = [
    move(0, "A", "human", "33", "mistake", { value: 2, best_value: 14, best_moves: ["35", "36"], points_lost: 12 }),
    move(1, "B", "solver", "35R", "best"),
    move(2, "A", "human", "pass", "best"),
    move(3, "B", "solver", "56R", "best"),
  ];
  const game = makeGame(boards[4], {
    human: "A",
    status: "your-move",
    moves,
    hints: [hint(0, 1, { value: 14 }), hint(0, 3, { move: "35" })],
  });
  const last = ply ?? moves.length;
  document.body.innerHTML = `
    <div id="game-root" data-page="review" data-game-id="7" data-state-id="game-state" data-review-id="review-data"
         data-ply="${last}" data-api-game="/api/games/7/">
      <nav class="plies" data-fallback>plain links</nav>
      <p><a href="/analysis/?position=old" data-open-analysis>Open in analysis</a></p>
      <div class="fallback" data-fallback>plain board</div>
      <table class="review-moves" data-fallback></table>
    </div>`;
  for (const [id, value] of [["game-state", game], ["review-data", { boards, ply: last }]] as const) {
    const script = document.createElement("script");
    script.type = "application/json";
    script.id = id;
    script.textContent = JSON.stringify(value);
    document.body.appendChild(script);
  }
  page = mountReviewPage(document);
  if (!page) throw new Error("the review page did not start");
  return { page, boards, moves };
}

const $ = (selector: string) => document.querySelector<HTMLElement>(selector);
const $$ = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)];
const key = (k: string) => document.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
const lineStones = () => $$(".gp-board .odb-line-stone").length;

describe("the review page", () => {
  it("lists every move with its grade, points lost and best alternative", () => {
    setUp();
    for (const el of $$("[data-fallback]")) expect(el.hidden).toBe(true);
    const rows = $$(".gp-row");
    expect(rows.map((r) => r.dataset.ply)).toEqual(["0", "1", "2", "3", "4"]);
    expect(rows[1].querySelector(".gp-mv")!.textContent).toBe("33");
    expect(rows[1].querySelector(".gp-grade")!.textContent).toBe("mistake");
    expect(rows[1].querySelector(".gp-grade")!.classList.contains("grade-mistake")).toBe(true);
    expect(rows[1].querySelector(".gp-lost")!.textContent).toBe("lost 12");
    expect(rows[1].querySelector(".gp-alt")!.textContent).toBe("35, 36 (+14)");
    expect(rows[2].querySelector(".gp-who")!.textContent).toBe("solver");
    expect(rows[2].querySelector(".gp-alt")!.textContent).toBe("");
    expect(rows[3].querySelector(".gp-mv")!.textContent).toBe("pass");
  });

  it("starts at the page's ply, with the board after it", () => {
    setUp(1);
    expect(page!.ply).toBe(1);
    expect($(".gp-row.current")!.dataset.ply).toBe("1");
    expect(lineStones()).toBe(1);
    expect($(".gp-nav-label")!.textContent).toBe("after move 1 of 4");
    expect($(".gp-detail")!.textContent).toContain("1. You played 3-3 to open the line.");
    expect($(".gp-detail")!.textContent).toContain("12 points lost");
    expect($(".gp-detail-alt")!.textContent).toBe("Best was 35, 36 (+14).");
    expect($$(".gp-detail .gp-hint-text").map((h) => h.textContent)).toEqual([
      "With perfect play from here you win by 14 points.",
      "The best move is 3-5 to open the line (35).",
    ]);
  });

  it("jumps to a clicked move, and moves with the arrow keys, Home and End", () => {
    const { boards } = setUp();
    expect(page!.ply).toBe(4);
    expect(lineStones()).toBe(boards[4].line.length);
    expect(($(".gp-nav-next") as HTMLButtonElement).disabled).toBe(true);
    click($('.gp-row[data-ply="2"]'));
    expect(page!.ply).toBe(2);
    expect(document.getElementById("game-root")!.dataset.ply).toBe("2");
    expect($(".gp-row.current")!.dataset.ply).toBe("2");
    expect($(".gp-row.current")!.getAttribute("aria-current")).toBe("step");
    expect(lineStones()).toBe(2);
    expect(page!.board.getConfig().lastMove).toBe("35R");
    expect(page!.board.getConfig().ply).toBe(1);
    key("ArrowLeft");
    expect(page!.ply).toBe(1);
    key("Home");
    expect(page!.ply).toBe(0);
    expect(lineStones()).toBe(0);
    expect($(".gp-detail")!.textContent).toBe("The deal as dealt, before the first move.");
    expect(($(".gp-nav-prev") as HTMLButtonElement).disabled).toBe(true);
    key("ArrowLeft");
    expect(page!.ply).toBe(0);
    key("ArrowRight");
    key("ArrowRight");
    key("ArrowRight");
    expect(page!.ply).toBe(3);
    expect($(".gp-detail")!.textContent).toContain("3. You passed.");
    key("End");
    expect(page!.ply).toBe(4);
    click($(".gp-nav-first"));
    expect(page!.ply).toBe(0);
    click($(".gp-nav-next"));
    expect(page!.ply).toBe(1);
    click($(".gp-nav-last"));
    expect(page!.ply).toBe(4);
    expect(location.search).toContain("ply=4");
    click($('.gp-row[data-ply="1"]'));
    const href = $("a[data-open-analysis]")!.getAttribute("href")!;
    expect(href.startsWith("/analysis/?position=")).toBe(true);
    expect(new URLSearchParams(href.split("?")[1]).get("position")).toBe(boards[1].position);
  });

  it("leaves the keys alone in a form field", () => {
    setUp();
    const input = document.createElement("input");
    document.body.appendChild(input);
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true }));
    expect(page!.ply).toBe(4);
  });
});

describe("the page scripts only start on their page", () => {
  it("does nothing without a review root", () => {
    document.body.innerHTML = `<div id="game-root" data-page="play"></div>`;
    expect(mountReviewPage(document)).toBeNull();
  });
});
