/**
 * A game between people reads as one: the board names the opponent (never
 * "the solver"), a spectator is never written to as a player, the review
 * says who played each move, no move is "grading…" while the game goes on,
 * and the result box offers what makes sense (the lobby, a rematch at once,
 * the rating change; nothing to review or replay after an abort).  The
 * deal-commitment line is redrawn when the game ends with the page open.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PositionJSON } from "../../src/board";
import type { GameJSON } from "../../src/games/game";
import { applyMove, type PlayPage } from "../../src/games/play-page";
import { mountReviewPage, type ReviewPage } from "../../src/games/review-page";
import { annAndBob, makeGame, mockFetch, mountPlayOf, move, sampleWithAnswers, settle } from "../helpers";

const EARLY = "Early game"; // B to move

function peopleGame(me: "A" | "B" | null, extra: Partial<GameJSON> = {}): GameJSON {
  const position = sampleWithAnswers(EARLY).position;
  return makeGame(position, {
    human: me ?? "A",
    status: "your-move",
    legal_moves: me === "B" ? position.legal_moves : [],
    kind: "people",
    rated: true,
    time_control: { initial: 300, increment: 3, days: null },
    clocks: { A: 250_000, B: 12_000 },
    server_time: 1_000_000,
    deadline: 1_012_000,
    clock_running: "B",
    abortable: false,
    ...annAndBob(me),
    ...extra,
  });
}

const over = (extra: Partial<GameJSON["result"]> = {}): Partial<GameJSON> => ({
  status: "over",
  clock_running: null,
  deadline: null,
  result: { winner: "A", points: 14, reason: "domino", outcome: "win", human_points: 14, text: "You win 14 points (domino).", ...extra } as GameJSON["result"],
});

let play: PlayPage | null = null;
let review: ReviewPage | null = null;

function setUp(game: GameJSON, attrs = "", before = ""): PlayPage {
  play = mountPlayOf(game, `data-new-game-url="/lobby/" data-csrf-token="tok" ${attrs}`, before);
  return play;
}

afterEach(() => {
  play?.destroy();
  review?.destroy();
  play = review = null;
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

const $ = (selector: string) => document.querySelector<HTMLElement>(selector);
const boardStatus = () => $(".gp-board .odb-status")!.textContent;

describe("the board of a game between people", () => {
  it("names the opponent to move to a player, and never writes to a spectator as one", () => {
    mockFetch();
    setUp(peopleGame("A"));
    expect(boardStatus()).toBe("Bob (B) to move: you may pick a premove.");
    play!.destroy();
    setUp(peopleGame(null));
    expect(boardStatus()).toBe("Bob (B) to move.");
  });

  it("tells the loser who went out, by name", () => {
    mockFetch();
    const position = sampleWithAnswers("Deal over").position; // B wins, blocked, 38 points
    setUp(makeGame(position, { ...peopleGame("A"), board: position, ...over({ winner: "B", outcome: "loss", human_points: -38 }) }));
    expect(boardStatus()).toBe("Blocked: Bob (B) has fewer pips and scores 38 points.");
  });

  it("keeps a practice game's words about the solver", () => {
    mockFetch();
    const position = sampleWithAnswers(EARLY).position; // B to move
    setUp(makeGame(position, { human: "A", status: "thinking" }));
    expect(boardStatus()).toBe("The solver is to move.");
  });

  it("shows no grade chip while the game goes on, and says when the moves are graded", () => {
    mockFetch();
    setUp(peopleGame("A", { moves: [move(0, "A", "human", "33")] }));
    expect(document.querySelectorAll(".gp-moves .gp-grade")).toHaveLength(0);
    expect($(".gp-graded-later")!.hidden).toBe(false);
    play!.destroy();
    setUp(makeGame(sampleWithAnswers(EARLY).position, { human: "B", moves: [move(0, "A", "solver", "33")] }));
    expect($(".gp-moves .gp-grade")!.textContent).toBe("grading…"); // a practice game's grade is on its way
  });

  it("leaves a spectator no empty box where a player has the resign button", () => {
    mockFetch();
    setUp(peopleGame(null), 'data-api-resign="/api/games/7/resign/"');
    expect($(".gp-hint-box")!.hidden).toBe(true);
    play!.destroy();
    setUp(peopleGame("B"), 'data-api-resign="/api/games/7/resign/"');
    expect($(".gp-hint-box")!.hidden).toBe(false); // the resign button is there
  });
});

describe("the result of a game between people", () => {
  it("sends a new game to the lobby and offers the rematch at once, with the rating change", () => {
    mockFetch();
    const ratings = { A: { before: 1500, after: 1662, change: 162 }, B: { before: 1500, after: 1338, change: -162 } };
    setUp(peopleGame("A", { ...over({ ratings }), challenge_url: "/challenges/42/" }), 'data-challenge-rematch-url="/challenges/42/rematch/"');
    expect($(".gp-new-link")!.getAttribute("href")).toBe("/lobby/");
    const form = document.querySelector<HTMLFormElement>(".gp-result form.gp-offer-rematch")!;
    expect(form.getAttribute("action")).toBe("/challenges/42/rematch/");
    expect(form.method).toBe("post");
    expect(form.querySelector<HTMLInputElement>('input[name="csrfmiddlewaretoken"]')!.value).toBe("tok");
    expect(form.querySelector("button")!.textContent).toBe("Offer a rematch");
    expect([...document.querySelectorAll(".gp-rating-change")].map((e) => e.textContent)).toEqual([
      "Your rating: 1500 → 1662 (+162)",
      "Rating of Bob (B): 1500 → 1338 (−162)",
    ]);
    play!.destroy();
    setUp(peopleGame(null, { ...over({ ratings }), challenge_url: "/challenges/42/" }), 'data-challenge-rematch-url="/challenges/42/rematch/"');
    expect(document.querySelector(".gp-offer-rematch")).toBeNull();
    expect([...document.querySelectorAll(".gp-rating-change")].map((e) => e.textContent)).toEqual([
      "Rating of Ann (A): 1500 → 1662 (+162)",
      "Rating of Bob (B): 1500 → 1338 (−162)",
    ]);
  });

  it("offers no review and no rematch after an abort", () => {
    mockFetch();
    const aborted = over({ winner: null, points: 0, reason: "aborted", outcome: "draw", human_points: 0, text: "The game was aborted: no result." });
    setUp(peopleGame("A", { ...aborted, challenge_url: "/challenges/42/" }), 'data-challenge-rematch-url="/challenges/42/rematch/"');
    expect($(".gp-review-link")).toBeNull();
    expect($(".gp-offer-rematch")).toBeNull();
    expect($(".gp-challenge-link")).toBeNull();
    expect($(".gp-new-link")!.getAttribute("href")).toBe("/lobby/");
  });
});

describe("the deal-commitment line", () => {
  it("reveals the seed and the salt with the verify link when the game ends while the page is open", async () => {
    const line = '<p class="deal-commitment" id="deal-commitment">Deal commitment: <code>abc123</code> <small>The seed and the salt are revealed when the game is over.</small></p>';
    const deal = { commitment: "abc123", salt: null, seed: null, verify_url: "/deals/verify/?commitment=abc123" };
    const ended = peopleGame("A", { ...over(), version: 2, deal: { commitment: "abc123", salt: "s4lt", seed: 99, verify_url: "/deals/verify/?seed=99" } });
    const f = mockFetch();
    setUp(peopleGame("A", { deal }), "", line);
    expect($("#deal-commitment small")).not.toBeNull();
    expect($("#deal-commitment .verify-link")).toBeNull();
    f.answer("GET /api/games/7/", { body: ended }); // the long poll brings the game's end
    await settle();
    const shown = $("#deal-commitment")!;
    expect(shown.querySelector("code")!.textContent).toBe("abc123");
    expect(shown.textContent).toContain("seed 99, salt s4lt");
    expect(shown.querySelector<HTMLAnchorElement>(".verify-link")!.getAttribute("href")).toBe("/deals/verify/?seed=99");
    expect(shown.querySelector("small")).toBeNull();
  });
});

describe("the review of a game between people", () => {
  it("says who played each move: you for your own, the opponent by name", () => {
    const start = sampleWithAnswers("Opening: any front stone may start").position;
    const boards: PositionJSON[] = [start];
    for (const m of ["33", "35R"]) boards.push(applyMove(boards[boards.length - 1], m));
    const game = makeGame(boards[2], {
      ...peopleGame("A"),
      board: boards[2],
      ...over(),
      moves: [move(0, "A", "human", "33", "best"), move(1, "B", "human", "35R", "mistake", { points_lost: 10 })],
    });
    document.body.innerHTML = `<div id="game-root" data-page="review" data-game-id="7" data-state-id="game-state"
      data-review-id="review-data" data-ply="2" data-api-game="/api/games/7/"></div>`;
    for (const [id, value] of [["game-state", game], ["review-data", { boards, ply: 2 }]] as const) {
      const script = document.createElement("script");
      script.type = "application/json";
      script.id = id;
      script.textContent = JSON.stringify(value);
      document.body.appendChild(script);
    }
    review = mountReviewPage(document);
    expect($(".gp-detail-move")!.textContent).toBe("2. Bob (B) played 3-5 on the right end.");
    review!.go(1);
    expect($(".gp-detail-move")!.textContent).toBe("1. You played 3-3 to open the line.");
  });
});
