/**
 * Geometry, in viewBox units: where each hand slot, the table, the stones of
 * the line and the two ends go.  Pure functions of the layout mode and the line.
 */

export type LayoutMode = "wide" | "narrow";
/** Where a seat sits round the table: two seats use top and bottom, four all of them. */
export type Place = "top" | "bottom" | "left" | "right";

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
  /** How the name and counts are set: beside the tray, on a strip above or below it, or stacked above a side column. */
  infoStyle: "beside" | "strip" | "column";
  /** Slot centres, columns 0..6 (the hand layout's slots are ``front``; ``back`` is then empty). */
  front: Point[];
  back: Point[];
  /** The direction towards the table (-1: up, +1: down), to lift a selected stone. */
  towardsTable: -1 | 1;
  /** The unit vector towards the table (a side seat's stones are lifted sideways). */
  lift: Point;
  /** Stones of a side seat lie crosswise (90 degrees) and are drawn smaller. */
  rotate: 0 | 90;
  scale: number;
}

/** What the board has to make room for, read from the position. */
export interface Shape {
  /** 2 or 4 seats. */
  seats: number;
  /** Two rows per seat (front and back), or one (the hand layout). */
  rows: boolean;
  /** The slots of a row. */
  slots: number;
  /** How many stones are out of play (drawn face down on the table). */
  out: number;
}

/** The standard game: two seats of two rows of 7, nothing out. */
export const STANDARD_SHAPE: Shape = { seats: 2, rows: true, slots: 7, out: 0 };

