/**
 * Waiting for the server: ``sleep``, and the long poll that the play and
 * puzzle pages use while the solver replies or the grades come in.
 *
 * The long poll asks ``GET <url>?wait=<version>&timeout=<seconds>``: the
 * server answers as soon as the resource's version is past ``version``, or
 * after ``timeout`` seconds with a bodiless 304 when nothing changed (the page
 * keeps what it has and asks again).
 */
import { ApiError, request } from "./http";

/** A long poll's answer when its hold ran out with nothing new (no body). */
export const NOT_MODIFIED = 304;

export function sleep(ms: number): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
}

export interface LongPoll<T> {
  /** The resource's URL (its own query, if any, is kept). */
  url: () => string;
  /** The newest state the page has: its version is the one waited past. */
  state: () => T;
  version: (state: T) => number;
  /** Whether there is more to wait for (asked before each request). */
  more: (state: T) => boolean;
  /** Takes each answer; awaited before the next request. */
  take: (state: T) => void | Promise<void>;
  /** Called on every answer, news or a 304: the server is reachable again. */
  alive?: () => void;
  /** How long the server may hold a request, in seconds. */
  timeoutSeconds: number;
  /** The most requests that succeed before giving up (default: no limit). */
  rounds?: number;
  /**
   * A failed request (or ``take``): answers how many milliseconds to wait
   * before asking again, or ``null`` to stop quietly.  Without it the error is
   * thrown to the caller.
   */
  retry?: (error: unknown, failures: number) => number | null;
  /** Aborts the request under way. */
  signal?: AbortSignal;
}

/** The long poll's URL: ``<url>?wait=<version>&timeout=<seconds>`` (after the query ``url`` may have). */
export function waitUrl(url: string, version: number, timeoutSeconds: number): string {
  return `${url}${url.includes("?") ? "&" : "?"}wait=${version}&timeout=${timeoutSeconds}`;
}

/** Long-polls while ``more`` says so (see ``LongPoll``). */
export async function longPoll<T>(poll: LongPoll<T>): Promise<void> {
  const rounds = poll.rounds ?? Infinity;
  let failures = 0;
  for (let round = 0; round < rounds && poll.more(poll.state()); ) {
    const url = waitUrl(poll.url(), poll.version(poll.state()), poll.timeoutSeconds);
    try {
      const { data } = await request<T>(url, { signal: poll.signal });
      round += 1;
      failures = 0;
      poll.alive?.();
      await poll.take(data);
    } catch (error) {
      if (error instanceof ApiError && error.status === NOT_MODIFIED) {
        // The hold ran out with nothing new: ask again, keeping the state.
        round += 1;
        failures = 0;
        poll.alive?.();
        continue;
      }
      if (!poll.retry) throw error;
      failures += 1;
      const delay = poll.retry(error, failures);
      if (delay === null) return;
      await sleep(delay);
    }
  }
}
