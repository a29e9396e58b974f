/**
 * Keeping the offline puzzles fresh and sending their results: the pack of
 * the player's next puzzles is fetched again when it is old or while the
 * server is still preparing some, and the queued results are sent whenever
 * the browser is online.  The addresses come from the page's
 * ``<meta name="od-offline">`` (``{% offline_head %}``).
 */
import { csrfToken } from "../shared/http";
import type { OfflinePack } from "./grade";
import { flush, type FlushReport, type OfflineResult } from "./queue";
import * as store from "./store";

/** How many puzzles to keep. */
export const PACK_SIZE = 50;
/** A pack older than this is fetched again (when online). */
export const PACK_MAX_AGE_MS = 15 * 60 * 1000;
/** While the server prepares puzzles, ask again this often. */
export const PREPARING_RETRY_MS = 3000;

export interface OfflineUrls {
  sw: string;
  pack: string;
  results: string;
  /** Whom the page is drawn for: a tag of the account, "" for a guest, "none" for a visitor with no puzzles yet. */
  owner: string;
}

export function offlineUrls(doc: Document = document): OfflineUrls | null {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="od-offline"]');
  if (!meta?.dataset.pack || !meta.dataset.results || !meta.dataset.sw) return null;
  return { sw: meta.dataset.sw, pack: meta.dataset.pack, results: meta.dataset.results, owner: meta.dataset.owner ?? "" };
}

const OWNER_KEY = "od-offline-owner";

/**
 * The pages the service worker keeps show the account they were drawn for
 * (its name in the header, its games on the home page), and the pack holds
 * its puzzles.  When the page's player is not the one they were kept for (a
 * log-out, another account), they go: every kept page but ``here`` (this
 * page, just kept for the new player) and the pack.  True when they went.
 */
export async function forgetAnotherPlayer(owner: string, here: string): Promise<boolean> {
  let before: string | null;
  try {
    before = localStorage.getItem(OWNER_KEY);
    if (before === null) localStorage.setItem(OWNER_KEY, owner);
  } catch {
    return false;
  }
  if (before === null || before === owner) return false;
  if (typeof caches !== "undefined") {
    for (const name of await caches.keys()) {
      if (!name.startsWith("od-")) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        // This page (kept for the new player), and the build's files (the board demo's page).
        if (url.pathname + url.search === here || url.pathname.startsWith("/static/")) continue;
        const kept = await cache.match(request);
        if (kept?.headers.get("Content-Type")?.startsWith("text/html")) await cache.delete(request);
      }
    }
  }
  if (store.available()) await store.forgetPack();
  localStorage.setItem(OWNER_KEY, owner);
  return true;
}

/** Whether the stored pack should be fetched again: none yet, some puzzles still being prepared, or old. */
export function packStale(stored: store.StoredPack | null, now = Date.now()): boolean {
  if (!stored) return true;
  return stored.pack.preparing > 0 || now - stored.fetched_at > PACK_MAX_AGE_MS;
}

/** Fetches the pack and stores it; returns it (null when the server could not give one). */
export async function fetchPack(urls: OfflineUrls): Promise<OfflinePack | null> {
  try {
    const response = await fetch(`${urls.pack}?n=${PACK_SIZE}`, { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    const pack = (await response.json()) as OfflinePack;
    await store.savePack(pack);
    // The puzzles left out of the new pack were tried: they need no remembering here.
    const ids = new Set(pack.puzzles.map((p) => p.id));
    await store.saveDone((await store.loadDone()).filter((id) => ids.has(id)));
    return pack;
  } catch {
    return null;
  }
}

/** Sends one result: the answer's status, 0 when the server could not be reached. */
async function send(urls: OfflineUrls, result: OfflineResult): Promise<number> {
  const token = csrfToken();
  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
  if (token) headers["X-CSRFToken"] = token;
  try {
    const response = await fetch(urls.results, {
      method: "POST",
      credentials: "same-origin",
      headers,
      body: JSON.stringify({ id: result.id, puzzle: result.puzzle, moves: result.moves, gave_up: result.gave_up }),
    });
    return response.status;
  } catch {
    return 0;
  }
}

/**
 * Sends the page's player's queued results, one tab at a time (a Web Lock, where there is
 * one): two tabs sending the same result at once would each be answered
 * "recorded", once, but would spend a request each.
 */
export async function sendResults(urls: OfflineUrls): Promise<FlushReport> {
  const run = () => flush(store.resultStore, (result) => send(urls, result), urls.owner);
  const locks = (navigator as Navigator & { locks?: { request<T>(name: string, task: () => Promise<T>): Promise<T> } }).locks;
  return locks ? locks.request("od-offline-results", run) : run();
}

/**
 * Sends the queued results, then refreshes the pack if it is stale: while
 * the server is still preparing puzzles, again every ``PREPARING_RETRY_MS``
 * (at most ``rounds`` times).  ``onPack`` is told of each pack fetched.
 */
export async function syncAll(urls: OfflineUrls, rounds = 20, onPack?: (pack: OfflinePack) => void): Promise<void> {
  if (!store.available()) return;
  await sendResults(urls);
  for (let round = 0; round < rounds; round++) {
    const stored = await store.loadPack();
    if (!packStale(stored)) return;
    // Another page asked a moment ago: wait for the rest of the interval first.
    const since = stored ? Date.now() - stored.fetched_at : Infinity;
    if (since < PREPARING_RETRY_MS) await sleep(PREPARING_RETRY_MS - since);
    const pack = await fetchPack(urls);
    if (!pack) return;
    onPack?.(pack);
    if (pack.preparing === 0) return;
    await sleep(PREPARING_RETRY_MS);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
