/**
 * Vite entry ``inbox``: on every page of a reader the site knows, the
 * challenges that keep a seat for them (``core/base.html``'s
 * ``#challenge-inbox``).  It long-polls ``/api/lobby/1/for-you/?wait=``
 * (the reader's own version, which moves with every challenge that keeps a
 * seat for them), keeps the header's count, and tells of each challenge that
 * was not there when the page was drawn: who, which game and clock, with a
 * link to the challenge's page, where it is accepted or declined.  Each
 * change is also told to the page (``FOR_YOU_CHANGED`` on ``document``): the
 * lobby redraws its own list of them.  When a game of the reader's has just
 * started (a seek of theirs taken, a challenge accepted, a tournament's
 * pairing) the page goes to it at once, wherever the reader waits, but
 * never away from the board of a game still being played there.
 */
import { el, button } from "../shared/dom";
import { t } from "../shared/i18n";
import { longPoll } from "../shared/poll";
import { FOR_YOU_CHANGED } from "./events";
import { goOnce } from "../shared/navigation";

const POLL_SECONDS = 25;

export interface ForYouChallenge {
  id: number;
  url: string;
  by: string;
  variant_text: string;
  control_text: string;
  rated: boolean;
  /** The challenge this one is the rematch of (null: a new challenge). */
  rematch_of?: number | null;
}

/** A game of the reader's that has just started (``started`` of the state). */
export interface StartedGame {
  game: number;
  url: string;
}

export interface ForYouState {
  version: number;
  challenges: ForYouChallenge[];
  /** The reader's games started in the last seconds: the page goes to each once. */
  started?: StartedGame[];
}

const WENT = "od:went-to-game:";

/**
 * The address to go to for a game that has just started (the waiting player
 * of a seek, wherever their page is), or null: each game once per tab, never
 * from the game's own page.  ``memory`` is the tab's ``sessionStorage``.
 */
export function startedGameUrl(started: StartedGame[] | undefined, here: string, memory: Storage): string | null {
  for (const game of started ?? []) {
    if (memory.getItem(WENT + game.game)) continue;
    memory.setItem(WENT + game.game, "1");
    if (here !== game.url) return game.url;
  }
  return null;
}

/**
 * Whether ``doc`` shows the board of a game still being played (a play page,
 * a match's or the daily deal's: ``#game-root``, whose ``data-status`` the
 * play script keeps; before it has drawn, the server-drawn status line's
 * ``status-…`` class): a started game never takes the player away from it.
 */
export function playingHere(doc: Document): boolean {
  const root = doc.getElementById("game-root");
  if (!root) return false;
  let status = root.dataset.status;
  if (!status) {
    const line = doc.getElementById("game-status");
    status = Array.from(line?.classList ?? []).find((c) => c.startsWith("status-"))?.slice("status-".length);
  }
  return status !== "over" && status !== "replaying";
}

/** The notice of one new challenge: a status line with a link to it and a close button. */
export function notice(challenge: ForYouChallenge): HTMLElement {
  const kind = challenge.rated ? t("rated game") : t("casual game");
  const box = el(
    "div",
    { class: "challenge-notice", role: "status", "data-challenge": String(challenge.id) },
    el("span", "challenge-notice-text", challenge.by && challenge.rematch_of
      ? t("%(name)s offers you a rematch: %(game)s, %(clock)s, %(kind)s", {
        name: challenge.by, game: challenge.variant_text, clock: challenge.control_text, kind,
      })
      : challenge.by
      ? t("New challenge from %(name)s: %(game)s, %(clock)s, %(kind)s", {
        name: challenge.by, game: challenge.variant_text, clock: challenge.control_text, kind,
      })
      : t("New challenge: %(game)s, %(clock)s, %(kind)s", {
        game: challenge.variant_text, clock: challenge.control_text, kind,
      })),
    " ",
    el("a", { href: challenge.url, class: "challenge-notice-open" }, t("Open the challenge")),
  );
  box.append(" ", button(t("Close"), () => box.remove(), { class: "link challenge-notice-close" }));
  return box;
}

/** Puts ``state`` on the page: the count in the header, a notice for each challenge not seen yet. */
export function show(link: HTMLElement, state: ForYouState, seen: Set<number>, holder: HTMLElement): void {
  const count = link.querySelector(".challenge-inbox-count");
  if (count) count.textContent = String(state.challenges.length);
  link.hidden = state.challenges.length === 0;
  for (const challenge of state.challenges) {
    if (seen.has(challenge.id)) continue;
    seen.add(challenge.id);
    holder.append(notice(challenge));
  }
  // a notice of a challenge no longer open (taken, declined, expired) goes
  const open = new Set(state.challenges.map((c) => c.id));
  for (const node of Array.from(holder.querySelectorAll<HTMLElement>(".challenge-notice"))) {
    if (!open.has(Number(node.dataset.challenge))) node.remove();
  }
}

async function mount(link: HTMLElement): Promise<void> {
  const api = link.dataset.api ?? "";
  const seen = new Set((link.dataset.ids ?? "").split(",").filter(Boolean).map(Number));
  const holder = el("div", { class: "challenge-notices", "aria-live": "polite" });
  document.body.append(holder);
  let state: ForYouState = { version: Number(link.dataset.version ?? "0"), challenges: [] };
  await longPoll<ForYouState>({
    url: () => api,
    state: () => state,
    version: (s) => s.version,
    more: () => true,
    take: (next) => {
      state = next;
      const game = playingHere(document)
        ? null
        : startedGameUrl(next.started, window.location.pathname, window.sessionStorage);
      if (game) goOnce(game);
      show(link, next, seen, holder);
      document.dispatchEvent(new CustomEvent(FOR_YOU_CHANGED, { detail: next }));
    },
    timeoutSeconds: POLL_SECONDS,
    retry: (_error, failures) => Math.min(60_000, 1000 * 2 ** Math.min(failures, 6)),
  });
}

const link = document.getElementById("challenge-inbox");
if (link) void mount(link);
