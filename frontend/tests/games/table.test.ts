import { afterEach, describe, expect, it, vi } from "vitest";
import type { GameJSON } from "../../src/games/game";
import { claimSecondsLeft, OpponentWatch, presenceText, type ClaimStateJSON } from "../../src/games/opponent-watch";
import { Premove, premoveChoices, premoveOpen, premoveToSend } from "../../src/games/premove";
import { passedLowTime, setSoundsOn, Sounds, soundsOn, SOUND_KEY } from "../../src/games/sounds";
import { AUTO_PASS_KEY, autoPassOn, forcedPass, TableFeatures } from "../../src/games/table-features";
import { offersVacation, VacationControl, vacationText, type VacationJSON } from "../../src/games/vacation";
import { annAndBob, makeGame, sampleWithAnswers } from "../helpers";

/** A live game between Ann (A) and Bob (B) of the early-game sample (B to move), read by ``me``. */
function tableGame(me: "A" | "B", extra: Partial<GameJSON> = {}): GameJSON {
  const position = sampleWithAnswers("Early game").position;
  return makeGame(position, {
    id: 7,
    human: me,
    status: "your-move",
    legal_moves: me === "B" ? position.legal_moves : [],
    kind: "people",
    rated: false,
    time_control: { initial: 300, increment: 3, days: null },
    clocks: { A: 250_000, B: 12_000 },
    server_time: 1_000_000,
    deadline: 1_012_000,
    clock_running: "B",
    ...annAndBob(me),
    ...extra,
  } as Partial<GameJSON>);
}

