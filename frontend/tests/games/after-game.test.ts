/**
 * After a game between people: the other player's offer of a rematch is
 * shown on the game page with Accept and Decline, accepting goes to the new
 * game, an own offer waits and can be cancelled; a rating still being
 * settled says "Rating pending…" until the ratings come, then the result is
 * drawn again with them.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { AfterGame, type HostPage } from "../../src/games/after-game";
import type { GameJSON } from "../../src/games/game";
import { mockFetch, settle } from "../helpers";

function host(extra: Record<string, unknown> = {}): HostPage & { renders: number } {
  const root = document.createElement("div");
  root.id = "game-root";
  root.append(Object.assign(document.createElement("section"), { className: "gp-result" }));
  document.body.append(root);
  const game = {
    id: 7, kind: "people", status: "over", my_seat: "B", rated: false, match_deal: null, tournament_url: null,
    result: { winner: "A", points: 14, reason: "domino", ratings: {} }, ...extra,
  } as unknown as GameJSON;
  const page = { root, game, renders: 0, render() { page.renders += 1; } };
  return page;
}

let after: AfterGame | null = null;

afterEach(() => {
  after?.stop();
  after = null;
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

const offer = (status: string, mine: boolean, game: number | null = null) => ({
  challenge: 42, can_offer: status !== "open", offer: { id: 50, status, mine, by: "ann", game },
});

describe("the rematch on the game page", () => {
  it("shows the other player's offer, and accepting it goes to the new game", async () => {
    const api = mockFetch();
    const navigate = vi.fn();
    after = new AfterGame(host(), { everyMs: 60_000, navigate });
    api.answer("GET /api/games/7/rematch-offer/", { body: offer("open", false) });
    await settle();
    expect(document.querySelector(".gp-rematch-text")!.textContent).toBe("ann offers a rematch.");
    expect(document.querySelector(".gp-rematch-decline")).not.toBeNull();
    document.querySelector<HTMLButtonElement>(".gp-rematch-accept")!.click();
    api.answer("POST /api/challenges/50/accept/", { body: { game: 9 } });
    await settle();
    expect(navigate).toHaveBeenCalledWith("/play/9/");
  });

  it("lets the player offer one, then wait with a cancel, and follows the other's acceptance", async () => {
    const api = mockFetch();
    const navigate = vi.fn();
    after = new AfterGame(host(), { everyMs: 60_000, navigate });
    api.answer("GET /api/games/7/rematch-offer/", { body: { challenge: 42, can_offer: true, offer: null } });
    await settle();
    document.querySelector<HTMLButtonElement>(".gp-rematch-offer-button")!.click();
    api.answer("POST /api/challenges/42/rematch/", { body: { id: 50 } });
    api.answer("GET /api/games/7/rematch-offer/", { body: offer("open", true) });
    await settle();
    expect(document.querySelector(".gp-rematch-text")!.textContent).toBe("Rematch offered: waiting for your opponent.");
    expect(document.querySelector(".gp-rematch-cancel")).not.toBeNull();
    expect(document.querySelector(".gp-rematch-accept")).toBeNull();
    api.answer("GET /api/games/7/rematch-offer/", { body: offer("started", true, 11) });
    await after.tick();
    expect(navigate).toHaveBeenCalledWith("/play/11/");
  });
});

describe("the rating change", () => {
  it("is pending until the game is rated, then the result is drawn with every player's change", async () => {
    const api = mockFetch();
    const page = host({ rated: true, my_seat: null });
    after = new AfterGame(page, { everyMs: 60_000 });
    api.answer("GET /api/games/7/rating/", { body: { status: "pending", ratings: {} } });
    await settle();
    expect(document.querySelector(".gp-rating-pending")!.textContent).toBe("Rating pending…");
    const ratings = { A: { player: "ann", before: 1512, after: 1527, change: 15 } };
    api.answer("GET /api/games/7/rating/", { body: { status: "rated", ratings } });
    await after.tick();
    expect(page.game.result!.ratings).toEqual(ratings);
    expect(page.renders).toBe(1);
    expect(document.querySelector(".gp-rating-pending")).toBeNull();
  });
});
