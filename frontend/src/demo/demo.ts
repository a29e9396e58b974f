/**
 * Vite entry ``demo`` (index.html): the board with sample positions made by
 * the solver (scripts/make_demo_data.py).  Each sample knows the position after each of
 * its legal moves and the move's grade, so the page can answer one move
 * without any rules of its own.
 */
import { Board, type PositionJSON } from "../board";
import { button, byId, el } from "../shared/dom";
import { gradeLabel } from "../shared/format";
import { t } from "../shared/i18n";
import { otherSide, type Grade, type Side } from "../shared/vocabulary";
import data from "./demo-data.json";
import "./demo.css";

interface Answer {
  grade: Grade;
  value: number;
  best: number;
  position: PositionJSON;
}

interface Sample {
  id: string;
  title: string;
  ply: number;
  lastMove: string | null;
  lastGrade?: Grade;
  position: PositionJSON;
  answers: Record<string, Answer>;
}

const samples = (data as unknown as { samples: Sample[] }).samples;

// Sample titles, listed so that they are translatable like every other string.
const TITLES: Record<string, string> = {
  "Opening: any front stone may start": t("Opening: any front stone may start"),
  "Early game": t("Early game"),
  "Middle game: back stones uncovered": t("Middle game: back stones uncovered"),
  "Long line, wrapped": t("Long line, wrapped"),
  "Forced pass": t("Forced pass"),
  "Both ends show the same number": t("Both ends show the same number"),
  "Deal over": t("Deal over"),
};

document.title = t("Open domino: board demo");
byId("demo-title").textContent = t("Open domino board");
byId("demo-intro").textContent = t(
  "Pick a stone, then an end of the line (or drag the stone there). The keyboard works too: arrows, Enter, L or R, Escape.",
);
byId("demo-log-title").textContent = t("Event log");

const controls = byId("demo-controls");
const sampleSelect = el(
  "select",
  { "aria-label": t("Sample position") },
  ...samples.map((sample, i) => el("option", { value: String(i) }, TITLES[sample.title] ?? sample.title)),
);
const flip = button(t("Flip board"), () => flipBoard());
const reset = button(t("Reset"), () => load(current));
const legalBox = el("input", { type: "checkbox" });
legalBox.checked = true;
const legalLabel = el("label", {}, legalBox, t("Show playable stones"));
controls.append(sampleSelect, flip, reset, legalLabel);

const message = byId("demo-message");
const log = byId("demo-log");

let current: Sample = samples[0];
let orientation: Side = current.position.side;
let answered = false;

const board = new Board(byId("board"), {
  position: current.position,
  orientation,
  interactive: true,
  showLegal: true,
});

function logEvent(text: string): void {
  log.prepend(el("li", {}, text));
}

function load(sample: Sample): void {
  current = sample;
  answered = false;
  orientation = sample.position.over ? orientation : sample.position.side;
  board.set({
    position: sample.position,
    orientation,
    interactive: !sample.position.over && sample.position.side === orientation,
    lastMove: sample.lastMove,
    marks: sample.lastMove && sample.lastGrade ? { [sample.lastMove]: sample.lastGrade } : {},
  });
  message.textContent = "";
}

board.on("select", (stone) => logEvent(`select ${stone ?? "null"}`));
board.on("move", (move) => {
  logEvent(`move ${move}`);
  const answer = current.answers[move];
  if (!answer) {
    message.textContent = t("No answer is stored for %(move)s.", { move });
    return;
  }
  answered = true;
  board.set({ position: answer.position, lastMove: move, marks: { [move]: answer.grade }, interactive: false });
  const badge = el("span", `demo-grade demo-grade-${answer.grade}`, gradeLabel(answer.grade));
  const detail = el(
    "span",
    {},
    " " +
      t("%(move)s is worth %(value)s; the best move is worth %(best)s. Press Reset to try again.", {
        move,
        value: answer.value,
        best: answer.best,
      }),
  );
  message.replaceChildren(badge, detail);
});

function flipBoard(): void {
  orientation = otherSide(orientation);
  const position = board.getConfig().position;
  board.set({
    orientation,
    interactive: !answered && position !== null && !position.over && position.side === orientation,
  });
}

sampleSelect.addEventListener("change", () => load(samples[Number(sampleSelect.value)]));
legalBox.addEventListener("change", () => board.set({ showLegal: legalBox.checked }));

const initial = new URLSearchParams(location.search).get("sample");
const index = initial === null ? 0 : samples.findIndex((s) => s.id === initial || String(samples.indexOf(s)) === initial);
if (index >= 0) {
  sampleSelect.value = String(index);
  load(samples[index]);
}
// ?select=24 preselects a stone (handy for screenshots and for linking to a question).
const preselect = new URLSearchParams(location.search).get("select");
if (preselect) board.selectStone(preselect);
(window as unknown as { board: Board }).board = board;
