/**
 * One exercise of "Learn from your mistakes" on the board.
 *
 * The board shows the position before the player's mistake from the
 * player's side (their rows at the bottom, as on the play page) and takes a
 * move by pointer (a stone, then an end) or keyboard; the move is posted to
 * the exercise's ``tries`` URL (POST ``{move}``), whose answer is the verdict,
 * the schedule and the solution.  Then every move's grade is on the board
 * (shown on an end while its stone is selected), the best moves are outlined,
 * and every move's value is listed beside it (a row selects its stone on the
 * board).  Another move on the board is another try.  The exercise's JSON
 * has no answer in it; the server judges every try.
 */
import type { Board, BoardPositionJSON, Seat } from "../board";
import { button, el } from "../shared/dom";
import { gradeLabel, moveLabel, signed } from "../shared/format";
import { OneRequest, csrfToken, request } from "../shared/http";
import { t } from "../shared/i18n";
import { analysisLink, PuzzleShell, type Tone } from "../shared/puzzle-shell";
import type { Grade } from "../shared/vocabulary";
import "./coach.css";

export interface ExerciseJSON {
  id: number;
  position: string;
  side: Seat;
  board: BoardPositionJSON;
  legal_moves: string[];
  played: string;
  grade: Grade;
  source: {
    kind: "game" | "analysis";
    game: number | null;
    game_analysis: number | null;
    /** A game between people: each seat's player by name (null for a practice game). */
    players?: Partial<Record<Seat, string>> | null;
  };
  due: boolean;
  due_at: string;
  learnt: boolean;
  urls: { self: string; tries: string; page: string };
}

export interface MoveValue {
  move: string;
  value: number | null;
  grade: Grade | null;
}

export interface TryJSON {
  id: number;
  move: string;
  correct: boolean;
  was_due: boolean;
  value: number | null;
  solution: {
    best_moves: string[];
    best_value: number;
    played: string;
    played_value: number;
    points_lost: number;
    moves: MoveValue[];
  };
  exercise: ExerciseJSON;
}

/** The partner of a seat in partnership (A with C, B with D). */
const PARTNER: Record<Seat, Seat> = { A: "C", B: "D", C: "A", D: "B" };

/** The names on the board: the player, their partner, and the others (by name in a game between people, the solver in a practice game). */
export function seatNames(exercise: ExerciseJSON): Partial<Record<Seat, string>> {
  const names: Partial<Record<Seat, string>> = {};
  const seats = Object.keys(exercise.board.hands) as Seat[];
  for (const seat of seats) {
    if (seat === exercise.side) names[seat] = t("You (%(seat)s)", { seat });
    else if (seats.length > 2 && seat === PARTNER[exercise.side]) names[seat] = t("Partner (%(seat)s)", { seat });
    else if (exercise.source.players?.[seat]) names[seat] = t("%(name)s (%(seat)s)", { name: exercise.source.players[seat]!, seat });
    else if (exercise.source.kind === "game") names[seat] = t("Solver (%(seat)s)", { seat });
    else names[seat] = seat;
  }
  return names;
}

/** A date of the schedule in the page's language ("4 Dec 2026"). */
function dateLabel(iso: string): string {
  const lang = document.documentElement.lang || undefined;
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: "medium" }).format(new Date(iso));
  } catch {
    return iso.slice(0, 10);
  }
}

const value = (n: number | null | undefined): string => signed(n);

export class ExercisePage {
  /** The answer to the last try, once there is one. */
  answer: TryJSON | null;
  private readonly board: Board;
  private readonly sending = new OneRequest(() => this.render());
  private readonly result = el("section", "exercise-answer");
  private readonly shell: PuzzleShell;

  constructor(
    private readonly root: HTMLElement,
    private readonly exercise: ExerciseJSON,
    answer: TryJSON | null,
  ) {
    this.answer = answer;
    const app = root.querySelector<HTMLElement>("[data-app]") ?? root;
    this.shell = new PuzzleShell(root, {
      prefix: "exercise",
      container: app,
      statusAttrs: { role: "status", "aria-live": "polite" },
      hideEmptyStatus: true,
      actions: false,
      moves: false,
      tail: [this.result],
    });
    app.hidden = false;
    this.board = this.shell.setUp(
      { position: exercise.board, side: exercise.side, names: seatNames(exercise), movable: [exercise.side] },
      (move) => void this.play(move),
    );
    this.render();
  }

