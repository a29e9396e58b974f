import { describe, expect, it } from "vitest";
import { computeLayout, parseMove, normaliseStone, PIP_LAYOUTS } from "../../src/board";
import { flowLine } from "../../src/board/layout";

describe("notation", () => {
  it("parses moves without knowing any rules", () => {
    expect(parseMove("36R")).toEqual({ raw: "36R", stone: "36", end: "R" });
    expect(parseMove("63l")).toEqual({ raw: "63l", stone: "36", end: "L" });
    expect(parseMove("05")).toEqual({ raw: "05", stone: "05", end: null });
    expect(parseMove("pass")).toEqual({ raw: "pass", stone: null, end: null });
    // Double-nine stones are stones too: the board reads digits, the server knows the set.
    expect(parseMove("79R")).toEqual({ raw: "79R", stone: "79", end: "R" });
    expect(parseMove("97")).toEqual({ raw: "97", stone: "79", end: null });
    expect(parseMove("7a")).toBeNull();
    expect(parseMove("123")).toBeNull();
    expect(parseMove("36X")).toBeNull();
    expect(normaliseStone("62")).toBe("26");
  });

  it("has the standard pip patterns", () => {
    expect(PIP_LAYOUTS.map((p) => p.length)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // double-nine: the 7 is the 6 plus the centre, the 8 the 9 without it; no two pips of a half coincide
    expect(PIP_LAYOUTS[7]).toEqual(expect.arrayContaining([...PIP_LAYOUTS[6], [0, 0]]));
    expect(PIP_LAYOUTS[8]).not.toContainEqual([0, 0]);
    for (const layout of PIP_LAYOUTS) expect(new Set(layout.map(([x, y]) => `${x},${y}`)).size).toBe(layout.length);
    // the 5 is the 4 plus the centre; the 3 is the 2 plus the centre
    expect(PIP_LAYOUTS[5]).toEqual(expect.arrayContaining([...PIP_LAYOUTS[4], [0, 0]]));
    expect(PIP_LAYOUTS[3]).toEqual(expect.arrayContaining([...PIP_LAYOUTS[2], [0, 0]]));
    // the 6 runs along the stone: two columns of three
    expect(new Set(PIP_LAYOUTS[6].map(([x]) => x))).toEqual(new Set([-1, 1]));
  });
});

describe("line layout", () => {
  const stones = (n: number) => Array.from({ length: n }, (_, i) => (i % 5 === 4 ? "33" : "12"));

  it("puts an end marker at each end and every stone in order", () => {
    const { items } = flowLine(stones(7), 0, 1000, 0, 30);
    expect(items.map((i) => i.kind)).toEqual(["end", ...Array(7).fill("stone"), "end"]);
    expect(items[0].end).toBe("L");
    expect(items[8].end).toBe("R");
    expect(items.filter((i) => i.kind === "stone").map((i) => i.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("draws doubles crosswise", () => {
    const { items } = flowLine(["12", "22", "23"], 0, 1000, 0, 30);
    const double = items.find((i) => i.index === 1)!;
    expect(double.upright).toBe(true);
    expect(double.h).toBeGreaterThan(double.w);
    expect(items.find((i) => i.index === 0)!.upright).toBe(false);
  });

  it("wraps onto further rows, left to right, within the width", () => {
    const width = 400;
    const { items, rows } = flowLine(stones(20), 10, width, 0, 30);
    expect(rows.length).toBeGreaterThan(1);
    for (const item of items) {
      expect(item.cx - item.w / 2).toBeGreaterThanOrEqual(10 - 1e-9);
      expect(item.cx + item.w / 2).toBeLessThanOrEqual(10 + width + 1e-9);
    }
    // reading order: row by row, left to right
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1], items[i]];
      expect(b.row === a.row ? b.cx > a.cx : b.row === a.row + 1).toBe(true);
      if (b.row !== a.row) expect(b.cy).toBeGreaterThan(a.cy);
    }
  });

  it("shows an opening slot on an empty table", () => {
    const { items, rows } = flowLine([], 0, 500, 0, 30);
    expect(items.map((i) => i.kind)).toEqual(["open"]);
    expect(rows).toHaveLength(1);
  });

  it("makes the narrow layout narrower and taller for the same line", () => {
    const line = stones(22);
    const wide = computeLayout("wide", line);
    const narrow = computeLayout("narrow", line);
    expect(narrow.width).toBeLessThan(wide.width);
    expect(narrow.rows.length).toBeGreaterThan(wide.rows.length);
    // all hand slots inside the viewBox
    for (const layout of [wide, narrow])
      for (const place of ["top", "bottom"] as const)
        for (const p of [...layout.hands[place].front, ...layout.hands[place].back]) {
          expect(p.x).toBeGreaterThan(0);
          expect(p.x).toBeLessThan(layout.width);
          expect(p.y).toBeLessThan(layout.height);
        }
  });

  it("puts the front row nearer the table", () => {
    const layout = computeLayout("wide", []);
    const tableY = layout.table.y + layout.table.h / 2;
    for (const place of ["top", "bottom"] as const) {
      const { front, back } = layout.hands[place];
      expect(Math.abs(front[0].y - tableY)).toBeLessThan(Math.abs(back[0].y - tableY));
    }
  });
});
