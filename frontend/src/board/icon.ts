/**
 * A small drawn stone for lists and editors outside the board: an SVG with
 * the stone's pips (up to 9 a half), upright or crosswise.  It has no
 * behaviour; the page puts it in a button or a slot.
 */
import { halves } from "./notation";
import { PIP_LAYOUTS } from "./pips";
import { svg } from "./svg";

/** ``stone`` ("36") drawn upright (``crosswise``: lying, its first half on the left). */
export function stoneIcon(stone: string, options: { crosswise?: boolean } = {}): SVGSVGElement {
  const [a, b] = halves(stone);
  const pips = (value: number, cy: number) =>
    (PIP_LAYOUTS[value] ?? []).map(([dx, dy]) => svg("circle", { class: "stone-icon-pip", cx: 10 + dx * 5, cy: cy + dy * 5, r: 1.9 }));
  const face = svg("g", options.crosswise ? { transform: "rotate(-90 20 20) translate(10 0)" } : {}, [
    svg("rect", { class: "stone-icon-body", x: 1, y: 1, width: 18, height: 38, rx: 3 }),
    svg("line", { class: "stone-icon-divider", x1: 4, y1: 20, x2: 16, y2: 20 }),
    ...pips(a, 10.5),
    ...pips(b, 29.5),
  ]);
  return svg(
    "svg",
    {
      class: `stone-icon${options.crosswise ? " is-crosswise" : ""}`,
      viewBox: options.crosswise ? "0 10 40 20" : "0 0 20 40",
      "aria-hidden": "true",
      focusable: "false",
    },
    [face],
  );
}
