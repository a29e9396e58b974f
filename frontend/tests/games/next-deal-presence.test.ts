import { afterEach, describe, expect, it, vi } from "vitest";
import type { GameJSON } from "../../src/games/game";
import { countdownText, firstMoveText, MatchFollower, type FirstMoveJSON, type MatchChallengeJSON } from "../../src/games/match-next";
import { PresenceTeller, presenceUrl } from "../../src/games/presence";
import type { PlayPage } from "../../src/games/play-page";
import { annAndBob, makeGame, mockFetch, mountPlayOf, sampleWithAnswers, settle } from "../helpers";

/** A deal of a match between Ann (A) and Bob (B), read by ``me`` (null: a spectator). */
function dealOf(me: "A" | "B" | null, extra: Partial<GameJSON> = {}): GameJSON {
  const position = sampleWithAnswers("Early game").position;
  return makeGame(position, {
    id: 7,
    human: me ?? "A",
    legal_moves: [],
    kind: "people",
    rated: true,
    time_control: { initial: 300, increment: 3, days: null },
    clocks: { A: 300_000, B: 300_000 },
    server_time: 1_000_000,
    deadline: 1_120_000,
    clock_running: null,
    abortable: false,
    ...annAndBob(me),
    challenge_url: "/challenges/42/",
    match_deal: 2,
    urls: { self: "/api/games/7/" },
    ...extra,
  } as Partial<GameJSON>);
}

function firstMove(extra: Partial<FirstMoveJSON> = {}): FirstMoveJSON {
  return { seat: "A", deadline: 1_042_000, starts_by: null, first_move_seconds: 60, server_time: 1_000_000, ...extra };
}

let page: PlayPage | null = null;

afterEach(() => {
  page?.destroy();
  page = null;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe("the next deal's first-move countdown", () => {
  it("counts the reader's first move down to its deadline, in whole seconds", () => {
    const game = dealOf("A", { status: "over" });
    expect(firstMoveText(game, firstMove(), 0)).toBe("Your first move is due in 0:42.");
    expect(firstMoveText(game, firstMove(), 1_500)).toBe("Your first move is due in 0:41.");
    expect(firstMoveText(game, firstMove(), 90_000)).toBe("Your first move is due in 0:00.");
    expect(firstMoveText(dealOf("B"), firstMove(), 0)).toBe("Ann (A) is to make the first move within 0:42.");
    expect(firstMoveText(game, null, 0)).toBe("");
  });

  it("says the time waits for both players, then counts down from when it starts at the latest", () => {
    const game = dealOf("B", { status: "over" });
    const waiting = firstMove({ deadline: null, starts_by: 1_030_000 });
    expect(firstMoveText(game, waiting, 0)).toBe(
      "Waiting for both players to open the next deal: the first move's time starts at the latest in 0:30.",
    );
    // the grace is over: the first move's minute runs from its end
    expect(firstMoveText(game, waiting, 35_000)).toBe("Ann (A) is to make the first move within 0:55.");
    expect(firstMoveText(dealOf("A"), waiting, 35_000)).toBe("Your first move is due in 0:55.");
  });

  it("writes a countdown as minutes and seconds", () => {
    expect(countdownText(42_000)).toBe("0:42");
    expect(countdownText(41_001)).toBe("0:42");
    expect(countdownText(65_000)).toBe("1:05");
    expect(countdownText(-5)).toBe("0:00");
  });

  it("ticks under the result box's next-deal button, for a player only", async () => {
    const f = mockFetch();
    let now = 5_000;
    const changed = vi.fn();
    const follower = new MatchFollower("/api/challenges/42/", changed, 20, () => now);
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const next = { number: 3, game: 8, url: "/play/8/", recorded: false, winner: null, points: null, reason: null };
    const counted = { ...next, number: 2, game: 7, url: "/games/7/review/", recorded: true, winner: "A", points: 14 };
    const state: MatchChallengeJSON = {
      version: 3,
      match: {
        target_text: "a match to 3 won deals", target_points: null, target_wins: 3, sides: ["A", "B"],
        scores: { A: 14, B: 0 }, wins: { A: 1, B: 0 }, winner: null, over: false, deals: [counted, next], current: next,
        duplicate_deals: null, nets: [],
        first_move: firstMove({ seat: "B", deadline: null, starts_by: 1_020_000 }),
      },
    };
    f.answer("GET /api/challenges/42/", { body: state });
    follower.follow(dealOf("B", { status: "over" }));
    await settle();
    const line = () => follower.node!.querySelector(".gp-next-countdown")!.textContent;
    expect(line()).toBe("Waiting for both players to open the next deal: the first move's time starts at the latest in 0:20.");
    now += 21_000;
    vi.advanceTimersByTime(300);
    expect(line()).toBe("Your first move is due in 0:59.");
    follower.destroy();

    const watching = new MatchFollower("/api/challenges/42/", () => undefined, 20, () => now);
    f.answer("GET /api/challenges/42/", { body: state });
    watching.follow(dealOf(null, { status: "over" }));
    await settle();
    expect(watching.node!.querySelector(".gp-next-deal")!.textContent).toBe("Watch the next deal");
    expect(watching.node!.querySelector(".gp-next-countdown")).toBeNull();
    watching.destroy();
  });
});

describe("a seated player's presence", () => {
  it("is posted once a game, by a player of a game going on, and again after a failure", async () => {
    const post = vi.fn(async (_url: string): Promise<unknown> => ({}));
    const teller = new PresenceTeller(post);
    teller.tell(dealOf("A"));
    teller.tell(dealOf("A", { version: 9 }));
    expect(post.mock.calls).toEqual([["/api/games/7/present/"]]);
    teller.tell(dealOf(null, { id: 8 })); // a spectator
    teller.tell(dealOf("A", { id: 9, status: "over" }));
    teller.tell(dealOf("A", { id: 10, kind: "practice" }));
    expect(post).toHaveBeenCalledTimes(1);
    const failing = new PresenceTeller(vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue({}));
    failing.tell(dealOf("B"));
    await settle();
    failing.tell(dealOf("B"));
    failing.tell(dealOf("B"));
    expect(presenceUrl(dealOf("B", { urls: {} }))).toBe("/api/games/7/present/");
  });

  it("is posted by the deal page as it loads the game", async () => {
    const f = mockFetch();
    f.answer("POST /api/games/7/present/", { body: { seat: "A", absent: ["B"], first_moves_from: 1_060_000 } });
    page = mountPlayOf(dealOf("A", { status: "your-move" }));
    await settle();
    const posts = f.calls.filter((c) => c.method === "POST");
    expect(posts.map((c) => c.url)).toEqual(["/api/games/7/present/"]);
  });
});
