import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyMove, mountPlayPage, needsWatching, type PlayPage } from "../../src/games/play-page";
import type { GameJSON } from "../../src/games/game";
import { click, end, handStone, hint, makeGame, mockFetch, move, result, samples, sampleWithAnswers, selectable, settle } from "../helpers";

const EARLY = "Early game"; // B to move: 22R, 24L, 24R
const MIDDLE = "Middle game: back stones uncovered"; // B to move: 16L, 24R
const GAME = "/api/games/7/";
const MOVES = "POST /api/games/7/moves/";
const HINT = "POST /api/games/7/hint/";
const POLL = `GET ${GAME}`;

let page: PlayPage | null = null;

function setUp(game: GameJSON): PlayPage {
  document.body.innerHTML = `
    <div id="game-root" data-page="play" data-game-id="7" data-state-id="game-state"
         data-api-game="/api/games/7/" data-api-moves="/api/games/7/moves/" data-api-hint="/api/games/7/hint/"
         data-review-url="/games/7/review/" data-new-game-url="/play/" data-csrf-token="tok123">
      <div class="fallback" data-fallback><form><select name="move"></select></form></div>
      <section class="moves-panel" data-fallback><ol></ol></section>
    </div>`;
  const state = document.createElement("script");
  state.type = "application/json";
  state.id = "game-state";
  state.textContent = JSON.stringify(game);
  document.body.appendChild(state);
  page = mountPlayPage(document, { hintRetryMs: 0, pollRetryMs: 0 });
  if (!page) throw new Error("the play page did not start");
  return page;
}

const $ = (selector: string) => document.querySelector<HTMLElement>(selector);
const $$ = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)];
const moveRows = () => $$(".gp-move");
const errorLine = () => $(".gp-error")!;

/** The game after the human (B) played ``notation`` in the early-game sample: the solver to move. */
function afterHumanMove(notation: string, version = 2, extra: Partial<GameJSON> = {}): GameJSON {
  const sample = sampleWithAnswers(EARLY);
  return makeGame(sample.answers[notation].position, {
    human: "B",
    status: "thinking",
    version,
    moves: [move(0, "B", "human", notation)],
    ...extra,
  });
}

beforeEach(() => {
  vi.unstubAllGlobals();
});

