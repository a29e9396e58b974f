/** A mock ``fetch`` for the page tests, and a way to let the page's promises run. */
import { vi } from "vitest";

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
    else resolve(new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status ?? 200 }));
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
