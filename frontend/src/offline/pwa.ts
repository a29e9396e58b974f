/**
 * Vite entry ``pwa``, on every page: installs the service worker (``/sw.js``,
 * which keeps the pages' code for offline use), keeps the player's next
 * puzzles in the browser and sends the results of puzzles solved offline
 * when the browser is online (now, and whenever it comes back online).
 */
import { forgetAnotherPlayer, offlineUrls, syncAll } from "./sync";

/** For tests and the curious: resolves once the worker is installed and the puzzles are stored. */
interface OfflineStatus {
  ready: Promise<void>;
}

async function main(): Promise<void> {
  const urls = offlineUrls();
  if (!urls) return;
  try {
    await forgetAnotherPlayer(urls.owner, location.pathname + location.search);
  } catch {
    // the next page tries again
  }
  if ("serviceWorker" in navigator) {
    try {
      await navigator.serviceWorker.register(urls.sw, { scope: "/" });
    } catch {
      // No worker (a browser that refuses it): the site works online as ever.
    }
  }
  // One request for the puzzles a page at most (the offline puzzle page asks again while
  // the server prepares some): a page's own requests are not kept waiting behind these.
  if (navigator.onLine) await syncAll(urls, 1);
  window.addEventListener("online", () => void syncAll(urls, 1));
}

if (typeof window !== "undefined") {
  (window as unknown as { odOffline: OfflineStatus }).odOffline = { ready: main() };
}
