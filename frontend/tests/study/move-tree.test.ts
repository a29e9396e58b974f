/** The analysis board's move tree and its copy in the browser's storage. */
import { describe, expect, it } from "vitest";
import {
  countForks,
  ensurePath,
  fromSaved,
  KEPT_TREES,
  lineThrough,
  loadTree,
  MOST_MOVES,
  newTree,
  saveTree,
  STORE_KEY,
  toSaved,
} from "../../src/study/move-tree";

/** A Storage kept in a Map. */
function memoryStorage(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key: string) => data.get(key) ?? null,
    key: (i: number) => [...data.keys()][i] ?? null,
    removeItem: (key: string) => void data.delete(key),
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

function sampleTree() {
  const tree = newTree();
  ensurePath(tree, ["36R", "pass", "44"]);
  ensurePath(tree, ["36R", "66"]); // a variation at the second move
  ensurePath(tree, ["12"]); // and another first move
  return tree;
}

describe("the move tree", () => {
  it("keeps the first line first and counts the variations", () => {
    const tree = sampleTree();
    expect(lineThrough(tree)).toEqual(["36R", "pass", "44"]);
    expect(countForks(tree)).toBe(2);
    expect(lineThrough(ensurePath(tree, ["36R", "66"]))).toEqual(["36R", "66"]);
  });

  it("is stored and read back with its order", () => {
    const storage = memoryStorage();
    saveTree(storage, "P", sampleTree());
    const back = loadTree(storage, "P")!;
    expect(toSaved(back)).toEqual(toSaved(sampleTree()));
    expect(ensurePath(back, ["36R", "66"]).parent!.move).toBe("36R");
    expect(loadTree(storage, "another position")).toBeNull();
  });

  it("ignores what is not a tree, and a store it cannot read or write", () => {
    const storage = memoryStorage();
    for (const bad of ["not json", JSON.stringify({ version: 2, trees: {} }), JSON.stringify({ version: 1, trees: { P: { tree: ["", [["36", "x"]]], at: 1 } } })]) {
      storage.setItem(STORE_KEY, bad);
      expect(loadTree(storage, "P")).toBeNull();
    }
    // a move twice among one node's continuations, or an empty move below the root
    expect(fromSaved(["", [["36", []], ["36", []]]])).toBeNull();
    expect(fromSaved(["", [["", []]]])).toBeNull();
    // an entry that is not a tree and a time is dropped; the others still read and save
    saveTree(storage, "Q", sampleTree(), 5);
    const raw = JSON.parse(storage.getItem(STORE_KEY)!);
    raw.trees.P = null;
    raw.trees.R = { tree: ["", []], at: "yesterday" };
    storage.setItem(STORE_KEY, JSON.stringify(raw));
    expect(loadTree(storage, "P")).toBeNull();
    expect(() => saveTree(storage, "S", sampleTree(), 6)).not.toThrow();
    expect(Object.keys(JSON.parse(storage.getItem(STORE_KEY)!).trees).sort()).toEqual(["Q", "S"]);
    // a store gone full keeps what it had: saving does not throw, the old tree still reads
    const full = memoryStorage();
    saveTree(full, "P", sampleTree());
    const before = full.getItem(STORE_KEY);
    full.setItem = () => {
      throw new DOMException("full", "QuotaExceededError");
    };
    const other = newTree();
    ensurePath(other, ["11"]);
    ensurePath(other, ["22"]);
    expect(() => saveTree(full, "P", other)).not.toThrow();
    expect(full.getItem(STORE_KEY)).toBe(before);
    expect(toSaved(loadTree(full, "P")!)).toEqual(toSaved(sampleTree()));
    expect(loadTree(null, "P")).toBeNull();
  });

  it("keeps a tree only while it has variations", () => {
    const storage = memoryStorage();
    const line = newTree();
    ensurePath(line, ["36R", "pass"]);
    saveTree(storage, "P", line);
    expect(storage.getItem(STORE_KEY)).toBeNull(); // nothing written for a line alone
    saveTree(storage, "P", sampleTree());
    expect(loadTree(storage, "P")).not.toBeNull();
    saveTree(storage, "P", line); // the variations cleared: forgotten
    expect(loadTree(storage, "P")).toBeNull();
  });

  it("keeps the most recently used start positions only, and forgets an empty tree", () => {
    const storage = memoryStorage();
    for (let i = 0; i < KEPT_TREES + 5; i++) saveTree(storage, `P${i}`, sampleTree(), 1000 + i);
    const kept = Object.keys(JSON.parse(storage.getItem(STORE_KEY)!).trees);
    expect(kept).toHaveLength(KEPT_TREES);
    expect(kept).not.toContain("P0");
    expect(kept).toContain(`P${KEPT_TREES + 4}`);
    saveTree(storage, `P${KEPT_TREES + 4}`, newTree(), 5000);
    expect(loadTree(storage, `P${KEPT_TREES + 4}`)).toBeNull();
  });

  it("does not store a tree too big to keep beside the others", () => {
    const storage = memoryStorage();
    const big = newTree();
    for (let i = 0; i <= MOST_MOVES; i++) ensurePath(big, [`m${i}`]);
    saveTree(storage, "P", big);
    expect(loadTree(storage, "P")).toBeNull();
  });
});
