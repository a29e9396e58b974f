/**
 * ``/analysis/games/<id>/``, one game analysis: while the task grades, the
 * progress (polled from the API, the page reloaded when done) and the moves
 * graded meanwhile by the browser's own solver (``game-analysis-local.ts``);
 * once graded, the server's review (``review-view.ts``), with every move of
 * the position shown solved by the browser (``review-explore.ts``); the share
 * link's copy button either way.
 */
import { button, readJSON } from "../shared/dom";
import { request } from "../shared/http";
import { t } from "../shared/i18n";
import { sleep } from "../shared/poll";
import { showLocalReview, type RecordData } from "./game-analysis-local";
import { mountExplorer } from "./review-explore";
import { ReviewView, type ReviewData } from "./review-view";

interface State {
  status: "pending" | "running" | "done" | "failed";
  progress: number;
  total: number;
  error: string | null;
}

function mountShare(root: HTMLElement): void {
  const input = root.querySelector<HTMLInputElement>("[data-share]");
  const status = root.querySelector<HTMLElement>("[data-share-status]");
  if (!input) return;
  input.addEventListener("focus", () => input.select());
  const copy = button(t("Copy link"), () => {
    input.select();
    const done = () => {
      if (status) status.textContent = t("Link copied.");
    };
    if (navigator.clipboard?.writeText) {
      navigator.clipboard.writeText(input.value).then(done, () => {
        if (status) status.textContent = t("Select the link and copy it.");
      });
    } else {
      done();
    }
  }, { class: "review-share-copy" });
  input.after(copy);
}

async function pollProgress(root: HTMLElement, api: string): Promise<void> {
  const text = root.querySelector<HTMLElement>("[data-progress]");
  const bar = root.querySelector<HTMLProgressElement>("[data-progress-bar]");
  for (;;) {
    await sleep(700);
    let state: State;
    try {
      state = (await request<State>(api)).data;
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

/** The page's parts, if this is the page. */
export function mountGameAnalysis(): void {
  const root = document.getElementById("game-analysis-root");
  if (!root) return;
  mountShare(root);
  const status = root.dataset.status;
  if (status !== "done" && status !== "failed" && root.dataset.api) {
    // Meanwhile the browser grades the record itself, where it can (shown until the server's grades).
    const record = readJSON<RecordData>("record-data");
    const progress = root.querySelector("[data-progress-bar]") ?? root.querySelector("[data-progress]");
    if (record && progress) {
      void showLocalReview(progress, record).then((view) => {
        if (view) (window as unknown as { odLocalReview?: ReviewView }).odLocalReview = view;
      });
    }
    void pollProgress(root, root.dataset.api);
    return;
  }
  const data = readJSON<ReviewData>("review-data");
  if (data && data.boards.length) {
    const view = new ReviewView(root, data);
    mountExplorer(view, data.positions);
    root.dataset.app = "review";
    (window as unknown as { odReview?: ReviewView }).odReview = view;
  }
}
