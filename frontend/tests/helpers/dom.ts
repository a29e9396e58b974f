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
