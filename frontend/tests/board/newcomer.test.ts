/**
 * What a newcomer meets on the board: a long line stays a few rows with each
 * end marker beside its stone, either side's moves can be taken where the page
 * allows it, and a click on a covered back stone says why nothing happens.
 */
import { describe, expect, it } from "vitest";
import { computeLayout } from "../../src/board";
import { flowLine } from "../../src/board/layout";
import { click, handStone, mount, sample, selectable } from "../helpers";

describe("a long line", () => {
  const line = Array.from({ length: 26 }, (_, i) => (i % 6 === 5 ? "44" : "12"));

  it("never leaves an end marker alone on a row", () => {
    for (const width of [200, 310, 420, 560, 770]) {
      for (let n = 1; n <= line.length; n++) {
        const { items } = flowLine(line.slice(0, n), 0, width, 0, 30);
        const left = items.find((i) => i.kind === "end" && i.end === "L")!;
        const right = items.find((i) => i.kind === "end" && i.end === "R")!;
        const first = items.find((i) => i.kind === "stone" && i.index === 0)!;
        const last = items.find((i) => i.kind === "stone" && i.index === n - 1)!;
        expect(left.row).toBe(first.row);
        expect(right.row).toBe(last.row);
      }
    }
  });

  it("is drawn smaller rather than in more than two rows on a wide board", () => {
    const layout = computeLayout("wide", line);
    expect(new Set(layout.items.map((i) => i.row)).size).toBeLessThanOrEqual(2);
    expect(layout.lineS).toBeLessThan(30);
    expect(computeLayout("wide", line.slice(0, 4)).lineS).toBe(30);
  });
});

describe("whose moves the board takes", () => {
  const position = sample("Early game"); // B to move

  it("takes only the bottom player's moves by default", () => {
    const { el } = mount({ position, orientation: "A", interactive: true });
    expect(selectable(el)).toEqual([]);
  });

  it("takes the side to move's moves whatever the orientation with movable both", () => {
    const { el, board } = mount({ position, orientation: "A", interactive: true, movable: "both" });
    expect(selectable(el).length).toBeGreaterThan(0);
    board.set({ orientation: "B" });
    expect(selectable(el).length).toBeGreaterThan(0);
  });
});

describe("a covered back stone", () => {
  it("says which front stone covers it when clicked", () => {
    const position = sample("Early game");
    const { el } = mount({ position, orientation: position.side, interactive: true });
    const hand = position.hands[position.side];
    const col = hand.front.findIndex((s, c) => s !== null && hand.back[c] !== null);
    const back = hand.back[col]!;
    const front = hand.front[col]!;
    const stone = el.querySelector(`.odb-slot[data-side="${position.side}"][data-row="back"][data-col="${col}"] .odb-hand-stone`);
    expect(stone?.classList.contains("is-covered")).toBe(true);
    click(stone);
    const status = el.querySelector(".odb-status")?.textContent ?? el.textContent ?? "";
    expect(status).toContain(`is covered by ${front[0]}-${front[1]}`);
    expect(status).toContain(`${back[0]}-${back[1]}`);
    handStone(el, front); // still there
  });
});
