// @vitest-environment node
/**
 * The analysis board's offline line (src/engine/board.ts) against the
 * server's (puzzles/study/presentation.py ``position_state``: the normalised
 * position and moves, the position after each, ``Position.to_json`` with the
 * table in played order), computed by Python in this same run for random
 * lines of every variant, moves written high first and in lower case, and
 * illegal moves with their messages.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { localPositionState } from "../src/engine/board";

const root = fileURLToPath(new URL("../../", import.meta.url));
const python = existsSync(`${root}.venv/bin/python`) ? `${root}.venv/bin/python` : "python3";

// For each variant and seed: a start some plies into a random game, the next moves
// (every other one written high first and in lower case), and the answer or the error.
const SCRIPT = `
import json, random
from solver import VARIANTS, deal
from solver.errors import DominoError
from solver.position import line_from_moves

def state(position, moves):
    current, played, positions = position, [], []
    for ply, text in enumerate(moves, 1):
        try:
            move = current.normalise_move(text)
        except DominoError as exc:
            return {"error": f"move {ply}: {exc}"}
        played.append(str(move))
        current = current.play(move)
        positions.append(str(current))
    return {"position": str(position), "moves": played, "positions": positions, "current": str(current),
            "board": current.to_json(line=line_from_moves(position, played, position.table_line()))}

def written(move, i):
    text = str(move)
    if i % 2 and move.stone is not None:
        text = text[1] + text[0] + text[2:].lower()
    return text

cases = []
for variant in VARIANTS:
    for seed in range(1, 5):
        rng = random.Random(seed)
        start = deal(seed, variant)
        for _ in range(rng.randrange(0, 12)):
            if not start.legal_moves():
                break
            start = start.play(rng.choice(start.legal_moves()))
        moves, walk = [], start
        for i in range(rng.randrange(1, 30)):
            if not walk.legal_moves():
                break
            move = rng.choice(walk.legal_moves())
            moves.append(written(move, i))
            walk = walk.play(move)
        if seed == 4:
            moves.append("66R" if walk.legal_moves() else "pass")
        text = str(start) if seed != 3 else "  " + str(start).lower() + " "
        cases.append({"position": text, "moves": moves, "answer": state(start, moves)})
print(json.dumps(cases))
`;

describe("the offline line of the analysis board", () => {
  it("answers as the server's position endpoint does", () => {
    const done = spawnSync(python, ["-c", SCRIPT], { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 });
    expect(done.status, done.stderr).toBe(0);
    const cases = JSON.parse(done.stdout) as { position: string; moves: string[]; answer: Record<string, unknown> }[];
    expect(cases.length).toBe(32);
    let errors = 0;
    for (const { position, moves, answer } of cases) {
      if ("error" in answer) {
        errors++;
        expect(() => localPositionState(position, moves), position).toThrow(answer.error as string);
      } else {
        expect(localPositionState(position, moves), `${position} ${moves.join(" ")}`).toEqual(answer);
      }
    }
    expect(errors).toBeGreaterThan(3);
  }, 60_000);
});
