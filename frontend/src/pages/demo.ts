/**
 * The demo page: the board with sample positions made by the solver
 * (scripts/make_demo_data.py).  Each sample knows the position after each of
 * its legal moves and the move's grade, so the page can answer one move
 * without any rules of its own.
 */
import { Board, gradeLabel, type Grade, type PositionJSON, type Side } from "../board";
import { t } from "../i18n";
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

function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing from the page`);
  return el as T;
}

document.title = t("Open domino: board demo");
byId("demo-title").textContent = t("Open domino board");
byId("demo-intro").textContent = t(
  "Pick a stone, then an end of the line (or drag the stone there). The keyboard works too: arrows, Enter, L or R, Escape.",
);
byId("demo-log-title").textContent = t("Event log");

const controls = byId("demo-controls");
const sampleSelect = document.createElement("select");
sampleSelect.setAttribute("aria-label", t("Sample position"));
samples.forEach((sample, i) => {
  const option = document.createElement("option");
  option.value = String(i);
  option.textContent = TITLES[sample.title] ?? sample.title;
  sampleSelect.appendChild(option);
});
const flip = document.createElement("button");
flip.type = "button";
flip.textContent = t("Flip board");
const reset = document.createElement("button");
reset.type = "button";
reset.textContent = t("Reset");
const legalLabel = document.createElement("label");
const legalBox = document.createElement("input");
legalBox.type = "checkbox";
legalBox.checked = true;
legalLabel.append(legalBox, document.createTextNode(t("Show playable stones")));
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
  const item = document.createElement("li");
  item.textContent = text;
  log.prepend(item);
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
  message.replaceChildren();
  const badge = document.createElement("span");
  badge.className = `demo-grade demo-grade-${answer.grade}`;
  badge.textContent = gradeLabel(answer.grade);
  const detail = document.createElement("span");
  detail.textContent =
    " " +
    t("%(move)s is worth %(value)s; the best move is worth %(best)s. Press Reset to try again.", {
      move,
      value: answer.value,
      best: answer.best,
    });
  message.append(badge, detail);
});

sampleSelect.addEventListener("change", () => load(samples[Number(sampleSelect.value)]));
reset.addEventListener("click", () => load(current));
flip.addEventListener("click", () => {
  orientation = orientation === "A" ? "B" : "A";
  const position = board.getConfig().position;
  board.set({
    orientation,
    interactive: !answered && position !== null && !position.over && position.side === orientation,
  });
});
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
