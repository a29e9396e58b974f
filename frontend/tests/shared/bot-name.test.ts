import { describe, expect, it } from "vitest";
import { playerName } from "../../src/games/people-view";
import { botName } from "../../src/shared/bot-name";
import type { GameJSON } from "../../src/games/game";
import { annAndBob } from "../helpers";

describe("a bot's name", () => {
  it("is marked BOT, a person's is not", () => {
    expect(botName("robo", true)).toBe("robo BOT");
    expect(botName("ann", false)).toBe("ann");
    expect(botName("ann", undefined)).toBe("ann");
  });

  it("is marked on the game's player labels", () => {
    const game = annAndBob("A") as GameJSON;  // the names are all the labels read
    game.players!.B.bot = true;
    expect(playerName(game, "B")).toBe("Bob BOT (B)");
    expect(playerName(game, "A")).toBe("Ann (A)");
  });
});
