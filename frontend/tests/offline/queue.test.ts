import { describe, expect, it } from "vitest";
import { enqueue, flush, newResultId, pendingPuzzles, settled, type OfflineResult, type ResultStore } from "../../src/offline/queue";

class MemoryStore implements ResultStore {
  rows = new Map<string, OfflineResult>();
  async all() {
    return [...this.rows.values()].map((r) => ({ ...r }));
  }
  async put(result: OfflineResult) {
    this.rows.set(result.id, { ...result });
  }
  async remove(id: string) {
    this.rows.delete(id);
  }
}

function result(id: string, puzzle: number, at: number, owner = "ann"): OfflineResult {
  return { id, puzzle, moves: ["36"], gave_up: false, status: "solved", played_at: at, owner };
}

describe("the offline results queue", () => {
  it("says which answers settle a result", () => {
    expect([200, 201, 400, 404, 409].map(settled)).toEqual([true, true, true, true, true]);
    expect([0, 408, 429, 500, 502, 503].map(settled)).toEqual([false, false, false, false, false, false]);
  });

  it("sends oldest first and keeps what the server did not take", async () => {
    const store = new MemoryStore();
    await enqueue(store, result("c-result-3", 3, 30));
    await enqueue(store, result("a-result-1", 1, 10));
    await enqueue(store, result("b-result-2", 2, 20));
    const order: string[] = [];
    const answers: Record<string, number> = { "a-result-1": 201, "b-result-2": 500, "c-result-3": 400 };
    const report = await flush(store, async (r) => {
      order.push(r.id);
      return answers[r.id];
    }, "ann");
    expect(order).toEqual(["a-result-1", "b-result-2", "c-result-3"]);
    expect(report).toEqual({ sent: ["a-result-1"], refused: ["c-result-3"], kept: ["b-result-2"], dropped: [] });
    expect([...store.rows.keys()]).toEqual(["b-result-2"]);
    expect(await pendingPuzzles(store, "ann")).toEqual(new Set([2]));
  });

  it("stops at the first result the server could not be reached for, and sends it later once", async () => {
    const store = new MemoryStore();
    await enqueue(store, result("a-result-1", 1, 10));
    await enqueue(store, result("b-result-2", 2, 20));
    let calls = 0;
    const offline = await flush(store, async () => {
      calls += 1;
      throw new TypeError("Failed to fetch");
    }, "ann");
    expect(calls).toBe(1);
    expect(offline.kept).toEqual(["a-result-1", "b-result-2"]);
    const sent: string[] = [];
    const online = await flush(store, async (r) => {
      sent.push(r.id);
      return 201;
    }, "ann");
    expect(online.sent).toEqual(["a-result-1", "b-result-2"]);
    expect(store.rows.size).toBe(0);
    expect((await flush(store, async () => 201, "ann")).sent).toEqual([]);
    expect(sent).toEqual(["a-result-1", "b-result-2"]);
  });

  it("sends only the page's player's results, keeps another player's, drops untagged ones", async () => {
    const store = new MemoryStore();
    await enqueue(store, result("guest-result", 1, 10, ""));
    await enqueue(store, result("ann-result", 2, 20, "ann"));
    await enqueue(store, result("bob-result", 3, 30, "bob"));
    const old = result("old-result", 4, 5);
    delete (old as Partial<OfflineResult>).owner;
    await enqueue(store, old);
    expect(await pendingPuzzles(store, "ann")).toEqual(new Set([2]));
    expect(await pendingPuzzles(store, "")).toEqual(new Set([1]));
    const sent: string[] = [];
    const report = await flush(store, async (r) => {
      sent.push(r.id);
      return 201;
    }, "ann");
    expect(sent).toEqual(["ann-result"]);
    expect(report).toEqual({ sent: ["ann-result"], refused: [], kept: [], dropped: ["old-result"] });
    expect([...store.rows.keys()].sort()).toEqual(["bob-result", "guest-result"]);
    // The guest comes back (a log-out): their result goes now, Bob's still waits.
    const guest = await flush(store, async (r) => {
      sent.push(r.id);
      return 201;
    }, "");
    expect(guest.sent).toEqual(["guest-result"]);
    expect([...store.rows.keys()]).toEqual(["bob-result"]);
  });

  it("makes ids the server takes, different each time", () => {
    const ids = new Set(Array.from({ length: 50 }, () => newResultId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
