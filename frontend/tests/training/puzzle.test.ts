import { afterEach, describe, expect, it, vi } from "vitest";
import { PuzzlePage } from "../../src/training/puzzle-page";
import { pageRoot, sample } from "../helpers";

const board = sample("Early game");
const puzzle = {
  id: 7,
  position: board.position,
  side: board.side,
  kind: "win" as const,
  rating: 1400,
  board,
  urls: { attempts: "/api/puzzles/7/attempts/", page: "/puzzles/7/" },
};
const urls = { self: "/api/attempts/3/", moves: "/api/attempts/3/moves/", give_up: "/api/attempts/3/give-up/", retry: "/api/puzzles/7/attempts/" };

function attempt(over: Record<string, unknown>) {
  return {
    id: 3, status: "your-move", gave_up: false, rated: true, side: board.side, legal_moves: board.legal_moves,
    moves: [], last_move: null, feedback: null, board, version: 0, rating: null, solution: null, urls, ...over,
  };
}

/** The attempt once ``move``, a blunder, has failed the puzzle (a rated
 * 1500 → 1420): the answer shows ``solution``. */
function failedAfter(move: string, solution: Record<string, unknown>) {
  return attempt({
    status: "failed", version: 2, feedback: "incorrect", last_move: move,
    rating: { before: 1500, after: 1420, change: -80 },
    moves: [{ ply: 0, side: board.side, by: "player", move, value: -3, grade: "blunder", correct: false, best_moves: ["xx"] }],
    solution,
  });
}

function mountPage(start: unknown = null, around = ""): { root: HTMLElement; page: PuzzlePage } {
  const root = pageRoot("puzzle-root", "<div data-fallback>plain</div>", around);
  root.dataset.apiStart = puzzle.urls.attempts;
  root.dataset.nextUrl = "/puzzles/train/";
  return { root, page: new PuzzlePage(root, puzzle, start as ConstructorParameters<typeof PuzzlePage>[2]) };
}

