import { afterEach, describe, expect, it, vi } from "vitest";
import type { GameJSON } from "../../src/games/game";
import { canMove, clockLeft, clockText, PeoplePanel, timeControlText, timeLeftText } from "../../src/games/people-view";
import type { PlayPage } from "../../src/games/play-page";
import { annAndBob, makeGame, mockFetch, mountPlayOf, result as resultOf, sampleWithAnswers, selectable, settle } from "../helpers";

const EARLY = "Early game"; // B to move

/** A live 5+3 game between Ann (A) and Bob (B), read by ``me`` (null: a spectator), B to move with its clock running. */
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

let page: PlayPage | null = null;

function setUp(game: GameJSON): PlayPage {
  page = mountPlayOf(game);
  return page;
}

afterEach(() => {
  page?.destroy();
  page = null;
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe("clocks in words", () => {
  it("writes minutes and seconds, hours, and tenths when little is left", () => {
    expect(clockText(300_000)).toBe("5:00");
    expect(clockText(65_432)).toBe("1:05");
    expect(clockText(3_723_000)).toBe("1:02:03");
    expect(clockText(7_450)).toBe("0:07.4");
    expect(clockText(-5)).toBe("0:00.0");
    expect(timeLeftText(2 * 86_400_000 + 3 * 3_600_000)).toBe("2 days 3 h");
    expect(timeLeftText(5 * 3_600_000 + 12 * 60_000)).toBe("5 h 12 min");
    expect(timeControlText({ initial: 300, increment: 3, days: null })).toBe("5+3");
    expect(timeControlText({ initial: null, increment: null, days: 3 })).toBe("3 days a move");
  });

  it("counts down only the running clock, never below zero", () => {
    const game = peopleGame("A");
    expect(clockLeft(game, "B", 2_000)).toBe(10_000);
    expect(clockLeft(game, "A", 2_000)).toBe(250_000);
    expect(clockLeft(game, "B", 20_000)).toBe(0);
  });
});

describe("whose move", () => {
  it("lets only the player of the seat to move move", () => {
    expect(canMove(peopleGame("B"))).toBe(true);
    expect(canMove(peopleGame("A"))).toBe(false);
    expect(canMove(peopleGame(null))).toBe(false);
  });
});

describe("the players' bar", () => {
  it("ticks the running clock from the server's reading and asks again when it reaches zero", () => {
    let now = 50_000;
    const onZero = vi.fn();
    const panel = new PeoplePanel(onZero, () => undefined, () => now);
    vi.useFakeTimers();
    panel.update(peopleGame("A"));
    const clock = (seat: string) => panel.box.querySelector<HTMLElement>(`.gp-clock[data-seat="${seat}"]`)!;
    expect(clock("B").textContent).toBe("0:12.0");
    expect(clock("B").classList.contains("is-running")).toBe(true);
    expect(clock("A").textContent).toBe("4:10");
    now += 4_500;
    panel.tick();
    expect(clock("B").textContent).toBe("0:07.5");
    expect(onZero).not.toHaveBeenCalled();
    now += 8_000;
    panel.tick();
    panel.tick();
    expect(clock("B").textContent).toBe("0:00.0");
    expect(onZero).toHaveBeenCalledTimes(1); // once a reading
    panel.stop();
  });

  it("shows a rated game's abort button only once the opponent has waited long enough, a casual one's at once", () => {
    let now = 50_000;
    const panel = new PeoplePanel(() => undefined, () => undefined, () => now);
    vi.useFakeTimers();
    const abort = () => panel.box.querySelector<HTMLButtonElement>(".gp-abort")!;
    // A waits for B's first move; the server says A may abort 5 s from its reading
    panel.update(peopleGame("A", { deadline: null, abortable: false, abort_from: 1_005_000 }));
    expect(abort().hidden).toBe(true);
    now += 4_900;
    panel.tick();
    expect(abort().hidden).toBe(true);
    now += 200;
    panel.tick();
    expect(abort().hidden).toBe(false);
    // the player to move (B) never gets it
    panel.update(peopleGame("B", { deadline: null, abortable: false, abort_from: null }));
    now += 60_000;
    panel.tick();
    expect(abort().hidden).toBe(true);
    // a casual game's, as the server says
    panel.update(peopleGame("B", { rated: false, deadline: null, abortable: true, abort_from: null }));
    expect(abort().hidden).toBe(false);
    panel.update(peopleGame("B", { rated: false, status: "over", deadline: null, abortable: false }));
    expect(abort().hidden).toBe(true);
    panel.stop();
  });
});

describe("the play page of a game between people", () => {
  it("shows the players and clocks, no hints, and waits for the opponent without move input", async () => {
    const f = mockFetch();
    setUp(peopleGame("A"));
    expect([...document.querySelectorAll(".gp-player-name")].map((e) => e.textContent)).toEqual(["Ann (A)", "Bob (B)"]);
    expect(document.querySelector(".gp-people-head")!.textContent).toBe("5+3 · rated game");
    expect(document.getElementById("game-root")!.classList.contains("is-people")).toBe(true);
    // no move to make: only a premove to pick, each stone of the hand at either end
    expect(selectable(document.querySelector(".gp-board")!)).toEqual(["13", "55", "46", "26", "56", "36", "25"]);
    expect(document.querySelector(".gp-status")!.textContent).toBe("Waiting for Bob (B) to move…");
    await settle();
    expect(f.calls.find((c) => c.method === "GET")!.url).toBe("/api/games/7/?wait=1&timeout=20"); // the long poll brings the opponent's move
  });

  it("lets the player to move move, and a spectator only watch", () => {
    mockFetch();
    setUp(peopleGame("B"));
    expect(selectable(document.querySelector(".gp-board")!).length).toBeGreaterThan(0);
    page!.destroy();
    setUp(peopleGame(null));
    expect(selectable(document.querySelector(".gp-board")!)).toEqual([]);
    expect(document.querySelector(".gp-status")!.textContent).toBe("You are watching: Bob (B) to move.");
    expect((document.querySelector(".gp-resign") as HTMLElement).hidden).toBe(true);
  });

  it("shows the server's result from the reader's seat, and the spectator a neutral one", () => {
    mockFetch();
    const result = resultOf("A", 14, "time", { outcome: "loss", human_points: -14, text: "You lose 14 points (on time)." });
    setUp(peopleGame("B", { status: "over", result, clock_running: null, deadline: null }));
    expect(document.querySelector(".gp-result-title")!.textContent).toBe("You lost.");
    expect(document.querySelector(".gp-result-text")!.textContent).toBe("You lose 14 points (on time).");
    expect(document.querySelector(".gp-rematch")!.childElementCount).toBe(0);
  });

  it("links the finished game to its challenge: the rematch, a match's score sheet, a spectator's page", () => {
    mockFetch();
    const result = resultOf("A", 14, "resigned", { text: "You win 14 points." });
    const over = { status: "over" as const, result, clock_running: null, deadline: null };
    setUp(peopleGame("A", { ...over, challenge_url: "/challenges/42/", match_deal: null }));
    let link = document.querySelector<HTMLAnchorElement>(".gp-result .gp-challenge-link")!;
    expect(link.getAttribute("href")).toBe("/challenges/42/");
    expect(link.textContent).toBe("Offer a rematch");
    page!.destroy();
    setUp(peopleGame("B", { ...over, challenge_url: "/challenges/43/", match_deal: 2 }));
    link = document.querySelector<HTMLAnchorElement>(".gp-result .gp-challenge-link")!;
    expect(link.getAttribute("href")).toBe("/challenges/43/");
    expect(link.textContent).toBe("The match's score sheet");
    page!.destroy();
    setUp(peopleGame(null, { ...over, challenge_url: "/challenges/44/", match_deal: null }));
    expect(document.querySelector(".gp-challenge-link")!.textContent).toBe("The challenge page");
    page!.destroy();
    setUp(peopleGame("A", { ...over, challenge_url: null }));
    expect(document.querySelector(".gp-challenge-link")).toBeNull();
  });
});
