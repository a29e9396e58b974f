/**
 * Vite entry ``analysis``: the analysis board of every variant (the
 * ``study/analysis.html`` template).
 *
 * The URL holds the start position (of any variant: its string names it) and
 * the current line played from it (``?position=...&line=36R+pass+...``), so
 * any view can be shared.  Every legal move is listed best first with its
 * exact value, outcome, grade and points lost: solved by the player's browser
 * when it can run the solver (``engine/local.ts``: no request, the values
 * appear as the player moves), else by the server (POST /api/analyses/, polled
 * while the solver works).  The server checks and plays the line (POST
 * /api/positions/); when it cannot be reached the browser plays the line
 * itself, so the board keeps working offline.  A click on a move (in the table, on the board or
 * in the main line) plays it.  Playing another move than the line's next one
 * keeps the old line as a variation in the move tree, as on Lichess; a click
 * in the tree goes back to any move of any line.  The tree is kept in the
 * browser under the start position (``move-tree.ts``): a reload finds the
 * variations again, until the player clears them.  The toolbar and the arrow
 * keys step back and forward through the current line.
 */
import { Board, type BoardPositionJSON, type Seat } from "../board";
import { button, el, hideFallback, readJSON } from "../shared/dom";
import { reasonLabel } from "../shared/format";
import { localAnalyse, localPosition } from "../engine/local";
import { ApiError, errorMessage } from "../shared/http";
import { t, tn } from "../shared/i18n";
import {
  analysisMarks,
  sideOf,
  fetchAnalysis,
  fetchPosition,
  movesTable,
  signedValue,
  winnerLabel,
  type AnalysisResult,
  type PositionAnswer,
} from "./common";
import {
  browserStorage,
  countForks,
  ensurePath,
  lineThrough,
  loadTree,
  newTree,
  pathTo,
  saveTree,
  type TreeNode,
} from "./move-tree";
import "./analysis.css";

interface PageData {
  position: string | null;
  moves: string[];
  board: BoardPositionJSON | null;
  /** How many moves of the line the URL's ``ply`` shows (null: all of them). */
  ply?: number | null;
  /** Why the rest of the URL's line was not played (a move that is not legal), or null. */
  line_error?: string | null;
  /** The variant in words, or null for the standard game. */
  variant?: string | null;
}

/** The seats in playing order of a position's board. */
function seatsOf(board: BoardPositionJSON | null): Seat[] {
  const seats = (["A", "B", "C", "D"] as Seat[]).filter((s) => board?.hands[s] !== undefined);
  return seats.length ? seats : ["A", "B"];
}

