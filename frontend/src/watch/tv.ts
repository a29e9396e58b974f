/**
 * The TV page (``people/tv.html``, ``people/tv_empty.html``): asks every
 * few seconds which game is featured (``GET /api/watch/featured/``) and,
 * once it is another than the one shown (the shown one has ended, or a
 * first game has started), opens the TV page again, which shows it.
 */
import { request } from "../shared/http";
import type { Featured } from "./watch-types";

export const TV_SECONDS = 3;

/** Whether the page should show another game than ``shown`` (its id; "" for none). */
export function moveOn(shown: string, featured: Featured): boolean {
  return String(featured.game?.game ?? "") !== shown;
}

export function followTv(node: HTMLElement, reload: () => void = () => window.location.reload()): () => void {
  const shown = node.dataset.game ?? "";
  const tick = async (): Promise<void> => {
    try {
      const { data } = await request<Featured>(node.dataset.api ?? "");
      if (moveOn(shown, data)) {
        window.clearInterval(timer);
        reload();
      }
    } catch {
      // asked again at the next tick
    }
  };
  const timer = window.setInterval(() => void tick(), TV_SECONDS * 1000);
  return () => window.clearInterval(timer);
}
