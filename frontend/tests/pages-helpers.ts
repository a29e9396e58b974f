/** Helpers for the page-script tests: games made from the demo samples, and a mock ``fetch``. */
import { vi } from "vitest";
import data from "../src/pages/demo-data.json";
import type { Grade, PositionJSON, Side } from "../src/board";
import type { GameJSON, HintJSON, MoveJSON } from "../src/pages/game";

interface Answer {
  grade: Grade;
  value: number;
  best: number;
  position: PositionJSON;
}

export interface SampleWithAnswers {
  id: string;
  title: string;
  lastMove: string | null;
  position: PositionJSON;
  answers: Record<string, Answer>;
}

export const samples = (data as unknown as { samples: SampleWithAnswers[] }).samples;

export function sampleWithAnswers(title: string): SampleWithAnswers {
  const found = samples.find((s) => s.title === title);
  if (!found) throw new Error(`no sample ${title}`);
  return structuredClone(found);
}

export function move(ply: number, side: Side, by: "human" | "solver", notation: string, grade: Grade | null = null, extra: Partial<MoveJSON> = {}): MoveJSON {
  return {
    ply,
    side,
    by,
    move: notation,
    value: grade === null ? null : 10,
    best_value: grade === null ? null : 10,
    best_moves: grade === null ? null : [notation],
    grade,
    points_lost: grade === null ? null : 0,
    ...extra,
  };
}

/** A game whose board is ``position`` (the human plays the side to move unless told). */
export function makeGame(position: PositionJSON, extra: Partial<GameJSON> = {}): GameJSON {
  const human = extra.human ?? position.side;
  const status = extra.status ?? (position.over ? "over" : position.side === human ? "your-move" : "thinking");
  const moves = extra.moves ?? [];
  return {
    id: 7,
    start: "start",
    position: position.position,
    human,
    solver: human === "A" ? "B" : "A",
    level: "perfect",
    status,
    legal_moves: status === "your-move" ? position.legal_moves : [],
    moves,
    ungraded: moves.filter((m) => m.grade === null).length,
    result: null,
    hints: [],
    hints_used: 0,
    ply: moves.length,
    version: 1,
    board: position,
    ...extra,
  };
}

export function hint(ply: number, level: 1 | 2 | 3, content: HintJSON["content"]): HintJSON {
  return { ply, level, content };
}

export interface Call {
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

export type Reply = { status?: number; body?: unknown } | Error;

/**
 * Replaces ``fetch``: each request gets the next reply of the queue for its
 * method and path (``"POST /api/games/7/moves/"``; a ``GET`` matches with or
 * without its query).  Unanswered requests wait until ``answer`` is called.
 */
export function mockFetch() {
  const calls: Call[] = [];
  const queues = new Map<string, Reply[]>();
  const waiting: { key: string; resolve: (r: Response) => void; reject: (e: unknown) => void }[] = [];
  const respond = (reply: Reply, resolve: (r: Response) => void, reject: (e: unknown) => void) => {
    if (reply instanceof Error) reject(reply);
    else resolve(new Response(reply.body === undefined ? "" : JSON.stringify(reply.body), { status: reply.status ?? 200 }));
  };
  const fetch = vi.fn((input: string, init: RequestInit = {}) => {
    const method = (init.method ?? "GET").toUpperCase();
    const url = String(input);
    const path = url.split("?")[0];
    calls.push({
      url,
      method,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: { ...(init.headers as Record<string, string>) },
    });
    const key = `${method} ${path}`;
    return new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      const queue = queues.get(key);
      if (queue && queue.length) respond(queue.shift()!, resolve, reject);
      else waiting.push({ key, resolve, reject });
    });
  });
  vi.stubGlobal("fetch", fetch);
  return {
    fetch,
    calls,
    /** Queues replies for ``"METHOD /path/"``; a request already waiting gets the first at once. */
    answer(key: string, ...replies: Reply[]) {
      const queue = queues.get(key) ?? [];
      queue.push(...replies);
      queues.set(key, queue);
      for (let i = 0; i < waiting.length && queue.length; ) {
        if (waiting[i].key === key) {
          const w = waiting.splice(i, 1)[0];
          respond(queue.shift()!, w.resolve, w.reject);
        } else i++;
      }
    },
    pending(): string[] {
      return waiting.map((w) => w.key);
    },
  };
}

/** Lets the promises and timers of the page run. */
export async function settle(rounds = 6): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}
