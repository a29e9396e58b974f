/**
 * The pages' side of the solver in the browser (``worker.ts``): an analysis
 * or a line of moves worked out by the player's own machine, with no request
 * to the server.  ``localAnalyse`` resolves to ``null`` when the browser
 * cannot run it (no WebAssembly or no Web Workers, the module refused or not
 * loadable): the caller then asks the server, as before.  The server stays
 * the authority for everything stored, graded or rated; a puzzle attempt in
 * progress is never analysed here (the puzzle pages do not import this).
 */
import type { AnalysisJson } from "./analyse";
import type { LocalPositionAnswer } from "./board";
import type { WorkerReply, WorkerRequest, WorkerTask } from "./worker";

/** A bad position or move, with the solver's message (the same words as the server's). */
export class LocalEngineError extends Error {}

let worker: Worker | null = null;
let broken = false;
let nextId = 1;
const waiting = new Map<number, (reply: WorkerReply) => void>();

/** Can this browser run the solver itself?  (False after the worker failed once.) */
export function localEngineAvailable(): boolean {
  return !broken && typeof WebAssembly === "object" && typeof Worker === "function";
}

function give(up: string): void {
  broken = true;
  worker?.terminate();
  worker = null;
  for (const [id, answer] of waiting) answer({ id, unavailable: up });
  waiting.clear();
}

function ask(task: WorkerTask): Promise<WorkerReply | null> {
  if (!localEngineAvailable()) return Promise.resolve(null);
  if (!worker) {
    try {
      worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
    } catch (error) {
      give(String(error));
      return Promise.resolve(null);
    }
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const answer = waiting.get(event.data.id);
      waiting.delete(event.data.id);
      answer?.(event.data);
    };
    worker.onerror = (event) => give(event.message || "the solver's worker failed");
  }
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    const request: WorkerRequest = { ...task, id };
    worker!.postMessage(request);
  });
}

function settle<T>(reply: WorkerReply | null): T | null {
  if (reply === null) return null;
  if ("unavailable" in reply) {
    give(reply.unavailable);
    return null;
  }
  if ("error" in reply) throw new LocalEngineError(reply.error);
  return reply.result as T;
}

/**
 * The exact analysis of ``position`` by the player's browser: the JSON of
 * ``python -m solver analyse --json`` (and of the server's analyses), or
 * ``null`` when the browser cannot run the solver.  A bad position rejects
 * with a ``LocalEngineError`` carrying the solver's message.
 */
export async function localAnalyse(position: string): Promise<AnalysisJson | null> {
  return settle<AnalysisJson>(await ask({ kind: "analyse", position }));
}

/** The position endpoint's answer (POST /api/positions/) worked out locally, or ``null`` when not possible. */
export async function localPosition(position: string, moves: string[]): Promise<LocalPositionAnswer | null> {
  return settle<LocalPositionAnswer>(await ask({ kind: "line", position, moves }));
}
