import { afterEach, vi } from "vitest";

/** The first element of the document that ``selector`` finds. */
export const $ = (selector: string) => document.querySelector<HTMLElement>(selector);
/** Every element of the document that ``selector`` finds. */
export const $$ = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)];

/** A ``<script type="application/json">`` holding ``data``, as the pages embed their state. */
export function jsonScript(id: string, data: unknown): HTMLScriptElement {
  const node = document.createElement("script");
  node.type = "application/json";
  node.id = id;
  node.textContent = JSON.stringify(data);
  return node;
}

/** After each test of a page: the page it mounted destroyed (``take`` hands it
 * over and forgets it), the globals it stubbed restored, the document emptied. */
export function destroyPageAfterEach(take: () => { destroy(): void } | null): void {
  afterEach(() => {
    take()?.destroy();
    vi.unstubAllGlobals();
    document.body.replaceChildren();
  });
}

/** A page's root ``<div id=...>`` as its template serves it: alone in the
 * document (after ``before``), with the CSRF token and ``inner`` inside. */
export function pageRoot(id: string, inner: string, before = ""): HTMLElement {
  document.body.innerHTML = before;
  const root = document.createElement("div");
  root.id = id;
  root.dataset.csrfToken = "tok";
  root.innerHTML = inner;
  document.body.appendChild(root);
  return root;
}
