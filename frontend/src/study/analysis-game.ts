/**
 * Vite entry ``analysis-game``: the game analysis page while the task grades
 * the moves.  Polls GET /api/game-analyses/<id>/, shows the progress, and
 * reloads the page (server-drawn summary, chart and moves) when it is done.
 */
import { request } from "../shared/http";
import { t } from "../shared/i18n";
import { sleep } from "../shared/poll";
import "./analysis.css";

interface State {
  status: "pending" | "running" | "done" | "failed";
  progress: number;
  total: number;
  error: string | null;
}

async function mount(): Promise<void> {
  const root = document.getElementById("game-analysis-root");
  if (!root || !root.dataset.api) return;
  const status = root.dataset.status;
  if (status === "done" || status === "failed") return;
  const text = root.querySelector<HTMLElement>("[data-progress]");
  const bar = root.querySelector<HTMLProgressElement>("[data-progress-bar]");
  for (;;) {
    await sleep(700);
    let state: State;
    try {
      state = (await request<State>(root.dataset.api)).data;
    } catch {
      continue;
    }
    if (bar) {
      bar.max = Math.max(state.total, 1);
      bar.value = state.progress;
    }
    if (text) text.textContent = t("Grading the moves… %(done)s of %(total)s", { done: state.progress, total: state.total });
    if (state.status === "done" || state.status === "failed") {
      window.location.reload();
      return;
    }
  }
}

void mount();
