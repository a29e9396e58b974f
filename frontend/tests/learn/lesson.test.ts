import { afterEach, describe, expect, it, vi } from "vitest";
import { LessonPage, type LessonJSON, type StepJSON, type TryJSON } from "../../src/learn/lesson-page";
import { sample } from "../helpers";

const board = sample("Early game");
const [right, wrong] = board.legal_moves;

function step(number: number, done = false): StepJSON {
  return { number, prompt: `Prompt ${number}`, position: board.position, side: board.side, board, done, urls: { tries: `/api/learn/rows/${number}/tries/` } };
}

function lesson(done: number): LessonJSON {
  const summary = (key: string, number: number) => ({
    key, number, title: `Lesson ${key}`, steps: 2, steps_done: 0, done: false, unlocked: true,
    urls: { page: `/learn/${key}/`, api: `/api/learn/${key}/` },
  });
  return {
    ...summary("rows", 2),
    steps_done: done,
    done: done === 2,
    intro: "Intro",
    positions: [step(1, done >= 1), step(2, done >= 2)],
    current: done < 2 ? done + 1 : null,
    previous: summary("placing", 1),
    next: summary("passing", 3),
    course_url: "/learn/",
  };
}

function answer(number: number, move: string, correct: boolean): TryJSON {
  return {
    lesson: "rows", step: number, move, correct,
    reason: correct ? null : { kind: "opponent_plays", text: `After ${move} your opponent can still play [6|6].`, hint: "Look again." },
    accepted: correct ? [move] : [],
    board_after: correct ? { ...board, side: board.side === "A" ? "B" : "A", legal_moves: [] } : null,
    state: lesson(correct ? number : number - 1),
  };
}

function mount(state: LessonJSON, number = 1): { root: HTMLElement; page: LessonPage } {
  document.body.innerHTML = "";
  const root = document.createElement("div");
  root.id = "learn-root";
  root.dataset.csrfToken = "tok";
  root.innerHTML = '<div data-app hidden></div><div data-fallback>plain</div>';
  document.body.appendChild(root);
  return { root, page: new LessonPage(root, state, number) };
}

function respond(body: TryJSON) {
  const fetchMock = vi.fn().mockResolvedValueOnce({ ok: true, status: 201, json: async () => body });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

type Boardish = { board: { getConfig(): { position: { side: string }; interactive: boolean; orientation: string } } };
const config = (page: LessonPage) => (page as unknown as Boardish).board.getConfig();

afterEach(() => vi.unstubAllGlobals());

describe("a lesson's page", () => {
  it("hides the fallback and shows the position to solve on an interactive board from the player's side", () => {
    const { root, page } = mount(lesson(0));
    expect(root.querySelector<HTMLElement>("[data-fallback]")!.hidden).toBe(true);
    expect(root.querySelector(".learn-step")!.textContent).toBe("Position 1 of 2");
    expect(root.querySelector(".learn-prompt")!.textContent).toBe("Prompt 1");
    expect(config(page).interactive).toBe(true);
    expect(config(page).orientation).toBe(board.side);
    expect(root.dataset.state).toBe("your-move");
    expect(root.querySelector("[data-next]")).toBeNull();
  });

  it("says why a wrong move is wrong and lets the player try again", async () => {
    const { root, page } = mount(lesson(0));
    const fetchMock = respond(answer(1, wrong, false));
    await page.play(wrong);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/learn/rows/1/tries/");
    expect(JSON.parse(init.body)).toEqual({ move: wrong });
    expect(root.dataset.state).toBe("wrong");
    expect(root.querySelector(".learn-feedback")!.textContent).toBe(`After ${wrong} your opponent can still play [6|6]. Look again.`);
    expect(config(page).interactive).toBe(true);
    expect(config(page).position.side).toBe(board.side);
    expect(root.querySelector("[data-next]")).toBeNull();
  });

  it("shows a right move on the board, then goes on to the next position", async () => {
    const { root, page } = mount(lesson(0));
    const about = document.createElement("details");
    about.className = "learn-about";
    about.open = true;
    document.body.prepend(about);
    respond(answer(1, right, true));
    await page.play(right);
    expect(root.dataset.state).toBe("right");
    expect(root.querySelector(".learn-feedback")!.textContent).toBe("Right!");
    expect(config(page).interactive).toBe(false);
    expect(config(page).position.side).not.toBe(board.side);
    expect(root.querySelectorAll(".learn-dots li.is-done").length).toBe(1);
    const next = root.querySelector<HTMLButtonElement>("button[data-next]")!;
    expect(document.activeElement).toBe(next);
    next.click();
    expect(page.step).toBe(2);
    expect(new URL(window.location.href).searchParams.get("step")).toBe("2");
    expect(root.querySelector(".learn-prompt")!.textContent).toBe("Prompt 2");
    expect(about.open).toBe(false); // the explanation folds away: the board gets the room
    expect(root.dataset.state).toBe("your-move");
    expect(config(page).interactive).toBe(true);
  });

  it("after the last position leads to the next lesson", async () => {
    const { root, page } = mount(lesson(1), 2);
    respond(answer(2, right, true));
    await page.play(right);
    expect(root.querySelector(".learn-feedback")!.textContent).toBe("Right! Lesson done.");
    const next = root.querySelector<HTMLAnchorElement>("a[data-next]")!;
    expect(next.getAttribute("href")).toBe("/learn/passing/");
    expect(next.textContent).toBe("Next lesson: Lesson passing");
    expect(root.querySelector<HTMLAnchorElement>('a[href="/learn/"]')).not.toBeNull();
  });

  it("shows a server error in the verdict's place", async () => {
    const { root, page } = mount(lesson(0));
    vi.stubGlobal("fetch", vi.fn().mockResolvedValueOnce({ ok: false, status: 409, json: async () => ({ error: "solve position 1 of this lesson first" }) }));
    await page.play(right);
    expect(root.querySelector(".learn-feedback")!.textContent).toBe("solve position 1 of this lesson first");
  });
});
