/**
 * The Web Worker that runs the solver in the player's browser, off the page's
 * thread: it loads solver.wasm once and answers each message
 * ``{id, kind: "analyse", position}`` with the analysis JSON of
 * ``python -m solver analyse --json`` (``{id, result}``), and
 * ``{id, kind: "line", position, moves}`` with the position endpoint's answer;
 * a bad position or move gives ``{id, error}`` with the solver's message.
 * ``local.ts`` is the pages' side.
 */
import { analyse } from "./analyse";
import { localPositionState } from "./board";
import { Core } from "./core";

export type WorkerTask = { kind: "analyse"; position: string } | { kind: "line"; position: string; moves: string[] };

export type WorkerRequest = WorkerTask & { id: number };

export type WorkerReply = { id: number; result: unknown } | { id: number; error: string } | { id: number; unavailable: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(reply: WorkerReply): void;
};

let core: Promise<Core> | null = null;

async function loadCore(): Promise<Core> {
  const response = await fetch(new URL("./solver.wasm", import.meta.url));
  if (!response.ok) throw new Error(`solver.wasm: HTTP ${response.status}`);
  return Core.load(await response.arrayBuffer());
}

scope.onmessage = async (event) => {
  const request = event.data;
  if (request.kind === "line") {
    try {
      scope.postMessage({ id: request.id, result: localPositionState(request.position, request.moves) });
    } catch (error) {
      scope.postMessage({ id: request.id, error: (error as Error).message });
    }
    return;
  }
  let ready: Core;
  try {
    core ??= loadCore();
    ready = await core;
  } catch (error) {
    scope.postMessage({ id: request.id, unavailable: String(error) });
    return;
  }
  const answer = analyse(ready, request.position.trim());
  scope.postMessage("error" in answer ? { id: request.id, error: answer.error } : { id: request.id, result: answer });
};
