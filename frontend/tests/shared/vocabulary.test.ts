import { describe, expect, it } from "vitest";
import { GRADES as BOARD_GRADES } from "../../src/board";
import * as vocabulary from "../../src/shared/vocabulary";
import SOURCE from "../../src/shared/vocabulary.ts?raw";

/** The form a Python test parses: one list a line. */
const LINE = /^export const ([A-Z_]+) = \[((?:"[^"]*"(?:, )?)*)\] as const;$/gm;

describe("the shared vocabulary", () => {
  it("writes each list on one line, as the server's test reads it", () => {
    const parsed = Object.fromEntries([...SOURCE.matchAll(LINE)].map((m) => [m[1], JSON.parse(`[${m[2]}]`)]));
    expect(parsed).toEqual({
      GRADES: ["best", "inaccuracy", "mistake", "blunder"],
      OUTCOMES: ["win", "loss", "draw"],
      SIDES: ["A", "B"],
      REASONS: ["domino", "blocked"],
      LEVELS: ["perfect", "strong", "casual"],
      GAME_STATUSES: ["your-move", "thinking", "over", "their-move"],
      ATTEMPT_STATUSES: ["your-move", "thinking", "solved", "failed"],
      MATCH_STATUSES: ["playing", "over"],
    });
    for (const [name, list] of Object.entries(parsed)) expect((vocabulary as Record<string, unknown>)[name]).toEqual(list);
  });

  it("is the board's too", () => {
    expect(BOARD_GRADES).toBe(vocabulary.GRADES);
    expect(vocabulary.otherSide("A")).toBe("B");
    expect(vocabulary.otherSide("B")).toBe("A");
  });
});
