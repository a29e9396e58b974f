/**
 * Vite entry ``lobby``: the lobby page (``people/lobby.html``).  It long-polls
 * the lobby (``/api/lobby/1/?wait=``) and, whenever a seek is posted, taken,
 * cancelled or runs out, swaps in the seeks' table as the server draws it
 * (``/lobby/?seeks=1``), whose plain forms accept or cancel a seek, and the
 * list of the challenges that keep a seat for the reader, which it swaps in
 * too when the header's script (``inbox``) says that list changed.  On the
 * lobby and the new challenge's page it offers the seats C and D and the
 * partner only for the partnership game.
 */
import "./people.css";
import { mountNewGameForms } from "../games/new-game-form";
import { request } from "../shared/http";
import { longPoll } from "../shared/poll";
import { FOR_YOU_CHANGED } from "./events";

const POLL_SECONDS = 25;

interface LobbyState {
  version: number;
}

async function refreshSeeks(url: string): Promise<void> {
  const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } });
  if (!response.ok) return;
  const holder = document.createElement("div");
  holder.innerHTML = await response.text();
  for (const id of ["lobby-seeks", "lobby-for-you"]) {
    const fresh = holder.querySelector(`#${id}`);
    const current = document.getElementById(id);
    if (fresh && current) current.replaceWith(fresh);
  }
}

async function mount(root: HTMLElement): Promise<void> {
  const api = root.dataset.apiLobby ?? "";
  const seeksUrl = root.dataset.seeksUrl ?? "";
  const shown = Number(document.getElementById("lobby-seeks")?.dataset.version ?? "0");
  let state: LobbyState = { version: shown };
  document.addEventListener(FOR_YOU_CHANGED, () => void refreshSeeks(seeksUrl));
  const first = (await request<LobbyState>(api)).data;
  if (first.version !== shown) await refreshSeeks(seeksUrl);
  state = first;
  await longPoll<LobbyState>({
    url: () => api,
    state: () => state,
    version: (s) => s.version,
    more: () => true,
    take: async (next) => {
      state = next;
      await refreshSeeks(seeksUrl);
    },
    timeoutSeconds: POLL_SECONDS,
    retry: (_error, failures) => Math.min(30_000, 1000 * 2 ** Math.min(failures, 5)),
  });
}

mountNewGameForms();
const root = document.getElementById("lobby-root");
if (root) void mount(root);
