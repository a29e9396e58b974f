/**
 * Vite entry ``endgame``: one endgame of the library (the ``study/endgame.html`` template).
 *
 * Study mode: the board steps move by move through the annotated main line
 * (the notes of the moves played so far are shown, the rest hidden).  At any
 * point the player may try any move on the board and sees at once what it is
 * worth (solved by the player's browser when it can, ``engine/local.ts``; else
 * POST /api/analyses/, the library's lines being analysed in advance).
 *
 * Practice mode: play the student's side from the start; the defender
 * answers with the main line's move (or its best move once off the line).  A
 * move that is not best is refused with its value; a run without such a
 * move to the end of the deal is sent to POST /api/endgames/<id>/progress/,
 * which checks it and marks the endgame mastered.
 */
import { Board, type PositionJSON } from "../board";
import { button, el, hideFallback, readJSON } from "../shared/dom";
import { gradeLabel } from "../shared/format";
import { errorMessage, request } from "../shared/http";
import { t, tn } from "../shared/i18n";
import { sleep } from "../shared/poll";
import { otherSide, type Side } from "../shared/vocabulary";
import { localAnalyse } from "../engine/local";
import { analysisMarks, fetchAnalysis, fetchPosition, movesTable, signedValue, type AnalysisResult, type PositionAnswer } from "./common";
import "./analysis.css";

interface Step {
  side: Side;
  student: boolean;
  move: string;
  position: string;
  value: number;
  text: string;
}

interface EndgameData {
  id: number;
  position: string;
  side: Side;
  steps: Step[];
  boards: PositionJSON[];
  final: { text: string };
  progress: { studied: boolean; mastered: boolean };
}

