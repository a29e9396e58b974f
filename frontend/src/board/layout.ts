/**
 * Geometry, in viewBox units: where each hand slot, the table, the stones of
 * the line and the two ends go.  Pure functions of the layout mode and the line.
 */

export type LayoutMode = "wide" | "narrow";
export type Place = "top" | "bottom";

export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A hand stone, upright. */
export const HAND_W = 38;
export const HAND_H = 76;
const COL_GAP = 10;
const ROW_GAP = 8;
const TRAY_PAD = 10;
const HANDS_W = 7 * HAND_W + 6 * COL_GAP;
const TRAY_W = HANDS_W + 2 * TRAY_PAD;
const TRAY_H = 2 * HAND_H + ROW_GAP + 2 * TRAY_PAD;

/** Width below which (in CSS pixels) the narrow layout is used. */
export const NARROW_BELOW = 600;

/** The layout for the ``layout`` setting: "auto" picks by the element's width (0: not laid out yet, so wide). */
export function chooseMode(setting: LayoutMode | "auto", width: number): LayoutMode {
  if (setting !== "auto") return setting;
  return width > 0 && width < NARROW_BELOW ? "narrow" : "wide";
}

export interface HandGeometry {
  tray: Rect;
  /** Where the player's name and counts go. */
  info: Rect;
  /** Slot centres, columns 0..6. */
  front: Point[];
  back: Point[];
  /** The direction towards the table (-1: up, +1: down), to lift a selected stone. */
  towardsTable: -1 | 1;
}

export type LineItemKind = "stone" | "end" | "open";

export interface LineItem {
  kind: LineItemKind;
  /** Index into ``line`` for a stone. */
  index?: number;
  /** Which end, for an end marker. */
  end?: "L" | "R";
  /** Drawn crosswise (a double, upright). */
  upright: boolean;
  cx: number;
  cy: number;
  w: number;
  h: number;
  row: number;
}

export interface LineRow {
  x0: number;
  x1: number;
  cy: number;
}

export interface Layout {
  mode: LayoutMode;
  width: number;
  height: number;
  hands: Record<Place, HandGeometry>;
  table: Rect;
  /** The half-size of a stone on the table (a stone on the table is 2s by s). */
  lineS: number;
  items: LineItem[];
  rows: LineRow[];
  /** The centre of the status line under the line of play (result, pass button). */
  status: Point;
}

const INFO_W = 150;
const INFO_GAP = 18;
const WIDTH: Record<LayoutMode, number> = { wide: 820, narrow: 370 };
const LINE_S: Record<LayoutMode, number> = { wide: 30, narrow: 26 };
const STONE_GAP = 2;
const END_GAP = 8;
const ROW_PITCH_EXTRA = 14;
const TABLE_PAD_X = 24;
const TABLE_PAD_TOP = 20;
const STATUS_H = 34;

function isDouble(stone: string): boolean {
  return stone.length >= 2 && stone[0] === stone[1];
}

/** Lays the line out left to right, wrapping onto further rows, with an end marker at each end. */
export function flowLine(line: string[], innerX: number, innerW: number, top: number, s: number) {
  type Raw = Omit<LineItem, "cx" | "cy" | "row">;
  const raw: Raw[] = [];
  if (line.length === 0) {
    raw.push({ kind: "open", upright: false, w: 4 * s, h: 2 * s });
  } else {
    raw.push({ kind: "end", end: "L", upright: false, w: 2 * s, h: s });
    line.forEach((stone, index) => {
      const upright = isDouble(stone);
      raw.push({ kind: "stone", index, upright, w: upright ? s : 2 * s, h: upright ? 2 * s : s });
    });
    raw.push({ kind: "end", end: "R", upright: false, w: 2 * s, h: s });
  }
  // Greedy wrap: a new row when the next item would not fit.  An end marker
  // never starts or ends a row on its own: the left marker goes with the
  // first stone and the right marker with the last, so each end stays beside
  // the stone it continues.
  const units: Raw[][] = [];
  raw.forEach((item, i) => {
    const glueToPrevious = item.kind === "end" && item.end === "R" && i > 0;
    const afterLeftEnd = i === 1 && raw[0].kind === "end";
    if ((glueToPrevious || afterLeftEnd) && units.length) units[units.length - 1].push(item);
    else units.push([item]);
  });
  const gapBetween = (prev: Raw | undefined, item: Raw) =>
    prev ? (prev.kind === "stone" && item.kind === "stone" ? STONE_GAP : END_GAP) : 0;
  const unitWidth = (unit: Raw[]) => unit.reduce((w, item, i) => w + gapBetween(unit[i - 1], item) + item.w, 0);
  const rowsOfItems: Raw[][] = [[]];
  let used = 0;
  for (const unit of units) {
    const row = rowsOfItems[rowsOfItems.length - 1];
    const prev = row[row.length - 1];
    const width = unitWidth(unit);
    const gap = gapBetween(prev, unit[0]);
    if (prev && used + gap + width > innerW) {
      rowsOfItems.push([...unit]);
      used = width;
    } else {
      row.push(...unit);
      used += gap + width;
    }
  }
  const pitch = 2 * s + ROW_PITCH_EXTRA;
  const items: LineItem[] = [];
  const rows: LineRow[] = [];
  rowsOfItems.forEach((row, r) => {
    let width = 0;
    row.forEach((item, i) => {
      const prev = row[i - 1];
      width += (prev ? (prev.kind === "stone" && item.kind === "stone" ? STONE_GAP : END_GAP) : 0) + item.w;
    });
    let x = innerX + (innerW - width) / 2;
    const cy = top + r * pitch + s;
    rows.push({ x0: x, x1: x + width, cy });
    row.forEach((item, i) => {
      const prev = row[i - 1];
      if (prev) x += prev.kind === "stone" && item.kind === "stone" ? STONE_GAP : END_GAP;
      items.push({ ...item, cx: x + item.w / 2, cy, row: r });
      x += item.w;
    });
  });
  const height = rowsOfItems.length * pitch - ROW_PITCH_EXTRA;
  return { items, rows, height };
}

