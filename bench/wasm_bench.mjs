// The WebAssembly core's side of bench/wasm_bench.py: reads one position a
// line ("#forget" starts a cold table), analyses each with the core of
// frontend/src/engine/ (solver.wasm) and prints one JSON line per position:
// [value, moves, pv, microseconds, CPU microseconds], the time of the core's call alone.
// "#end" writes out the answers so far: the driver sends a variant's deals,
// one variant at a time, in turn with the native core on the same deals.
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { register } from "node:module";
import { performance } from "node:perf_hooks";

register("../frontend/scripts/ts-hooks.mjs", import.meta.url);
const { Core } = await import("../frontend/src/engine/core.ts");
const { Position } = await import("../frontend/src/engine/position.ts");

const core = await Core.load(readFileSync(new URL("../frontend/src/engine/solver.wasm", import.meta.url)));
let out = [];
for await (const line of createInterface({ input: process.stdin })) {
  if (!line) continue;
  if (line === "#forget") {
    core.forget();
    continue;
  }
  if (line === "#end") {
    process.stdout.write(out.map((answer) => answer + "\n").join(""));
    out = [];
    continue;
  }
  const position = Position.parse(line);
  const cpu = process.cpuUsage();
  const start = performance.now();
  const answer = core.analyse(position);
  const micros = (performance.now() - start) * 1000;
  const used = process.cpuUsage(cpu);
  out.push(JSON.stringify([answer.value, answer.moves, answer.pv, Math.round(micros), used.user + used.system]));
}
