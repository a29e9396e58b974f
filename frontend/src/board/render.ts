/**
 * Drawing: the board's DOM (a focusable wrapper with the SVG, the pass button
 * and a live region), the view the state calls for (what to show, and the
 * status line's words), and the SVG drawn from that view.
 */

import { el } from "../shared/dom";
import { gradeLabel } from "../shared/format";
import { t, tn } from "../shared/i18n";
import type { Grade } from "../shared/vocabulary";
import { chooseMode, computeLayout, HAND_H, HAND_W, type HandGeometry, type Layout, type LayoutMode, type LineItem, type Place } from "./layout";
import { halves, normaliseStone, stoneName, type ParsedMove } from "./notation";
import { PIP_LAYOUTS } from "./pips";
import {
  canMove,
  handOf,
  lastGrade,
  mover,
  movesAgain,
  partnerOf,
  passOnly,
  placesOf,
  seatsOf,
  selectable,
  selectedMoves,
  shapeOf,
  suggestions,
  targets,
  type Cursor,
  type State,
  type TargetKey,
} from "./state";
import { r2, svg, text } from "./svg";
import type { BoardPositionJSON, Seat } from "./types";

/** Everything ``renderBoard`` needs to draw, worked out from the state. */
export interface View {
  ids: string;
  layout: Layout;
  position: BoardPositionJSON | null;
  /** Which seat sits where (two seats: top and bottom; four: all four places). */
  places: Partial<Record<Place, Seat>>;
  names: Record<Seat, string>;
  /** The seat the user plays, if any (its texts are written to "you"). */
  you: Seat | null;
  /** The seat to move while the deal goes on. */
  mover: Seat | null;
  /** The seat to move has just played a double and moves again. */
  again: boolean;
  /** Draw the out stones face up. */
  revealOut: boolean;
  /** The seat that made the last move, when the page says. */
  lastSide: Seat | null;
  /** The suggested moves (legal ones only). */
  suggest: ParsedMove[];
  interactive: boolean;
  selectable: Set<string>;
  showLegal: boolean;
  selected: string | null;
  /** For the selected stone: where it may go, and the move string for each. */
  targets: Map<TargetKey, string>;
  cursor: Cursor | null;
  focused: boolean;
  lastMove: string | null;
  lastGrade: Grade | null;
  marks: Record<string, Grade>;
  drag: { stone: string; x: number; y: number; hover: TargetKey | null } | null;
  status: string;
}

export const GRADE_SYMBOL: Record<Grade, string> = {
  best: "\u2713",
  inaccuracy: "?!",
  mistake: "?",
  blunder: "??",
};

export function stoneId(ids: string, stone: string): string {
  return `${ids}-stone-${stone}`;
}

export function endId(ids: string, end: TargetKey): string {
  return `${ids}-end-${end}`;
}

// ---------------------------------------------------------------- primitives

const HW = HAND_W / 2;
const HH = HAND_H / 2;
const PIP_STEP = 9.4;
const PIP_R = 3.6;

