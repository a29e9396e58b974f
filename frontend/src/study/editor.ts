/**
 * Vite entry ``editor``: the position editor (the ``study/editor.html`` template).
 *
 * Click a slot of a player's front or back row, then a stone from those left
 * (or "played"); stones not placed are on the table.  Set the ends and the
 * side to move.  The server checks every complete position
 * (POST /api/positions/) and says why an invalid one is invalid; a valid one
 * opens on the analysis board.
 */
import { normaliseStone } from "../board/notation";
import { button, el, hideFallback } from "../shared/dom";
import { errorMessage, request } from "../shared/http";
import { t } from "../shared/i18n";
import { SIDES, type Side } from "../shared/vocabulary";
import "./analysis.css";

type Row = "front" | "back";
const ROWS: readonly Row[] = ["front", "back"];
type Entry = string | null; // a stone, "--" (played) or null (not set)

const STONES: string[] = [];
for (let a = 0; a <= 6; a++) for (let b = a; b <= 6; b++) STONES.push(`${a}${b}`);
const PLAYED = "--";

interface Slot {
  side: Side;
  row: Row;
  col: number;
}

function emptyRows(): Record<Side, Record<Row, Entry[]>> {
  const rows = () => Array<Entry>(7).fill(null);
  return { A: { front: rows(), back: rows() }, B: { front: rows(), back: rows() } };
}

/** A slot's text from a position string: "--" (played), else the stone low digit first (anything else as written). */
function entryOf(text: string): Entry {
  return text === PLAYED ? PLAYED : (normaliseStone(text) ?? text);
}

/** How the editor writes a stone: "[3|6]". */
function stoneLabel(stone: string): string {
  return `[${stone[0]}|${stone[1]}]`;
}

