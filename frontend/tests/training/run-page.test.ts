import { afterEach, describe, expect, it, vi } from "vitest";
import { clockText, RunPage, type RunJSON } from "../../src/training/run-page";
import { pageRoot, sample } from "../helpers";

const board = sample("Early game");
const urls = {
  self: "/api/runs/5/", moves: "/api/runs/5/moves/", stop: "/api/runs/5/stop/", skip: "/api/runs/5/skip/", start: "/api/runs/",
  page: "/puzzles/runs/5/", mode_page: "/puzzles/timed/",
};
const attemptUrls = { self: "/api/attempts/3/", moves: "/api/attempts/3/moves/", give_up: "/api/attempts/3/give-up/", retry: "/api/puzzles/7/attempts/" };

function attempt(over: Record<string, unknown> = {}) {
  return {
    id: 3, status: "your-move", gave_up: false, rated: false, unrated_because: null, side: board.side, position: board.position,
    legal_moves: board.legal_moves, moves: [], last_move: null, feedback: null, board, version: 0, rating: null,
    solution: null, urls: attemptUrls, puzzle: { id: 7, rating: 1100, kind: "win" }, ...over,
  };
}

function run(over: Partial<RunJSON> = {}): RunJSON {
  return {
    id: 5, mode: "timed", status: "active", end_reason: null, score: 0, mistakes: 0, skips_left: 0, duration: 180, penalty_seconds: 0,
    penalty_per_mistake: 10, time_left: 125, best: 4, best_before: 4, new_best: false,
    attempt: attempt() as RunJSON["attempt"],
    puzzles: [{ index: 1, puzzle: 7, attempt: 3, rating: 1100, side: board.side, result: "unfinished", played: [], solution: null,
      urls: { page: "/puzzles/attempts/3/", puzzle: "/puzzles/7/" } }],
    urls, ...over,
  };
}

/** The run once over (for ``endReason``, with ``score``): its one puzzle ``result`` after ``move``, its solution ``line``. */
type RunPuzzle = RunJSON["puzzles"][number];

function overRun(endReason: RunJSON["end_reason"], score: number, result: RunPuzzle["result"], move: string,
                 line: NonNullable<RunPuzzle["solution"]>["line"]): RunJSON {
  return run({
    status: "over", end_reason: endReason, score, time_left: 0, attempt: null, new_best: false,
    puzzles: [{ ...run().puzzles[0], result, played: [move], solution: { line, value: 9 } }],
  });
}

function mount(state: RunJSON): { root: HTMLElement; page: RunPage } {
  const root = pageRoot("run-root", "<div data-fallback>plain</div>");
  return { root, page: new RunPage(root, state) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the run page", () => {
  it("writes the clock as minutes and seconds, never below zero", () => {
    expect(clockText(125)).toBe("2:05");
    expect(clockText(0.2)).toBe("0:01");
    expect(clockText(-3)).toBe("0:00");
  });

  it("shows the server's clock, the score and the puzzle, and no result while the run is on", () => {
    const { root } = mount(run());
    expect(root.querySelector<HTMLElement>("[data-fallback]")!.hidden).toBe(true);
    expect(root.querySelector(".run-clock")!.textContent).toBe("2:05");
    expect(root.querySelector(".run-score-now")!.textContent).toBe("Solved: 0");
    expect(root.querySelector(".puzzle-feedback")!.textContent).toBe("Puzzle 1 (rating 1100): find the only winning move.");
    expect(root.querySelector<HTMLElement>(".run-result")!.hidden).toBe(true);
    expect(root.querySelector("svg")).not.toBeNull();
  });

  it("posts a move for the puzzle under way, then lists every puzzle with its solution once the server says it is over", async () => {
    const { root, page } = mount(run());
    const move = board.legal_moves[0];
    const over = overRun("time", 1, "solved", move, [{ move, by: "solver-side", value: 9, key: true }]);
    const fetchMock = vi.fn().mockResolvedValue({ ok: true, status: 200, json: async () => over });
    vi.stubGlobal("fetch", fetchMock);
    await (page as unknown as { play(m: string): Promise<void> }).play(move);
    expect(fetchMock.mock.calls[0][0]).toBe("/api/runs/5/moves/");
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ move, ply: 0, attempt: 3 });
    expect(fetchMock.mock.calls[0][1].headers["X-CSRFToken"]).toBe("tok");
    const result = root.querySelector<HTMLElement>(".run-result")!;
    expect(result.hidden).toBe(false);
    expect(result.textContent).toContain("Time is up.");
    expect(result.querySelector(".run-puzzles li")!.textContent).toContain(`Solution: ${move}`);
    expect(root.querySelector(".run-again")).not.toBeNull();
    // No line has the solver's replies: no note on brackets.
    expect(result.textContent).not.toContain("In brackets");
  });

  it("explains the brackets when a solution line has the solver's replies in them", async () => {
    const { root, page } = mount(run());
    const move = board.legal_moves[0];
    const over = overRun("wrong-move", 0, "failed", move,
      [{ move, by: "solver-side", value: 9, key: true }, { move: "pass", by: "defender", value: -9, key: false }]);
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue({ ok: true, status: 200, json: async () => over }));
    await (page as unknown as { play(m: string): Promise<void> }).play(move);
    const result = root.querySelector<HTMLElement>(".run-result")!;
    expect(result.querySelector(".run-puzzles li")!.textContent).toContain(`Solution: ${move} (pass)`);
    expect(result.querySelector(".note")!.textContent).toBe("In brackets: the solver's replies.");
  });
});
