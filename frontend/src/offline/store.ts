/**
 * The browser's own storage of offline puzzles (IndexedDB, database
 * ``od-offline``): the pack of puzzles last fetched, the puzzles done here,
 * and the queue of results waiting to be sent (``queue.ts``'s ``ResultStore``).
 */
import type { OfflinePack } from "./grade";
import type { OfflineResult, ResultStore } from "./queue";

const DB_NAME = "od-offline";
const META = "meta";
const RESULTS = "results";

/** The pack as stored: what the server sent, and when (ms since the epoch). */
export interface StoredPack {
  pack: OfflinePack;
  fetched_at: number;
}

let opening: Promise<IDBDatabase> | null = null;

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function database(): Promise<IDBDatabase> {
  if (opening) return opening;
  opening = new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(META);
      request.result.createObjectStore(RESULTS, { keyPath: "id" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = null;
      reject(request.error);
    };
  });
  return opening;
}

async function run<T>(name: string, mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return promised(act(db.transaction(name, mode).objectStore(name)));
}

export function available(): boolean {
  return typeof indexedDB !== "undefined";
}

export async function loadPack(): Promise<StoredPack | null> {
  return ((await run(META, "readonly", (s) => s.get("pack"))) as StoredPack | undefined) ?? null;
}

export async function savePack(pack: OfflinePack, now = Date.now()): Promise<void> {
  await run(META, "readwrite", (s) => s.put({ pack, fetched_at: now } satisfies StoredPack, "pack"));
}

/** Drops the pack and the puzzles done (another player's: the next sync fetches the new player's). */
export async function forgetPack(): Promise<void> {
  await run(META, "readwrite", (s) => s.delete("pack"));
  await run(META, "readwrite", (s) => s.delete("done"));
}

/** The puzzles finished in this browser (not offered again until the next pack leaves them out). */
export async function loadDone(): Promise<number[]> {
  return ((await run(META, "readonly", (s) => s.get("done"))) as number[] | undefined) ?? [];
}

export async function saveDone(done: number[]): Promise<void> {
  await run(META, "readwrite", (s) => s.put(done, "done"));
}

/** The queue of results in IndexedDB. */
export const resultStore: ResultStore = {
  async all() {
    return (await run(RESULTS, "readonly", (s) => s.getAll())) as OfflineResult[];
  },
  async put(result) {
    await run(RESULTS, "readwrite", (s) => s.put(result));
  },
  async remove(id) {
    await run(RESULTS, "readwrite", (s) => s.delete(id));
  },
};