/** ``game`` with A to move, after a move of B's, A's legal moves ``legal``. */
function aToMove(game: GameJSON, legal: string[], ends: [number, number] | null = game.board.ends): GameJSON {
  const board = { ...game.board, side: "A" as const, legal_moves: legal, ends };
  const move = { ...game.moves[0], ply: game.moves.length + 1, side: "B", move: "22R" } as GameJSON["moves"][number];
  return { ...game, board, legal_moves: legal, ply: game.moves.length + 1, moves: [...game.moves, move], version: game.version + 1, clock_running: "A" };
}

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    clear: () => values.clear(),
    key: () => null,
    get length() {
      return values.size;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe("premoves", () => {
  it("are open to the player waiting for the opponent, each stone of the hand at either end", () => {
    const game = tableGame("A");
    expect(premoveOpen(game)).toBe(true);
    expect(premoveOpen(tableGame("B"))).toBe(false); // their own turn: a move, not a premove
    expect(premoveOpen({ ...game, status: "over" })).toBe(false);
    const choices = premoveChoices(game.board, "A");
    expect(choices.length).toBe(14);
    expect(choices).toEqual(expect.arrayContaining(["13L", "13R", "55L", "55R", "25L", "25R"]));
  });

  it("send the premove if legal when the turn comes, the stone's one move when both ends match, else drop it", () => {
    expect(premoveToSend("13L", ["13L", "36R"], [1, 6])).toBe("13L");
    expect(premoveToSend("13R", ["13L", "36R"], [1, 6])).toBeNull();
    expect(premoveToSend("13R", ["13L", "36L"], [1, 1])).toBe("13L"); // both ends 1: L and R name one move
    const held = new Premove();
    const waiting = tableGame("A");
    held.pick("13L", waiting.moves.length);
    expect(held.take(waiting)).toBeNull(); // still the opponent's turn
    expect(held.take(aToMove(waiting, ["13L", "pass"]))).toEqual({ send: "13L" });
    expect(held.move).toBeNull();
    held.pick("55R", waiting.moves.length);
    expect(held.take(aToMove(waiting, ["13L"]))).toEqual({ dropped: "55R" });
    held.pick("55R", waiting.moves.length);
    held.cancel();
    expect(held.take(aToMove(waiting, ["55R"]))).toBeNull();
  });

  it("are played at once when the opponent's move comes, or dropped with a notice", () => {
    vi.useFakeTimers();
    const play = vi.fn();
    const table = new TableFeatures({ play, claim: async () => {}, read: () => new Promise(() => {}), win: null });
    document.body.append(table.box);
    const waiting = tableGame("A");
    table.update(waiting);
    expect(table.pickPremove(waiting, "13L")).toBe(true);
    table.update(waiting);
    expect(table.box.querySelector(".gp-premove")!.textContent).toContain("1-3 on the left end");
    table.update(aToMove(waiting, ["13L", "36R"]));
    vi.runOnlyPendingTimers();
    expect(play).toHaveBeenCalledWith("13L");
    expect(table.pickPremove(tableGame("B"), "22R")).toBe(false); // the player's own turn: played, not kept
    table.update(waiting);
    table.pickPremove(waiting, "55R");
    table.update(aToMove(waiting, ["36R"]));
    vi.runOnlyPendingTimers();
    expect(play).toHaveBeenCalledTimes(1);
    const notice = table.box.querySelector<HTMLElement>(".gp-premove-notice")!;
    expect(notice.hidden).toBe(false);
    expect(notice.textContent).toBe("Premove 5-5 on the right end dropped: it is not legal now.");
    table.destroy();
  });
});

describe("the automatic pass", () => {
  it("is on by default and kept in localStorage", () => {
    const storage = memoryStorage();
    expect(autoPassOn(storage)).toBe(true);
    storage.setItem(AUTO_PASS_KEY, "off");
    expect(autoPassOn(storage)).toBe(false);
  });

  it("plays a forced pass once, by itself, unless turned off", () => {
    vi.useFakeTimers();
    const forced = aToMove(tableGame("A"), ["pass"]);
    expect(forcedPass(forced)).toBe(true);
    expect(forcedPass(aToMove(tableGame("A"), ["13L", "pass"]))).toBe(false);
    const play = vi.fn();
    const table = new TableFeatures({ play, claim: async () => {}, read: () => new Promise(() => {}), win: null });
    table.update(tableGame("A"));
    table.update(forced);
    table.update(forced); // drawn again: still one pass
    vi.runOnlyPendingTimers();
    expect(play.mock.calls).toEqual([["pass"]]);
    table.destroy();
    const off = memoryStorage();
    off.setItem(AUTO_PASS_KEY, "off");
    const quiet = vi.fn();
    const win = { localStorage: off, addEventListener: () => {}, removeEventListener: () => {} } as unknown as Window & typeof globalThis;
    const manual = new TableFeatures({ play: quiet, claim: async () => {}, read: () => new Promise(() => {}), win });
    manual.update(forced);
    vi.runOnlyPendingTimers();
    expect(quiet).not.toHaveBeenCalled();
    expect(manual.settings.querySelector<HTMLInputElement>("[name=gp-autopass-setting]")!.checked).toBe(false);
    manual.destroy();
  });
});

describe("sounds", () => {
  class FakeContext {
    currentTime = 0;
    state = "running";
    destination = {};
    oscillators = 0;
    createOscillator() {
      this.oscillators += 1;
      return { type: "", frequency: { value: 0 }, connect: (g: unknown) => g, start() {}, stop() {} };
    }
    createGain() {
      return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d: unknown) => d };
    }
    resume() {
      return Promise.resolve();
    }
    close() {
      return Promise.resolve();
    }
  }

  it("are on unless turned off, the setting kept in localStorage", () => {
    const storage = memoryStorage();
    expect(soundsOn(storage)).toBe(true);
    setSoundsOn(storage, false);
    expect(storage.getItem(SOUND_KEY)).toBe("off");
    expect(soundsOn(storage)).toBe(false);
  });

  it("play nothing before the user's first gesture, then each sound while on", () => {
    const target = new EventTarget();
    const win = Object.assign(target, { AudioContext: FakeContext }) as unknown as Window & typeof globalThis;
    const storage = memoryStorage();
    const sounds = new Sounds(win, storage);
    sounds.play("move");
    expect(sounds.played).toEqual([]);
    expect(sounds.unlocked).toBe(false);
    target.dispatchEvent(new Event("pointerdown"));
    expect(sounds.unlocked).toBe(true);
    sounds.play("opponent-move");
    sounds.play("end");
    expect(sounds.played).toEqual(["opponent-move", "end"]);
    sounds.on = false;
    sounds.play("move");
    expect(sounds.played).toEqual(["opponent-move", "end"]);
    sounds.destroy();
  });

  it("warn of low time once, as the clock passes 10 seconds", () => {
    expect(passedLowTime(10_500, 9_900)).toBe(true);
    expect(passedLowTime(9_900, 9_800)).toBe(false);
    expect(passedLowTime(null, 9_000)).toBe(false);
  });

  it("sound for the moves and the end, and the low-time warning shows on the player's own clock", () => {
    const target = new EventTarget();
    const win = Object.assign(target, { AudioContext: FakeContext, localStorage: memoryStorage() }) as unknown as Window & typeof globalThis;
    let now = 0;
    const table = new TableFeatures({ play: () => {}, claim: async () => {}, read: () => new Promise(() => {}), win, now: () => now });
    target.dispatchEvent(new Event("keydown"));
    const mine = { ...tableGame("B"), clocks: { A: 250_000, B: 10_400 } };
    table.update(mine);
    const warning = table.box.querySelector<HTMLElement>(".gp-low-time")!;
    expect(warning.hidden).toBe(true);
    now = 600;
    table.tick();
    expect(warning.hidden).toBe(false);
    now = 900;
    table.tick();
    const after = aToMove(mine, ["13L"]);
    table.update({ ...after, board: { ...after.board, side: "A" }, moves: [...mine.moves, { ...after.moves[after.moves.length - 1], side: "B" }] });
    table.update({ ...after, status: "over", version: after.version + 1 });
    expect(table.sounds.played).toEqual(["low-time", "move", "end"]);
    table.destroy();
  });
});

