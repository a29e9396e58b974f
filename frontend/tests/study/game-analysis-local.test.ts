// @vitest-environment node
/**
 * The game analysis graded in the browser (``src/study/game-analysis-local.ts``)
 * against the server's grading (``solver.review.grade_record``, run here by
 * Python on the same records): the WebAssembly solver's analyses of every
 * position, graded by the page, give the stored plies and values exactly;
 * and the grade of a move from the values alone follows docs/rules.md 3.3.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { analyse, type AnalysisJson } from "../../src/engine/analyse";
import { Core } from "../../src/engine/core";
import { gradePly, localReview, type RecordData, type RecordStep } from "../../src/study/game-analysis-local";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const venv = `${root}.venv/bin/python`;
const python = existsSync(venv) ? venv : "python3";
let core: Core;

beforeAll(async () => {
  core = await Core.load(readFileSync(new URL("../../src/engine/solver.wasm", import.meta.url)));
});

// A record of each variant played with the worst and second-worst moves by turns (so every grade turns
// up; the block game to its end), the server's
// steps as the page gets them (presentation.local_review_data, its fields) and grade_record's result.
const SCRIPT = `
import json, sys
from solver import GameRecord, analyse, deal
from solver.review import grade_record
out = []
for seed, variant, plies in ((11, "block", 99), (7, "partnership", 12), (3, "lewicki", 12), (5, "lewicki9+doubles", 12)):
    record = GameRecord(deal(seed, variant))
    for i in range(plies):
        if record.is_over:
            break
        moves = analyse(record.final_position).moves
        record = record.push(moves[-min(len(moves), 1 + i % 2)].move)
    v = record.variant
    steps = [{"position": str(p), "side": p.side, "team": v.team_name(v.team_of(p.side)),
              "sign": 1 if v.same_team(p.side, "A") else -1,
              "move": str(record.moves[i]) if i < len(record.moves) else None, "analysis_url": f"/a/{i}"}
             for i, p in enumerate(record.positions())]
    out.append({"steps": steps, "result": grade_record(record), "over": record.is_over})
json.dump(out, sys.stdout)
`;

interface Case {
  steps: RecordStep[];
  result: { plies: Record<string, unknown>[]; values: number[] };
  over: boolean;
}

describe("the game analysis graded in the browser", () => {
  it("grades every move as the server's grade_record does", () => {
    const done = spawnSync(python, ["-c", SCRIPT], { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 });
    expect(done.status, done.stderr).toBe(0);
    const cases = JSON.parse(done.stdout) as Case[];
    expect(cases.map((c) => c.over)).toEqual([true, false, false, false]); // a finished record too
    const grades = new Set<string>();
    for (const { steps, result } of cases) {
      const record: RecordData = { steps, boards: [], first: "A", seats: ["A", "B"], teams: ["A", "B"], variant: "x" };
      const analyses = steps.map((s) => analyse(core, s.position) as AnalysisJson);
      const review = localReview(record, analyses);
      expect(review.plies.length).toBe(result.plies.length);
      expect(review.values).toEqual(result.values);
      review.plies.forEach((ours, i) => {
        const { position: _position, ...stored } = result.plies[i];
        const step = steps[i];
        expect(ours).toEqual({
          ...stored,
          team: step.team,
          value_for_first: step.sign > 0 ? stored.value : 0 - (stored.value as number),
          best_for_first: step.sign > 0 ? stored.best : 0 - (stored.best as number),
          analysis_url: step.analysis_url,
        });
        grades.add(ours.grade);
      });
    }
    expect([...grades].sort()).toEqual(["best", "blunder", "inaccuracy", "mistake"]);
  }, 60_000);

  it("grades a move from the value lost, as docs/rules.md says", () => {
    const analysis: AnalysisJson = {
      position: "p", value: 14, pv: [],
      moves: [
        { move: "12L", value: 14, grade: "best" }, { move: "12R", value: 14, grade: "best" },
        { move: "33", value: 5, grade: "inaccuracy" }, { move: "35L", value: 4, grade: "mistake" },
        { move: "pass", value: -1, grade: "blunder" },
      ],
    };
    const step = (move: string, sign: 1 | -1): RecordStep => ({ position: "p", side: "B", team: "B", sign, move, analysis_url: "" });
    const ply = (move: string, sign: 1 | -1 = 1) => gradePly(step(move, sign), 3, analysis);
    expect(ply("12R")).toMatchObject({ grade: "best", points_lost: 0, best_moves: ["12L", "12R"], forced: false });
    expect(ply("33")).toMatchObject({ grade: "inaccuracy", points_lost: 9 });
    expect(ply("35L")).toMatchObject({ grade: "mistake", points_lost: 10 });
    expect(ply("pass", -1)).toMatchObject({ grade: "blunder", points_lost: 15, value_for_first: 1, best_for_first: -14 });
    expect(() => ply("66")).toThrow(/not a legal move/);
    const forced = { ...analysis, value: 2, moves: [{ move: "pass", value: 2, grade: "best" as const }] };
    expect(gradePly(step("pass", 1), 1, forced)).toMatchObject({ grade: "best", forced: true, best_moves: ["pass"] });
  });
});
