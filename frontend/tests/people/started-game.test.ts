import { beforeEach, describe, expect, it } from "vitest";
import { playingHere, startedGameUrl } from "../../src/people/inbox";

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

describe("the board of a game still being played", () => {
  beforeEach(() => {
    document.body.innerHTML = "";
  });

  it("keeps its page: a game started elsewhere does not take the player away", () => {
    document.body.innerHTML = '<div id="game-root" data-page="play" data-status="their-move"></div>';
    expect(playingHere(document)).toBe(true);
    document.getElementById("game-root")!.dataset.status = "sending";
    expect(playingHere(document)).toBe(true);
  });

  it("is read from the server-drawn status line before the play script has drawn", () => {
    document.body.innerHTML =
      '<div id="game-root" data-page="play"><p class="status status-your-move" id="game-status"></p></div>';
    expect(playingHere(document)).toBe(true);
    document.body.innerHTML =
      '<div id="game-root" data-page="play"><p class="status status-over" id="game-status"></p></div>';
    expect(playingHere(document)).toBe(false);
  });

  it("lets a page go once its game is over, and any page without a board", () => {
    document.body.innerHTML = '<div id="game-root" data-page="play" data-status="over"></div>';
    expect(playingHere(document)).toBe(false);
    document.body.innerHTML = '<main id="lobby"></main>';
    expect(playingHere(document)).toBe(false);
  });
});