function mount(): void {
  const root = document.getElementById("analysis-root");
  if (!root) return;
  const data = readJSON<PageData>(root.dataset.dataId);
  if (!data?.position) return;
  const apiAnalyses = root.dataset.apiAnalyses ?? "/api/analyses/";
  const apiPositions = root.dataset.apiPositions ?? "/api/positions/";
  const editorUrl = root.dataset.editorUrl ?? "/analysis/editor/";
  const app = root.querySelector<HTMLElement>("[data-app]");
  if (!app) return;

  const start = data.position;
  const storage = browserStorage();
  // The variations played from this start before (this browser), with the URL's line among them.
  let tree: TreeNode = loadTree(storage, start) ?? newTree();
  let line = [...data.moves];
  ensurePath(tree, line);
  let cursor = data.ply === null || data.ply === undefined ? line.length : Math.max(0, Math.min(data.ply, line.length));
  // The board keeps one orientation (A at the bottom unless turned); every seat's moves can be made on it.
  let orientation: Seat = "A";
  const seats = seatsOf(data.board);
  // The analysis sees every stone: the out stones are shown unless the player hides them.
  let revealOut = true;
  let generation = 0;

  const positionText = el("code", { class: "study-position", "data-current-position": "" });
  const lineBar = el("div", { class: "study-line study-tree", "aria-label": t("The moves and their variations") });
  const status = el("p", { class: "study-status", role: "status" });
  const verdict = el("p", { class: "verdict" });
  const tableHolder = el("div");
  const mainLine = el("p", { class: "main-line" });
  const boardHolder = el("div", { class: "analysis-board" });
  const outToggle = el("input", { type: "checkbox", "data-reveal-out": "" });
  outToggle.checked = revealOut;
  outToggle.addEventListener("change", () => {
    revealOut = outToggle.checked;
    board.set({ revealOut });
  });
  const editLink = el("a", { href: editorUrl }, t("Edit this position"));
  const copied = el("span", { class: "copied", role: "status", "aria-live": "polite" });
  const toolbar = el(
    "div",
    { class: "study-toolbar" },
    button("|<", () => go(0), { title: t("Start"), "aria-label": t("Start") }),
    button("<", () => go(cursor - 1), { title: t("Back"), "aria-label": t("Back") }),
    button(">", () => go(cursor + 1), { title: t("Forward"), "aria-label": t("Forward") }),
    button(">|", () => go(line.length), { title: t("End of the line"), "aria-label": t("End of the line") }),
    button(t("Play the main line"), () => void playMainLine()),
    button(seats.length > 2 ? t("Turn the board") : t("Flip the board"), () => {
      // Two seats: the other one at the bottom; four: the next seat in playing order.
      orientation = seats[(seats.indexOf(orientation) + 1) % seats.length];
      board.set({ orientation });
    }, { "data-flip": "" }),
    button(t("Copy link"), () => void copyLink()),
    editLink,
    copied,
  );
  if ((data.board?.out ?? []).length) toolbar.append(el("label", { class: "reveal-out" }, outToggle, " ", t("Show the stones out of play")));
  // Wide screens: the board on the left, the moves, their values and the tree beside it.
  const boardColumn = el("div", { class: "analysis-main" }, boardHolder, toolbar, status);
  // Beside the tree, shown while it has variations.
  const clearButton = button(t("Clear the variations"), () => clearVariations(), {
    class: "clear-variations",
    title: t("Keep only the current line"),
    "data-clear-variations": "",
  });
  const sideColumn = el("div", { class: "analysis-side" }, verdict, tableHolder, mainLine, lineBar, clearButton);
  if (data.variant) sideColumn.prepend(el("p", { class: "analysis-variant", "data-variant-label": "" }, data.variant));
  app.append(el("div", { class: "analysis-layout" }, boardColumn, sideColumn), positionText);
  app.hidden = false;
  hideFallback(root);

  const board = new Board(boardHolder, {
    position: data.board,
    orientation,
    interactive: true,
    movable: "all",
    revealOut,
  });

  async function copyLink(): Promise<void> {
    try {
      await navigator.clipboard.writeText(window.location.href);
      copied.textContent = t("Link copied.");
    } catch {
      copied.textContent = t("Copy this link: %(url)s", { url: window.location.href });
    }
    window.setTimeout(() => {
      copied.textContent = "";
    }, 4000);
  }
  board.on("move", (move) => play(move));

  let currentResult: AnalysisResult | null = null;
  let lineError = data.line_error ?? null;

  function go(index: number): void {
    const next = Math.max(0, Math.min(index, line.length));
    if (next === cursor) return;
    cursor = next;
    void refresh(true);
  }

  /** Plays ``move`` after the current position: the line's next move steps forward; another starts (or revisits) a variation. */
  function play(move: string): void {
    if (line[cursor] === move) {
      cursor += 1;
    } else {
      const node = ensurePath(tree, [...line.slice(0, cursor), move]);
      line = lineThrough(node);
      cursor += 1;
    }
    void refresh(true);
  }

  /** Goes to a move of the tree: its line becomes the current one. */
  function goTo(node: TreeNode): void {
    line = lineThrough(node);
    cursor = pathTo(node).length;
    void refresh(true);
  }

  /** Forgets every line but the current one (here and in the browser's store). */
  function clearVariations(): void {
    tree = newTree();
    ensurePath(tree, line);
    void refresh(false);
  }

  /** Plays ``moves`` from the current position (the main line, or part of it). */
  function playMoves(moves: readonly string[]): void {
    const node = ensurePath(tree, [...line.slice(0, cursor), ...moves]);
    line = lineThrough(node);
    cursor = pathTo(node).length;
    void refresh(true);
  }

  async function playMainLine(): Promise<void> {
    if (!currentResult || !currentResult.pv.length) return;
    playMoves(currentResult.pv);
  }

  /** The URL of the view: the whole line, and ``ply`` when an earlier point of it is shown. */
  function url(): string {
    const params = new URLSearchParams({ position: start });
    if (line.length) params.set("line", line.join(" "));
    if (cursor < line.length) params.set("ply", String(cursor));
    return `${window.location.pathname}?${params.toString()}`;
  }

  /** The node of the current position. */
  function currentNode(): TreeNode {
    return ensurePath(tree, line.slice(0, cursor));
  }

  /**
   * The move tree, as Lichess writes it: each line's moves in a row, the
   * other continuations of a move in brackets after it (nested).  The
   * current move is marked; the moves of the current line ahead of it are dimmed.
   */
  function drawLine(): void {
    const here = currentNode();
    const onLine = new Set<TreeNode>();
    for (let n: TreeNode | null = ensurePath(tree, line); n; n = n.parent) onLine.add(n);
    const moveButton = (node: TreeNode, depth: number) => {
      const cls = node === here ? "current" : onLine.has(node) && depth > cursor ? "ahead" : onLine.has(node) ? "" : "variation";
      return button(node.move, () => goTo(node), { class: cls, "data-ply": String(depth), "aria-current": node === here ? "true" : null } as never);
    };
    /** ``first`` and its first continuations in a row, each fork's other moves in brackets. */
    const lineFrom = (first: TreeNode, depth: number, into: HTMLElement) => {
      for (let n: TreeNode | undefined = first, d = depth; n; n = n.children[0], d++) {
        into.append(moveButton(n, d));
        const others = n.parent ? n.parent.children.slice(1) : [];
        if (n === n.parent?.children[0] && others.length) {
          for (const other of others) {
            const group = el("span", { class: "variation-group", "data-variation": "" });
            lineFrom(other, d, group);
            into.append(group);
          }
        }
      }
    };
    const top = el("span", { class: "main-moves" });
    if (tree.children[0]) lineFrom(tree.children[0], 1, top);
    lineBar.replaceChildren(button(t("start"), () => goTo(tree), { class: here === tree ? "current" : "", "data-ply": "0" }), top);
    clearButton.hidden = countForks(tree) === 0;
  }

  /** Shows a failed request's error in the status line. */
  function fail(error: unknown): void {
    status.classList.add("error");
    status.textContent = errorMessage(error);
  }

  async function refresh(pushUrl: boolean): Promise<void> {
    const mine = ++generation;
    const moves = line.slice(0, cursor);
    if (pushUrl) window.history.pushState({ line, cursor }, "", url());
    saveTree(storage, start, tree);
    drawLine();
    status.classList.remove("error");
    status.textContent = "";
    if (lineError) {
      status.classList.add("error");
      status.textContent = lineError;
      lineError = null;
    }
    // The browser plays the line and solves its position while the server checks it: the values
    // are ready when the server's answer comes, and shown only for the position it accepted.
    const localLine = localPosition(start, moves).catch((refused: unknown) => (refused instanceof Error ? refused : null));
    const early = localLine.then((line) => (line && !(line instanceof Error) ? localAnalyse(line.current).catch(() => null) : null));
    let answer: PositionAnswer<BoardPositionJSON>;
    try {
      answer = await fetchPosition<BoardPositionJSON>(apiPositions, start, moves);
    } catch (error) {
      // The server cannot be reached (status 0): the browser's line stands in for its answer.
      const offline = error instanceof ApiError && error.status === 0;
      const local = offline ? await localLine : null;
      if (!local || local instanceof Error) {
        if (mine === generation) fail(local instanceof Error ? local : error);
        return;
      }
      answer = local as unknown as PositionAnswer<BoardPositionJSON>; // the same JSON as the server's
    }
    if (mine !== generation) return;
    positionText.textContent = answer.current;
    editLink.setAttribute("href", `${editorUrl}?${new URLSearchParams({ position: answer.current })}`);
    // The seat that made the last move: the side of the position before it.
    const before = moves.length > 1 ? answer.positions[moves.length - 2] : answer.position;
    board.set({
      position: answer.board,
      lastMove: moves.length ? moves[moves.length - 1] : null,
      lastSide: moves.length ? sideOf(before) : null,
      marks: {},
    });
    currentResult = null;
    tableHolder.replaceChildren();
    mainLine.replaceChildren();
    verdict.textContent = "";
    if (answer.board.over) {
      const result = answer.board.result;
      status.textContent = result?.winner?.includes("+")
        ? tn(
            "The deal is over: team %(team)s wins %(count)s point (%(reason)s).",
            "The deal is over: team %(team)s wins %(count)s points (%(reason)s).",
            result.points,
            { team: result.winner, reason: reasonLabel(result.reason) },
          )
        : result?.winner
        ? tn(
            "The deal is over: %(winner)s wins %(count)s point (%(reason)s).",
            "The deal is over: %(winner)s wins %(count)s points (%(reason)s).",
            result.points,
            { winner: result.winner, reason: reasonLabel(result.reason) },
          )
        : t("The deal is over: a draw.");
      return;
    }
    let result: AnalysisResult | null;
    try {
      // The browser's own solver first (the same values as the server's); null: it cannot run here.
      const ready = await early;
      result = ready?.position === answer.current ? ready : await localAnalyse(answer.current).catch(() => null);
      result ??= await fetchAnalysis(apiAnalyses, answer.current, (waited) => {
        // A message about the URL's line stays until the next move: the wait is said only without one.
        if (mine === generation && !status.classList.contains("error")) {
          status.textContent = t("Solving… (%(seconds)s s)", { seconds: Math.round(waited / 1000) });
        }
      });
    } catch (error) {
      if (mine === generation) fail(error);
      return;
    }
    if (mine !== generation) return;
    currentResult = result;
    if (!status.classList.contains("error")) status.textContent = "";
    const mover = answer.board.side;
    // Values are A's (A's team's in partnership): the mover's value turned round when the mover is of the other team.
    const team = seatsOf(answer.board).length > 2;
    const sameTeamAsA = mover === "A" || (team && mover === "C");
    const forA = sameTeamAsA ? result.value : -result.value;
    verdict.textContent = team
      ? t("%(side)s to move. Value for A and C with perfect play: %(value)s (%(outcome)s).", {
          side: mover,
          value: signedValue(forA),
          outcome: forA === 0 ? t("draw") : forA > 0 ? t("A and C win") : t("B and D win"),
        })
      : t("%(side)s to move. Value for A with perfect play: %(value)s (%(outcome)s).", {
          side: mover,
          value: signedValue(forA),
          outcome: winnerLabel("A", forA),
        });
    board.set({ marks: analysisMarks(result) });
    tableHolder.replaceChildren(
      movesTable(result, play, { side: "A", mover: sameTeamAsA ? "A" : "B", teams: team }),
    );
    mainLine.replaceChildren(
      document.createTextNode(t("Main line:") + " "),
      ...result.pv.map((move, i) => button(move, () => playMoves(result.pv.slice(0, i + 1)))),
    );
  }

  window.addEventListener("popstate", () => {
    const params = new URLSearchParams(window.location.search);
    if (params.get("position") !== start) {
      window.location.reload();
      return;
    }
    const moves = (params.get("line") ?? "").split(/[\s,]+/).filter(Boolean);
    const prefix = moves.every((m, i) => line[i] === m);
    if (!prefix) line = lineThrough(ensurePath(tree, moves));
    const ply = params.get("ply");
    cursor = ply === null ? moves.length : Math.max(0, Math.min(Number(ply) || 0, moves.length));
    void refresh(false);
  });

  document.addEventListener("keydown", (event) => {
    const target = event.target as HTMLElement | null;
    if (target && (target.closest("input, textarea, select") || boardHolder.contains(target))) return;
    if (event.key === "ArrowLeft") go(cursor - 1);
    else if (event.key === "ArrowRight") go(cursor + 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(line.length);
    else return;
    event.preventDefault();
  });

  void refresh(false);
  (window as unknown as { analysisBoard: unknown }).analysisBoard = {
    board,
    go,
    play,
    state: () => ({ line, cursor }),
    variations: () => countForks(tree),
  };
}

mount();
