/** A tiny helper to build SVG elements. */

export const SVG_NS = "http://www.w3.org/2000/svg";

export type Attrs = Record<string, string | number | boolean | null | undefined>;

export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  children: (SVGElement | null | undefined | false)[] = [],
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  for (const child of children) if (child) el.appendChild(child);
  return el;
}

export function setAttrs(el: Element, attrs: Attrs): void {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? "" : String(value));
  }
}

export function text(content: string, attrs: Attrs = {}): SVGTextElement {
  const el = svg("text", attrs);
  el.textContent = content;
  return el;
}

/** Rounds to 2 decimals so the markup stays small. */
export function r2(n: number): number {
  return Math.round(n * 100) / 100;
}