function respond(...bodies: unknown[]) {
  const fetchMock = vi.fn();
  for (const body of bodies) {
    fetchMock.mockResolvedValueOnce({ ok: true, status: 200, json: async () => body });
  }
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("the puzzle page", () => {
  it("hides the fallback and asks for the move", () => {
    const { root } = mountPage();
    expect(root.querySelector<HTMLElement>("[data-fallback]")!.hidden).toBe(true);
    expect(root.querySelector(".puzzle-feedback")!.textContent).toBe("Your move: find the only winning move.");
    expect(root.querySelector("svg")).not.toBeNull();
  });

  it("starts the attempt with the first move, waits for the reply and says it was correct", async () => {
    const { root, page } = mountPage();
    const move = board.legal_moves[0];
    const fetchMock = respond(
      attempt({}),
      attempt({ status: "thinking", version: 1, moves: [{ ply: 0, side: board.side, by: "player", move, value: null, grade: null, correct: null, best_moves: null }] }),
      attempt({ status: "your-move", version: 2, feedback: "correct", last_move: "pass", moves: [
        { ply: 0, side: board.side, by: "player", move, value: 5, grade: "best", correct: true, best_moves: null },
        { ply: 1, side: "B", by: "solver", move: "pass", value: -5, grade: "best", correct: null, best_moves: null },
      ] }),
    );
    await (page as unknown as { play(m: string): Promise<void> }).play(move);
    expect(fetchMock.mock.calls.map((c) => [c[0], c[1].method])).toEqual([
      ["/api/puzzles/7/attempts/", "POST"],
      ["/api/attempts/3/moves/", "POST"],
      ["/api/attempts/3/?wait=1&timeout=20", "GET"],
    ]);
    expect(JSON.parse(fetchMock.mock.calls[1][1].body)).toEqual({ move, ply: 0 });
    expect(fetchMock.mock.calls[1][1].headers["X-CSRFToken"]).toBe("tok");
    expect(root.querySelector(".puzzle-feedback")!.textContent).toBe("Correct! The solver replied pass. Your move.");
    expect(root.querySelectorAll(".puzzle-moves li").length).toBe(2);
    expect(root.querySelector<HTMLElement>(".solution")!.hidden).toBe(true);
  });

  it("shows the annotated solution after a wrong move, and the server's error otherwise", async () => {
    const { root, page } = mountPage();
    const move = board.legal_moves[0];
    respond(
      attempt({}),
      failedAfter(move, {
        line: [{ move: "12L", side: board.side, by: "solver-side", value: 9, key: true }, { move: "pass", side: "B", by: "defender", value: -9, key: false }],
        value: 9, kind: "win", first_moves: [{ move: "12L", value: 9, grade: "best" }, { move, value: -3, grade: "blunder" }],
        themes: [{ name: "block", label: "block", description: "A forced pass." }],
        board_after: sample("Forced pass"),
      }),
    );
    await (page as unknown as { play(m: string): Promise<void> }).play(move);
    const text = root.querySelector(".puzzle-feedback")!.textContent!;
    expect(text).toContain(`Incorrect: ${move} loses value.`);
    expect(text).toContain("Rating 1500 → 1420 (\u221280).");
    expect(root.querySelector<HTMLElement>(".solution")!.hidden).toBe(false);
    expect(root.querySelectorAll(".solution-line li").length).toBe(2);
    expect(root.querySelector(".solution .themes")!.textContent).toContain("block");
    const explore = root.querySelector<HTMLAnchorElement>(".solution a.open-analysis")!;
    expect(decodeURIComponent(explore.getAttribute("href")!)).toContain(`/analysis/?position=`);
    root.querySelector<HTMLButtonElement>(".solution .show-solution")!.click();
    expect(root.querySelector(".odb-pass, svg")).not.toBeNull();
    expect([...root.querySelectorAll(".puzzle-actions button, .puzzle-actions a")].map((b) => b.textContent)).toEqual(["Try again", "Next puzzle"]);

    vi.stubGlobal("fetch", vi.fn().mockResolvedValue({ ok: false, status: 409, json: async () => ({ error: "the attempt is over" }) }));
    await (page as unknown as { giveUp(): Promise<void> }).giveUp();
    expect(root.querySelector(".puzzle-feedback")!.textContent).toBe("the attempt is over");
  });

  it("updates the rating and the rated count wherever a translation puts them", async () => {
    const { page } = mountPage();
    // The training page's sentence in Polish: the count comes after a label, in no brackets.
    const span = document.createElement("span");
    span.className = "player-rating";
    span.dataset.rating = "1500";
    span.dataset.ratedCount = "0";
    span.dataset.text = "Twój ranking w zadaniach: %(rating)s (zadania rankingowe: %(count)s)";
    span.textContent = "Twój ranking w zadaniach: 1500 (zadania rankingowe: 0)";
    const short = document.createElement("span");
    short.className = "player-rating";
    short.dataset.rating = "1500";
    short.dataset.text = "Twój ranking %(rating)s";
    short.textContent = "Twój ranking 1500";
    document.body.append(span, short);
    const move = board.legal_moves[0];
    respond(
      attempt({}),
      failedAfter(move, { line: [], value: 9, kind: "win", first_moves: [], themes: [], board_after: sample("Forced pass") }),
    );
    await (page as unknown as { play(m: string): Promise<void> }).play(move);
    expect(span.textContent).toBe("Twój ranking w zadaniach: 1420 (zadania rankingowe: 1)");
    expect(short.textContent).toBe("Twój ranking 1420");
    // The next rated attempt (a new puzzle's, solved) counts one more.
    respond(
      attempt({ id: 4 }),
      attempt({ id: 4, status: "solved", version: 2, feedback: "correct", last_move: move, rating: { before: 1420, after: 1441, change: 21 },
        moves: [{ ply: 0, side: board.side, by: "player", move, value: 9, grade: "best", correct: true, best_moves: null }],
        solution: { line: [], value: 9, kind: "win", first_moves: [], themes: [], board_after: sample("Forced pass") } }),
    );
    (page as unknown as { attempt: unknown }).attempt = null;
    await (page as unknown as { play(m: string): Promise<void> }).play(move);
    expect(span.textContent).toBe("Twój ranking w zadaniach: 1441 (zadania rankingowe: 2)");
  });

  it("keeps the page's current rating when it opens on an attempt that was rated earlier", () => {
    // Today's puzzle solved (1500 → 1713), a training puzzle failed since (1586): the page says 1586.
    const done = attempt({ status: "solved", version: 3, feedback: "correct", rating: { before: 1500, after: 1713, change: 213 },
      solution: { line: [], value: 9, kind: "win", first_moves: [], themes: [], board_after: sample("Forced pass") } });
    const { root } = mountPage(done, '<span class="player-rating" data-rating="1586" data-text="Your rating %(rating)s">Your rating 1586</span>');
    expect(root.querySelector(".puzzle-feedback")!.textContent).toContain("1500 → 1713");
    const span = document.querySelector<HTMLElement>(".player-rating")!;
    expect(span.textContent).toBe("Your rating 1586");
    expect(span.dataset.rating).toBe("1586");
  });

  it("draws a failed attempt as over: nobody to move on the board", async () => {
    const { root, page } = mountPage();
    const move = board.legal_moves[0];
    // After the wrong move the position has the solver's seat to move, with moves.
    const after = { ...sample("Early game"), side: board.side === "A" ? "B" : "A" };
    respond(
      attempt({}),
      attempt({
        status: "failed", version: 2, feedback: "incorrect", last_move: move, board: after,
        moves: [{ ply: 0, side: board.side, by: "player", move, value: -3, grade: "blunder", correct: false, best_moves: ["xx"] }],
        solution: { line: [], value: 9, kind: "win", first_moves: [], themes: [], board_after: sample("Forced pass") },
      }),
    );
    await (page as unknown as { play(m: string): Promise<void> }).play(move);
    const status = root.querySelector(".puzzle-board .odb-status")?.textContent ?? "";
    expect(status).not.toMatch(/to move|Your move/);
    expect(root.querySelector(".puzzle-board .odb-chip-turn")).toBeNull();
  });
});


describe("an attempt that is not rated", () => {
  it("says so when its player holds the puzzle's offline key", () => {
    const { root } = mountPage(attempt({ rated: false, unrated_because: "offline-key" }));
    expect(root.querySelector(".puzzle-feedback")!.textContent).toBe(
      "Your move. (Unrated: this puzzle's solutions have been given out for offline solving.)",
    );
  });
});