function mount(): void {
  const root = document.getElementById("endgame-root");
  if (!root) return;
  const loaded = readJSON<EndgameData>(root.dataset.dataId);
  if (!loaded) return;
  const data: EndgameData = loaded;
  const apiAnalyses = root.dataset.apiAnalyses ?? "/api/analyses/";
  const apiPositions = root.dataset.apiPositions ?? "/api/positions/";
  const apiProgress = root.dataset.apiProgress ?? "";
  const app = root.querySelector<HTMLElement>("[data-app]");
  const list = root.querySelector<HTMLElement>("[data-line]");
  const final = root.querySelector<HTMLElement>(".final");
  if (!app) return;
  hideFallback(root);
  // Opening the endgame with the script marks it studied (the GET itself writes nothing).
  if (apiProgress && !data.progress.studied) void request(apiProgress, { body: {} }).catch(() => undefined);

  let step = Math.max(0, Math.min(Number(root.dataset.step ?? 0) || 0, data.steps.length));
  let mode: "study" | "practice" = "study";
  // practice state
  let practiceMoves: string[] = [];
  let practiceBoard: PositionJSON = data.boards[0];
  let flawless = true;
  let busy = false;
  // The board keeps the student's side at the bottom unless the player flips it.
  let orientation: Side = data.side;
  const flipBoard = () => {
    orientation = otherSide(orientation);
    board.set({ orientation });
  };

  const info = el("div", { class: "try-result", role: "status", "aria-live": "polite" });
  const tableHolder = el("div");
  const boardHolder = el("div");
  const counter = el("span");
  const studyBar = el(
    "div",
    { class: "study-toolbar" },
    button("|<", () => goto(0), { "aria-label": t("Start") }),
    button("<", () => goto(step - 1), { "aria-label": t("Back") }),
    counter,
    button(">", () => goto(step + 1), { "aria-label": t("Forward") }),
    button(">|", () => goto(data.steps.length), { "aria-label": t("End of the line") }),
    button(t("Show every move's value"), () => void showTable()),
    button(t("Play the line yourself"), () => startPractice()),
    button(t("Flip the board"), flipBoard, { "data-flip": "" }),
  );
  const practiceBar = el(
    "div",
    { class: "study-toolbar", hidden: "" },
    button(t("Start again"), () => startPractice()),
    button(t("Back to the annotated line"), () => stopPractice()),
    button(t("Flip the board"), flipBoard, { "data-flip": "" }),
  );
  app.append(studyBar, practiceBar, boardHolder, info, tableHolder);
  app.hidden = false;

  const board = new Board(boardHolder, {
    position: data.boards[step],
    orientation,
    interactive: true,
    movable: "both",
  });
  board.on("move", (move) => void (mode === "study" ? tryMove(move) : practiceMove(move)));

  function drawStudy(): void {
    counter.textContent = t("move %(n)s of %(total)s", { n: step, total: data.steps.length });
    const current = data.steps[step];
    board.set({
      position: data.boards[step],
      orientation,
      lastMove: step > 0 ? data.steps[step - 1].move : null,
      marks: {},
    });
    list?.querySelectorAll<HTMLElement>("li[data-step]").forEach((li) => {
      const i = Number(li.dataset.step);
      li.classList.toggle("ahead", i >= step);
      li.classList.toggle("current", i === step - 1);
    });
    if (final) final.hidden = step < data.steps.length;
    tableHolder.replaceChildren();
    info.textContent = current
      ? t("%(side)s to move. Try any move on the board, or step forward to see the main line.", { side: current.side })
      : data.final.text;
    const url = new URL(window.location.href);
    url.searchParams.set("step", String(step));
    window.history.replaceState(null, "", url);
  }

  function goto(index: number): void {
    step = Math.max(0, Math.min(index, data.steps.length));
    drawStudy();
  }

  async function analysisOf(position: string): Promise<AnalysisResult> {
    // The browser's own solver when it can run (the server still checks a practice run it is sent).
    const local = await localAnalyse(position).catch(() => null);
    if (local) return local;
    return fetchAnalysis(apiAnalyses, position, () => {
      info.textContent = t("Solving…");
    });
  }

  async function showTable(): Promise<void> {
    const current = data.steps[step];
    if (!current) return;
    const result = await analysisOf(current.position);
    tableHolder.replaceChildren(movesTable(result, (move) => void tryMove(move), { side: data.side, mover: current.side }));
    board.set({ marks: analysisMarks(result) });
  }

  async function tryMove(move: string): Promise<void> {
    const current = data.steps[step];
    if (!current || busy) return;
    let result: AnalysisResult;
    try {
      result = await analysisOf(current.position);
    } catch (error) {
      info.textContent = errorMessage(error);
      return;
    }
    const entry = result.moves.find((m) => m.move === move);
    if (!entry) return;
    if (move === current.move) {
      goto(step + 1);
      const said = t("%(move)s: the main line (%(value)s).", { move, value: signedValue(entry.value) });
      info.textContent = said;
      if (current.side === data.side) await defenderReplies(said);
      return;
    }
    const lost = result.value - entry.value;
    info.textContent =
      entry.value === result.value
        ? t("%(move)s is worth %(value)s: as good as the main line's %(main)s.", {
            move,
            value: signedValue(entry.value),
            main: current.move,
          })
        : tn(
            "%(move)s is worth %(value)s (%(grade)s, %(count)s point lost); the best is %(best)s with %(main)s.",
            "%(move)s is worth %(value)s (%(grade)s, %(count)s points lost); the best is %(best)s with %(main)s.",
            lost,
            {
              move,
              value: signedValue(entry.value),
              grade: gradeLabel(entry.grade, { short: true }),
              best: signedValue(result.value),
              main: current.move,
            },
          );
    tableHolder.replaceChildren(movesTable(result, (m) => void tryMove(m), { side: data.side, mover: current.side }));
  }

  /** Plays the defender's moves of the main line (and forced passes) until the student is to move again. */
  async function defenderReplies(said: string): Promise<void> {
    const replies: string[] = [];
    busy = true;
    try {
      while (mode === "study" && step < data.steps.length && data.steps[step].side !== data.side) {
        await sleep(450);
        if (mode !== "study") return;
        replies.push(data.steps[step].move);
        goto(step + 1);
      }
    } finally {
      busy = false;
    }
    if (replies.length) {
      info.textContent = `${said} ${t("The defender answers %(moves)s.", { moves: replies.join(", ") })} ${
        step < data.steps.length ? t("Your move.") : data.final.text
      }`;
    }
  }

  // ------------------------------------------------------------ practice

  function startPractice(): void {
    mode = "practice";
    practiceMoves = [];
    practiceBoard = data.boards[0];
    flawless = true;
    studyBar.hidden = true;
    practiceBar.hidden = false;
    list?.classList.add("practising");
    list?.querySelectorAll<HTMLElement>("li[data-step]").forEach((li) => li.classList.add("ahead"));
    if (final) final.hidden = true;
    tableHolder.replaceChildren();
    board.set({ position: practiceBoard, orientation, lastMove: null, marks: {} });
    info.textContent = t("You play %(side)s. Find the best move at every turn.", { side: data.side });
  }

  function stopPractice(): void {
    mode = "study";
    studyBar.hidden = false;
    practiceBar.hidden = true;
    list?.classList.remove("practising");
    drawStudy();
  }

  async function advance(move: string): Promise<PositionAnswer> {
    practiceMoves = [...practiceMoves, move];
    const answer = await fetchPosition(apiPositions, data.position, practiceMoves);
    practiceBoard = answer.board;
    board.set({ position: answer.board, lastMove: move, marks: {} });
    return answer;
  }

  function onMainLine(): boolean {
    return practiceMoves.every((m, i) => data.steps[i]?.move === m);
  }

  async function practiceMove(move: string): Promise<void> {
    if (busy || practiceBoard.over || practiceBoard.side !== data.side) return;
    busy = true;
    try {
      const result = await analysisOf(practiceBoard.position);
      const entry = result.moves.find((m) => m.move === move);
      if (!entry) return;
      if (entry.value !== result.value) {
        flawless = false;
        info.textContent = t("%(move)s is worth %(value)s, not the best %(best)s. Try again.", {
          move,
          value: signedValue(entry.value),
          best: signedValue(result.value),
        });
        return;
      }
      info.textContent = t("%(move)s: best (%(value)s).", { move, value: signedValue(entry.value) });
      let answer = await advance(move);
      // the defender (and forced passes) until it is the student's turn again or the deal ends
      while (!answer.board.over && answer.board.side !== data.side) {
        await sleep(450);
        const index = practiceMoves.length;
        let reply = onMainLine() ? data.steps[index]?.move : undefined;
        if (!reply) reply = (await analysisOf(answer.current)).pv[0];
        answer = await advance(reply);
      }
      if (answer.board.over) await finish();
    } catch (error) {
      info.textContent = errorMessage(error);
    } finally {
      busy = false;
    }
  }

  async function finish(): Promise<void> {
    if (!flawless) {
      info.textContent = t("The deal is over. You found the way after a wrong try: start again to master it.");
      return;
    }
    try {
      // 202: the server is still analysing some positions of the line; ask again.
      let answer = await request<{ mastered: boolean; pending?: boolean }>(apiProgress, { body: { moves: practiceMoves } });
      for (let tries = 0; answer.status === 202 && tries < 60; tries++) {
        await sleep(500);
        answer = await request<{ mastered: boolean; pending?: boolean }>(apiProgress, { body: { moves: practiceMoves } });
      }
      const progress = answer.data;
      info.textContent = progress.mastered
        ? t("Mastered! You played the whole line correctly.")
        : t("The deal is over.");
    } catch (error) {
      info.textContent = errorMessage(error);
    }
  }

  drawStudy();
  (window as unknown as { endgamePage: unknown }).endgamePage = {
    board,
    play: (move: string) => (mode === "study" ? tryMove(move) : practiceMove(move)),
    state: () => ({ mode, step, orientation, moves: practiceMoves, busy, side: practiceBoard.side, over: practiceBoard.over }),
  };
}

mount();