  /** Posts the move as a try and shows its answer. */
  private async play(move: string): Promise<void> {
    await this.sending.run(async () => {
      const token = csrfToken(this.root);
      this.answer = (await request<TryJSON>(this.exercise.urls.tries, { body: { move }, csrfToken: token })).data;
    });
  }

  private render(): void {
    const a = this.answer;
    const moves = a?.solution.moves ?? [];
    const marks: Record<string, Grade> = {};
    for (const m of moves) if (m.grade) marks[m.move] = m.grade;
    this.board.set({
      interactive: !this.sending.busy,
      marks,
      suggest: a ? a.solution.best_moves : null,
    });
    this.root.dataset.state = this.sending.busy ? "checking" : a ? (a.correct ? "correct" : "incorrect") : "your-move";
    this.renderStatus();
    this.renderAnswer();
  }

  private renderStatus(): void {
    const a = this.answer;
    let tone: Tone = "";
    let text: string;
    if (this.sending.error) {
      tone = "incorrect";
      text = this.sending.error;
    } else if (this.sending.busy) {
      tone = "thinking";
      text = t("Checking your move…");
    } else if (!a) {
      // The page's prompt and the board's own line ("Your move: select a stone.") say what to do.
      text = "";
    } else {
      tone = a.correct ? "correct" : "incorrect";
      text = a.correct ? t("Right: that move keeps the best value.") : t("Not quite: that move loses value.");
      text += " " + t("Next on %(when)s.", { when: dateLabel(a.exercise.due_at) });
    }
    this.shell.say(text, tone);
  }

  private renderAnswer(): void {
    const a = this.answer;
    this.result.replaceChildren();
    this.result.hidden = !a;
    if (!a) return;
    const s = a.solution;
    this.result.append(
      el("p", "exercise-tried", t("You played %(move)s: %(value)s; the best is %(best)s.", {
        move: moveLabel(a.move),
        value: value(a.value),
        best: value(s.best_value),
      })),
      el("p", "exercise-best", `${t("Best moves:")} ${s.best_moves.map(moveLabel).join(", ")} (${value(s.best_value)})`),
      el("p", "exercise-in-game", t("In the game you played %(move)s (%(value)s).", {
        move: moveLabel(s.played),
        value: value(s.played_value),
      })),
    );
    if (s.moves.length) this.result.append(this.valuesTable(a));
    const explore = analysisLink(this.exercise.position);
    this.result.append(el("p", "exercise-hint", t("Try another move on the board, or go on.")), el("p", {}, explore));
  }

  /** Every move's value for the player (best first); a row's move selects its stone on the board. */
  private valuesTable(a: TryJSON): HTMLTableElement {
    const s = a.solution;
    const head = el(
      "thead",
      {},
      el("tr", {}, el("th", {}, t("Move")), el("th", {}, t("Value")), el("th", {}, t("Grade")), el("th", {}, t("Points lost"))),
    );
    const body = el("tbody");
    for (const m of s.moves) {
      const classes = [`grade-${m.grade ?? "none"}`];
      if (m.move === a.move) classes.push("is-tried");
      if (s.best_moves.includes(m.move)) classes.push("is-best");
      const stone = m.move === "pass" ? null : m.move.slice(0, 2);
      const pick = button(moveLabel(m.move), () => {
        this.board.selectStone(stone);
        this.board.root.focus();
      }, { class: "link move-pick" });
      body.append(
        el(
          "tr",
          { class: classes.join(" "), "data-move": m.move, "data-value": String(m.value ?? "") },
          el("td", {}, pick),
          el("td", { class: "value" }, value(m.value)),
          el("td", { class: "grade" }, m.grade ? gradeLabel(m.grade, { short: true }) : ""),
          el("td", {}, m.value === null ? "" : String(s.best_value - m.value)),
        ),
      );
    }
    return el("table", { class: "exercise-values", "aria-label": t("Every move:") }, head, body);
  }
}
