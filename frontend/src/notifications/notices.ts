/**
 * Vite entry ``notices``: on every page of an account, the header's bell
 * (``notifications/_bell.html``, ``#notice-bell``): it long-polls
 * ``/api/notifications/1/?wait=`` (the player's own version, which moves with
 * each notice made or read) and keeps the unread count.  On the notices page
 * it also offers to turn on this browser's notifications: the service worker
 * (``/sw.js``) subscribes with the site's VAPID key and the subscription is
 * sent to ``/api/notifications/push/``; the worker shows what is pushed.
 */
import { csrfToken } from "../shared/http";
import { t } from "../shared/i18n";
import { longPoll } from "../shared/poll";

const POLL_SECONDS = 25;

export interface NoticesState {
  version: number;
  unread: number;
}

/** Puts the unread count in the bell (hidden at zero). */
export function showCount(bell: HTMLElement, unread: number): void {
  const count = bell.querySelector<HTMLElement>(".notice-bell-count");
  if (!count) return;
  count.textContent = String(unread);
  count.hidden = unread === 0;
  bell.dataset.unread = String(unread);
}

async function followBell(bell: HTMLElement): Promise<void> {
  let state: NoticesState = { version: Number(bell.dataset.version ?? "0"), unread: 0 };
  await longPoll<NoticesState>({
    url: () => bell.dataset.api ?? "",
    state: () => state,
    version: (s) => s.version,
    more: () => true,
    take: (next) => {
      state = next;
      showCount(bell, next.unread);
    },
    timeoutSeconds: POLL_SECONDS,
    retry: (_error, failures) => Math.min(60_000, 1000 * 2 ** Math.min(failures, 6)),
  });
}

/** The base64url VAPID key as the bytes ``pushManager.subscribe`` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Sends a subscription (its ``toJSON()``) to the site; whether it was kept. */
export async function subscriptionSave(url: string, subscription: unknown): Promise<boolean> {
  const token = csrfToken();
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", ...(token ? { "X-CSRFToken": token } : {}) },
    body: JSON.stringify(subscription),
    credentials: "same-origin",
  });
  return response.status === 201;
}

async function subscribe(config: { push: string; vapid: string }, status: HTMLElement): Promise<void> {
  try {
    const key = ((await (await fetch(config.vapid, { credentials: "same-origin" })).json()) as { public_key: string | null }).public_key;
    if (!key) {
      status.textContent = t("This site sends no browser notifications.");
      return;
    }
    if ((await Notification.requestPermission()) !== "granted") {
      status.textContent = t("Notifications are blocked in this browser.");
      return;
    }
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
    const kept = await subscriptionSave(config.push, subscription.toJSON());
    status.textContent = kept ? t("Browser notifications are on.") : t("Something went wrong.");
  } catch {
    status.textContent = t("This browser cannot show notifications from the site.");
  }
}

function mountPush(controls: HTMLElement): void {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return;
  const config = JSON.parse(controls.dataset.config ?? "{}") as { push: string; vapid: string };
  const button = controls.querySelector<HTMLButtonElement>("#push-subscribe");
  const status = controls.querySelector<HTMLElement>("#push-status");
  if (!button || !status) return;
  controls.hidden = false;
  button.addEventListener("click", () => void subscribe(config, status));
}

const bell = document.getElementById("notice-bell");
if (bell) void followBell(bell);
const controls = document.getElementById("push-controls");
if (controls) mountPush(controls);
