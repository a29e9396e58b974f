import { afterEach, describe, expect, it, vi } from "vitest";
import { ExercisePage, seatNames, type ExerciseJSON, type TryJSON } from "../../src/coach/exercise-page";
import { pageRoot, sample } from "../helpers";

const board = sample("Early game");
const [best, worse, ...others] = board.legal_moves;
const exercise: ExerciseJSON = {
  id: 5,
  position: board.position,
  side: board.side,
  board,
  legal_moves: board.legal_moves,
  played: worse,
  grade: "blunder",
  source: { kind: "game", game: 9, game_analysis: null },
  due: true,
  due_at: "2026-12-03T10:00:00Z",
  learnt: false,
  urls: { self: "/api/exercises/5/", tries: "/api/exercises/5/tries/", page: "/coach/exercises/5/" },
};

function answer(move: string, correct: boolean): TryJSON {
  return {
    id: 1,
    move,
    correct,
    was_due: true,
    value: correct ? 4 : -6,
    solution: {
      best_moves: [best],
      best_value: 4,
      played: worse,
      played_value: -6,
      points_lost: 10,
      moves: [
        { move: best, value: 4, grade: "best" },
        { move: worse, value: -6, grade: "blunder" },
        ...others.map((m) => ({ move: m, value: -8, grade: "blunder" as const })),
      ],
    },
    exercise: { ...exercise, due: false, due_at: correct ? "2026-12-06T10:00:00Z" : "2026-12-04T10:00:00Z", learnt: false },
  };
}

function mountPage(start: TryJSON | null = null): { root: HTMLElement; page: ExercisePage } {
  const root = pageRoot("exercise-root", '<div data-app hidden></div><div data-fallback>plain</div>');
  return { root, page: new ExercisePage(root, exercise, start) };
}

afterEach(() => vi.unstubAllGlobals());

describe("the exercise page", () => {
  it("hides the fallback and puts the player's side at the bottom of an interactive board", () => {
    const { root, page } = mountPage();
    expect(root.querySelector<HTMLElement>("[data-fallback]")!.hidden).toBe(true);
    expect(root.querySelector<HTMLElement>("[data-app]")!.hidden).toBe(false);
    const config = (page as unknown as { board: { getConfig(): { orientation: string; interactive: boolean } } }).board.getConfig();
    expect(config.orientation).toBe(board.side);
    expect(config.interactive).toBe(true);
    expect(root.querySelector(".exercise-values")).toBeNull();
  });

  it("posts a move as a try and shows the verdict, the schedule and every move's value", async () => {
    const { root, page } = mountPage();
    const fetchMock = vi.fn().mockResolvedValueOnce({ ok: true, status: 201, json: async () => answer(worse, false) });
    vi.stubGlobal("fetch", fetchMock);
    const emit = (page as unknown as { board: { events: { emit(name: string, move: string): void } } }).board.events;
    emit.emit("move", worse);
    await vi.waitFor(() => expect(page.answer).not.toBeNull());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/exercises/5/tries/");
    expect(JSON.parse(init.body)).toEqual({ move: worse });
    expect(root.querySelector(".exercise-feedback")!.textContent).toMatch(/^Not quite: that move loses value\. Next on /);
    const rows = [...root.querySelectorAll<HTMLElement>(".exercise-values tbody tr")];
    expect(rows.map((r) => r.dataset.move)).toEqual(board.legal_moves);
    expect(rows[0].classList.contains("is-best")).toBe(true);
    expect(rows[1].classList.contains("is-tried")).toBe(true);
    expect(rows[1].querySelector(".value")!.textContent).toBe("\u22126");
  });

  it("shows the answer of a try made without the script", () => {
    const { root } = mountPage(answer(best, true));
    // the next review is the date FSRS gave (in the answer's due_at)
    const text = root.querySelector(".exercise-feedback")!.textContent!;
    expect(text).toMatch(/^Right: that move keeps the best value\. Next on /);
    expect(text).toContain(new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(new Date("2026-12-06T10:00:00Z")));
  });

  it("names the seats: you and the solver of a practice game", () => {
    expect(seatNames(exercise)).toEqual({ A: board.side === "A" ? "You (A)" : "Solver (A)", B: board.side === "B" ? "You (B)" : "Solver (B)" });
  });
});
