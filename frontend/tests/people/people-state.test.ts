import { describe, expect, it } from "vitest";
import { type ChallengeState, challengeOpen, challengeStep } from "../../src/people/people-state";

const open: ChallengeState = { version: 3, status: "open", game: null, you: { seat: "A" }, urls: { game: null } };

describe("challengeStep", () => {
  it("waits while nothing changed", () => {
    expect(challengeStep(3, open)).toEqual({ kind: "wait" });
    expect(challengeOpen(open)).toBe(true);
  });
  it("draws the page again when a seat is taken", () => {
    expect(challengeStep(3, { ...open, version: 4 })).toEqual({ kind: "reload" });
  });
  it("goes to the game once it has started, for a player", () => {
    const started = { ...open, version: 5, status: "started", game: 12, urls: { game: "/play/12/" } };
    expect(challengeStep(3, started)).toEqual({ kind: "game", url: "/play/12/" });
    expect(challengeOpen(started)).toBe(false);
  });
  it("only draws the page again for someone without a seat", () => {
    const watcher = { ...open, version: 5, status: "started", game: 12, you: { seat: null }, urls: { game: "/play/12/" } };
    expect(challengeStep(3, watcher)).toEqual({ kind: "reload" });
  });
});
