/**
 * The board's drawn pieces: a stone's face with its pips, a stone's back,
 * the badges (a locked back stone, a grade), the SVG definitions they use,
 * and the ids the pieces carry.
 */

import { gradeLabel } from "../shared/format";
import type { Grade } from "../shared/vocabulary";
import { HAND_H, HAND_W } from "./layout";
import { PIP_LAYOUTS } from "./pips";
import type { TargetKey } from "./state";
import { r2, svg, text } from "./svg";

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

export const HW = HAND_W / 2;

export const HH = HAND_H / 2;

const PIP_STEP = 9.4;

const PIP_R = 3.6;

export function defs(ids: string): SVGDefsElement {
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

export function lockBadge(): SVGGElement {
  return svg("g", { class: "odb-lock", "aria-hidden": "true" }, [
    svg("circle", { r: 10.5 }),
    svg("path", { class: "odb-lock-shackle", d: "M -3.6 -1.5 V -4.2 A 3.6 3.6 0 0 1 3.6 -4.2 V -1.5" }),
    svg("rect", { class: "odb-lock-body", x: -5.2, y: -1.8, width: 10.4, height: 7.6, rx: 1.4 }),
  ]);
}

export function gradeBadge(grade: Grade, x: number, y: number, size = 1): SVGGElement {
  const title = svg("title");
  title.textContent = gradeLabel(grade);
  return svg("g", { class: `odb-grade odb-grade-${grade}`, transform: `translate(${r2(x)} ${r2(y)}) scale(${size})`, "data-grade": grade, role: "img", "aria-label": gradeLabel(grade) }, [
    title,
    svg("circle", { r: 10 }),
    text(GRADE_SYMBOL[grade], { y: 4, "text-anchor": "middle" }),
  ]);
}

/** The back of an upright stone centred on the origin: a stone lying face down. */
export function stoneBack(): SVGGElement {
  return svg("g", { class: "odb-back" }, [
    svg("rect", { class: "odb-shadow", x: -HW + 1.4, y: -HH + 2.6, width: HAND_W, height: HAND_H, rx: 6 }),
    svg("rect", { class: "odb-back-body", x: -HW, y: -HH, width: HAND_W, height: HAND_H, rx: 6 }),
    svg("rect", { class: "odb-back-inlay", x: -HW + 6, y: -HH + 6, width: HAND_W - 12, height: HAND_H - 12, rx: 4 }),
  ]);
}
