/** The games' words and local board updates for the variants: four seats, teams, resigning. */
import { describe, expect, it } from "vitest";
import type { BoardPositionJSON } from "../../src/board";
import { humanScore, resultText, seatNames, valueForHuman, whoText, type GameJSON, type MoveJSON } from "../../src/games/game";
import { applyMove, nextSeat } from "../../src/games/play-page";
import { makeGame, move as makeMove } from "../helpers";

const hand = (front: (string | null)[]) => ({ front, back: [], pips: front.reduce((n, s) => n + (s ? Number(s[0]) + Number(s[1]) : 0), 0), count: front.filter(Boolean).length });

const partnership: BoardPositionJSON = {
  position: "partnership ...",
  side: "D",
  ends: [6, 6],
  hands: { A: hand(["01", "02"]), B: hand(["03", "04"]), C: hand(["05", "11"]), D: hand(["16", "26"]) },
  line: ["66"],
  legal_moves: ["16L", "26L"],
  over: false,
  result: null,
  variant: "partnership",
  out: [],
};

function move(extra: Partial<MoveJSON>): MoveJSON {
  return makeMove(0, "A", extra.by ?? "solver", "66", "best", { value: 5, best_value: 5, ...extra });
}

describe("four seats", () => {
  it("goes round the table after a move, or stays with the seat told (a double)", () => {
    expect(nextSeat(partnership, "D")).toBe("A");
    expect(nextSeat(partnership, "B")).toBe("C");
    const after = applyMove(partnership, "16L");
    expect(after.side).toBe("A");
    expect(after.hands.D!.front).toEqual([null, "26"]);
    expect(after.ends).toEqual([1, 6]);
    expect(after.line).toEqual(["16", "66"]);
    expect(applyMove(partnership, "16L", "D").side).toBe("D");
  });

  it("names each seat for the human: you, the partner, the solver", () => {
    const game = { human: "B", seats: ["A", "B", "C", "D"], roles: { A: "opponent", B: "human", C: "opponent", D: "partner" }, board: partnership } as unknown as GameJSON;
    expect(seatNames(game)).toEqual({ A: "Solver (A)", B: "You (B)", C: "Solver (C)", D: "Partner (D)" });
  });

  it("turns values round for the opponents only", () => {
    expect(valueForHuman(move({ role: "partner", by: "solver" }), 5)).toBe(5);
    expect(valueForHuman(move({ role: "opponent" }), 5)).toBe(-5);
    expect(valueForHuman(move({ role: "human", by: "human" }), 5)).toBe(5);
    expect(whoText(move({ role: "partner", side: "D" }))).toBe("partner (D)");
    expect(whoText(move({ role: "opponent", side: "A" }), true)).toBe("solver (A)");
    expect(whoText(move({ role: "opponent", side: "A" }))).toBe("solver");
  });
});

describe("results", () => {
  it("words a team's result and a resigned deal", () => {
    expect(resultText({ winner: "B+D", points: 12, reason: "domino" }, "B+D")).toBe("Your team wins 12 points (domino).");
    expect(resultText({ winner: "A+C", points: 1, reason: "blocked" }, "B+D")).toBe("Your team loses 1 point (blocked).");
    expect(resultText({ winner: "B", points: 30, reason: "resigned", resigned: "A" }, "A")).toBe("You resigned: the other side scores 30 points.");
    expect(humanScore({ winner: "A+C", points: 9, reason: "domino" }, "B+D")).toBe(-9);
  });
});

describe("the play page with four seats", () => {
  it("shows several solver moves that arrive together one after the other, then the game", async () => {
    const { mountPlayPage } = await import("../../src/games/play-page");
    const start = { ...partnership, side: "D" as const };
    const game = (version: number, board: BoardPositionJSON, moves: MoveJSON[], status: GameJSON["status"]): GameJSON => makeGame(board, {
      variant: "partnership", start: "s", human: "B", human_team: "B+D", partner: "D", solver: "A+C",
      seats: ["A", "B", "C", "D"], teams: ["A+C", "B+D"], roles: { A: "opponent", B: "human", C: "opponent", D: "partner" },
      status, legal_moves: status === "your-move" ? board.legal_moves : [], moves, ungraded: 0, level: null, version,
    });
    document.body.innerHTML = `<div id="game-root" data-page="play" data-game-id="7" data-state-id="game-state"></div>`;
    const state = document.createElement("script");
    state.type = "application/json";
    state.id = "game-state";
    state.textContent = JSON.stringify(game(1, { ...start, over: true }, [], "over"));
    document.body.appendChild(state);
    const page = mountPlayPage(document, { stepMs: 30 })!;
    const afterD = applyMove(start, "16L", "A");
    const final = { ...applyMove(afterD, "01L", "B"), legal_moves: ["03L"] };
    const moves = [
      move({ ply: 0, side: "D", role: "partner", move: "16L" }),
      move({ ply: 1, side: "A", role: "opponent", move: "01L" }),
    ];
    const seen: string[] = [];
    const root = document.getElementById("game-root")!;
    page.update(game(2, final, moves, "your-move"));
    for (let i = 0; i < 20 && root.dataset.status !== "your-move"; i++) {
      seen.push(root.dataset.status ?? "");
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    expect(seen).toContain("replaying");
    expect(root.dataset.status).toBe("your-move");
    expect(page.board.getConfig().position?.ends).toEqual([0, 6]);
    expect(document.querySelector(".gp-status")!.textContent).toContain("Your move");
    page.destroy();
  });
});