/** The most rows the line takes before its stones are drawn smaller. */
const MAX_ROWS: Record<LayoutMode, number> = { wide: 2, narrow: 3 };
/** The smallest half-size a line stone is drawn at. */
const MIN_LINE_S = 16;

/**
 * The line laid out at the largest stone size (from ``s`` down to
 * ``MIN_LINE_S``) at which it takes at most ``MAX_ROWS`` rows, so that a long
 * line stays a few readable rows instead of a snake down the table.
 */
export function fitLine(line: string[], innerX: number, innerW: number, top: number, s: number, mode: LayoutMode) {
  let size = s;
  let flow = flowLine(line, innerX, innerW, top, size);
  while (size > MIN_LINE_S && new Set(flow.items.map((i) => i.row)).size > MAX_ROWS[mode]) {
    size -= 2;
    flow = flowLine(line, innerX, innerW, top, size);
  }
  return { ...flow, s: size };
}

function handGeometry(trayX: number, trayY: number, place: Place, info: Rect): HandGeometry {
  const tray = { x: trayX, y: trayY, w: TRAY_W, h: TRAY_H };
  const upperY = trayY + TRAY_PAD + HAND_H / 2;
  const lowerY = upperY + HAND_H + ROW_GAP;
  const xs = Array.from({ length: 7 }, (_, c) => trayX + TRAY_PAD + HAND_W / 2 + c * (HAND_W + COL_GAP));
  // The front row is the one nearer the table.
  const frontY = place === "bottom" ? upperY : lowerY;
  const backY = place === "bottom" ? lowerY : upperY;
  return {
    tray,
    info,
    front: xs.map((x) => ({ x, y: frontY })),
    back: xs.map((x) => ({ x, y: backY })),
    towardsTable: place === "bottom" ? -1 : 1,
  };
}

export function computeLayout(mode: LayoutMode, line: string[]): Layout {
  const width = WIDTH[mode];
  const s = LINE_S[mode];
  const margin = mode === "wide" ? 14 : 8;
  const infoH = mode === "narrow" ? 28 : 0;
  const gap = mode === "wide" ? 12 : 8;
  // Wide: the player's name and counts to the left of the tray, the pair centred.
  const trayX = mode === "wide" ? (width - TRAY_W + INFO_W + INFO_GAP) / 2 : (width - TRAY_W) / 2;

  let y = margin;
  const topInfo: Rect =
    mode === "wide"
      ? { x: trayX - INFO_GAP - INFO_W, y: y, w: INFO_W, h: TRAY_H }
      : { x: trayX, y: y, w: TRAY_W, h: infoH };
  y += infoH;
  const top = handGeometry(trayX, y, "top", topInfo);
  y += TRAY_H + gap;

  const table: Rect = { x: margin, y, w: width - 2 * margin, h: 0 };
  const innerX = table.x + TABLE_PAD_X;
  const innerW = table.w - 2 * TABLE_PAD_X;
  const flow = fitLine(line, innerX, innerW, y + TABLE_PAD_TOP, s, mode);
  const status = { x: width / 2, y: y + TABLE_PAD_TOP + flow.height + 8 + STATUS_H / 2 };
  table.h = TABLE_PAD_TOP + flow.height + 8 + STATUS_H + 6;
  y += table.h + gap;

  const bottom = handGeometry(trayX, y, "bottom", { x: 0, y: 0, w: 0, h: 0 });
  y += TRAY_H;
  bottom.info =
    mode === "wide"
      ? { x: trayX - INFO_GAP - INFO_W, y: bottom.tray.y, w: INFO_W, h: TRAY_H }
      : { x: trayX, y: y, w: TRAY_W, h: infoH };
  y += infoH + margin;

  return {
    mode,
    width,
    height: y,
    hands: { top, bottom },
    table,
    lineS: flow.s,
    items: flow.items,
    rows: flow.rows,
    status,
  };
}
