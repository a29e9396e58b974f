/**
 * Vite entry ``sw``: the service worker.  Django serves it at ``/sw.js``
 * (``puzzles/offline/views.py``) after one line that sets ``self.ODT_SW``:
 * the cache's version, the files to keep and the pages that must open
 * offline.  It imports nothing, so that the built file is a plain script.
 *
 * - Installing keeps every file of the list in the cache ``od-<version>``;
 *   activating drops the caches of earlier versions (a new deploy replaces
 *   every old file at once).  The worker serves the pages opened after it
 *   is installed.
 * - Pages: the network first, and with no network a page kept (``page``).
 * - Static files and the manifest: from the cache, else the network.
 * - The JavaScript catalogue: the network first (the player may have changed
 *   language), else the cache.
 * - The API is never cached: the offline puzzles live in IndexedDB.
 */

interface SwConfig {
  version: string;
  precache: string[];
  pages: string[];
  fallback: string;
  static: string;
}

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  respondWith(response: Promise<Response> | Response): void;
}

interface WorkerScope {
  ODT_SW: SwConfig;
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEventLike) => void): void;
}

const scope = self as unknown as WorkerScope;
const config = scope.ODT_SW;
const PREFIX = "od-";
const CACHE = `${PREFIX}${config.version}`;
const CATALOGUE = config.precache.find((url) => url.endsWith("/jsi18n/")) ?? "/jsi18n/";

/** A response that can answer a navigation (a redirected one cannot: it is copied). */
async function plain(response: Response): Promise<Response> {
  if (!response.redirected) return response;
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers: response.headers });
}

async function install(): Promise<void> {
  const cache = await caches.open(CACHE);
  // One by one: a file that fails (a page that is down) does not stop the rest from being kept.
  // The offline puzzles page without cookies: these requests run beside the page's own, and
  // that page starts a session (it makes a guest), whose cookie would replace the one the
  // page's request set meanwhile (a guest who just posted a seek would lose it); it is kept
  // again, with the player's session, when it is visited online.  The other pages with the
  // player's cookies: kept without them, they were answered as to a stranger, and a worker
  // that kept fewer pages lost the ones the player had just seen.
  await Promise.all(
    [...config.precache, ...config.pages].map(async (url) => {
      try {
        const response = await fetch(new Request(url, { credentials: url === config.fallback ? "omit" : "same-origin" }));
        if (response.ok) await cache.put(url, await plain(response));
      } catch {
        // kept on a later visit
      }
    }),
  );
  await scope.skipWaiting();
}

async function activate(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
  // No clients.claim(): the page that installed the worker goes on as it began (its requests
  // and its solver's are its own); the worker serves the pages opened after it.
}

/**
 * A page: the network first.  The pages of the list are kept as they come,
 * under their address with its query too (an analysis board's position seen
 * online opens again offline); with no network, the page kept under that
 * address, else under its path alone (the page's shell), else the offline
 * puzzles, marked as standing in for the page (``marked``).
 */
async function page(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname;
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && config.pages.includes(path)) await cache.put(path + url.search, await plain(response.clone()));
    return response;
  } catch {
    const kept = (await cache.match(path + url.search)) ?? (await cache.match(path));
    if (kept) return kept;
    const fallback = await cache.match(config.fallback);
    return fallback ? marked(fallback) : new Response("offline", { status: 503, headers: { "Content-Type": "text/plain" } });
  }
}

/**
 * The offline puzzles page answering for another page that needs the network:
 * its body marked ``data-offline-fallback``, so that the page says so instead
 * of passing silently for the page asked for.
 */
async function marked(response: Response): Promise<Response> {
  const text = (await response.text()).replace(/<body\b/, "<body data-offline-fallback");
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(text, { status: response.status, statusText: response.statusText, headers });
}

async function networkFirst(request: Request, key: string): Promise<Response> {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw new TypeError(`offline, and ${key} is not kept`);
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreSearch: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

scope.addEventListener("install", (event) => event.waitUntil(install()));
scope.addEventListener("activate", (event) => event.waitUntil(activate()));
scope.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== scope.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") event.respondWith(page(request));
  else if (url.pathname === CATALOGUE) event.respondWith(networkFirst(request, CATALOGUE));
  else if (url.pathname.startsWith(config.static) || config.precache.includes(url.pathname)) event.respondWith(cacheFirst(request));
});

// Web Push (the notifications app): a notice pushed by the site, shown as a
// notification; a click opens (or focuses) the page it is about.
interface PushEventLike extends ExtendableEventLike {
  data: { json(): unknown } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: { data: unknown; close(): void };
}
interface PushScope {
  registration: { showNotification(title: string, options: { body: string; data: unknown; tag: string; icon?: string }): Promise<void> };
  clients: { matchAll(options: { type: string }): Promise<{ url: string; focus(): Promise<unknown> }[]>; openWindow(url: string): Promise<unknown> };
  addEventListener(type: "push", listener: (event: PushEventLike) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEventLike) => void): void;
}
const pushScope = self as unknown as PushScope;
pushScope.addEventListener("push", (event) => {
  const notice = (event.data?.json() ?? {}) as { title?: string; body?: string; url?: string; kind?: string };
  event.waitUntil(
    pushScope.registration.showNotification(notice.title ?? "", {
      body: notice.body ?? "",
      data: { url: notice.url ?? "/" },
      tag: `${notice.kind ?? "notice"}:${notice.url ?? ""}`,
    }),
  );
});
pushScope.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? "/", scope.location.origin).href;
  event.waitUntil(
    pushScope.clients.matchAll({ type: "window" }).then((open) => {
      const same = open.find((client) => client.url === url);
      return same ? same.focus() : pushScope.clients.openWindow(url);
    }),
  );
});