describe("the opponent's presence", () => {
  const state = (extra: Partial<ClaimStateJSON>): ClaimStateJSON => ({
    seat: "A",
    opponents: [{ seat: "B", gone: false, gone_since: null, vacation: false }],
    claim_from: null,
    claimable: false,
    server_time: 1_000_000,
    ...extra,
  });

  it("says the opponent left and came back, and counts down to the claim", () => {
    const gone = state({ opponents: [{ seat: "B", gone: true, gone_since: 995_000, vacation: false }], claim_from: 1_025_000 });
    expect(presenceText(gone, false)).toBe("Your opponent has disconnected.");
    expect(presenceText(state({}), true)).toBe("Your opponent is back.");
    expect(presenceText(state({}), false)).toBe("");
    expect(claimSecondsLeft(gone, 5_000)).toBe(20);
    expect(claimSecondsLeft(state({}), 0)).toBeNull();
  });

  it("offers the claim once the server says it may be made, and posts it", async () => {
    let now = 0;
    const claim = vi.fn(async () => {});
    const watch = new OpponentWatch({ read: () => new Promise(() => {}), claim, now: () => now });
    watch.follow(tableGame("A"));
    const button = watch.box.querySelector<HTMLButtonElement>(".gp-claim")!;
    watch.take(state({ opponents: [{ seat: "B", gone: true, gone_since: 995_000, vacation: false }], claim_from: 1_025_000 }));
    expect(watch.box.hidden).toBe(false);
    expect(watch.box.textContent).toContain("You can claim victory in 25 s.");
    expect(button.hidden).toBe(true);
    now = 30_000;
    watch.take(state({ opponents: [{ seat: "B", gone: true, gone_since: 995_000, vacation: false }], claim_from: 1_025_000, claimable: true, server_time: 1_030_000 }));
    expect(button.hidden).toBe(false);
    button.click();
    expect(claim).toHaveBeenCalledWith("/api/games/7/claim/");
    watch.take(state({}));
    expect(watch.box.textContent).toContain("Your opponent is back.");
    expect(button.hidden).toBe(true);
    watch.destroy();
    // by correspondence nobody stays at the table: only a vacation is shown, and no claim
    const read = vi.fn(async () => state({ opponents: [{ seat: "B", gone: true, gone_since: 995_000, vacation: true }], claimable: true, claim_from: 1 }));
    const postal = new OpponentWatch({ read, claim }, 0);
    postal.follow(tableGame("A", { time_control: { initial: null, increment: null, days: 3 } } as Partial<GameJSON>));
    await vi.waitFor(() => expect(read).toHaveBeenCalled());
    await vi.waitFor(() => expect(postal.box.textContent).toContain("Your opponent is on vacation: their turns wait."));
    expect(postal.box.querySelector<HTMLElement>(".gp-claim")!.hidden).toBe(true);
    postal.destroy();
  });
});

describe("the vacation", () => {
  const postal = (me: "A" | "B") => tableGame(me, { time_control: { initial: null, increment: null, days: 3 } } as Partial<GameJSON>);
  const vacation = (on: boolean, days: number): VacationJSON => ({ on, since: on ? 1 : null, seconds_left: days * 86400, allowance_days: 14, server_time: 2 });

  it("is offered to an account seated in a correspondence game only", () => {
    expect(offersVacation(postal("B"))).toBe(true); // Bob is an account
    expect(offersVacation(postal("A"))).toBe(false); // Ann a guest
    expect(offersVacation(tableGame("B"))).toBe(false); // a live game
    expect(vacationText(vacation(false, 14))).toBe("Vacation: 14 days left this year.");
    expect(vacationText(vacation(true, 1))).toBe("You are on vacation: 1 day left this year.");
  });

  it("goes on and comes back by its button, and the game is read again", async () => {
    const post = vi.fn(async (on: boolean) => vacation(on, 12));
    const changed = vi.fn();
    const control = new VacationControl({ read: async () => vacation(false, 14), post, changed, error: () => {} });
    control.follow(postal("B"));
    await vi.waitFor(() => expect(control.box.hidden).toBe(false));
    const toggle = control.box.querySelector<HTMLButtonElement>(".gp-vacation-toggle")!;
    expect(toggle.textContent).toBe("Go on vacation");
    toggle.click();
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith(true);
    expect(control.box.textContent).toContain("You are on vacation: 12 days left this year.");
    expect(toggle.textContent).toBe("Come back from vacation");
  });
});
