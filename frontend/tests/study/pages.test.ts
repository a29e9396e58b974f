/** The study pages, each mounted as the site mounts it: the module runs on import. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch, sampleWithAnswers, settle } from "../helpers";

const EARLY = sampleWithAnswers("Early game"); // B to move
const MOVES = Object.entries(EARLY.answers).map(([move, a]) => ({ move, value: a.value, grade: a.grade }));
const BEST = Math.max(...MOVES.map((m) => m.value));
const RESULT = { position: EARLY.position.position, value: BEST, moves: MOVES, pv: [MOVES[0].move] };

const $ = (selector: string) => document.querySelector<HTMLElement>(selector);

function json(id: string, data: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(data)}</script>`;
}

beforeEach(() => {
  vi.resetModules();
  document.cookie = "csrftoken=cookie-token";
  localStorage.clear(); // the analysis board keeps its trees there: each test starts without
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe("the analysis board", () => {
  it("shows the position, then every move's value from the analysis", async () => {
    const f = mockFetch();
    document.body.innerHTML = `<div id="analysis-root" class="study-root" data-data-id="analysis-data" data-api-analyses="/api/analyses/" data-api-positions="/api/positions/">
      <div class="fallback" data-fallback>plain</div><div class="study-app" data-app hidden></div></div>
      ${json("analysis-data", { position: EARLY.position.position, moves: [], board: EARLY.position })}`;
    await import("../../src/study/analysis");
    expect($("[data-fallback]")!.hidden).toBe(true);
    expect($("[data-app]")!.hidden).toBe(false);
    f.answer("POST /api/positions/", { body: { position: EARLY.position.position, moves: [], current: EARLY.position.position, board: EARLY.position } });
    await settle();
    f.answer("POST /api/analyses/", { body: { id: 1, status: "done", result: RESULT, error: null } });
    await settle();
    expect(f.calls[0].headers["X-CSRFToken"]).toBe("cookie-token");
    expect($(".study-position")!.textContent).toBe(EARLY.position.position);
    // Values on the analysis board are A's: B's value turned round, the winner named.
    const forA = -BEST;
    expect($(".verdict")!.textContent).toBe(
      `B to move. Value for A with perfect play: ${forA > 0 ? "+" : ""}${forA} (${forA > 0 ? "A wins" : forA < 0 ? "B wins" : "draw"}).`,
    );
    expect(document.querySelectorAll(".analysis-moves tbody tr")).toHaveLength(MOVES.length);

    // a move that the server refuses: its message in the status line
    document.querySelector<HTMLButtonElement>(".move-pick")!.click();
    f.answer("POST /api/positions/", { status: 400, body: { error: "illegal move" } });
    await settle();
    expect($(".study-status")!.classList.contains("error")).toBe(true);
    expect($(".study-status")!.textContent).toBe("illegal move");
  });
});

describe("the position editor", () => {
  it("loads the page's position, has the server check it, and links to its analysis", async () => {
    const f = mockFetch();
    document.body.innerHTML = `<div id="editor-root" class="study-root" data-api-positions="/api/positions/" data-analysis-url="/analysis/" data-initial="${EARLY.position.position}">
      <form data-fallback></form><div class="study-app" data-app hidden></div></div>`;
    await import("../../src/study/editor");
    expect($("form")!.hidden).toBe(true);
    expect(document.querySelectorAll(".editor-slot")).toHaveLength(28);
    // The slot holds the stone, drawn, and named as the board names stones ("2-6"), never "[2|6]".
    const first = EARLY.position.hands.A.front[0]!;
    expect($('[data-slot="A-front-0"]')!.dataset.entry).toBe(first);
    expect($('[data-slot="A-front-0"] svg circle')).not.toBeNull();
    expect($('[data-slot="A-front-0"]')!.getAttribute("aria-label")).toMatch(new RegExp(`${first[0]}-${first[1]}$`));
    expect(document.querySelector("#editor-root")!.textContent).not.toMatch(/\[\d\|\d\]/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    f.answer("POST /api/positions/", { body: { position: EARLY.position.position } });
    await settle();
    expect(f.calls[0].body).toEqual({ position: EARLY.position.position });
    expect($(".study-status")!.textContent).toBe(`Valid position: ${EARLY.position.position}`);
    expect($("a.button")!.hidden).toBe(false);
  });
});

describe("an endgame", () => {
  it("says what a move tried off the main line is worth", async () => {
    const f = mockFetch();
    const main = MOVES.find((m) => m.value === BEST)!;
    const other = MOVES.find((m) => m.value < BEST)!;
    const data = {
      id: 5,
      position: EARLY.position.position,
      side: "B",
      steps: [{ side: "B", student: true, move: main.move, position: EARLY.position.position, value: BEST, text: "the key move" }],
      boards: [EARLY.position, EARLY.answers[main.move].position],
      final: { text: "done" },
      progress: { studied: false, mastered: false },
    };
    document.body.innerHTML = `<div id="endgame-root" class="study-root" data-data-id="endgame-data" data-step="0" data-api-analyses="/api/analyses/" data-api-positions="/api/positions/" data-api-progress="/api/endgames/5/progress/">
      <div class="fallback" data-fallback>plain</div><div class="study-app" data-app hidden></div></div>
      ${json("endgame-data", data)}`;
    await import("../../src/study/endgame");
    const page = (window as unknown as { endgamePage: { play(move: string): Promise<void> } }).endgamePage;
    const tried = page.play(other.move);
    f.answer("POST /api/analyses/", { body: { id: 1, status: "done", result: RESULT, error: null } });
    await tried;
    const value = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0");
    expect($(".try-result")!.textContent).toBe(
      `${other.move} is worth ${value(other.value)} (${other.grade === "best" ? "best" : other.grade}, ${BEST - other.value} points lost); the best is ${value(BEST)} with ${main.move}.`,
    );
  });
});
