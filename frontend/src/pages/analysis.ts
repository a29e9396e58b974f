/**
 * Vite entry ``analysis``: the analysis board (puzzles/templates/puzzles/study/analysis.html).
 *
 * The URL holds the start position and the line played from it
 * (``?position=...&line=36R+pass+...``), so any view can be shared.  Every
 * legal move is listed best first with its exact value, outcome, grade and
 * points lost (POST /api/analyses/, polled while the solver works); a click
 * on a move (in the table, on the board or in the main line) plays it; the
 * toolbar and the arrow keys step back and forward through the line.
 */
import { Board, type PositionJSON } from "../board";
import { t } from "../i18n";
import {
  button,
  el,
  fetchAnalysis,
  movesTable,
  outcomeLabel,
  pageData,
  requestJson,
  signed,
  StudyError,
  type AnalysisResult,
} from "./analysis-common";
import "./analysis.css";

interface PageData {
  position: string | null;
  moves: string[];
  board: PositionJSON | null;
}

interface PositionAnswer {
  position: string;
  moves: string[];
  current: string;
  board: PositionJSON;
}

function mount(): void {
  const root = document.getElementById("analysis-root");
  if (!root) return;
  const data = pageData<PageData>(root.dataset.dataId);
  if (!data?.position) return;
  const apiAnalyses = root.dataset.apiAnalyses ?? "/api/analyses/";
  const apiPositions = root.dataset.apiPositions ?? "/api/positions/";
  const editorUrl = root.dataset.editorUrl ?? "/analysis/editor/";
  const app = root.querySelector<HTMLElement>("[data-app]");
  const fallback = root.querySelector<HTMLElement>("[data-fallback]");
  if (!app) return;

  const start = data.position;
  let line = [...data.moves];
  let cursor = line.length;
  let generation = 0;

  const positionText = el("code", { class: "study-position", "data-current-position": "" });
  const lineBar = el("div", { class: "study-line", "aria-label": t("The line") });
  const status = el("p", { class: "study-status", role: "status" });
  const verdict = el("p", { class: "verdict" });
  const tableHolder = el("div");
  const mainLine = el("p", { class: "main-line" });
  const boardHolder = el("div", { class: "analysis-board" });
  const editLink = el("a", { href: editorUrl }, t("Edit this position"));
  const toolbar = el(
    "div",
    { class: "study-toolbar" },
    button("|<", () => go(0), { title: t("Start"), "aria-label": t("Start") }),
    button("<", () => go(cursor - 1), { title: t("Back"), "aria-label": t("Back") }),
    button(">", () => go(cursor + 1), { title: t("Forward"), "aria-label": t("Forward") }),
    button(">|", () => go(line.length), { title: t("End of the line"), "aria-label": t("End of the line") }),
    button(t("Play the main line"), () => void playMainLine()),
    button(t("Copy link"), () => void navigator.clipboard?.writeText(window.location.href)),
    editLink,
  );
  app.append(toolbar, positionText, lineBar, boardHolder, status, verdict, tableHolder, mainLine);
  app.hidden = false;
  if (fallback) fallback.hidden = true;

  const board = new Board(boardHolder, {
    position: data.board,
    orientation: data.board?.side ?? "A",
    interactive: true,
  });
  board.on("move", (move) => play(move));

  let currentResult: AnalysisResult | null = null;

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

  function url(moves: string[]): string {
    const params = new URLSearchParams({ position: start });
    if (moves.length) params.set("line", moves.join(" "));
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

  async function refresh(pushUrl: boolean): Promise<void> {
    const mine = ++generation;
    const moves = line.slice(0, cursor);
    if (pushUrl) window.history.pushState({ line, cursor }, "", url(moves));
    drawLine();
    status.classList.remove("error");
    status.textContent = "";
    let answer: PositionAnswer;
    try {
      answer = (await requestJson<PositionAnswer>(apiPositions, { position: start, moves })).data;
    } catch (error) {
      if (mine !== generation) return;
      status.classList.add("error");
      status.textContent = error instanceof StudyError ? error.message : String(error);
      return;
    }
    if (mine !== generation) return;
    positionText.textContent = answer.current;
    editLink.setAttribute("href", `${editorUrl}?${new URLSearchParams({ position: answer.current })}`);
    board.set({
      position: answer.board,
      orientation: answer.board.side,
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
        ? t("The deal is over: %(winner)s wins %(points)s points (%(reason)s).", {
            winner: result.winner,
            points: result.points,
            reason: result.reason === "domino" ? t("domino") : t("blocked"),
          })
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
      if (mine !== generation) return;
      status.classList.add("error");
      status.textContent = error instanceof StudyError ? error.message : String(error);
      return;
    }
    if (mine !== generation) return;
    currentResult = result;
    status.textContent = "";
    verdict.textContent = t("%(side)s to move: %(value)s (%(outcome)s) with perfect play.", {
      side: answer.board.side,
      value: signed(result.value),
      outcome: outcomeLabel(result.value),
    });
    board.set({ marks: Object.fromEntries(result.moves.map((m) => [m.move, m.grade])) });
    tableHolder.replaceChildren(movesTable(result, play));
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
    cursor = moves.length;
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
