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

/** This page's own random id: a spectator with no session is counted once per page, not once per address. */
export function pageId(): string {
  return Array.from({ length: 16 }, () => "abcdefghijklmnopqrstuvwxyz0123456789"[Math.floor(Math.random() * 36)]).join("");
}

/** The count's address: a spectator's page asks to be counted, with its own id. */
export function countUrl(node: HTMLElement, id: string): string {
  const base = node.dataset.spectators ?? "";
  return node.hasAttribute("data-watching") ? `${base}?watching=true&viewer=${id}` : base;
}

export function followSpectators(node: HTMLElement): () => void {
  const url = countUrl(node, pageId());
  const tick = async (): Promise<void> => {
    try {
      const { data } = await request<Spectators>(url);
      showCount(node, data);
    } catch {
      // shown as it was
    }
  };
  void tick();
  const timer = window.setInterval(() => void tick(), SPECTATORS_SECONDS * 1000);
  return () => window.clearInterval(timer);
}
