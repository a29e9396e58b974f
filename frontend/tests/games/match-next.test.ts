import { afterEach, describe, expect, it, vi } from "vitest";
import type { GameJSON } from "../../src/games/game";
import { type MatchChallengeJSON } from "../../src/games/match-next";
import { PeoplePanel } from "../../src/games/people-view";
import type { PlayPage } from "../../src/games/play-page";
import { annAndBob, makeGame, mockFetch, mountPlayOf, sampleWithAnswers, settle } from "../helpers";

/** Deal 2 of a match between Ann (A) and Bob (B), read by ``me`` (null: a spectator). */
function dealOfMatch(me: "A" | "B" | null, extra: Partial<GameJSON> = {}): GameJSON {
  const position = sampleWithAnswers("Early game").position;
  return makeGame(position, {
    id: 7,
    human: me ?? "A",
    status: "over",
    legal_moves: [],
    kind: "people",
    rated: false,
    time_control: { initial: 300, increment: 3, days: null },
    clocks: { A: 250_000, B: 12_000 },
    server_time: 1_000_000,
    deadline: null,
    clock_running: null,
    abortable: false,
    ...annAndBob(me),
    challenge_url: "/challenges/42/",
    match_deal: 2,
    result: { winner: "A", points: 14, reason: "resigned", outcome: me === "B" ? "loss" : "win",
      human_points: me === "B" ? -14 : 14, text: "Ann wins 14 points (resignation)." },
    ...extra,
  } as Partial<GameJSON>);
}

type Deal = NonNullable<MatchChallengeJSON["match"]>["deals"][number];

function deal(number: number, game: number, winner: string | null, points: number | null = null): Deal {
  return { number, game, url: `/play/${game}/`, recorded: winner !== null, winner: winner || null, points, reason: null };
}

function challenge(version: number, match: Partial<NonNullable<MatchChallengeJSON["match"]>>): MatchChallengeJSON {
  return {
    version,
    match: {
      target_text: "a match to 3 won deals", target_points: null, target_wins: 3, sides: ["A", "B"], scores: { A: 60, B: 20 },
      wins: { A: 1, B: 1 }, winner: null, over: false, current: null, first_move: null, deals: [], duplicate_deals: null,
      nets: [], ...match,
    },
  };
}

let page: PlayPage | null = null;

function setUp(game: GameJSON): PlayPage {
  page = mountPlayOf(game);
  return page;
}

