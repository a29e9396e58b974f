/**
 * The analysis board's move tree, and its copy in the browser's storage.
 *
 * The URL holds only the current line, so that a link shows what its sender
 * saw; the variations around it are kept in ``localStorage`` under the start
 * position, so that a reload (or coming back to the same position later)
 * finds them again.  The trees of the last ``KEPT_TREES`` start positions
 * with variations are kept, the least recently used dropped first.  A store that cannot be read or written
 * (private windows, a full quota, another version's data) is ignored: the
 * board works without it.
 */

/** A move of the tree: its continuations, the first being the line it was first played in. */
export interface TreeNode {
  move: string;
  children: TreeNode[];
  parent: TreeNode | null;
}

/** A tree as stored: a move and its continuations, in order. */
export type SavedTree = [string, SavedTree[]];

export const STORE_KEY = "open-domino.analysis-trees";
/** How many start positions keep their trees. */
export const KEPT_TREES = 30;
/** A tree larger than this many moves is not stored (it would crowd out the others). */
export const MOST_MOVES = 4000;

interface Store {
  version: 1;
  /** Per start position: its tree and when it was last saved (ms since the epoch). */
  trees: Record<string, { tree: SavedTree; at: number }>;
}

export function newTree(): TreeNode {
  return { move: "", children: [], parent: null };
}

/** The node reached by ``moves`` from ``root``, adding the moves not in the tree yet (as new variations). */
export function ensurePath(root: TreeNode, moves: readonly string[]): TreeNode {
  let node = root;
  for (const move of moves) {
    let next = node.children.find((c) => c.move === move);
    if (!next) {
      next = { move, children: [], parent: node };
      node.children.push(next);
    }
    node = next;
  }
  return node;
}

/** The moves from the root to ``node``. */
export function pathTo(node: TreeNode): string[] {
  const out: string[] = [];
  for (let n: TreeNode | null = node; n && n.parent; n = n.parent) out.unshift(n.move);
  return out;
}

/** ``node``'s line: the moves to it, then its first continuation to the end of the tree. */
export function lineThrough(node: TreeNode): string[] {
  const out = pathTo(node);
  for (let n = node.children[0]; n; n = n.children[0]) out.push(n.move);
  return out;
}

/** How many variations (continuations besides the first) the tree under ``node`` holds. */
export function countForks(node: TreeNode): number {
  return node.children.reduce((sum, child, i) => sum + (i > 0 ? 1 : 0) + countForks(child), 0);
}

/** How many moves the tree under ``node`` holds. */
export function countMoves(node: TreeNode): number {
  return node.children.reduce((sum, child) => sum + 1 + countMoves(child), 0);
}

export function toSaved(node: TreeNode): SavedTree {
  return [node.move, node.children.map(toSaved)];
}

/** The tree a stored value describes, or null when it is not one (hand-edited, another version's). */
export function fromSaved(saved: unknown, parent: TreeNode | null = null, budget = { moves: MOST_MOVES }): TreeNode | null {
  if (!Array.isArray(saved) || saved.length !== 2 || typeof saved[0] !== "string" || !Array.isArray(saved[1])) return null;
  if (saved[0].length > 12) return null; // no move is that long ("36R", "pass")
  const node: TreeNode = { move: saved[0], children: [], parent };
  for (const child of saved[1]) {
    if (--budget.moves < 0) return null;
    const built = fromSaved(child, node, budget);
    if (!built || built.move === "" || node.children.some((c) => c.move === built.move)) return null;
    node.children.push(built);
  }
  return node;
}

function readStore(storage: Storage): Store {
  const store: Store = { version: 1, trees: {} };
  try {
    const raw = storage.getItem(STORE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== "object" || (parsed as Store).version !== 1) return store;
    const trees: unknown = (parsed as Store).trees;
    if (!trees || typeof trees !== "object") return store;
    // Entries that are not a tree and a time are dropped (hand-edited, or cut short).
    for (const [start, entry] of Object.entries(trees as Record<string, unknown>)) {
      const { tree, at } = (entry ?? {}) as { tree?: unknown; at?: unknown };
      if (Array.isArray(tree) && typeof at === "number" && Number.isFinite(at)) store.trees[start] = { tree: tree as SavedTree, at };
    }
  } catch {
    // unreadable: start afresh
  }
  return store;
}

/** The stored tree of ``start``, or null. */
export function loadTree(storage: Storage | null, start: string): TreeNode | null {
  if (!storage) return null;
  const entry = readStore(storage).trees[start];
  const tree = entry ? fromSaved(entry.tree) : null;
  return tree && tree.move === "" ? tree : null;
}

/**
 * Stores ``tree`` as the tree of ``start``.  A tree without variations is
 * not kept (the URL holds its line; a link opened would otherwise push out
 * the trees that have some), and the entry of ``start`` is forgotten.
 */
export function saveTree(storage: Storage | null, start: string, tree: TreeNode, now = Date.now()): void {
  if (!storage) return;
  try {
    const store = readStore(storage);
    const moves = countMoves(tree);
    if (countForks(tree) === 0 || moves > MOST_MOVES) {
      if (!(start in store.trees)) return;
      delete store.trees[start];
    } else {
      store.trees[start] = { tree: toSaved(tree), at: now };
    }
    const starts = Object.keys(store.trees).sort((a, b) => store.trees[b].at - store.trees[a].at);
    for (const old of starts.slice(KEPT_TREES)) delete store.trees[old];
    storage.setItem(STORE_KEY, JSON.stringify(store));
  } catch {
    // full or refused: the tree lives on in this page only
  }
}

/** The browser's local storage, or null where reading it is refused. */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
