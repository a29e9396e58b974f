#!/usr/bin/env node
// The browser's solver (frontend/src/engine/, over the WebAssembly build of
// solver/engine.c) on the command line, answering as
// `python -m solver analyse --json` does, byte for byte:
//
//   node frontend/scripts/analyse.mjs -            one position a line on standard input,
//                                                  one JSON object a line out; a bad line gives
//                                                  {"position": <input>, "error": <reason>} and
//                                                  the run goes on (exit status 1 at the end)
//   node frontend/scripts/analyse.mjs POSITION...  one position (quoted, or its fields as
//                                                  separate arguments); bad input: "error: <reason>"
//                                                  on standard error, exit status 2
//
// No argument reads standard input too.  `make wasm` builds solver.wasm.
import { readFileSync } from "node:fs";
import { register } from "node:module";

register("./ts-hooks.mjs", import.meta.url);
const { Core } = await import("../src/engine/core.ts");
const { analyse, analysisLine } = await import("../src/engine/analyse.ts");
const { pyStrip } = await import("../src/engine/py.ts");

const wasm = new URL("../src/engine/solver.wasm", import.meta.url);
let bytes;
try {
  bytes = readFileSync(wasm);
} catch {
  process.stderr.write(`error: ${wasm.pathname} is missing: build it with 'make wasm'\n`);
  process.exit(2);
}
const core = await Core.load(bytes);
const args = process.argv.slice(2).filter((a) => a !== "--json");

if (args.length && !(args.length === 1 && args[0] === "-")) {
  // the fields of one position, as the Python command line joins them
  const answer = analyse(core, args.join(" "));
  if ("error" in answer) {
    process.stderr.write(`error: ${answer.error}\n`);
    process.exit(2);
  }
  process.stdout.write(analysisLine(answer) + "\n");
} else {
  // Python's standard input ends a line at \n only (a \r before it goes with the spaces around the position)
  const text = readFileSync(0, "utf8");
  let failed = false;
  const out = [];
  for (const line of text.split("\n")) {
    const position = pyStrip(line);
    if (!position) continue;
    const answer = analyse(core, position);
    failed ||= "error" in answer;
    out.push(analysisLine(answer) + "\n");
  }
  process.stdout.write(out.join(""));
  process.exitCode = failed ? 1 : 0;
}
