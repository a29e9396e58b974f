/**
 * One lesson of the course on the board: its positions one after the other.
 *
 * The board shows the current position from the player's side and takes a
 * move by pointer (a stone, then an end) or keyboard; the move is posted to
 * the position's ``tries`` URL.  A right move is shown on the board with a
 * button to the next position (or, after the last one, the next lesson); a
 * wrong one keeps the position and says why (the rule it breaks or where it
 * leads, from the server, in the page's language) with the lesson's advice.
 * The lesson's JSON has no answer in it: the server judges every try.
 */
import { Board, type BoardPositionJSON, type Seat } from "../board";
import { button, el, hideFallback } from "../shared/dom";
import { OneRequest, csrfToken, request } from "../shared/http";
import { t } from "../shared/i18n";
import "./learn.css";

export interface LessonSummaryJSON {
  key: string;
  number: number;
  title: string;
  steps: number;
  steps_done: number;
  done: boolean;
  unlocked: boolean;
  urls: { page: string; api: string };
}

export interface StepJSON {
  number: number;
  prompt: string;
  position: string;
  side: Seat;
  board: BoardPositionJSON;
  done: boolean;
  urls: { tries: string };
}

export interface LessonJSON extends LessonSummaryJSON {
  intro: string;
  positions: StepJSON[];
  current: number | null;
  previous: LessonSummaryJSON | null;
  next: LessonSummaryJSON | null;
  course_url: string;
}

export interface ReasonJSON {
  kind: string;
  text: string;
  hint?: string;
}

export interface TryJSON {
  lesson: string;
  step: number;
  move: string;
  correct: boolean;
  reason: ReasonJSON | null;
  accepted: string[];
  board_after: BoardPositionJSON | null;
  state: LessonJSON;
}

/** The board's names: the player and their opponent. */
function names(side: Seat): Partial<Record<Seat, string>> {
  const other: Seat = side === "A" ? "B" : "A";
  return { [side]: t("You (%(seat)s)", { seat: side }), [other]: t("Opponent (%(seat)s)", { seat: other }) };
}

export class LessonPage {
  lesson: LessonJSON;
  /** The number of the position shown (from 1). */
  step: number;
  /** The answer to the last try at the position shown, if any. */
  answer: TryJSON | null = null;
  private readonly sending = new OneRequest(() => this.render());
  private readonly board: Board;
  private readonly counter = el("p", "learn-step");
  private readonly dots = el("ol", { class: "learn-dots", "aria-hidden": "true" });
  private readonly prompt = el("p", "learn-prompt");
  private readonly status = el("p", { class: "learn-feedback", role: "status", "aria-live": "polite" });
  private readonly actions = el("p", "learn-actions");

  constructor(
    private readonly root: HTMLElement,
    lesson: LessonJSON,
    step: number,
  ) {
    this.lesson = lesson;
    this.step = Math.min(Math.max(1, step), lesson.positions.length);
    hideFallback(root);
    const app = root.querySelector<HTMLElement>("[data-app]") ?? root;
    const boardEl = el("div", "learn-board");
    // The verdict and the way on stand above the board, in view on a phone's first screen.
    app.append(el("div", "learn-head", this.counter, this.dots), this.prompt, this.status, this.actions, boardEl);
    app.hidden = false;
    const current = this.current();
    this.board = new Board(boardEl, {
      position: current.board,
      orientation: current.side,
      movable: [current.side],
      interactive: true,
      names: names(current.side),
      you: current.side,
    });
    this.board.on("move", (move) => void this.play(move));
    this.render();
  }

  current(): StepJSON {
    return this.lesson.positions[this.step - 1];
  }

  /** Posts the move as a try and shows its answer. */
  async play(move: string): Promise<void> {
    if (this.sending.busy) return;
    await this.sending.run(async () => {
      const token = csrfToken(this.root);
      const answer = (await request<TryJSON>(this.current().urls.tries, { body: { move }, csrfToken: token })).data;
      this.answer = answer;
      this.lesson = answer.state;
    });
    if (this.answer?.correct) this.actions.querySelector<HTMLElement>("[data-next]")?.focus();
  }

  /** Shows position ``number`` of the lesson. */
  goTo(number: number): void {
    this.step = number;
    this.answer = null;
    this.sending.error = null;
    const url = new URL(window.location.href);
    url.searchParams.set("step", String(number));
    window.history.replaceState(null, "", url.toString());
    // The lesson's explanation folds away after the first position: the board gets the room.
    const about = document.querySelector<HTMLDetailsElement>("details.learn-about");
    if (about) about.open = false;
    this.render();
    this.board.root.focus();
  }

  private render(): void {
    const step = this.current();
    const a = this.answer;
    const right = a?.correct === true;
    const shown = right && a.board_after ? a.board_after : step.board;
    this.board.set({
      position: shown,
      lastMove: right ? a.move : null,
      // The board's sentences name "you" and "the solver"; once the player has moved, the
      // opponent of the lesson is named as such ("Opponent (B) to move."), but a finished
      // deal is said to the player ("You go out…").
      you: shown === step.board || shown.over ? step.side : null,
      interactive: !this.sending.busy && !right,
      suggest: null,
    });
    this.root.dataset.state = this.sending.busy ? "checking" : a ? (right ? "right" : "wrong") : "your-move";
    this.root.dataset.step = String(this.step);
    this.counter.textContent = t("Position %(n)s of %(total)s", { n: this.step, total: this.lesson.positions.length });
    this.dots.replaceChildren(
      ...this.lesson.positions.map((p) =>
        el("li", { class: [p.done ? "is-done" : "", p.number === this.step ? "is-current" : ""].join(" ").trim() }),
      ),
    );
    this.prompt.textContent = step.prompt;
    this.renderStatus();
    this.renderActions();
  }

  private renderStatus(): void {
    const a = this.answer;
    let cls = "learn-feedback";
    let text = "";
    if (this.sending.error) {
      cls += " wrong";
      text = this.sending.error;
    } else if (this.sending.busy) {
      cls += " checking";
      text = t("Checking your move…");
    } else if (a?.correct) {
      cls += " right";
      text = this.lesson.done && this.step === this.lesson.positions.length ? t("Right! Lesson done.") : t("Right!");
    } else if (a?.reason) {
      cls += " wrong";
      text = [a.reason.text, a.reason.hint ?? ""].filter(Boolean).join(" ");
    }
    this.status.className = cls;
    this.status.textContent = text;
    this.status.hidden = !text;
  }

  private renderActions(): void {
    this.actions.replaceChildren();
    if (!this.answer?.correct) return;
    const last = this.step === this.lesson.positions.length;
    if (!last) {
      this.actions.append(button(t("Next position"), () => this.goTo(this.step + 1), { class: "button", "data-next": "" }));
      return;
    }
    const next = this.lesson.next;
    if (this.lesson.done && next) {
      const link = el("a", { class: "button", href: next.urls.page, "data-next": "" }, t("Next lesson: %(title)s", { title: next.title }));
      this.actions.append(link, " ");
    }
    this.actions.append(el("a", { href: this.lesson.course_url, ...(next ? {} : { "data-next": "" }) }, t("Back to the course")));
  }
}