afterEach(() => {
  page?.destroy();
  page = null;
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe("the play page starts", () => {
  it("hides the fallback and draws the board from the game's JSON, the human at the bottom", () => {
    mockFetch();
    setUp(makeGame(sampleWithAnswers(EARLY).position, { human: "B" }));
    for (const el of $$("[data-fallback]")) expect(el.hidden).toBe(true);
    expect($(".gp-board svg.odb-svg")).not.toBeNull();
    expect($(".odb-hand-bottom")!.getAttribute("data-side")).toBe("B");
    expect(selectable($(".gp-board")!)).toEqual(["22", "24"]);
    expect($(".gp-status")!.textContent).toBe("Your move: pick a stone, then an end of the line.");
    expect($(".gp-none")!.textContent).toBe("No moves yet.");
  });

  it("is not interactive while the solver thinks, and waits for the game to change", async () => {
    const f = mockFetch();
    const sample = sampleWithAnswers(EARLY);
    setUp(makeGame(sample.position, { human: "A", status: "thinking", version: 5 }));
    expect(selectable($(".gp-board")!)).toEqual([]);
    expect($(".gp-status")!.textContent).toBe("The solver is thinking…");
    for (const button of $$(".gp-hint-button")) expect((button as HTMLButtonElement).disabled).toBe(true);
    await settle();
    expect(f.calls[0].url).toBe("/api/games/7/?wait=5&timeout=20");
  });
});

describe("posting a move", () => {
  it("posts the move chosen on the board with the CSRF header, shows it at once, then the grade and the reply", async () => {
    const f = mockFetch();
    const sample = sampleWithAnswers(EARLY);
    const p = setUp(makeGame(sample.position, { human: "B" }));
    // On the player's turn the page follows the game too (a move may come from another tab).
    expect(f.calls[0].url).toBe("/api/games/7/?wait=1&timeout=20");
    click(handStone($(".gp-board")!, "24"));
    click(end($(".gp-board")!, "L"));

    // optimistic: the move is listed as pending and drawn on the table before the server answers
    expect(f.calls).toHaveLength(2);
    expect(f.calls[1]).toMatchObject({ url: "/api/games/7/moves/", method: "POST", body: { move: "24L", ply: 0 } });
    expect(f.calls[1].headers["X-CSRFToken"]).toBe("tok123");
    expect(f.calls[1].headers["Content-Type"]).toBe("application/json");
    const pending = moveRows();
    expect(pending).toHaveLength(1);
    expect(pending[0].classList.contains("is-pending")).toBe(true);
    expect(pending[0].querySelector(".gp-mv")!.textContent).toBe("24L");
    expect(pending[0].querySelector(".gp-grade")!.textContent).toBe("sending…");
    expect($(".gp-status")!.textContent).toBe("Sending your move…");
    expect(selectable($(".gp-board")!)).toEqual([]);
    expect($$(".gp-board .odb-line-stone")).toHaveLength(sample.answers["24L"].position.line.length);
    expect($(".gp-board .odb-line-stone.is-last")).not.toBeNull();

    // the server records it: ungraded, the solver to move; the page long-polls
    f.answer(MOVES, { status: 201, body: afterHumanMove("24L", 2) });
    await settle();
    expect(moveRows()[0].classList.contains("grade-pending")).toBe(true);
    expect(moveRows()[0].querySelector(".gp-grade")!.textContent).toBe("grading…");
    expect($(".gp-status")!.textContent).toBe("The solver is thinking…");
    expect(f.calls).toHaveLength(2); // the poll under way goes on

    // the grade arrives
    const graded = afterHumanMove("24L", 3, {
      moves: [move(0, "B", "human", "24L", "inaccuracy", { value: 4, best_value: 7, best_moves: ["22R"], points_lost: 3 })],
    });
    f.answer(POLL, { body: graded });
    await settle();
    const row = moveRows()[0];
    expect(row.classList.contains("grade-inaccuracy")).toBe(true);
    expect(row.querySelector(".gp-grade")!.textContent).toBe("inaccuracy");
    expect(row.querySelector(".gp-grade")!.classList.contains("is-new")).toBe(true);
    expect(row.querySelector(".gp-lost")!.textContent).toBe("lost 3");
    expect(row.querySelector(".gp-lost")!.getAttribute("aria-label")).toBe("3 points lost");
    expect(row.querySelector(".gp-alt")!.textContent).toBe("best: 22R (+7)");
    expect(f.calls[2].url).toBe("/api/games/7/?wait=3&timeout=20");

    // the solver replies: its move is listed and marked last; the human moves again
    const next = sampleWithAnswers(MIDDLE).position;
    const replied = makeGame(next, {
      human: "B",
      version: 4,
      moves: [graded.moves[0], move(1, "A", "solver", "04R", "best")],
    });
    f.answer(POLL, { body: replied });
    await settle();
    const rows = moveRows();
    expect(rows).toHaveLength(2);
    expect(rows[1].classList.contains("by-solver")).toBe(true);
    expect(rows[1].classList.contains("is-last")).toBe(true);
    expect(rows[1].querySelector(".gp-who")!.textContent).toBe("solver");
    expect(rows[1].querySelector(".gp-grade")!.textContent).toBe("best move");
    expect(document.getElementById("game-root")!.classList.contains("gp-fresh")).toBe(true);
    expect($(".gp-board .odb-line-stone.is-last")).not.toBeNull();
    expect(selectable($(".gp-board")!).sort()).toEqual(["16", "24"]);
    expect($(".gp-status")!.textContent).toBe("Your move: pick a stone, then an end of the line.");
    // still following the game on the player's turn
    expect(f.calls.at(-1)!.url).toBe("/api/games/7/?wait=4&timeout=20");
    expect(p.pending).toBeNull();
  });

  it("shows a refused move's error from the server, and lets the player move again", async () => {
    const f = mockFetch();
    const sample = sampleWithAnswers(EARLY);
    const p = setUp(makeGame(sample.position, { human: "B" }));
    const played = p.playMove("24R");
    f.answer(MOVES, { status: 400, body: { error: "'24R' is not legal here" } });
    await played;
    expect(errorLine().hidden).toBe(false);
    expect(errorLine().getAttribute("role")).toBe("alert");
    expect(errorLine().textContent).toBe("Move 24R refused: '24R' is not legal here");
    expect(moveRows().filter((r) => r.classList.contains("is-pending"))).toHaveLength(0);
    expect($(".gp-none")).not.toBeNull();
    expect(selectable($(".gp-board")!)).toEqual(["22", "24"]);
    expect($$(".gp-board .odb-line-stone")).toHaveLength(sample.position.line.length);
    // the next move clears the error
    const again = p.playMove("22R");
    expect(errorLine().hidden).toBe(true);
    f.answer(MOVES, { status: 201, body: afterHumanMove("22R", 2, { status: "your-move", moves: [move(0, "B", "human", "22R", "best")] }) });
    await again;
  });

  it("on a 409 (the game moved on in another tab) fetches the game itself instead of asking for a reload", async () => {
    const f = mockFetch();
    const sample = sampleWithAnswers(EARLY);
    const p = setUp(makeGame(sample.position, { human: "B" }));
    const played = p.playMove("24L");
    f.answer(MOVES, { status: 409, body: { error: "the game is at ply 1, not 0: reload it and try again" } });
    await played;
    expect(errorLine().textContent).toBe("Move 24L was not played: the game had moved on. Here it is as it stands now.");
    expect(errorLine().textContent).not.toMatch(/reload/);
    expect(f.calls.at(-1)!.url).toBe("/api/games/7/");
    // the game as it is now: the other tab played 22R, the solver is thinking
    f.answer(`GET ${GAME}`, { body: afterHumanMove("22R", 3) });
    await settle();
    expect(p.game.version).toBe(3);
    expect(moveRows().map((r) => r.querySelector(".gp-mv")!.textContent)).toEqual(["22R"]);
    expect($(".gp-status")!.textContent).toBe("The solver is thinking…");
  });

  it("says so when the server cannot be reached", async () => {
    const f = mockFetch();
    const p = setUp(makeGame(sampleWithAnswers(EARLY).position, { human: "B" }));
    const played = p.playMove("24L");
    f.answer(MOVES, new TypeError("Failed to fetch"));
    await played;
    expect(errorLine().textContent).toBe("The server could not be reached. Check your connection and try again.");
    expect(selectable($(".gp-board")!)).toEqual(["22", "24"]);
  });

  it("keeps polling after a failed poll, and clears the notice when it works again", async () => {
    const f = mockFetch();
    const p = setUp(afterHumanMove("24L", 2));
    f.answer(POLL, { status: 502, body: { error: "bad gateway" } });
    await settle();
    expect(errorLine().textContent).toBe("Lost touch with the server (bad gateway); trying again…");
    f.answer(POLL, { body: afterHumanMove("24L", 3, { status: "your-move", moves: [move(0, "B", "human", "24L", "best")] }) });
    await settle();
    expect(p.game.version).toBe(3);
    expect(errorLine().hidden).toBe(true);
    expect(moveRows()[0].querySelector(".gp-grade")!.textContent).toBe("best move");
  });

  it("clears the notice on a 304 too: the server is there, with nothing new yet", async () => {
    const f = mockFetch();
    const p = setUp(afterHumanMove("24L", 2));
    f.answer(POLL, { status: 502, body: { error: "bad gateway" } });
    await settle();
    expect(errorLine().textContent).toBe("Lost touch with the server (bad gateway); trying again…");
    f.answer(POLL, { status: 304 });
    await settle();
    expect(errorLine().hidden).toBe(true);
    f.answer(POLL, { body: afterHumanMove("24L", 3, { status: "your-move", moves: [move(0, "B", "human", "24L", "best")] }) });
    await settle();
    expect(p.game.version).toBe(3);
  });
});

describe("following the game", () => {
  it("shows a move made in another tab while it is the player's turn", async () => {
    const f = mockFetch();
    const p = setUp(makeGame(sampleWithAnswers(EARLY).position, { human: "B", version: 4 }));
    expect(f.calls.map((c) => c.url)).toEqual(["/api/games/7/?wait=4&timeout=20"]);
    // the other tab played 24L: this one follows, and no longer offers the move
    f.answer(POLL, { body: afterHumanMove("24L", 5) });
    await settle();
    expect(p.game.version).toBe(5);
    expect(moveRows().map((r) => r.querySelector(".gp-mv")!.textContent)).toEqual(["24L"]);
    expect($(".gp-status")!.textContent).toBe("The solver is thinking…");
    expect(selectable($(".gp-board")!)).toEqual([]);
    expect(f.calls.at(-1)!.url).toBe("/api/games/7/?wait=5&timeout=20");
  });

  it("stops following once the game is over and graded", async () => {
    const f = mockFetch();
    const over = samples.find((s) => s.title === "Deal over")!.position;
    setUp(makeGame(over, { human: "A", status: "over", moves: [move(0, "A", "human", "25L", "best")], result: result("A", 17, "domino") }));
    await settle();
    expect(f.calls).toHaveLength(0);
  });

  it("clears the pending move when the game's answer comes first by the poll, and keeps it cleared when the move's own older answer follows", async () => {
    const f = mockFetch();
    const sample = sampleWithAnswers(EARLY);
    // (a grade still to come: the page is polling the game when the move is made)
    const p = setUp(makeGame(sample.position, { human: "B", ungraded: 1 }));
    const played = p.playMove("24L");
    expect(p.pending).toBe("24L");
    // the poll brings the game with the move in it, graded (version 3) before the POST's answer (version 2)
    f.answer(POLL, { body: afterHumanMove("24L", 3, { moves: [move(0, "B", "human", "24L", "best")] }) });
    await settle();
    expect(p.pending).toBeNull();
    expect($$(".gp-move.is-pending")).toHaveLength(0);
    expect($(".gp-status")!.textContent).not.toBe("Sending your move…");
    expect(document.getElementById("game-root")!.dataset.status).not.toBe("sending");
    expect($$(".gp-board .odb-line-stone")).toHaveLength(sample.answers["24L"].position.line.length);
    f.answer(MOVES, { status: 201, body: afterHumanMove("24L", 2) });
    await played;
    await settle();
    expect(p.pending).toBeNull();
    expect(p.game.version).toBe(3);
    expect($$(".gp-move.is-pending")).toHaveLength(0);
    expect($$(".gp-board .odb-line-stone")).toHaveLength(sample.answers["24L"].position.line.length);
    expect(moveRows()[0].querySelector(".gp-grade")!.textContent).toBe("best move");
  });
});

describe("grades", () => {
  it("gives each grade its badge, the points lost and the best alternative", () => {
    mockFetch();
    const sample = sampleWithAnswers(MIDDLE);
    setUp(
      makeGame(sample.position, {
        human: "B",
        moves: [
          move(0, "A", "solver", "33", "best"),
          move(1, "B", "human", "35R", "best"),
          move(2, "A", "solver", "50R", "best"),
          move(3, "B", "human", "02R", "inaccuracy", { best_moves: ["02R", "26L"], best_value: 9, points_lost: 4 }),
          move(4, "A", "solver", "22R", "best"),
          move(5, "B", "human", "26R", "mistake", { best_moves: ["24L"], best_value: 20, points_lost: 12 }),
          move(6, "A", "solver", "60R", "best"),
          move(7, "B", "human", "04R", "blunder", { best_moves: ["14L", "16L"], best_value: 3, points_lost: 5 }),
          move(8, "A", "solver", "pass", null),
        ],
      }),
    );
    const rows = moveRows();
    expect(rows.map((r) => r.querySelector(".gp-grade")!.textContent)).toEqual([
      "best move", "best move", "best move", "inaccuracy", "best move", "mistake", "best move", "blunder", "grading…",
    ]);
    expect(rows.map((r) => r.querySelector(".gp-grade")!.className.split(" ")[1])).toEqual([
      "grade-best", "grade-best", "grade-best", "grade-inaccuracy", "grade-best", "grade-mistake", "grade-best", "grade-blunder", "grade-pending",
    ]);
    expect(rows.map((r) => r.querySelector(".gp-lost")?.textContent ?? "")).toEqual(["", "", "", "lost 4", "", "lost 12", "", "lost 5", ""]);
    expect(rows[3].querySelector(".gp-alt")!.textContent).toBe("best: 26L (+9)"); // the other best move
    expect(rows[5].querySelector(".gp-alt")!.textContent).toBe("best: 24L (+20)");
    expect(rows[7].querySelector(".gp-alt")!.textContent).toBe("best: 14L, 16L (+3)");
    expect(rows[8].querySelector(".gp-mv")!.textContent).toBe("pass");
    expect(rows.map((r) => r.querySelector(".gp-ply")!.textContent)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    // the last move's grade is also marked on the board, keyed by its ply
    expect(page!.board.getConfig().marks).toMatchObject({ "3": "inaccuracy", "5": "mistake", "7": "blunder" });
  });
});

describe("hints", () => {
  it("asks for each level and shows its text; level 3 picks the best move's stone on the board", async () => {
    const f = mockFetch();
    const sample = sampleWithAnswers(EARLY);
    const game = makeGame(sample.position, { human: "B", version: 3 });
    const p = setUp(game);
    const withHints = (version: number, ...hints: ReturnType<typeof hint>[]) => ({ ...game, version, hints });
    const h1 = hint(0, 1, { value: 12, outcome: "win" });
    const h2 = hint(0, 2, { value: 12, stones: ["22", "24"] });
    const h3 = hint(0, 3, { value: 12, move: "22R", moves: ["22R"] });

    let asked = p.askHint(1);
    expect($(".gp-hint-note")!.textContent).toBe("Preparing the hint…");
    expect(($('.gp-hint-button[data-level="2"]') as HTMLButtonElement).disabled).toBe(true);
    f.answer(HINT, { body: { status: "done", hint: h1, game: withHints(4, h1) } });
    await asked;
    expect(f.calls.find((c) => c.method === "POST")).toMatchObject({ url: "/api/games/7/hint/", method: "POST", body: { level: 1 } });
    expect($('.gp-hint[data-level="1"]')!.textContent).toBe("Outcome With perfect play from here you win by 12 points.");

    click($('.gp-hint-button[data-level="2"]'));
    f.answer(HINT, { body: { status: "done", hint: h2, game: withHints(5, h1, h2) } });
    await settle();
    expect($('.gp-hint[data-level="2"] .gp-hint-text')!.textContent).toBe("These stones keep the best result: 2-2, 2-4.");

    // level 3: the analysis is still pending the first time (202): asked again
    asked = p.askHint(3);
    f.answer(HINT, { status: 202, body: { status: "pending", hint: null, game: null } }, { body: { status: "done", hint: h3, game: withHints(6, h1, h2, h3) } });
    await asked;
    expect(f.calls.filter((c) => c.url === "/api/games/7/hint/")).toHaveLength(4);
    expect($('.gp-hint[data-level="3"] .gp-hint-text')!.textContent).toBe("The best move is 2-2 on the right end (22R).");
    expect(p.board.getSelected()).toBe("22");
    expect(handStone($(".gp-board")!, "22").classList.contains("is-selected")).toBe(true);
    expect(end($(".gp-board")!, "R").classList.contains("is-target")).toBe(true);
    expect(p.board.getConfig().marks?.["22R"]).toBe("best");
    expect($$(".gp-hint").map((h) => h.dataset.level)).toEqual(["1", "2", "3"]);
    expect($(".gp-hint-note")!.hidden).toBe(true);
  });

  it("offers no hint in an event's deal until it is over, and says why", () => {
    mockFetch();
    const sample = sampleWithAnswers(EARLY);
    setUp(makeGame(sample.position, { human: "B", version: 3, concealed: true }));
    const buttons = $$(".gp-hint-button") as HTMLButtonElement[];
    expect(buttons).toHaveLength(3);
    expect(buttons.every((b) => b.disabled)).toBe(true);
    expect($(".gp-hint-note")!.hidden).toBe(false);
    expect($(".gp-hint-note")!.textContent).toBe("No hints in an event's deal: the solver's view comes after the event.");
    expect($(".gp-graded-later")?.hidden).toBe(false);
  });

  it("shows a best-move hint taken before the page was loaded on the board", () => {
    mockFetch();
    const sample = sampleWithAnswers(EARLY);
    const p = setUp(makeGame(sample.position, { human: "B", hints: [hint(0, 3, { move: "24L" })] }));
    expect(p.board.getSelected()).toBe("24");
    expect(p.board.getConfig().marks?.["24L"]).toBe("best");
  });

  it("words every kind of hint", async () => {
    const f = mockFetch();
    const sample = sampleWithAnswers(EARLY);
    const cases: [ReturnType<typeof hint>, string][] = [
      [hint(0, 1, { value: -1 }), "With perfect play from here you lose by 1 point."],
      [hint(0, 1, { value: 0 }), "With perfect play from here the deal is a draw."],
      [hint(0, 2, { stones: ["24"] }), "This stone keeps the best result: 2-4."],
      [hint(0, 2, { stones: ["pass"] }), "You have no stone that fits: you must pass."],
      [hint(0, 3, { move: "pass" }), "You must pass."],
      [hint(0, 3, { move: "36" }), "The best move is 3-6 to open the line (36)."],
    ];
    for (const [h, text] of cases) {
      setUp(makeGame(sample.position, { human: "B", hints: [h] }));
      expect($(".gp-hint .gp-hint-text")!.textContent).toBe(text);
      page!.destroy();
    }
    page = null;
    expect(f.calls.filter((c) => c.method !== "GET")).toHaveLength(0);
  });

  it("shows a refused hint's error", async () => {
    const f = mockFetch();
    const p = setUp(makeGame(sampleWithAnswers(EARLY).position, { human: "B" }));
    const asked = p.askHint(2);
    f.answer(HINT, { status: 409, body: { error: "it is not your move: hints are for your own moves" } });
    await asked;
    expect(errorLine().textContent).toBe("it is not your move: hints are for your own moves");
    expect(($('.gp-hint-button[data-level="2"]') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("the end of the deal", () => {
  it("shows the result with the score and a link to the review", () => {
    mockFetch();
    const over = samples.find((s) => s.title === "Deal over")!.position;
    setUp(
      makeGame(over, {
        human: "A",
        status: "over",
        moves: [move(0, "A", "human", "25L", "best")],
        result: result("A", 17, "domino"),
      }),
    );
    const box = $(".gp-result")!;
    expect(box.hidden).toBe(false);
    expect(box.classList.contains("outcome-win")).toBe(true);
    expect(box.querySelector(".gp-result-text")!.textContent).toBe("You win 17 points (domino).");
    expect(box.querySelector(".gp-score")!.textContent).toBe("Your score for this deal: +17");
    expect(box.querySelector<HTMLAnchorElement>(".gp-review-link")!.getAttribute("href")).toBe("/games/7/review/");
    expect($(".gp-status")!.textContent).toBe("You win 17 points (domino).");
    for (const button of $$(".gp-hint-button")) expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it("words a loss and a draw", () => {
    mockFetch();
    const over = samples.find((s) => s.title === "Deal over")!.position;
    setUp(makeGame(over, { human: "B", status: "over", result: result("A", 1, "blocked") }));
    expect($(".gp-result-text")!.textContent).toBe("You lose 1 point (blocked).");
    expect($(".gp-score")!.textContent).toBe("Your score for this deal: \u22121");
    page!.destroy();
    setUp(makeGame(over, { human: "B", status: "over", result: result(null, 0, "blocked") }));
    expect($(".gp-result-text")!.textContent).toBe("A draw (blocked): no points.");
    expect($(".gp-score")!.textContent).toBe("Your score for this deal: 0");
  });
});

describe("a resigned deal", () => {
  it("is drawn as over: no seat to move, no 'Your move' on the board", () => {
    mockFetch();
    // Resigned at the start: the position alone still has B to move with legal moves.
    const start = sampleWithAnswers(EARLY).position;
    setUp(makeGame(start, { human: "B", status: "over", result: result("A", 30, "resigned") }));
    const board = $(".gp-board")!;
    expect(board.querySelector(".odb-status")!.textContent).not.toMatch(/Your move/);
    expect(board.querySelector(".odb-status")!.textContent).toBe("The deal is over.");
    expect(board.querySelector(".odb-chip-turn")).toBeNull();
    expect(board.querySelector(".is-to-move")).toBeNull();
    expect(selectable(board)).toEqual([]);
    expect($(".gp-result")!.hidden).toBe(false);
  });
});

describe("applyMove (the optimistic drawing)", () => {
  it("gives the table and hands the solver gives, for every sample move", () => {
    let checked = 0;
    for (const sample of samples) {
      for (const [notation, answer] of Object.entries(sample.answers ?? {})) {
        const next = applyMove(sample.position, notation);
        expect(next.line, `${sample.title} ${notation}`).toEqual(answer.position.line);
        expect(next.ends).toEqual(answer.position.ends);
        expect(next.hands).toEqual(answer.position.hands);
        expect(next.side).toBe(answer.position.side);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it("needs watching while the solver thinks or a grade is missing", () => {
    const position = sampleWithAnswers(EARLY).position;
    expect(needsWatching(makeGame(position, { status: "thinking" }))).toBe(true);
    expect(needsWatching(makeGame(position, { moves: [move(0, "B", "human", "24L")] }))).toBe(true);
    expect(needsWatching(makeGame(position, { moves: [move(0, "B", "human", "24L", "best")] }))).toBe(false);
  });
});
