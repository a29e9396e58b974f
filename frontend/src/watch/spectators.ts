/**
 * The spectator count on a game between people's page (``games/play.html``'s
 * ``[data-spectators]``): asked every few seconds, and a spectator's page
 * asks with ``watching=true``, which counts it in while the page is open.
 */
import { request } from "../shared/http";
import type { Spectators } from "./watch-types";

export const SPECTATORS_SECONDS = 5;

export function showCount(node: HTMLElement, answer: Spectators): void {
  node.textContent = answer.text;
  node.hidden = false;
}

export function followSpectators(node: HTMLElement): () => void {
  const url = node.hasAttribute("data-watching") ? `${node.dataset.spectators}?watching=true` : node.dataset.spectators;
  const tick = async (): Promise<void> => {
    try {
      const { data } = await request<Spectators>(url ?? "");
      showCount(node, data);
    } catch {
      // shown as it was
    }
  };
  void tick();
  const timer = window.setInterval(() => void tick(), SPECTATORS_SECONDS * 1000);
  return () => window.clearInterval(timer);
}
