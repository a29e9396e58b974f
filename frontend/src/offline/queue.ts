/**
 * The results of puzzles played offline, kept until the server has them.
 *
 * Each result has an id made in the browser; the server records a result
 * once whatever the number of times it is sent, so a result is dropped from
 * the queue only once an answer says it is recorded (2xx) or refused for
 * good (a 4xx but 408 and 429: sending it again would not help).  A failure
 * to reach the server, a 5xx, a 408 or a 429 keeps it for the next try.
 *
 * Each result is tagged with its player (the page's ``owner``: a tag of the
 * account, "" for a guest), and only the page's player's results are sent
 * or counted: the server records a result as the session's that sends it,
 * so another player's (a guest's before a log-in, an account's after its
 * log-out) would be recorded as the wrong player's.  Another player's are
 * kept as they are, to be sent when that player uses this browser again;
 * a result without a tag (queued before the tags) is dropped, as nobody
 * can tell whose it is.
 * Pure: the storage and the sending are given.
 */

export interface OfflineResult {
  /** The browser's id of the result (the server's ``id``). */
  id: string;
  puzzle: number;
  moves: string[];
  gave_up: boolean;
  /** Solved or failed, as graded in the browser. */
  status: "solved" | "failed";
  /** When it was played (ms since the epoch). */
  played_at: number;
  /** Whose it is: the page's owner when it was played (a tag of the account, "" for a guest). */
  owner: string;
}

/** Where the queue lives (IndexedDB in the page, a map in the tests). */
export interface ResultStore {
  all(): Promise<OfflineResult[]>;
  put(result: OfflineResult): Promise<void>;
  remove(id: string): Promise<void>;
}

/** What sending one result gave: the HTTP status (0: the server could not be reached). */
export type Send = (result: OfflineResult) => Promise<number>;

export interface FlushReport {
  sent: string[];
  refused: string[];
  kept: string[];
  /** Results without a player's tag, dropped unsent. */
  dropped: string[];
}

/** Whether an answer with this status means the result is done with (recorded, or refused for good). */
export function settled(status: number): boolean {
  if (status >= 200 && status < 300) return true;
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** A new result's id: random, letters and digits (the server takes 8 to 64 of them). */
export function newResultId(random: () => number = Math.random): string {
  const cryptoObj = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (cryptoObj?.randomUUID) return cryptoObj.randomUUID().replace(/-/g, "");
  let id = "";
  for (let i = 0; i < 32; i++) id += Math.floor(random() * 16).toString(16);
  return id;
}

export async function enqueue(store: ResultStore, result: OfflineResult): Promise<void> {
  await store.put(result);
}

/** The puzzles with a result of ``owner``'s waiting to be sent (so they are not offered again). */
export async function pendingPuzzles(store: ResultStore, owner: string): Promise<Set<number>> {
  return new Set((await store.all()).filter((r) => r.owner === owner).map((r) => r.puzzle));
}

/**
 * Sends ``owner``'s queued results, oldest first, one at a time; stops at the
 * first one the server could not be reached for (the rest would fail the
 * same way).  Other players' results stay queued, untouched and unreported;
 * untagged ones are dropped.
 */
export async function flush(store: ResultStore, send: Send, owner: string): Promise<FlushReport> {
  const report: FlushReport = { sent: [], refused: [], kept: [], dropped: [] };
  const queued = (await store.all()).sort((a, b) => a.played_at - b.played_at);
  let offline = false;
  for (const result of queued) {
    if (typeof result.owner !== "string") {
      await store.remove(result.id);
      report.dropped.push(result.id);
      continue;
    }
    if (result.owner !== owner) continue;
    if (offline) {
      report.kept.push(result.id);
      continue;
    }
    let status = 0;
    try {
      status = await send(result);
    } catch {
      status = 0;
    }
    if (settled(status)) {
      await store.remove(result.id);
      (status < 300 ? report.sent : report.refused).push(result.id);
    } else {
      report.kept.push(result.id);
      if (status === 0) offline = true;
    }
  }
  return report;
}
