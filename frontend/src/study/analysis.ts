/**
 * Vite entry ``analysis``: the analysis board (the ``study/analysis.html`` template).
 *
 * The URL holds the start position and the line played from it
 * (``?position=...&line=36R+pass+...``), so any view can be shared.  Every
 * legal move is listed best first with its exact value, outcome, grade and
 * points lost (POST /api/analyses/, polled while the solver works); a click
 * on a move (in the table, on the board or in the main line) plays it; the
 * toolbar and the arrow keys step back and forward through the line.
 */
import { Board, type PositionJSON } from "../board";
import { button, el, hideFallback, readJSON } from "../shared/dom";
import { reasonLabel } from "../shared/format";
import { errorMessage } from "../shared/http";
import { t, tn } from "../shared/i18n";
import { otherSide, type Side } from "../shared/vocabulary";
import {
  analysisMarks,
  fetchAnalysis,
  fetchPosition,
  movesTable,
  signedValue,
  valueFor,
  winnerLabel,
  type AnalysisResult,
  type PositionAnswer,
} from "./common";
import "./analysis.css";

interface PageData {
  position: string | null;
  moves: string[];
  board: PositionJSON | null;
  /** How many moves of the line the URL's ``ply`` shows (null: all of them). */
  ply?: number | null;
  /** Why the rest of the URL's line was not played (a move that is not legal), or null. */
  line_error?: string | null;
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
  let line = [...data.moves];
  let cursor = data.ply === null || data.ply === undefined ? line.length : Math.max(0, Math.min(data.ply, line.length));
  // The board keeps one orientation (A at the bottom unless flipped); either side's moves can be made on it.
  let orientation: Side = "A";
  let generation = 0;

  const positionText = el("code", { class: "study-position", "data-current-position": "" });
  const lineBar = el("div", { class: "study-line", "aria-label": t("The line") });
  const status = el("p", { class: "study-status", role: "status" });
  const verdict = el("p", { class: "verdict" });
  const tableHolder = el("div");
  const mainLine = el("p", { class: "main-line" });
  const boardHolder = el("div", { class: "analysis-board" });
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
    button(t("Flip the board"), () => {
      orientation = otherSide(orientation);
      board.set({ orientation });
    }, { "data-flip": "" }),
    button(t("Copy link"), () => void copyLink()),
    editLink,
    copied,
  );
  app.append(toolbar, positionText, lineBar, boardHolder, status, verdict, tableHolder, mainLine);
  app.hidden = false;
  hideFallback(root);

  const board = new Board(boardHolder, {
    position: data.board,
    orientation,
    interactive: true,
    movable: "both",
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

  function play(move: string): void {
    if (line[cursor] === move) {
      cursor += 1;
    } else {
      line = [...line.slice(0, cursor), move];
      cursor = line.length;
    }
    void refresh(true);
  }

  async function playMainLine(): Promise<void> {
    if (!currentResult || !currentResult.pv.length) return;
    line = [...line.slice(0, cursor), ...currentResult.pv];
    cursor = line.length;
    await refresh(true);
  }

  /** The URL of the view: the whole line, and ``ply`` when an earlier point of it is shown. */
  function url(): string {
    const params = new URLSearchParams({ position: start });
    if (line.length) params.set("line", line.join(" "));
    if (cursor < line.length) params.set("ply", String(cursor));
    return `${window.location.pathname}?${params.toString()}`;
  }

  function drawLine(): void {
    lineBar.replaceChildren(
      button(t("start"), () => go(0), { class: cursor === 0 ? "current" : "" }),
      ...line.map((move, i) =>
        button(move, () => go(i + 1), { class: i + 1 === cursor ? "current" : i + 1 > cursor ? "ahead" : "" }),
      ),
    );
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
    drawLine();
    status.classList.remove("error");
    status.textContent = "";
    if (lineError) {
      status.classList.add("error");
      status.textContent = lineError;
      lineError = null;
    }
    let answer: PositionAnswer;
    try {
      answer = await fetchPosition(apiPositions, start, moves);
    } catch (error) {
      if (mine === generation) fail(error);
      return;
    }
    if (mine !== generation) return;
    positionText.textContent = answer.current;
    editLink.setAttribute("href", `${editorUrl}?${new URLSearchParams({ position: answer.current })}`);
    board.set({
      position: answer.board,
      lastMove: moves.length ? moves[moves.length - 1] : null,
      marks: {},
    });
    currentResult = null;
    tableHolder.replaceChildren();
    mainLine.replaceChildren();
    verdict.textContent = "";
    if (answer.board.over) {
      const result = answer.board.result;
      status.textContent = result?.winner
        ? tn(
            "The deal is over: %(winner)s wins %(count)s point (%(reason)s).",
            "The deal is over: %(winner)s wins %(count)s points (%(reason)s).",
            result.points,
            { winner: result.winner, reason: reasonLabel(result.reason) },
          )
        : t("The deal is over: a draw.");
      return;
    }
    let result: AnalysisResult;
    try {
      result = await fetchAnalysis(apiAnalyses, answer.current, (waited) => {
        if (mine === generation) {
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
    const forA = valueFor("A", mover, result.value);
    verdict.textContent = t("%(side)s to move. Value for A with perfect play: %(value)s (%(outcome)s).", {
      side: mover,
      value: signedValue(forA),
      outcome: winnerLabel("A", forA),
    });
    board.set({ marks: analysisMarks(result) });
    tableHolder.replaceChildren(movesTable(result, play, { side: "A", mover }));
    mainLine.replaceChildren(
      document.createTextNode(t("Main line:") + " "),
      ...result.pv.map((move, i) =>
        button(move, () => {
          line = [...line.slice(0, cursor), ...result.pv.slice(0, i + 1)];
          cursor = line.length;
          void refresh(true);
        }),
      ),
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
    if (!prefix) line = moves;
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
  (window as unknown as { analysisBoard: unknown }).analysisBoard = { board, go, play, state: () => ({ line, cursor }) };
}

mount();
