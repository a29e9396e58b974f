/** Small DOM helpers for the page scripts: building elements, showing and hiding them, reading the page's JSON. */

export type Attrs = Record<string, string>;
export type Child = Node | string | null | undefined;

/**
 * An element: ``el("span", "gp-grade", "best")`` (a class name) or
 * ``el("button", { type: "button", class: "x" }, "text", child)`` (attributes).
 * Strings become text; ``null``, ``undefined`` and empty strings add nothing.
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs | string = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (typeof attrs === "string") {
    if (attrs) node.className = attrs;
  } else {
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  }
  for (const child of children) if (child !== null && child !== undefined && child !== "") node.append(child);
  return node;
}

/** A ``<button type="button">`` that calls ``onClick``. */
export function button(label: string, onClick: () => void, attrs: Attrs = {}): HTMLButtonElement {
  const node = el("button", { type: "button", ...attrs }, label);
  node.addEventListener("click", onClick);
  return node;
}

/** The element with this id, or an error naming what is missing. */
export function byId<T extends HTMLElement>(id: string, doc: Document = document): T {
  const node = doc.getElementById(id);
  if (!node) throw new Error(`#${id} is missing from the page`);
  return node as T;
}

export function show(node: HTMLElement, visible = true): void {
  node.hidden = !visible;
}

export function hide(node: HTMLElement): void {
  node.hidden = true;
}

/**
 * Hides the server-drawn fallback (``[data-fallback]``): a page script has taken
 * over.  ``display: none`` too, for the parts whose own CSS would show them
 * despite ``hidden``.  Shows what the server wrote for the script's page only
 * (``[data-script-only]``, such as how to use the board).
 */
export function hideFallback(root: ParentNode): void {
  root.querySelectorAll<HTMLElement>("[data-fallback]").forEach((node) => {
    hide(node);
    node.style.display = "none";
  });
  root.querySelectorAll<HTMLElement>("[data-script-only]").forEach((node) => show(node));
}

/** The JSON the page embeds in ``<script type="application/json" id=...>``; ``null`` when there is none. */
export function readJSON<T>(id: string | undefined, doc: Document = document): T | null {
  const node = id ? doc.getElementById(id) : null;
  if (!node?.textContent) return null;
  return JSON.parse(node.textContent) as T;
}

/** Like ``readJSON``, for JSON the page cannot do without: throws when it is missing. */
export function requireJSON<T>(id: string | undefined, doc: Document = document): T {
  const data = readJSON<T>(id, doc);
  if (data === null) throw new Error(`the page has no JSON element #${id}`);
  return data;
}