function mount(): void {
  const root = document.getElementById("editor-root");
  if (!root) return;
  const apiPositions = root.dataset.apiPositions ?? "/api/positions/";
  const analysisUrl = root.dataset.analysisUrl ?? "/analysis/";
  const app = root.querySelector<HTMLElement>("[data-app]");
  if (!app) return;

  let rows = emptyRows();
  let ends = "-";
  // What each end menu shows: kept while the other end is still unset, so
  // that choosing the ends one after the other works.
  let leftChoice = "-";
  let rightChoice = "-";
  let side: Side = "A";
  let active: Slot | null = { side: "A", row: "front", col: 0 };
  let checkTimer: number | undefined;

  const hands = el("div", { class: "editor-hands" });
  const palette = el("div", { class: "editor-palette", "aria-label": t("Stones left") });
  const leftEnd = el("select", { "aria-label": t("Left end") });
  const rightEnd = el("select", { "aria-label": t("Right end") });
  for (const select of [leftEnd, rightEnd]) {
    select.append(el("option", { value: "-" }, t("empty table")));
    for (let n = 0; n <= 6; n++) select.append(el("option", { value: String(n) }, String(n)));
  }
  const sideSelect = el("select", { "aria-label": t("Side to move") }, ...SIDES.map((s) => el("option", { value: s }, s)));
  const text = el("input", { type: "text", size: "90", spellcheck: "false", "aria-label": t("Position string") });
  const status = el("p", { class: "study-status", role: "status" });
  const analyse = el("a", { class: "button", href: "#", hidden: "" }, t("Analyse"));

  const controls = el(
    "div",
    { class: "study-toolbar" },
    el("label", {}, t("Ends:"), " ", leftEnd, " ", rightEnd),
    el("label", {}, t("To move:"), " ", sideSelect),
    button(t("Mark empty slots as played"), () => {
      for (const s of SIDES) for (const r of ROWS) rows[s][r] = rows[s][r].map((e) => e ?? PLAYED);
      changed();
    }),
    button(t("Clear"), () => {
      rows = emptyRows();
      ends = "-";
      leftChoice = rightChoice = "-";
      active = { side: "A", row: "front", col: 0 };
      changed();
    }),
  );
  const textBar = el(
    "div",
    { class: "study-toolbar" },
    text,
    button(t("Load"), () => load(text.value)),
    analyse,
  );
  app.append(hands, palette, controls, textBar, status);
  app.hidden = false;
  hideFallback(root);

  leftEnd.addEventListener("change", () => setEnds());
  rightEnd.addEventListener("change", () => setEnds());
  sideSelect.addEventListener("change", () => {
    side = sideSelect.value as Side;
    changed();
  });

  function setEnds(): void {
    leftChoice = leftEnd.value;
    rightChoice = rightEnd.value;
    ends = leftChoice === "-" || rightChoice === "-" ? "-" : `${leftChoice}${rightChoice}`;
    changed();
  }

  function used(): Set<string> {
    const out = new Set<string>();
    for (const s of SIDES) for (const r of ROWS) for (const e of rows[s][r]) if (e && e !== PLAYED) out.add(e);
    return out;
  }

  function positionString(): string | null {
    const parts: string[] = [];
    for (const s of SIDES) {
      if (rows[s].front.some((e) => e === null) || rows[s].back.some((e) => e === null)) return null;
      parts.push(`${rows[s].front.join(".")}/${rows[s].back.join(".")}`);
    }
    return `${parts[0]} ${parts[1]} ${ends} ${side}`;
  }

  function load(value: string): void {
    const fields = value.trim().split(/\s+/);
    if (fields.length !== 4) {
      status.textContent = t("A position has 4 fields: <A front>/<A back> <B front>/<B back> <ends> <side>.");
      status.classList.add("error");
      return;
    }
    const next = emptyRows();
    SIDES.forEach((s, i) => {
      const [front, back] = fields[i].split("/");
      (front ?? "").split(".").slice(0, 7).forEach((e, c) => (next[s].front[c] = entryOf(e)));
      (back ?? "").split(".").slice(0, 7).forEach((e, c) => (next[s].back[c] = entryOf(e)));
    });
    rows = next;
    ends = fields[2];
    leftChoice = ends === "-" ? "-" : ends[0];
    rightChoice = ends === "-" ? "-" : ends[1];
    side = fields[3].toUpperCase() === "B" ? "B" : "A";
    active = null;
    changed();
  }

  function drawHands(): void {
    hands.replaceChildren();
    for (const s of ["B", "A"] as Side[]) {
      const hand = el("div", { class: "editor-hand" }, el("strong", {}, t("Player %(side)s", { side: s })));
      for (const r of ROWS) {
        const rowEl = el("div", { class: "editor-row", "aria-label": r === "front" ? t("front row") : t("back row") });
        rows[s][r].forEach((entry, col) => {
          const isActive = active?.side === s && active.row === r && active.col === col;
          const slot = button(entry === null ? "·" : entry === PLAYED ? "--" : stoneLabel(entry), () => {
            active = { side: s, row: r, col };
            draw();
          }, {
            class: `editor-slot${isActive ? " active" : ""}${entry === null ? " empty" : ""}${entry === PLAYED ? " played" : ""}`,
            "data-slot": `${s}-${r}-${col}`,
            "aria-pressed": isActive ? "true" : "false",
          });
          rowEl.append(slot);
        });
        hand.append(rowEl);
      }
      hands.append(hand);
    }
  }

  function advance(): void {
    if (!active) return;
    const order: Slot[] = [];
    for (const s of SIDES) for (const r of ROWS) for (let c = 0; c < 7; c++) order.push({ side: s, row: r, col: c });
    const here = order.findIndex((o) => o.side === active!.side && o.row === active!.row && o.col === active!.col);
    const next = order.slice(here + 1).find((o) => rows[o.side][o.row][o.col] === null);
    active = next ?? null;
  }

  function assign(entry: Entry): void {
    if (!active) return;
    rows[active.side][active.row][active.col] = entry;
    if (entry !== null) advance();
    changed();
  }

  function drawPalette(): void {
    const taken = used();
    palette.replaceChildren(
      ...STONES.map((stone) => {
        const b = button(stoneLabel(stone), () => assign(stone), { "data-stone": stone });
        b.disabled = taken.has(stone) || active === null;
        return b;
      }),
      button(t("played"), () => assign(PLAYED), { "data-stone": "--" }),
      button(t("clear slot"), () => assign(null)),
    );
  }

  function draw(): void {
    drawHands();
    drawPalette();
    leftEnd.value = leftChoice;
    rightEnd.value = rightChoice;
    sideSelect.value = side;
  }

  function changed(): void {
    draw();
    const value = positionString();
    analyse.hidden = true;
    status.classList.remove("error");
    if (value === null) {
      status.textContent = t("Fill every slot with a stone, or mark it played.");
      return;
    }
    text.value = value;
    window.clearTimeout(checkTimer);
    if ((leftChoice === "-") !== (rightChoice === "-")) {
      status.textContent = t("Choose the other end too: once a stone is on the table both ends show a number.");
      return;
    }
    checkTimer = window.setTimeout(() => void check(value), 250);
  }

  async function check(value: string): Promise<void> {
    status.textContent = t("Checking…");
    try {
      const { data } = await request<{ position: string }>(apiPositions, { body: { position: value } });
      if (positionString() !== value) return;
      status.textContent = t("Valid position: %(position)s", { position: data.position });
      analyse.setAttribute("href", `${analysisUrl}?${new URLSearchParams({ position: data.position })}`);
      analyse.hidden = false;
      window.history.replaceState(null, "", `?${new URLSearchParams({ position: data.position })}`);
    } catch (error) {
      if (positionString() !== value) return;
      status.classList.add("error");
      status.textContent = errorMessage(error);
    }
  }

  const initial = root.dataset.initial ?? "";
  if (initial.trim()) load(initial);
  else changed();
}

mount();
