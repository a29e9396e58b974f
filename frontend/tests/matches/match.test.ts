import { describe, expect, it } from "vitest";
import { dealText, matchStatusText, mountMatchPage, targetText, type MatchDealJSON, type MatchJSON, type MatchPage } from "../../src/matches/match-page";
import type { GameJSON } from "../../src/games/game";
import { $, $$, destroyPageAfterEach, jsonScript, makeGame, mockFetch, move, result, sample, settle } from "../helpers";

const EARLY = "Early game"; // B to move
const OVER = "Deal over";
const MATCH = "/api/matches/3/";

let page: MatchPage | null = null;

function dealRow(number: number, game: number, extra: Partial<MatchDealJSON> = {}): MatchDealJSON {
  return {
    number,
    game,
    seed: 1000 + number,
    status: "your-move",
    recorded: false,
    winner: null,
    points: null,
    reason: null,
    human_points: null,
    totals: null,
    wins: null,
    text: "",
    urls: { game: `/api/games/${game}/`, review: `/games/${game}/review/` },
    ...extra,
  };
}

function makeMatch(extra: Partial<MatchJSON> = {}): MatchJSON {
  return {
    id: 3,
    variant: "lewicki",
    status: "playing",
    target_points: 100,
    target_wins: null,
    target_text: "to 100 points",
    level: "perfect",
    human: "B",
    human_team: extra.human === "A" ? "A" : "B",
    solver: "A",
    sides: ["A", "B"],
    seed: 42,
    scores: { A: 0, B: 0 },
    wins: { A: 0, B: 0 },
    deals: [dealRow(1, 7)],
    current_game: 7,
    winner: null,
    text: "",
    version: 1,
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
    urls: { self: MATCH, page: "/matches/3/", review: "/matches/3/review/" },
    ...extra,
  };
}

function setUp(match: MatchJSON, game: GameJSON): MatchPage {
  document.body.innerHTML = `
    <div id="match-root" data-page="match" data-match-id="3" data-match-state-id="match-state" data-state-id="game-state"
         data-api-match="${MATCH}" data-review-url="/matches/3/review/" data-new-match-url="/matches/" data-csrf-token="tok">
      <div id="game-root" class="game-root"><div class="fallback" data-fallback><form></form></div></div>
      <aside class="match-sheet" data-fallback><table></table></aside>
    </div>`;
  document.body.append(jsonScript("match-state", match), jsonScript("game-state", game));
  page = mountMatchPage(document, { matchRetryMs: 0, play: { hintRetryMs: 0, pollRetryMs: 0 } });
  if (!page) throw new Error("the match page did not start");
  return page;
}

function overGame(id: number): GameJSON {
  return makeGame(sample(OVER), {
    id,
    human: "B",
    status: "over",
    version: 9,
    moves: [move(0, "A", "solver", "00", "best")],
    result: result("A", 12, "domino"),
  });
}

destroyPageAfterEach(() => {
  const mounted = page;
  page = null;
  return mounted;
});

describe("words", () => {
  it("says the target, the standing and each deal's result", () => {
    expect(targetText(makeMatch())).toBe("to 100 points");
    expect(targetText(makeMatch({ target_points: null, target_wins: 1 }))).toBe("to 1 won deal");
    expect(matchStatusText(makeMatch({ scores: { A: 30, B: 12 } }))).toBe("Deal 1 is being played; the score is 12 (you) to 30 (solver).");
    expect(matchStatusText(makeMatch({ status: "over", winner: "B", scores: { A: 30, B: 101 } }))).toBe("You won the match, 101 to 30.");
    expect(matchStatusText(makeMatch({ status: "over", winner: "A", scores: { A: 100, B: 9 } }))).toBe("The solver won the match, 100 to 9.");
    const won = dealRow(1, 7, { recorded: true, winner: "B", points: 12, reason: "blocked" });
    expect(dealText(won, "B")).toBe("You win 12 points (blocked).");
    expect(dealText({ ...won, winner: null, points: 0 }, "B")).toBe("A draw (blocked): no points.");
    expect(dealText(dealRow(2, 8), "B")).toBe("");
  });
});

