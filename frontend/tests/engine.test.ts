// @vitest-environment node
/**
 * The browser's solver (src/engine/ over solver.wasm, the WebAssembly build of
 * solver/engine.c) against the Python engine: the reference analyses of
 * tests/data/analyses.jsonl, and every position the solver's tests analyse in
 * every variant plus invalid and oddly written lines (tests/engine_cases.py,
 * run here), each answered as ``python -m solver analyse --json -`` answers it
 * in this same run.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { analyse, analysisLine, type AnalysisJson } from "../src/engine/analyse";
import { Core } from "../src/engine/core";
import { pyStrip } from "../src/engine/py";

const root = fileURLToPath(new URL("../../", import.meta.url));
const venv = `${root}.venv/bin/python`;
const python = existsSync(venv) ? venv : "python3";
let core: Core;

beforeAll(async () => {
  core = await Core.load(readFileSync(new URL("../src/engine/solver.wasm", import.meta.url)));
});

function run(args: string[], input?: string): { stdout: string; status: number | null } {
  const done = spawnSync(python, args, { cwd: root, input, encoding: "utf8", maxBuffer: 1 << 28 });
  if (done.error) throw done.error;
  return { stdout: done.stdout, status: done.status };
}

describe("the WebAssembly solver", () => {
  it("finds the reference analyses' values", () => {
    const lines = readFileSync(`${root}tests/data/analyses.jsonl`, "utf8").split("\n").filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(40);
    for (const line of lines) {
      const reference = JSON.parse(line) as AnalysisJson;
      const ours = analyse(core, reference.position) as AnalysisJson;
      expect(ours.value, reference.position).toBe(reference.value);
      const values = Object.fromEntries(ours.moves.map((m) => [m.move, [m.value, m.grade]]));
      expect(values).toEqual(Object.fromEntries(reference.moves.map((m) => [m.move, [m.value, m.grade]])));
    }
  }, 60_000);

  it("answers every case of the solver's tests as the Python engine does, errors included", () => {
    const cases = run([`${root}tests/engine_cases.py`]);
    expect(cases.status).toBe(0);
    const positions = cases.stdout.split("\n").filter(Boolean);
    expect(positions.length).toBeGreaterThan(2000);
    const expected = run(["-m", "solver", "analyse", "--json", "-"], positions.join("\n") + "\n");
    expect(expected.status).toBe(1); // some cases are invalid
    const answers = expected.stdout.split("\n").filter(Boolean);
    expect(answers).toHaveLength(positions.length);
    let errors = 0;
    const variants = new Set<string>();
    positions.forEach((position, i) => {
      const ours = analyse(core, pyStrip(position));
      if ("error" in ours) errors++;
      else variants.add(ours.position.split(" ")[0]);
      expect(analysisLine(ours), position).toBe(answers[i]);
    });
    expect(errors).toBeGreaterThan(50);
    for (const name of ["block", "block+doubles", "lewicki9", "lewicki9+doubles", "partnership", "partnership+doubles", "lewicki+doubles"]) {
      expect(variants.has(name), name).toBe(true);
    }
  }, 300_000); // two thousand positions and a Python run: seconds, more on a busy machine
});
