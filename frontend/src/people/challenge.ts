/**
 * Vite entry ``challenge``: the page of an open challenge
 * (``people/challenge.html``).  It long-polls the challenge and goes to the
 * game as soon as it starts (for the players), or draws the page again when a
 * seat is taken or the challenge closes.  Once the reader submits one of the
 * page's forms (accept, decline, cancel) it stops: the form's answer decides
 * where the page goes (a reload then would drop that answer, and with it a
 * guest's new session).  Without it the page works with its plain forms, and
 * the creator reloads it.  The link's Copy button is shown where there is a
 * clipboard.
 */
import "./people.css";
import { mountCopies } from "../shared/copy";
import { request } from "../shared/http";
import { longPoll } from "../shared/poll";
import { type ChallengeState, challengeOpen, challengeStep } from "./people-state";
import { goOnce } from "../shared/navigation";

const POLL_SECONDS = 25;

async function mount(root: HTMLElement): Promise<void> {
  mountCopies(root);
  const url = root.dataset.apiChallenge ?? "";
  const shown = Number(root.dataset.version ?? "0");
  const stop = new AbortController();
  root.addEventListener("submit", () => stop.abort());
  let state = (await request<ChallengeState>(url, { signal: stop.signal })).data;
  const act = (next: ChallengeState): boolean => {
    if (stop.signal.aborted) return false;
    const step = challengeStep(shown, next);
    if (step.kind === "game") goOnce(step.url);
    else if (step.kind === "reload") window.location.reload();
    return step.kind === "wait";
  };
  if (!act(state)) return;
  let waiting = true;
  await longPoll<ChallengeState>({
    url: () => url,
    state: () => state,
    version: (s) => s.version,
    more: (s) => waiting && !stop.signal.aborted && challengeOpen(s),
    take: (next) => {
      state = next;
      waiting = act(next);
    },
    timeoutSeconds: POLL_SECONDS,
    retry: (_error, failures) => (stop.signal.aborted ? null : Math.min(30_000, 1000 * 2 ** Math.min(failures, 5))),
    signal: stop.signal,
  });
}

const root = document.getElementById("challenge-root");
if (root) mount(root).catch(() => undefined); // a submitted form aborts the first read
