/**
 * The spectator count on a game between people's page (``games/play.html``'s
 * ``[data-spectators]``): asked every few seconds, and a spectator's page
 * asks with ``watching=true``, which counts it in while the page is open,
 * sending back the viewer id the server's first answer gave it.  The same
 * answer says which players are online (their dots, ``social/online-seats``).
 */
import { request } from "../shared/http";
import { showOnlineSeats } from "../social/online-seats";
import type { Spectators } from "./watch-types";

export const SPECTATORS_SECONDS = 5;

export function showCount(node: HTMLElement, answer: Spectators): void {
  node.textContent = answer.text;
  node.hidden = false;
}

/**
 * The count's address: a spectator's page asks to be counted, with the
 * viewer id the server gave it (none before its first answer), by which a
 * spectator with no session is counted once per page, not once per address.
 */
export function countUrl(node: HTMLElement, id: string | null): string {
  const base = node.dataset.spectators ?? "";
  if (!node.hasAttribute("data-watching")) return base;
  return id ? `${base}?watching=true&viewer=${encodeURIComponent(id)}` : `${base}?watching=true`;
}

export function followSpectators(node: HTMLElement): () => void {
  let viewer: string | null = null;
  const tick = async (): Promise<void> => {
    try {
      const { data } = await request<Spectators>(countUrl(node, viewer));
      viewer = data.viewer ?? viewer;
      showCount(node, data);
      showOnlineSeats(data.online ?? []);
    } catch {
      // shown as it was
    }
  };
  void tick();
  const timer = window.setInterval(() => void tick(), SPECTATORS_SECONDS * 1000);
  return () => window.clearInterval(timer);
}
