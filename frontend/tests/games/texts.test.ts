/** The games' running texts: the best-move hint names no side when both ends show the same number. */
import { describe, expect, it } from "vitest";
import { hintText, moveText } from "../../src/games/game";
import { hint } from "../helpers";

describe("hint 3", () => {
  it("names the end when the ends differ", () => {
    expect(hintText(hint(3, 3, { move: "26L" }), [2, 5])).toBe("The best move is 2-6 on the left end (26L).");
  });

  it("names no side when both ends show the same number", () => {
    const text = hintText(hint(3, 3, { move: "26L" }), [2, 2]);
    expect(text).not.toContain("left");
    expect(text).toBe("The best move is 2-6 on the line (both ends show 2) (26L).");
    expect(moveText("26R", [2, 2])).not.toContain("right");
  });
});
