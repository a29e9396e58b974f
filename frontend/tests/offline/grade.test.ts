import { describe, expect, it } from "vitest";
import { giveUp, isAccepted, playMove, solutionLine, startAttempt, type KeyNode, type OfflinePuzzle } from "../../src/offline/grade";
import { sampleWithAnswers } from "../helpers";

/** A one-step key made from a sample's solver answers: the moves that keep the best value solve it. */
function oneStep(title: string): { puzzle: OfflinePuzzle; best: string[]; worse: string[] } {
  const s = sampleWithAnswers(title);
  const entries = Object.entries(s.answers);
  const best = entries.filter(([, a]) => a.value === a.best).map(([m]) => m);
  const worse = entries.filter(([, a]) => a.value !== a.best).map(([m]) => m);
  const key: KeyNode = { accept: {} };
  for (const m of best) key.accept[m] = { after: s.answers[m].position, reply: null, replied: null, then: null };
  const puzzle: OfflinePuzzle = {
    id: 1, position: s.position.position, side: s.position.side, kind: "most", rating: 1500,
    board: s.position, key, urls: { page: "/puzzles/1/" },
  };
  return { puzzle, best, worse };
}

const withChoice = () => {
  const made = oneStep("Early game");
  expect(made.best.length).toBeGreaterThan(0);
  expect(made.worse.length).toBeGreaterThan(0);
  return made;
};

describe("local grading", () => {
  it("accepts exactly the moves that keep the best value", () => {
    const { puzzle, best, worse } = withChoice();
    for (const m of best) expect(isAccepted(puzzle.key, m)).toBe(true);
    for (const m of worse) expect(isAccepted(puzzle.key, m)).toBe(false);
    // Not fooled by names on Object's prototype.
    expect(isAccepted(puzzle.key, "toString")).toBe(false);
  });

  it("solves with a best move and shows the board after it", () => {
    const { puzzle, best } = withChoice();
    const { attempt, outcome } = playMove(startAttempt(puzzle), best[0]);
    expect(outcome).toMatchObject({ correct: true, status: "solved", reply: null });
    expect(attempt.status).toBe("solved");
    expect(attempt.moves).toEqual([best[0]]);
    expect(attempt.board).toEqual(puzzle.key.accept[best[0]].after);
    expect(() => playMove(attempt, best[0])).toThrow(/over/);
  });

  it("fails on any other legal move and refuses an illegal one", () => {
    const { puzzle, worse } = withChoice();
    const { attempt, outcome } = playMove(startAttempt(puzzle), worse[0]);
    expect(outcome).toMatchObject({ correct: false, status: "failed", after: null });
    expect(attempt.status).toBe("failed");
    expect(attempt.moves).toEqual([worse[0]]);
    expect(() => playMove(startAttempt(puzzle), "77R")).toThrow(/not a legal move/);
  });

  it("follows the defender's reply to the next step", () => {
    const { puzzle, best } = withChoice();
    const s = sampleWithAnswers("Early game");
    const first = best[0];
    const after = s.answers[first].position;
    // A second step at a position with legal moves of its own (the reply's board is the key's).
    const second = after.legal_moves[0];
    const replied = { ...after, legal_moves: [second, ...after.legal_moves.slice(1)] };
    const next: KeyNode = { accept: { [second]: { after: replied, reply: null, replied: null, then: null } } };
    puzzle.key = { accept: { [first]: { after, reply: "pass", replied, then: next } } };
    const one = playMove(startAttempt(puzzle), first);
    expect(one.outcome).toMatchObject({ correct: true, reply: "pass", status: "your-move" });
    expect(one.attempt.board).toBe(replied);
    const two = playMove(one.attempt, second);
    expect(two.attempt.status).toBe("solved");
    expect(two.attempt.moves).toEqual([first, second]);
    expect(solutionLine(puzzle)).toEqual([{ move: first, reply: "pass" }, { move: second, reply: null }]);
  });

  it("gives up once", () => {
    const { puzzle, best } = withChoice();
    const given = giveUp(startAttempt(puzzle));
    expect(given).toMatchObject({ status: "failed", gaveUp: true, moves: [] });
    const solved = playMove(startAttempt(puzzle), best[0]).attempt;
    expect(giveUp(solved)).toBe(solved);
  });
});