afterEach(() => {
  page?.destroy();
  page = null;
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe("a finished deal of a match between people", () => {
  it("waits for the match to count the deal, then offers the next deal with the match's score in won deals", async () => {
    const f = mockFetch();
    setUp(dealOfMatch("A"));
    // the deal's end came before the match counted it: deal 2 is still the current one
    const deal1 = deal(1, 6, "B", 20);
    f.answer("GET /api/challenges/42/", { body: challenge(5, { deals: [deal1, deal(2, 7, null)], current: deal(2, 7, null) }) });
    await settle();
    expect(document.querySelector(".gp-next-deal")).toBeNull();
    expect(f.calls.map((c) => c.url)).toContain("/api/challenges/42/?wait=5&timeout=20");
    // the challenge's totals read before the deal was counted, its deals after: the deals are believed
    const next3 = deal(3, 8, null);
    f.answer("GET /api/challenges/42/", { body: challenge(6, { wins: { A: 0, B: 1 }, deals: [deal1, deal(2, 7, "A", 14), next3], current: next3 }) });
    await settle();
    const next = document.querySelector<HTMLAnchorElement>(".gp-result .gp-next-deal")!;
    expect(next.textContent).toBe("Next deal");
    expect(next.getAttribute("href")).toBe("/play/8/");
    expect(document.querySelector(".gp-match-score")!.textContent).toBe("A match to 3 won deals: Ann (A) 1 – 1 Bob (B)");
    // it comes before the links, and the challenge is not asked again once the next deal is known
    expect(next.closest(".gp-match")!.nextElementSibling!.classList.contains("gp-links")).toBe(true);
    const asked = f.calls.filter((c) => c.url.startsWith("/api/challenges/")).length;
    await settle();
    expect(f.calls.filter((c) => c.url.startsWith("/api/challenges/")).length).toBe(asked);
  });

  it("says who won the match once it is over, in points for a match to a score, and a spectator watches on", async () => {
    const f = mockFetch();
    f.answer("GET /api/challenges/42/", { body: challenge(9, { target_text: "a match to 100 points", target_wins: null,
      scores: { A: 104, B: 20 }, winner: "A", over: true, deals: [deal(1, 6, "B", 20), deal(2, 7, "A", 104)] }) });
    setUp(dealOfMatch("B"));
    await settle();
    expect(document.querySelector(".gp-match-score")!.textContent).toBe("A match to 100 points: Ann (A) 104 – 20 Bob (B)");
    expect(document.querySelector(".gp-match-over")!.textContent).toBe("You lost the match.");
    expect(document.querySelector(".gp-next-deal")).toBeNull();
    // a player's deal of a match leads on in the match, not to "Play a new game"
    expect(document.querySelector(".gp-new-link")).toBeNull();
    page!.destroy();
    f.answer("GET /api/challenges/42/", { body: challenge(9, { deals: [deal(1, 6, "B", 20), deal(2, 7, "A", 14), deal(3, 8, null)], current: deal(3, 8, null) }) });
    setUp(dealOfMatch(null));
    await settle();
    expect(document.querySelector(".gp-next-deal")!.textContent).toBe("Watch the next deal");
    expect(document.querySelector(".gp-new-link")).not.toBeNull();
  });

  it("names a duplicate match's sides by who sits where in a game with the seats swapped, and says a level match so", async () => {
    const f = mockFetch();
    // game 2 is deal 1 again, the seats swapped: the match's side A (Bob) sits B here, its side B (Ann) A
    const over = { target_text: "a duplicate match of 1 deal, played both ways", target_wins: null, duplicate_deals: 1,
      over: true, deals: [deal(1, 6, "A", 20), deal(2, 7, "B", 104)] };
    f.answer("GET /api/challenges/42/", { body: challenge(9, { ...over, scores: { A: 20, B: 104 }, winner: "B" }) });
    setUp(dealOfMatch("A"));
    await settle();
    expect(document.querySelector(".gp-match-score")!.textContent).toBe(
      "A duplicate match of 1 deal, played both ways: Bob (B) 20 – 104 Ann (A)");
    expect(document.querySelector(".gp-match-over")!.textContent).toBe("You won the match!");
    page!.destroy();
    f.answer("GET /api/challenges/42/", { body: challenge(9, { ...over, deals: [deal(1, 6, "A", 20), deal(2, 7, "B", 20)],
      scores: { A: 20, B: 20 }, winner: "=" }) });
    setUp(dealOfMatch("A"));
    await settle();
    expect(document.querySelector(".gp-match-over")!.textContent).toBe("The match ended level.");
  });

  it("asks nothing of a single game's challenge", async () => {
    const f = mockFetch();
    setUp(dealOfMatch("A", { match_deal: null }));
    await settle();
    expect(f.calls.filter((c) => c.url.startsWith("/api/challenges/"))).toEqual([]);
    expect(document.querySelector(".gp-match")).toBeNull();
  });
});

describe("the players' bar of a deal of a match", () => {
  it("says which deal of which match it is, and that a first move not made forfeits a rated match's later deal", () => {
    const panel = new PeoplePanel(() => undefined, () => undefined, () => 1_000_000);
    panel.update(dealOfMatch("A", { rated: false }));
    expect(panel.box.querySelector(".gp-people-head")!.textContent).toBe("5+3 · casual match, deal 2");
    panel.update(dealOfMatch("A", { rated: false, match_duplicate: true }));  // game 2: deal 1, the seats swapped
    expect(panel.box.querySelector(".gp-people-head")!.textContent).toBe("5+3 · casual duplicate match, game 2");
    const live = { status: "your-move" as const, result: null, deadline: 1_040_000, clock_running: null };
    panel.update(dealOfMatch("A", { rated: true, ...live }));
    expect(panel.box.querySelector(".gp-people-head")!.textContent).toBe("5+3 · rated match, deal 2");
    expect(panel.box.querySelector(".gp-people-note")!.textContent).toBe(
      "First move: 40 s left to make it, or the deal is forfeited.");
    panel.update(dealOfMatch("A", { rated: true, match_deal: 1, ...live }));
    expect(panel.box.querySelector(".gp-people-note")!.textContent).toBe("First move: 40 s left to make it.");
    panel.stop();
  });

  it("says a next deal waits for its players to open it before its first move is timed", () => {
    let now = 1_000_000;
    const panel = new PeoplePanel(() => undefined, () => undefined, () => now);
    const waiting = { status: "your-move" as const, result: null, deadline: 1_100_000, clock_running: null, first_moves_from: 1_042_000 };
    panel.update(dealOfMatch("A", { rated: true, ...waiting }));
    expect(panel.box.querySelector(".gp-people-note")!.textContent).toBe(
      "Waiting for both players to open this deal: the first move's time starts at the latest in 0:42.");
    now = 1_050_000; // the grace is over: the first move's own time
    panel.tick();
    expect(panel.box.querySelector(".gp-people-note")!.textContent).toBe(
      "First move: 50 s left to make it, or the deal is forfeited.");
    panel.stop();
  });
});
