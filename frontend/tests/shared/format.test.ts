import { describe, expect, it } from "vitest";
import { gradeLabel, outcomeLabel, outcomeOf, playerNames, reasonLabel, signed } from "../../src/shared/format";
import { GRADES } from "../../src/shared/vocabulary";

describe("signed", () => {
  it("writes a value with its sign, always the true minus sign (as the server's signed does)", () => {
    expect(signed(12)).toBe("+12");
    expect(signed(-4)).toBe("\u22124");
    expect(signed(-80)).not.toContain("-");
    expect(signed(0)).toBe("0");
    expect(signed(null)).toBe("");
    expect(signed(undefined)).toBe("");
  });
});

describe("grade words", () => {
  it("says every grade, the best move long or short, and a grade still to come", () => {
    expect(GRADES.map((g) => gradeLabel(g))).toEqual(["best move", "inaccuracy", "mistake", "blunder"]);
    expect(GRADES.map((g) => gradeLabel(g, { short: true }))).toEqual(["best", "inaccuracy", "mistake", "blunder"]);
    expect(gradeLabel(null)).toBe("grading…");
  });

  it("passes a grade it does not know through as written", () => {
    expect(gradeLabel("brilliant" as never)).toBe("brilliant");
  });
});

describe("outcomes, reasons and names", () => {
  it("reads a value as a win, a loss or a draw", () => {
    expect([5, -1, 0].map(outcomeOf)).toEqual(["win", "loss", "draw"]);
    expect([5, -1, 0].map((v) => outcomeLabel(outcomeOf(v)))).toEqual(["win", "loss", "draw"]);
  });

  it("says how a deal ended", () => {
    expect(reasonLabel("domino")).toBe("domino");
    expect(reasonLabel("blocked")).toBe("blocked");
  });

  it("names the user and the solver", () => {
    expect(playerNames("A")).toEqual({ A: "You", B: "Solver" });
    expect(playerNames("B")).toEqual({ A: "Solver", B: "You" });
  });
});
