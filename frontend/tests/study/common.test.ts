import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../src/shared/http";
import { analysisMarks, fetchAnalysis, fetchPosition, movesTable, type AnalysisResult } from "../../src/study/common";
import { mockFetch, sample, settle } from "../helpers";

afterEach(() => vi.unstubAllGlobals());

const RESULT: AnalysisResult = {
  position: "p",
  value: 7,
  moves: [
    { move: "22R", value: 7, grade: "best" },
    { move: "24L", value: 0, grade: "mistake" },
    { move: "24R", value: -3, grade: "blunder" },
  ],
  pv: ["22R", "pass"],
};

describe("the moves table", () => {
  it("lists every move best first with its value, outcome, grade and points lost", () => {
    const picked: string[] = [];
    const table = movesTable(RESULT, (m) => picked.push(m));
    expect(table.className).toBe("analysis-moves");
    expect([...table.querySelectorAll("th")].map((th) => th.textContent)).toEqual(["Move", "Value", "Outcome", "Grade", "Points lost"]);
    const rows = [...table.querySelectorAll("tbody tr")];
    expect(rows.map((r) => [r.className, r.getAttribute("data-move"), r.getAttribute("data-value")])).toEqual([
      ["grade-best", "22R", "7"],
      ["grade-mistake", "24L", "0"],
      ["grade-blunder", "24R", "-3"],
    ]);
    expect(rows.map((r) => [...r.querySelectorAll("td")].slice(1).map((td) => td.textContent))).toEqual([
      ["+7", "win", "best", "0"],
      ["0", "draw", "mistake", "7"],
      ["\u22123", "loss", "blunder", "10"],
    ]);
    rows[1].querySelector<HTMLButtonElement>("button.move-pick")!.click();
    expect(picked).toEqual(["24L"]);
    expect(analysisMarks(RESULT)).toEqual({ "22R": "best", "24L": "mistake", "24R": "blunder" });
  });
});

describe("asking the server", () => {
  it("polls a pending analysis until it is done", async () => {
    const f = mockFetch();
    const waited: number[] = [];
    const answer = fetchAnalysis("/api/analyses/", "p", (ms) => waited.push(ms));
    f.answer("POST /api/analyses/", { status: 202, body: { id: 4, status: "pending", result: null, error: null } });
    f.answer("GET /api/analyses/4/", { body: { id: 4, status: "done", result: RESULT, error: null } });
    expect(await answer).toEqual(RESULT);
    expect(f.calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ["POST", "/api/analyses/", { position: "p" }],
      ["GET", "/api/analyses/4/", undefined],
    ]);
    expect(waited).toEqual([0]);
  });

  it("says why an analysis failed", async () => {
    const f = mockFetch();
    f.answer("POST /api/analyses/", { body: { id: 4, status: "failed", result: null, error: "the solver gave up" } });
    const error = await fetchAnalysis("/api/analyses/", "p").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("the solver gave up");
  });

  it("plays a line on the server", async () => {
    const f = mockFetch();
    const board = sample("Early game");
    const answer = fetchPosition("/api/positions/", "start", ["22R"]);
    f.answer("POST /api/positions/", { body: { position: "start", moves: ["22R"], current: board.position, board } });
    expect((await answer).current).toBe(board.position);
    expect(f.calls[0].body).toEqual({ position: "start", moves: ["22R"] });
    await settle();
  });
});