function defs(ids: string): SVGDefsElement {
  return svg("defs", {}, [
    svg("linearGradient", { id: `${ids}-ivory`, x1: 0, y1: 0, x2: 1, y2: 1 }, [
      svg("stop", { offset: 0, "stop-color": "#fffdf6" }),
      svg("stop", { offset: 0.55, "stop-color": "#f6efdc" }),
      svg("stop", { offset: 1, "stop-color": "#e6dabd" }),
    ]),
    svg("radialGradient", { id: `${ids}-pip`, cx: 0.38, cy: 0.35, r: 0.7 }, [
      svg("stop", { offset: 0, "stop-color": "#4a4a4a" }),
      svg("stop", { offset: 1, "stop-color": "#111111" }),
    ]),
    svg("radialGradient", { id: `${ids}-felt`, cx: 0.5, cy: 0.45, r: 0.75 }, [
      // Coloured by board.css (a style attribute would break the site's Content-Security-Policy).
      svg("stop", { offset: 0, class: "odb-felt-light" }),
      svg("stop", { offset: 1, class: "odb-felt-dark" }),
    ]),
    svg("pattern", { id: `${ids}-hatch`, width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, [
      svg("rect", { width: 6, height: 6, fill: "rgba(24, 40, 32, 0.26)" }),
      svg("line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: "rgba(24, 40, 32, 0.28)", "stroke-width": 2 }),
    ]),
  ]);
}

function pips(ids: string, value: number, cy: number): SVGElement[] {
  const layout = PIP_LAYOUTS[value] ?? [];
  return layout.map(([dx, dy]) =>
    svg("circle", { class: "odb-pip", cx: r2(dx * PIP_STEP), cy: r2(cy + dy * PIP_STEP), r: PIP_R, fill: `url(#${ids}-pip)` }),
  );
}

/** An upright stone centred on the origin, ``top`` on its upper half. */
export function stoneFace(ids: string, top: number, bottom: number): SVGGElement {
  return svg("g", { class: "odb-face" }, [
    svg("rect", { class: "odb-shadow", x: -HW + 1.4, y: -HH + 2.6, width: HAND_W, height: HAND_H, rx: 6 }),
    svg("rect", { class: "odb-body", x: -HW, y: -HH, width: HAND_W, height: HAND_H, rx: 6, fill: `url(#${ids}-ivory)` }),
    svg("rect", { class: "odb-bevel", x: -HW + 2, y: -HH + 2, width: HAND_W - 4, height: HAND_H - 4, rx: 4.5 }),
    svg("line", { class: "odb-divider", x1: -HW + 6, y1: 0, x2: HW - 6, y2: 0 }),
    ...pips(ids, top, -HH / 2),
    ...pips(ids, bottom, HH / 2),
    svg("circle", { class: "odb-pin", r: 2.1 }),
  ]);
}

function lockBadge(): SVGGElement {
  return svg("g", { class: "odb-lock", "aria-hidden": "true" }, [
    svg("circle", { r: 10.5 }),
    svg("path", { class: "odb-lock-shackle", d: "M -3.6 -1.5 V -4.2 A 3.6 3.6 0 0 1 3.6 -4.2 V -1.5" }),
    svg("rect", { class: "odb-lock-body", x: -5.2, y: -1.8, width: 10.4, height: 7.6, rx: 1.4 }),
  ]);
}

function gradeBadge(grade: Grade, x: number, y: number, size = 1): SVGGElement {
  const title = svg("title");
  title.textContent = gradeLabel(grade);
  return svg("g", { class: `odb-grade odb-grade-${grade}`, transform: `translate(${r2(x)} ${r2(y)}) scale(${size})`, "data-grade": grade, role: "img", "aria-label": gradeLabel(grade) }, [
    title,
    svg("circle", { r: 10 }),
    text(GRADE_SYMBOL[grade], { y: 4, "text-anchor": "middle" }),
  ]);
}

// ---------------------------------------------------------------- hands

/** A hand stone's transform: at its slot (lifted towards the table when selected), crosswise and smaller on a side seat. */
function slotTransform(geometry: HandGeometry, at: { x: number; y: number }, lift: number): string {
  const x = at.x + geometry.lift.x * lift;
  const y = at.y + geometry.lift.y * lift;
  let out = `translate(${r2(x)} ${r2(y)})`;
  if (geometry.rotate) out += ` rotate(${geometry.rotate})`;
  if (geometry.scale !== 1) out += ` scale(${geometry.scale})`;
  return out;
}

function handStone(view: View, geometry: HandGeometry, side: Seat, row: "front" | "back", col: number): SVGGElement {
  const hand = handOf(view.position!, side);
  const at = geometry[row][col];
  const raw = hand[row][col];
  const slot = svg("g", {
    class: "odb-slot",
    "data-side": side,
    "data-row": row,
    "data-col": col,
  });
  if (raw === null || raw === undefined) {
    slot.classList.add("is-played");
    const empty = svg("g", { transform: slotTransform(geometry, at, 0), "aria-hidden": "true" }, [
      svg("rect", { class: "odb-empty", x: -HW, y: -HH, width: HAND_W, height: HAND_H, rx: 6 }),
    ]);
    slot.appendChild(empty);
    return slot;
  }
  const stone = normaliseStone(raw) ?? raw;
  const [a, b] = halves(stone);
  const covered = row === "back" && hand.front[col] !== null && hand.front[col] !== undefined;
  const selectable = side === view.mover && view.selectable.has(stone) && !covered;
  const selected = selectable && view.selected === stone;
  const isCursor = view.focused && view.cursor?.kind === "stone" && view.cursor.stone === stone && side === view.mover;
  const dragging = view.drag?.stone === stone && side === view.mover;
  const lift = selected ? 9 : 0;
  const params = { stone: stoneName(stone), column: col + 1 };
  const label =
    geometry.back.length === 0
      ? t("stone %(stone)s", params)
      : row === "front"
      ? t("stone %(stone)s, front row column %(column)s", params)
      : covered
        ? t("stone %(stone)s, back row column %(column)s, covered", params)
        : t("stone %(stone)s, back row column %(column)s", params);
  const g = svg("g", {
    id: side === view.mover ? stoneId(view.ids, stone) : `${view.ids}-stone-${stone}-${side}`,
    class: "odb-stone odb-hand-stone",
    transform: slotTransform(geometry, at, lift),
    "data-stone": stone,
    role: side === view.mover && view.interactive ? "button" : "img",
    "aria-label": label,
    "aria-disabled": side === view.mover && view.interactive ? String(!selectable) : null,
    "aria-pressed": selectable ? String(selected) : null,
  });
  if (covered) g.classList.add("is-covered");
  const suggested = !covered && side === view.position!.side && view.suggest.some((m) => m.stone === stone);
  if (suggested) g.classList.add("is-suggested");
  if (selectable) g.classList.add("is-selectable");
  if (selectable && view.showLegal) g.classList.add("is-hint");
  if (selected) g.classList.add("is-selected");
  if (isCursor) g.classList.add("is-cursor");
  if (dragging) g.classList.add("is-drag-source");
  if (selectable || selected) g.appendChild(svg("rect", { class: "odb-ring", x: -HW - 4, y: -HH - 4, width: HAND_W + 8, height: HAND_H + 8, rx: 9 }));
  if (suggested) g.appendChild(svg("rect", { class: "odb-suggest-ring", x: -HW - 6, y: -HH - 6, width: HAND_W + 12, height: HAND_H + 12, rx: 10 }));
  g.appendChild(stoneFace(view.ids, a, b));
  if (covered) {
    g.appendChild(svg("rect", { class: "odb-cover", x: -HW, y: -HH, width: HAND_W, height: HAND_H, rx: 6, fill: `url(#${view.ids}-hatch)` }));
    g.appendChild(lockBadge());
  }
  if (isCursor) g.appendChild(svg("rect", { class: "odb-cursor", x: -HW - 7, y: -HH - 7, width: HAND_W + 14, height: HAND_H + 14, rx: 11 }));
  slot.appendChild(g);
  return slot;
}

/** Whether a result's winner (a seat, or a team "A+C") is, or includes, ``seat``. */
export function wins(winner: string | null, seat: Seat): boolean {
  return winner !== null && winner.split("+").includes(seat);
}

function infoPanel(view: View, geometry: HandGeometry, place: Place, side: Seat): SVGGElement {
  const { info } = geometry;
  const hand = view.position?.hands[side];
  const toMove = view.mover === side;
  const lastPass = view.lastMove?.toLowerCase() === "pass" && view.position !== null;
  // Who passed: the seat the page names, else (two seats) the one not to move.
  const passed = lastPass && (view.lastSide !== null ? view.lastSide === side : seatsOf(view.position).length === 2 && view.position!.side !== side);
  const result = view.position?.result ?? null;
  const g = svg("g", { class: `odb-info odb-info-${place}`, "data-side": side });
  if (toMove) g.classList.add("is-to-move");
  const name = view.names[side];
  const pips = hand ? t("Pips: %(pips)s", { pips: hand.pips }) : "";
  const count = hand ? t("Stones: %(count)s", { count: hand.count }) : "";
  const chips: { cls: string; label: string }[] = [];
  if (toMove && view.again) chips.push({ cls: "odb-chip-turn odb-chip-again", label: t("moves again") });
  else if (toMove) chips.push({ cls: "odb-chip-turn", label: t("to move") });
  if (result && wins(result.winner, side)) chips.push({ cls: "odb-chip-win", label: t("winner") });
  if (passed) chips.push({ cls: "odb-chip-pass", label: t("passed") });
  if (toMove && view.suggest.some((m) => m.stone === null)) chips.push({ cls: "odb-chip-suggest", label: t("suggested: pass") });

  if (geometry.infoStyle === "column") {
    // A side seat: the name, the counts and the chips stacked above its column,
    // aligned to the board's edge so that a long name runs towards the table, not off the board.
    const right = place === "right";
    const anchor = right ? "end" : "start";
    const x = right ? info.x + info.w - 2 : info.x + 2;
    const small = view.layout.mode === "narrow";
    let y = info.y + (small ? 12 : 16);
    g.appendChild(text(name, { class: "odb-name odb-name-side", x, y, "text-anchor": anchor }));
    y += small ? 11 : 14;
    g.appendChild(text(small ? t("Stones: %(count)s", { count: hand?.count ?? 0 }) : `${pips}`, { class: "odb-stat odb-stat-side", x, y, "text-anchor": anchor }));
    if (!small) {
      y += 14;
      g.appendChild(text(count, { class: "odb-stat odb-stat-side", x, y, "text-anchor": anchor }));
    }
    y += 4;
    for (const chip of chips.slice(0, 2)) {
      g.appendChild(chipEl(chip.cls, chip.label, right ? x + 2 : x - 2, y, anchor));
      y += 25;
    }
    return g;
  }
  if (geometry.infoStyle === "beside") {
    const x = info.x + info.w;
    // A one-row tray is lower: the same lines, closer together.
    const compact = info.h < 120;
    let y = info.y + (compact ? 22 : 46);
    g.appendChild(text(name, { class: "odb-name", x, y, "text-anchor": "end" }));
    y += compact ? 20 : 26;
    g.appendChild(text(pips, { class: "odb-stat", x, y, "text-anchor": "end" }));
    y += compact ? 17 : 20;
    g.appendChild(text(count, { class: "odb-stat", x, y, "text-anchor": "end" }));
    y += compact ? 8 : 16;
    for (const chip of chips) {
      g.appendChild(chipEl(chip.cls, chip.label, x, y, "end"));
      if (chip.cls === "odb-chip-pass" && view.lastGrade) g.appendChild(gradeBadge(view.lastGrade, x - chipWidth(chip.label) - 14, y + 11, 0.85));
      y += compact ? 25 : 28;
    }
  } else {
    const y = info.y + info.h / 2 + 5;
    g.appendChild(text(name, { class: "odb-name", x: info.x + 2, y }));
    // The name is 20px bold (about 13 units a letter): the chips start after it.
    let x = info.x + 2 + Math.max(18, name.length * 13) + 8;
    for (const chip of chips) {
      g.appendChild(chipEl(chip.cls, chip.label, x, y - 16, "start"));
      x += chipWidth(chip.label) + 6;
      if (chip.cls === "odb-chip-pass" && view.lastGrade) {
        g.appendChild(gradeBadge(view.lastGrade, x + 8, y - 5, 0.8));
        x += 22;
      }
    }
    const right = info.x + info.w - 2;
    const room = right - (x + 4);
    const oneLine = `${pips}   ${count}`;
    if (statWidth(oneLine, STAT_FONT) <= room) {
      g.appendChild(text(oneLine, { class: "odb-stat", x: right, y, "text-anchor": "end" }));
    } else {
      // No room beside the name and the chips (a long name, a long translation):
      // the counts on two smaller lines, squeezed into the room if still too long.
      [pips, count].forEach((line, i) => {
        const attrs: Record<string, string | number> = { class: "odb-stat odb-stat-tight", x: right, y: y - 6 + i * 11, "text-anchor": "end" };
        if (statWidth(line, TIGHT_STAT_FONT) > room) Object.assign(attrs, { textLength: r2(Math.max(room, 20)), lengthAdjust: "spacingAndGlyphs" });
        g.appendChild(text(line, attrs));
      });
    }
  }
  return g;
}

/** The font sizes of the counts (board.css: .odb-stat, .odb-stat-tight), in viewBox units. */
const STAT_FONT = 13;
const TIGHT_STAT_FONT = 10;

/** About how wide a line of counts is drawn at a font size (a letter is about 0.56 of the size). */
function statWidth(line: string, font: number): number {
  return line.length * font * 0.56;
}

function chipWidth(label: string): number {
  return label.length * 6.6 + 18;
}

function chipEl(cls: string, label: string, x: number, y: number, anchor: "start" | "end"): SVGGElement {
  const w = chipWidth(label);
  const x0 = anchor === "end" ? x - w : x;
  return svg("g", { class: `odb-chip ${cls}` }, [
    svg("rect", { x: r2(x0), y: r2(y), width: r2(w), height: 22, rx: 11 }),
    text(label, { x: r2(x0 + w / 2), y: r2(y + 15), "text-anchor": "middle" }),
  ]);
}

// ---------------------------------------------------------------- out stones

/** The back of an upright stone centred on the origin: a stone lying face down. */
export function stoneBack(): SVGGElement {
  return svg("g", { class: "odb-back" }, [
    svg("rect", { class: "odb-shadow", x: -HW + 1.4, y: -HH + 2.6, width: HAND_W, height: HAND_H, rx: 6 }),
    svg("rect", { class: "odb-back-body", x: -HW, y: -HH, width: HAND_W, height: HAND_H, rx: 6 }),
    svg("rect", { class: "odb-back-inlay", x: -HW + 6, y: -HH + 6, width: HAND_W - 12, height: HAND_H - 12, rx: 4 }),
  ]);
}

/**
 * The stones out of play: face down (only their number is known to the
 * players of a closed game), or face up for open analysis.
 */
function outStones(view: View): SVGGElement | null {
  const geometry = view.layout.out;
  const out = view.position?.out ?? [];
  if (!geometry || out.length === 0) return null;
  const caption = view.revealOut
    ? tn("%(count)s stone out of play", "%(count)s stones out of play", out.length)
    : tn("%(count)s stone out of play, face down", "%(count)s stones out of play, face down", out.length);
  const g = svg("g", { class: "odb-out", "data-count": out.length, role: "group", "aria-label": caption });
  if (view.revealOut) g.classList.add("is-revealed");
  g.appendChild(text(caption, { class: "odb-out-caption", x: r2(geometry.caption.x), y: r2(geometry.caption.y), "text-anchor": "middle" }));
  const k = geometry.w / HAND_W;
  out.forEach((raw, i) => {
    const at = geometry.stones[i];
    if (!at) return;
    const stone = normaliseStone(raw) ?? raw;
    const item = svg("g", {
      class: "odb-out-stone",
      transform: `translate(${r2(at.x)} ${r2(at.y)}) scale(${r2(k * 1000) / 1000})`,
      "data-stone": view.revealOut ? stone : null,
    });
    if (view.revealOut) {
      const [a, b] = halves(stone);
      item.appendChild(stoneFace(view.ids, a, b));
    } else {
      item.classList.add("is-face-down");
      item.appendChild(stoneBack());
    }
    g.appendChild(item);
  });
  return g;
}

// ---------------------------------------------------------------- table

function lineStone(view: View, item: LineItem, stone: string, isLast: boolean): SVGGElement {
  const s = view.layout.lineS;
  const [a, b] = halves(stone);
  const k = s / HAND_W;
  const rotate = item.upright ? "" : " rotate(-90)";
  const g = svg("g", {
    class: "odb-stone odb-line-stone",
    "data-index": item.index,
    "data-stone": normaliseStone(stone) ?? stone,
    "data-row": item.row,
  });
  if (isLast) {
    g.classList.add("is-last");
    g.appendChild(
      svg("rect", { class: "odb-last-ring", x: r2(item.cx - item.w / 2 - 4), y: r2(item.cy - item.h / 2 - 4), width: item.w + 8, height: item.h + 8, rx: 7 }),
    );
  }
  const face = svg("g", { transform: `translate(${r2(item.cx)} ${r2(item.cy)})${rotate} scale(${r2(k * 1000) / 1000})` }, [stoneFace(view.ids, a, b)]);
  g.appendChild(face);
  if (isLast && view.lastGrade) g.appendChild(gradeBadge(view.lastGrade, item.cx + item.w / 2, item.cy - item.h / 2, 0.9));
  return g;
}

function endMarker(view: View, item: LineItem): SVGGElement {
  const key: TargetKey = item.kind === "open" ? "open" : item.end!;
  const ends = view.position?.ends ?? null;
  const value = key === "L" ? ends?.[0] : key === "R" ? ends?.[1] : undefined;
  const move = view.targets.get(key);
  const label =
    key === "L"
      ? t("left end, showing %(value)s", { value: value ?? "" })
      : key === "R"
        ? t("right end, showing %(value)s", { value: value ?? "" })
        : t("the empty table: place the opening stone here");
  const g = svg("g", {
    id: endId(view.ids, key),
    class: `odb-end odb-end-${key}`,
    "data-end": key,
    "data-row": item.row,
    role: view.interactive ? "button" : "img",
    "aria-label": label,
    "aria-disabled": view.interactive ? String(move === undefined) : null,
  });
  if (move !== undefined) g.classList.add("is-target");
  if (view.drag?.hover === key) g.classList.add("is-hover");
  const isCursor = view.focused && view.cursor?.kind === "end" && view.cursor.end === key;
  if (isCursor) g.classList.add("is-cursor");
  const x = item.cx - item.w / 2;
  const y = item.cy - item.h / 2;
  if (key === "open") {
    g.appendChild(svg("rect", { class: "odb-end-slot", x: r2(x), y: r2(y), width: item.w, height: item.h, rx: 8 }));
    g.appendChild(text(t("Opening stone"), { class: "odb-end-caption", x: r2(item.cx), y: r2(item.cy + 4.5), "text-anchor": "middle" }));
  } else {
    g.appendChild(svg("rect", { class: "odb-end-slot", x: r2(x), y: r2(y), width: item.w, height: item.h, rx: 6 }));
    const arrowX = key === "L" ? x + 9 : x + item.w - 9;
    const arrow = key === "L" ? `M ${r2(arrowX + 3)} ${r2(item.cy - 5)} L ${r2(arrowX - 3)} ${r2(item.cy)} L ${r2(arrowX + 3)} ${r2(item.cy + 5)}` : `M ${r2(arrowX - 3)} ${r2(item.cy - 5)} L ${r2(arrowX + 3)} ${r2(item.cy)} L ${r2(arrowX - 3)} ${r2(item.cy + 5)}`;
    g.appendChild(svg("path", { class: "odb-end-arrow", d: arrow, "aria-hidden": "true" }));
    g.appendChild(svg("circle", { class: "odb-end-badge", cx: r2(item.cx + (key === "L" ? 4 : -4)), cy: r2(item.cy), r: item.h * 0.36 }));
    g.appendChild(
      text(String(value ?? ""), { class: "odb-end-value", x: r2(item.cx + (key === "L" ? 4 : -4)), y: r2(item.cy + item.h * 0.16), "text-anchor": "middle" }),
    );
  }
  if (isCursor) {
    g.appendChild(svg("rect", { class: "odb-cursor", x: r2(x - 5), y: r2(y - 5), width: item.w + 10, height: item.h + 10, rx: 9 }));
  }
  const grade = move !== undefined ? view.marks[move] : undefined;
  if (grade) g.appendChild(gradeBadge(grade, item.cx + item.w / 2, item.cy - item.h / 2, 0.8));
  return g;
}

/**
 * A suggested move drawn faintly where it would go: under the end marker (whose
 * number shows through), its matching half towards the line (or, to open, on the empty table).  When
 * both ends show the same number the move is drawn at the left end.
 */
function suggestionGhost(view: View, item: LineItem, move: ParsedMove): SVGGElement | null {
  if (!move.stone) return null;
  const key: TargetKey = item.kind === "open" ? "open" : item.end!;
  if ((move.end ?? "open") !== key) return null;
  const ends = view.position?.ends ?? null;
  let [a, b] = halves(move.stone);
  if (key !== "open" && ends) {
    const shown = key === "L" ? ends[0] : ends[1];
    const other = a === shown ? b : a;
    // Drawn crosswise, the upper half of the upright face goes to the left.
    [a, b] = key === "L" ? [other, shown] : [shown, other];
  }
  const s = view.layout.lineS;
  const double = a === b;
  const rotate = double ? "" : " rotate(-90)";
  return svg("g", { class: "odb-suggest", "data-suggest": move.raw, "aria-hidden": "true" }, [
    svg("g", { transform: `translate(${r2(item.cx)} ${r2(item.cy)})${rotate} scale(${r2((s / HAND_W) * 1000) / 1000})` }, [stoneFace(view.ids, a, b)]),
  ]);
}

function table(view: View): SVGGElement {
  const { layout } = view;
  const { table: box } = layout;
  const g = svg("g", { class: "odb-table" });
  g.appendChild(svg("rect", { class: "odb-table-felt", x: box.x, y: box.y, width: box.w, height: box.h, rx: 12 }));
  g.appendChild(svg("rect", { class: "odb-table-edge", x: box.x + 5, y: box.y + 5, width: box.w - 10, height: box.h - 10, rx: 9 }));
  const line = view.position?.line ?? [];
  const lastStone = view.lastMove ? normaliseStone(view.lastMove.trim().slice(0, 2)) : null;
  let lastIndex: number | null = null;
  if (lastStone) {
    const index = line.findIndex((s) => normaliseStone(s) === lastStone);
    if (index >= 0) lastIndex = index;
  }
  const lineGroup = svg("g", {
    class: "odb-line",
    role: "list",
    "aria-label": line.length ? t("Line of play, from the left end to the right end") : t("The table is empty"),
  });
  // Continuation marks where the line wraps onto the next row.
  layout.rows.forEach((row, i) => {
    if (i === layout.rows.length - 1) return;
    const next = layout.rows[i + 1];
    g.appendChild(svg("path", { class: "odb-wrap", d: `M ${r2(row.x1 + 5)} ${r2(row.cy - 4)} l 4 4 l -4 4`, "aria-hidden": "true" }));
    g.appendChild(svg("path", { class: "odb-wrap", d: `M ${r2(next.x0 - 10)} ${r2(next.cy - 4)} l 4 4 l -4 4`, "aria-hidden": "true" }));
  });
  for (const item of layout.items) {
    if (item.kind === "stone") {
      const stone = line[item.index!];
      const el = lineStone(view, item, stone, item.index === lastIndex);
      el.setAttribute("role", "listitem");
      el.setAttribute("aria-label", t("stone %(stone)s on the table", { stone: stoneName(stone) }));
      lineGroup.appendChild(el);
    }
  }
  g.appendChild(lineGroup);
  // The suggested moves go under the end markers, so that each end's number stays readable over its ghost.
  const shown = new Set<string>();
  for (const item of layout.items) {
    if (item.kind === "stone") continue;
    for (const move of view.suggest) {
      // Both ends showing the same number: one move, drawn once.
      const same = !!view.position?.ends && view.position.ends[0] === view.position.ends[1];
      const at = same && move.end === "R" ? { ...move, end: "L" as const } : move;
      if (shown.has(`${at.stone}${at.end}`)) continue;
      const ghost = suggestionGhost(view, item, at);
      if (ghost) {
        shown.add(`${at.stone}${at.end}`);
        g.appendChild(ghost);
      }
    }
  }
  const endsGroup = svg("g", { class: "odb-ends" });
  for (const item of layout.items) if (item.kind !== "stone") endsGroup.appendChild(endMarker(view, item));
  g.appendChild(endsGroup);
  const out = outStones(view);
  if (out) g.appendChild(out);
  if (view.status) g.appendChild(statusLine(view.status, layout.status.x, layout.status.y, box.w - 28, layout.mode, !!view.position?.over));
  return g;
}

/** The status line under the line of play, broken in two when it is too long for the table. */
function statusLine(message: string, x: number, y: number, room: number, mode: Layout["mode"], framed: boolean): SVGGElement {
  const charWidth = (mode === "narrow" ? 13 : 14) * 0.56;
  let lines = [message];
  if (message.length * charWidth + (framed ? 36 : 0) > room) {
    const words = message.split(" ");
    let best = 1;
    for (let i = 1; i < words.length; i++) {
      const a = words.slice(0, i).join(" ").length;
      const b = words.slice(i).join(" ").length;
      const bestA = words.slice(0, best).join(" ").length;
      const bestB = words.slice(best).join(" ").length;
      if (Math.max(a, b) < Math.max(bestA, bestB)) best = i;
    }
    lines = [words.slice(0, best).join(" "), words.slice(best).join(" ")];
  }
  const g = svg("g", { class: "odb-status-line" });
  const lineHeight = 16;
  const longest = Math.max(...lines.map((l) => l.length));
  if (framed) {
    const w = Math.min(room, longest * charWidth + 36);
    const h = 12 + lines.length * lineHeight;
    g.appendChild(svg("rect", { class: "odb-result", x: r2(x - w / 2), y: r2(y - h / 2), width: r2(w), height: h, rx: Math.min(14, h / 2) }));
  }
  const label = text("", { class: "odb-status", x, y: r2(y + 5 - ((lines.length - 1) * lineHeight) / 2), "text-anchor": "middle" });
  lines.forEach((line, i) => {
    const span = svg("tspan", { x, dy: i === 0 ? 0 : lineHeight });
    span.textContent = line;
    label.appendChild(span);
  });
  g.appendChild(label);
  return g;
}

// ---------------------------------------------------------------- board

/**
 * The result of a finished deal, for the status line.  With ``you`` (the side
 * the user plays) each case has its own sentence: "You go out…", "The solver
 * goes out…"; without it the players are named.
 */
export function resultText(position: BoardPositionJSON, names: Partial<Record<Seat, string>>, you: Seat | null = null): string {
  const result = position.result;
  if (!result) return t("The deal is over.");
  if (result.winner === null) return t("Blocked: the deal is a draw.");
  const points = result.points;
  const domino = result.reason === "domino";
  if (result.winner.includes("+")) {
    // Four seats: a team wins (the seat that went out, or the team with fewer pips).
    if (you !== null && wins(result.winner, you)) {
      return domino
        ? tn("Your team goes out and scores %(count)s point.", "Your team goes out and scores %(count)s points.", points)
        : tn("Blocked: your team has fewer pips and scores %(count)s point.", "Blocked: your team has fewer pips and scores %(count)s points.", points);
    }
    if (you !== null) {
      return domino
        ? tn("The other team goes out and scores %(count)s point.", "The other team goes out and scores %(count)s points.", points)
        : tn("Blocked: the other team has fewer pips and scores %(count)s point.", "Blocked: the other team has fewer pips and scores %(count)s points.", points);
    }
    const params = { team: result.winner };
    return domino
      ? tn("Team %(team)s goes out and scores %(count)s point.", "Team %(team)s goes out and scores %(count)s points.", points, params)
      : tn("Blocked: team %(team)s has fewer pips and scores %(count)s point.", "Blocked: team %(team)s has fewer pips and scores %(count)s points.", points, params);
  }
  if (you !== null && result.winner === you) {
    return domino
      ? tn("You go out and score %(count)s point.", "You go out and score %(count)s points.", points)
      : tn("Blocked: you have fewer pips and score %(count)s point.", "Blocked: you have fewer pips and score %(count)s points.", points);
  }
  if (you !== null) {
    return domino
      ? tn("The solver goes out and scores %(count)s point.", "The solver goes out and scores %(count)s points.", points)
      : tn("Blocked: the solver has fewer pips and scores %(count)s point.", "Blocked: the solver has fewer pips and scores %(count)s points.", points);
  }
  const params = { player: names[result.winner as Seat] || result.winner };
  return domino
    ? tn("%(player)s goes out and scores %(count)s point.", "%(player)s goes out and scores %(count)s points.", points, params)
    : tn("Blocked: %(player)s has fewer pips and scores %(count)s point.", "Blocked: %(player)s has fewer pips and scores %(count)s points.", points, params);
}

export function renderBoard(root: SVGSVGElement, view: View): void {
  const { layout } = view;
  root.setAttribute("viewBox", `0 0 ${layout.width} ${layout.height}`);
  root.replaceChildren();
  root.appendChild(defs(view.ids));
  root.appendChild(svg("rect", { class: "odb-bg", x: 0, y: 0, width: layout.width, height: layout.height, rx: 16, fill: `url(#${view.ids}-felt)` }));
  root.appendChild(table(view));
  if (view.position) {
    const partner = view.you !== null ? partnerOf(view.position, view.you) : null;
    for (const place of ["top", "left", "right", "bottom"] as const) {
      const side = view.places[place];
      const geometry = layout.hands[place];
      if (!side || !geometry) continue;
      const stones = handOf(view.position, side);
      const label =
        side === view.you
          ? t("Your stones")
          : side === partner
            ? t("Your partner's stones (%(player)s)", { player: view.names[side] })
            : t("%(player)s's stones", { player: view.names[side] });
      const hand = svg("g", {
        class: `odb-hand odb-hand-${place}`,
        "data-side": side,
        "data-place": place,
        "data-layout": geometry.back.length ? "rows" : "hand",
        role: "group",
        "aria-label": label,
      });
      if (view.mover === side) hand.classList.add("is-to-move");
      hand.appendChild(svg("rect", { class: "odb-tray", x: r2(geometry.tray.x), y: r2(geometry.tray.y), width: r2(geometry.tray.w), height: r2(geometry.tray.h), rx: 12 }));
      // Back row first so that a lifted front stone is drawn over it.
      const rows = geometry.back.length ? (["back", "front"] as const) : (["front"] as const);
      for (const row of rows) {
        const slots = Math.min(geometry[row].length, Math.max(stones[row].length, 7));
        for (let col = 0; col < slots; col++) hand.appendChild(handStone(view, geometry, side, row, col));
      }
      root.appendChild(hand);
      root.appendChild(infoPanel(view, geometry, place, side));
    }
  }
  if (view.drag) {
    const [a, b] = halves(view.drag.stone);
    root.appendChild(svg("g", { class: "odb-ghost", transform: `translate(${r2(view.drag.x)} ${r2(view.drag.y)})`, "aria-hidden": "true" }, [stoneFace(view.ids, a, b)]));
  }
}

// ---------------------------------------------------------------- view and DOM

function names(state: State): Record<Seat, string> {
  const { names } = state.settings;
  return { A: names.A || "A", B: names.B || "B", C: names.C || "C", D: names.D || "D" };
}

/** The status line under the line of play: the result, or who moves and what to do. */
export function statusText(state: State): string {
  const position = state.settings.position;
  if (!position) return "";
  const players = names(state);
  const you = state.settings.you;
  if (position.over) return resultText(position, players, you);
  const side = mover(state);
  if (!side) return "";
  if (state.notice) return state.notice;
  const again = movesAgain(state);
  if (state.selected) {
    const stone = stoneName(state.selected);
    return selectedMoves(state).size === 1
      ? t("Pick %(stone)s again to play it.", { stone })
      : t("Choose an end for %(stone)s.", { stone });
  }
  if (passOnly(state)) return "";
  if (again) {
    if (side === you) return t("You played a double: move again.");
    return t("Double: %(player)s moves again.", { player: players[side] });
  }
  if (side === you) return canMove(state) ? t("Your move: select a stone.") : t("Your move.");
  const partner = you !== null ? partnerOf(position, you) : null;
  if (side === partner) return t("Your partner is to move.");
  if (you !== null) return t("The solver is to move.");
  if (canMove(state)) return t("%(player)s to move: select a stone.", { player: players[side] });
  return t("%(player)s to move.", { player: players[side] });
}

export function viewOf(state: State): View {
  const { position, orientation } = state.settings;
  const places = placesOf(position, orientation);
  const press = state.press;
  return {
    ids: state.ids,
    layout: state.layout,
    position,
    places,
    names: names(state),
    you: state.settings.you,
    mover: mover(state),
    again: movesAgain(state),
    revealOut: state.settings.revealOut,
    lastSide: state.settings.lastSide,
    suggest: suggestions(state),
    interactive: canMove(state),
    selectable: new Set(selectable(state)),
    showLegal: state.settings.showLegal,
    selected: state.selected,
    targets: targets(state, state.selected),
    cursor: state.cursor,
    focused: state.focused && state.keyboard,
    lastMove: state.settings.lastMove,
    lastGrade: lastGrade(state),
    marks: state.settings.marks,
    drag: press?.dragging ? { stone: press.stone, x: press.x, y: press.y, hover: press.hover } : null,
    status: statusText(state),
  };
}

/** The board's elements. */
export interface BoardDom {
  /** The focusable wrapper holding the SVG, the pass button and the live region. */
  root: HTMLDivElement;
  svg: SVGSVGElement;
  passButton: HTMLButtonElement;
  /** Where the board says what just happened, for screen readers. */
  live: HTMLDivElement;
}

/** Builds the board's elements inside ``element``. */
export function createDom(element: HTMLElement): BoardDom {
  const root = el("div", {
    class: "odb",
    tabindex: "0",
    role: "application",
    "aria-roledescription": t("domino board"),
    "aria-label": t("Domino board"),
  });
  const svgRoot = svg("svg", { class: "odb-svg", preserveAspectRatio: "xMidYMid meet", focusable: "false" });
  const passButton = el("button", { type: "button", class: "odb-pass" }, t("Pass"));
  passButton.hidden = true;
  const live = el("div", { class: "odb-live", "aria-live": "polite", role: "status" });
  root.append(svgRoot, passButton, live);
  element.appendChild(root);
  return { root, svg: svgRoot, passButton, live };
}

/** The layout mode the settings and the board's width call for. */
export function layoutMode(dom: BoardDom, state: State): LayoutMode {
  return chooseMode(state.settings.layout, dom.root.clientWidth);
}

/** The least height (CSS pixels) the narrow board is shrunk to so as to fit the screen. */
const MIN_FIT_HEIGHT = 320;

/**
 * On a narrow screen the whole board (both hands and the line) should be in
 * the first screen: when the board is taller than the room left under its top
 * edge, it is drawn smaller (width and height alike, down to
 * ``MIN_FIT_HEIGHT``).  A wide board is left as it is, unless the page asks
 * for it to fit the screen too (``--odb-fit: screen`` on the board or a
 * parent, as the puzzle pages do: the player solves from the whole position).
 */
function fitHeight(dom: BoardDom, state: State): void {
  const svgStyle = dom.svg.style;
  svgStyle.maxWidth = "";
  if (typeof window === "undefined" || !window.innerHeight) return;
  if (state.mode !== "narrow" && !fitsScreenWhenWide(dom.root)) return;
  const top = dom.root.getBoundingClientRect().top + (window.scrollY || 0);
  const room = Math.max(window.innerHeight - top - 6, MIN_FIT_HEIGHT);
  const width = dom.root.clientWidth;
  if (!width) return;
  const height = (width * state.layout.height) / state.layout.width;
  if (height > room) svgStyle.maxWidth = `${Math.floor((room * state.layout.width) / state.layout.height)}px`;
}

/** Whether the page asks the wide board to fit the screen (``--odb-fit: screen``). */
function fitsScreenWhenWide(root: HTMLElement): boolean {
  return typeof getComputedStyle === "function" && getComputedStyle(root).getPropertyValue("--odb-fit").trim() === "screen";
}

/** Draws the state: lays the board out, redraws the SVG, places the pass button, marks the cursor. */
export function draw(dom: BoardDom, state: State): void {
  state.mode = layoutMode(dom, state);
  state.layout = computeLayout(state.mode, state.settings.position?.line ?? [], shapeOf(state.settings.position));
  renderBoard(dom.svg, viewOf(state));
  fitHeight(dom, state);
  // A page often fills in what stands above the board right after drawing it
  // (a header, a status line): fit again once that is laid out.
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => fitHeight(dom, state));
  const passing = passOnly(state);
  dom.passButton.hidden = !passing;
  if (passing) {
    dom.passButton.style.left = "50%";
    dom.passButton.style.top = `${(state.layout.status.y / state.layout.height) * 100}%`;
  }
  const cursor = state.cursor;
  const cursorId =
    state.focused && cursor ? (cursor.kind === "stone" ? stoneId(state.ids, cursor.stone) : endId(state.ids, cursor.end)) : null;
  if (cursorId) dom.root.setAttribute("aria-activedescendant", cursorId);
  else dom.root.removeAttribute("aria-activedescendant");
  dom.root.classList.toggle("is-interactive", canMove(state));
  dom.root.classList.toggle("is-dragging", state.press?.dragging === true);
  dom.root.classList.toggle("is-narrow", state.mode === "narrow");
}
