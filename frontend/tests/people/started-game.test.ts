import { beforeEach, describe, expect, it } from "vitest";
import { startedGameUrl } from "../../src/people/inbox";

describe("a game of the reader's that has just started", () => {
  beforeEach(() => window.sessionStorage.clear());

  it("is gone to once, from any page but its own", () => {
    const started = [{ game: 4, url: "/play/4/" }];
    expect(startedGameUrl(started, "/lobby/", window.sessionStorage)).toBe("/play/4/");
    // told again (another change of the list): the page stays where the player went since
    expect(startedGameUrl(started, "/puzzles/", window.sessionStorage)).toBeNull();
  });

  it("is not gone to from its own page, nor when nothing started", () => {
    expect(startedGameUrl([{ game: 5, url: "/play/5/" }], "/play/5/", window.sessionStorage)).toBeNull();
    expect(startedGameUrl([{ game: 5, url: "/play/5/" }], "/lobby/", window.sessionStorage)).toBeNull();
    expect(startedGameUrl(undefined, "/lobby/", window.sessionStorage)).toBeNull();
    expect(startedGameUrl([], "/lobby/", window.sessionStorage)).toBeNull();
  });
});