/** Where the out stones go on the table: a caption, then rows of small stones. */
export interface OutGeometry {
  caption: Point;
  /** Centres of the stones, in the order drawn. */
  stones: Point[];
  /** A stone's size (upright). */
  w: number;
  h: number;
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
  shape: Shape;
  hands: Record<"top" | "bottom", HandGeometry> & Partial<Record<"left" | "right", HandGeometry>>;
  /** The out stones, when there are any. */
  out: OutGeometry | null;
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

/** The tray's height: two rows, or one in the hand layout. */
function trayHeight(rows: boolean): number {
  return rows ? TRAY_H : HAND_H + 2 * TRAY_PAD;
}

function handGeometry(trayX: number, trayY: number, place: "top" | "bottom", info: Rect, shape: Shape = STANDARD_SHAPE, infoStyle: HandGeometry["infoStyle"] = "beside"): HandGeometry {
  const tray = { x: trayX, y: trayY, w: TRAY_W, h: trayHeight(shape.rows) };
  const upperY = trayY + TRAY_PAD + HAND_H / 2;
  const lowerY = upperY + HAND_H + ROW_GAP;
  const xs = Array.from({ length: shape.slots }, (_, c) => trayX + TRAY_PAD + HAND_W / 2 + c * (HAND_W + COL_GAP));
  // The front row is the one nearer the table.
  const frontY = !shape.rows || place === "bottom" ? upperY : lowerY;
  const backY = place === "bottom" ? lowerY : upperY;
  const towards = place === "bottom" ? -1 : 1;
  return {
    tray,
    info,
    infoStyle,
    front: xs.map((x) => ({ x, y: frontY })),
    back: shape.rows ? xs.map((x) => ({ x, y: backY })) : [],
    towardsTable: towards,
    lift: { x: 0, y: towards },
    rotate: 0,
    scale: 1,
  };
}

/** A side seat's column of crosswise stones (the hand layout: one row), its tray and its info above. */
const SIDE: Record<LayoutMode, { scale: number; gap: number; pad: number; infoH: number }> = {
  wide: { scale: 0.8, gap: 6, pad: 10, infoH: 92 },
  narrow: { scale: 0.55, gap: 4, pad: 6, infoH: 76 },
};

function sideColumnWidth(mode: LayoutMode): number {
  const side = SIDE[mode];
  return HAND_H * side.scale + 2 * side.pad;
}

function sideColumnHeight(mode: LayoutMode, shape: Shape): number {
  const side = SIDE[mode];
  return side.infoH + shape.slots * HAND_W * side.scale + (shape.slots - 1) * side.gap + 2 * side.pad;
}

function sideGeometry(mode: LayoutMode, place: "left" | "right", x: number, top: number, shape: Shape): HandGeometry {
  const side = SIDE[mode];
  const w = sideColumnWidth(mode);
  const stoneH = HAND_W * side.scale;
  const tray = { x, y: top + side.infoH, w, h: sideColumnHeight(mode, shape) - side.infoH };
  const cx = x + w / 2;
  const front = Array.from({ length: shape.slots }, (_, c) => ({ x: cx, y: tray.y + side.pad + stoneH / 2 + c * (stoneH + side.gap) }));
  return {
    tray,
    info: { x, y: top, w, h: side.infoH },
    infoStyle: "column",
    front,
    back: [],
    towardsTable: 1,
    lift: { x: place === "left" ? 1 : -1, y: 0 },
    rotate: 90,
    scale: side.scale,
  };
}

/** The out stones' sizes: a caption line, then rows of small upright stones. */
const OUT: Record<LayoutMode, { w: number; gap: number; caption: number }> = {
  wide: { w: 15, gap: 3, caption: 18 },
  narrow: { w: 11, gap: 2, caption: 16 },
};

/** Lays the out stones in rows under the status line; returns the geometry and the height taken. */
function outGeometry(mode: LayoutMode, count: number, innerX: number, innerW: number, top: number): { out: OutGeometry | null; height: number } {
  if (count <= 0) return { out: null, height: 0 };
  const size = OUT[mode];
  const w = size.w;
  const h = 2 * w;
  const pitch = w + size.gap;
  const perRow = Math.max(1, Math.floor((innerW + size.gap) / pitch));
  const rows = Math.ceil(count / perRow);
  const stones: Point[] = [];
  for (let i = 0; i < count; i++) {
    const row = Math.floor(i / perRow);
    const inRow = row === rows - 1 ? count - row * perRow : perRow;
    const x0 = innerX + (innerW - (inRow * pitch - size.gap)) / 2;
    stones.push({ x: x0 + (i - row * perRow) * pitch + w / 2, y: top + size.caption + row * (h + 4) + h / 2 });
  }
  return {
    out: { caption: { x: innerX + innerW / 2, y: top + size.caption - 5 }, stones, w, h },
    height: size.caption + rows * (h + 4),
  };
}

/**
 * What both layouts share: the board's width and margin in ``mode``, the top
 * seat's hand under the margin (``belowTop``: the y under its tray), and the
 * bottom seat's hand at a given y (``height``: the board's, under it).  Their
 * names and counts sit beside the tray when wide (the pair centred), in a
 * strip above the top tray and below the bottom one otherwise.
 */
function trays(mode: LayoutMode, shape: Shape) {
  const width = WIDTH[mode];
  const margin = mode === "wide" ? 14 : 8;
  const infoH = mode === "narrow" ? 28 : 0;
  const trayH = trayHeight(shape.rows);
  const infoStyle = mode === "wide" ? "beside" : "strip";
  const trayX = mode === "wide" ? (width - TRAY_W + INFO_W + INFO_GAP) / 2 : (width - TRAY_W) / 2;
  /** A hand's name and counts: beside its tray (at ``trayY``) when wide, else in the strip at ``stripY``. */
  const info = (trayY: number, stripY: number): Rect =>
    mode === "wide" ? { x: trayX - INFO_GAP - INFO_W, y: trayY, w: INFO_W, h: trayH } : { x: trayX, y: stripY, w: TRAY_W, h: infoH };
  const top = handGeometry(trayX, margin + infoH, "top", info(margin, margin), shape, infoStyle);
  return {
    width,
    margin,
    top,
    belowTop: margin + infoH + trayH,
    bottomAt(y: number): { bottom: HandGeometry; height: number } {
      const bottom = handGeometry(trayX, y, "bottom", { x: 0, y: 0, w: 0, h: 0 }, shape, infoStyle);
      bottom.info = info(bottom.tray.y, y + trayH);
      return { bottom, height: y + trayH + infoH + margin };
    },
  };
}

/**
 * The board's geometry for ``mode``, the line and what the position holds
 * (``shape``: two or four seats, rows or one row, the out stones).  The
 * standard game's geometry is the same whatever the shape's defaults.
 */
export function computeLayout(mode: LayoutMode, line: string[], shape: Shape = STANDARD_SHAPE): Layout {
  if (shape.seats >= 4) return fourSeats(mode, line, shape);
  const { width, margin, top, belowTop, bottomAt } = trays(mode, shape);
  const s = LINE_S[mode];
  const gap = mode === "wide" ? 12 : 8;
  let y = belowTop + gap;

  const table: Rect = { x: margin, y, w: width - 2 * margin, h: 0 };
  const innerX = table.x + TABLE_PAD_X;
  const innerW = table.w - 2 * TABLE_PAD_X;
  const flow = fitLine(line, innerX, innerW, y + TABLE_PAD_TOP, s, mode);
  const status = { x: width / 2, y: y + TABLE_PAD_TOP + flow.height + 8 + STATUS_H / 2 };
  const outs = outGeometry(mode, shape.out, innerX, innerW, y + TABLE_PAD_TOP + flow.height + 8 + STATUS_H);
  table.h = TABLE_PAD_TOP + flow.height + 8 + STATUS_H + 6 + outs.height;
  y += table.h + gap;
  const { bottom, height } = bottomAt(y);

  return {
    mode,
    width,
    height,
    shape,
    hands: { top, bottom },
    out: outs.out,
    table,
    lineS: flow.s,
    items: flow.items,
    rows: flow.rows,
    status,
  };
}

/**
 * Four seats round the table: the bottom and top seats (the player and the
 * partner across) in trays as in the two-seat game, the seats on the left and
 * right in columns of crosswise stones beside the table.
 */
function fourSeats(mode: LayoutMode, line: string[], shape: Shape): Layout {
  const { width, margin, top, belowTop, bottomAt } = trays(mode, shape);
  const s = LINE_S[mode];
  const gap = mode === "wide" ? 12 : 6;
  let y = belowTop + gap;

  const sideW = sideColumnWidth(mode);
  const sideH = sideColumnHeight(mode, shape);
  const left = sideGeometry(mode, "left", margin, y, shape);
  const right = sideGeometry(mode, "right", width - margin - sideW, y, shape);
  const tableX = margin + sideW + gap;
  const table: Rect = { x: tableX, y, w: width - 2 * tableX, h: 0 };
  const padX = mode === "wide" ? TABLE_PAD_X : 10;
  const innerX = table.x + padX;
  const innerW = table.w - 2 * padX;
  const flow = fitLine(line, innerX, innerW, y + TABLE_PAD_TOP, s, mode);
  const outs = outGeometry(mode, shape.out, innerX, innerW, y + TABLE_PAD_TOP + flow.height + 8 + STATUS_H);
  const content = TABLE_PAD_TOP + flow.height + 8 + STATUS_H + 6 + outs.height;
  table.h = Math.max(content, sideH);
  // The line and the status sit in the middle of a table made taller by the side seats.
  const shift = (table.h - content) / 2;
  const items = flow.items.map((item) => ({ ...item, cy: item.cy + shift }));
  const rows = flow.rows.map((row) => ({ ...row, cy: row.cy + shift }));
  const status = { x: width / 2, y: y + shift + TABLE_PAD_TOP + flow.height + 8 + STATUS_H / 2 };
  const out = outs.out && {
    ...outs.out,
    caption: { x: outs.out.caption.x, y: outs.out.caption.y + shift },
    stones: outs.out.stones.map((p) => ({ x: p.x, y: p.y + shift })),
  };
  y += table.h + gap;
  const { bottom, height } = bottomAt(y);

  return { mode, width, height, shape, hands: { top, bottom, left, right }, out, table, lineS: flow.s, items, rows, status };
}
