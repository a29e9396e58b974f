/**
 * Drawing: the SVG drawn from the view (``renderBoard``): the hands with
 * their info panels, the out stones, and the table with the line of play,
 * its open ends and the status line.
 */

import { t, tn } from "../shared/i18n";
import { HAND_H, HAND_W, type HandGeometry, type Layout, type LineItem, type Place } from "./layout";
import { halves, normaliseStone, type ParsedMove, stoneName } from "./notation";
import { defs, endId, gradeBadge, HH, HW, lockBadge, stoneBack, stoneFace, stoneId } from "./pieces";
import { handOf, partnerOf, seatsOf, type TargetKey } from "./state";
import { r2, svg, text } from "./svg";
import type { Seat } from "./types";
import { type View, wins } from "./view";

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
    const right = info.x + info.w - 2;
    const oneLine = `${pips}   ${count}`;
    // The counts and the chips keep their size: a name too long for the room
    // they leave is drawn smaller (and, past that, narrower) instead.
    const chipsW = chips.reduce((w, chip) => w + chipWidth(chip.label) + 6 + (chip.cls === "odb-chip-pass" && view.lastGrade ? 22 : 0), 0);
    const statsW = Math.min(statWidth(oneLine, STAT_FONT), Math.max(statWidth(pips, TIGHT_STAT_FONT), statWidth(count, TIGHT_STAT_FONT)));
    const nameEl = text(name, { class: "odb-name", x: info.x + 2, y });
    g.appendChild(nameEl);
    let x = info.x + 2 + fitName(nameEl, name, right - (info.x + 2) - 8 - chipsW - 4 - statsW) + 8;
    for (const chip of chips) {
      g.appendChild(chipEl(chip.cls, chip.label, x, y - 16, "start"));
      x += chipWidth(chip.label) + 6;
      if (chip.cls === "odb-chip-pass" && view.lastGrade) {
        g.appendChild(gradeBadge(view.lastGrade, x + 8, y - 5, 0.8));
        x += 22;
      }
    }
    const room = right - (x + 4);
    if (statWidth(oneLine, STAT_FONT) <= room) {
      g.appendChild(text(oneLine, { class: "odb-stat", x: right, y, "text-anchor": "end" }));
    } else {
      // No room beside the name and the chips (a long name, a long translation):
      // the counts on two smaller lines, squeezed into the room if still too long.
      [pips, count].forEach((line, i) => {
        const attrs: Record<string, string | number> = { class: "odb-stat odb-stat-tight", x: right, y: y - 6 + i * 11, "text-anchor": "end" };
        if (statWidth(line, TIGHT_STAT_FONT) > room + 0.5) Object.assign(attrs, { textLength: r2(Math.max(room, 20)), lengthAdjust: "spacingAndGlyphs" });
        g.appendChild(text(line, attrs));
      });
    }
  }
  return g;
}

/** The font sizes of the counts (board.css: .odb-stat, .odb-stat-tight), in viewBox units. */
const STAT_FONT = 13;

const TIGHT_STAT_FONT = 10;

/** The name's font size in a strip (board.css: .odb-name), and the least it is drawn at to fit, in viewBox units. */
const NAME_FONT = 20;
const NAME_MIN_FONT = 13;

/**
 * Fits a strip's name into ``room``: smaller (down to ``NAME_MIN_FONT``),
 * then narrower, when its natural width (about 0.65 of the size a letter,
 * bold) is more than the room; returns the width it is drawn at.
 */
function fitName(node: SVGTextElement, name: string, room: number): number {
  const natural = Math.max(18, name.length * NAME_FONT * 0.65);
  if (natural <= room || room <= 0) return natural;
  const size = Math.max(NAME_MIN_FONT, (NAME_FONT * room) / natural);
  node.style.fontSize = `${r2(size)}px`;
  const drawn = (natural * size) / NAME_FONT;
  if (room < 40) return drawn; // (chips fill the strip: the counts give way, as before)
  if (drawn <= room + 0.5) return Math.min(drawn, room);
  node.setAttribute("textLength", String(r2(room)));
  node.setAttribute("lengthAdjust", "spacingAndGlyphs");
  return room;
}

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
