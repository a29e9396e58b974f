/**
 * Vite entry ``relation``: a player's profile's Follow/Unfollow and
 * Block/Unblock buttons (``social/_relation.html``) done through the API
 * (``/api/social/follow/<name>/``, ``/api/social/block/<name>/``) without
 * leaving the page: the buttons are then drawn again as the server draws
 * them.  A refusal is said beside the buttons.  Without the script the
 * buttons are plain forms.
 */
import { csrfToken, errorMessage } from "../shared/http";

export interface RelationCall {
  url: string;
  method: "POST" | "DELETE";
}

/** The API call of a button's ``data-action`` for the player ``username`` (null: no such action). */
export function relationCall(action: string, username: string): RelationCall | null {
  const name = encodeURIComponent(username);
  const calls: Record<string, RelationCall> = {
    follow: { url: `/api/social/follow/${name}/`, method: "POST" },
    unfollow: { url: `/api/social/follow/${name}/`, method: "DELETE" },
    block: { url: `/api/social/block/${name}/`, method: "POST" },
    unblock: { url: `/api/social/block/${name}/`, method: "DELETE" },
  };
  return Object.prototype.hasOwnProperty.call(calls, action) ? calls[action] : null;
}

function say(box: HTMLElement, text: string): void {
  let line = box.querySelector<HTMLElement>(".social-error");
  if (!line) {
    line = document.createElement("p");
    line.className = "social-error";
    line.setAttribute("role", "alert");
    box.append(line);
  }
  line.textContent = text;
}

async function redraw(box: HTMLElement): Promise<void> {
  const response = await fetch(window.location.href, { credentials: "same-origin", headers: { Accept: "text/html" } });
  if (!response.ok) return;
  const holder = document.createElement("div");
  holder.innerHTML = await response.text();
  const fresh = holder.querySelector(".social-relation");
  if (fresh) box.replaceWith(fresh);
}

async function act(box: HTMLElement, call: RelationCall): Promise<void> {
  const token = csrfToken();
  const response = await fetch(call.url, {
    method: call.method,
    credentials: "same-origin",
    headers: { Accept: "application/json", ...(token ? { "X-CSRFToken": token } : {}) },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    say(box, body.error ?? String(response.status));
    return;
  }
  await redraw(box);
}

document.addEventListener("submit", (event) => {
  const form = event.target instanceof HTMLFormElement ? event.target : null;
  const box = form?.closest<HTMLElement>(".social-relation");
  const action = form?.querySelector<HTMLElement>("button[data-action]")?.dataset.action ?? "";
  const call = box ? relationCall(action, box.dataset.username ?? "") : null;
  if (!box || !call) return; // not ours: the form goes as it is
  event.preventDefault();
  act(box, call).catch((error: unknown) => say(box, errorMessage(error)));
});