describe("the match page", () => {
  it("hosts the play widget for the current game beside the score sheet", () => {
    mockFetch();
    setUp(makeMatch(), makeGame(sample(EARLY), { human: "B" }));
    expect($$("[data-fallback]").every((n) => n.hidden)).toBe(true);
    expect($("#game-root .gp-board svg")).not.toBeNull();
    expect($("#match-root")!.dataset.matchStatus).toBe("playing");
    expect($$(".mp-deal").map((r) => r.dataset.deal)).toEqual(["1"]);
    expect($(".mp-deal .mp-result")!.textContent).toBe("being played");
    expect($(".mp-title")!.textContent).toBe("Deal 1 · match to 100 points");
    expect($(".mp-next")).toBeNull();
    expect($(".mp-review-link")!.getAttribute("href")).toBe("/matches/3/review/");
  });

  it("counts the deal when its game ends, then moves on to the next deal", async () => {
    const fetch = mockFetch();
    const thinking = makeGame(sample(EARLY), { human: "A", status: "thinking", version: 4 });
    const page = setUp(makeMatch({ human: "A", solver: "B" }), thinking);
    // the long poll brings the solver's last move: the deal is over
    fetch.answer("GET /api/games/7/", { body: { ...overGame(7), human: "A" } });
    await settle();
    const counted = makeMatch({
      human: "A",
      solver: "B",
      scores: { A: 12, B: 0 },
      wins: { A: 1, B: 0 },
      deals: [
        dealRow(1, 7, { recorded: true, status: "over", winner: "A", points: 12, reason: "domino", human_points: 12, totals: { A: 12, B: 0 }, wins: { A: 1, B: 0 } }),
        dealRow(2, 8),
      ],
      current_game: 8,
      version: 2,
    });
    fetch.answer(`GET ${MATCH}`, { body: counted });
    await settle();
    expect($(".mp-deal[data-deal='1'] .mp-result")!.textContent).toBe("You win 12 points (domino).");
    expect($(".mp-total-human")!.textContent).toBe("12");
    expect($(".gp-result")!.hidden).toBe(false);
    const next = $(".mp-next") as HTMLButtonElement;
    expect(next.textContent).toBe("Next deal (2)");
    next.click();
    fetch.answer("GET /api/games/8/", { body: makeGame(sample(EARLY), { id: 8, human: "A", status: "your-move", version: 1 }) });
    await settle();
    expect(page.deal!.game.id).toBe(8);
    expect($("#game-root")!.dataset.gameId).toBe("8");
    expect($("#match-root")!.dataset.deal).toBe("2");
    expect($(".mp-next")).toBeNull();
    expect($$(".gp")).toHaveLength(1);
  });

  it("asks again while the finished deal is not counted yet", async () => {
    const fetch = mockFetch();
    setUp(makeMatch(), overGame(7));
    fetch.answer(`GET ${MATCH}`, { body: makeMatch({ version: 1 }) });
    await settle();
    const over = makeMatch({
      status: "over",
      winner: "A",
      scores: { A: 12, B: 0 },
      deals: [dealRow(1, 7, { recorded: true, status: "over", winner: "A", points: 12, reason: "domino", totals: { A: 12, B: 0 }, wins: { A: 1, B: 0 } })],
      current_game: null,
      version: 2,
    });
    fetch.answer(`GET ${MATCH}`, { body: over });
    await settle();
    expect(fetch.calls.filter((c) => c.url === MATCH)).toHaveLength(2);
    expect($("#match-root")!.dataset.matchStatus).toBe("over");
    expect($(".mp-over")!.textContent).toBe("The match is over.");
    expect($(".mp-status")!.textContent).toBe("The solver won the match, 12 to 0.");
    expect($(".mp-new-link")!.getAttribute("href")).toBe("/matches/");
    expect($(".mp-next")).toBeNull();
  });

  it("shows a failed fetch of the match in its error line", async () => {
    const fetch = mockFetch();
    setUp(makeMatch(), overGame(7));
    fetch.answer(`GET ${MATCH}`, { status: 500, body: { error: "the server is down" } });
    await settle();
    expect($(".mp-error")!.hidden).toBe(false);
    expect($(".mp-error")!.textContent).toContain("the server is down");
  });
});
