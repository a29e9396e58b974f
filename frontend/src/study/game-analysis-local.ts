/**
 * A game analysis while the workers still grade it, graded meanwhile by the
 * player's browser (``engine/local.ts``): every position of the record solved
 * locally, each move graded by the server's rules (``solver/review.py``
 * ``grade_record``: the move's value and grade from the position's analysis,
 * the points lost, the best moves, forced when there was no choice) and shown
 * in the review (``review-view.ts``: the board, the moves, stepping through
 * them with no request; every move of a position and side lines from it,
 * ``review-explore.ts``).  It is marked as computed in the browser; the page
 * reloads to the server's stored grades once they are done.  The page gives
 * the record (``record-data``) only when the server shows the solver's view
 * of its positions (never for a game between people in progress); without
 * WebAssembly or Web Workers nothing is shown, as before.
 */
import type { BoardPositionJSON, Seat } from "../board";
import { grade, type AnalysisJson } from "../engine/analyse";
import { localAnalyse } from "../engine/local";
import { el } from "../shared/dom";
import { gradeLabel, moveLabel, signed } from "../shared/format";
import { t } from "../shared/i18n";
import { mountExplorer } from "./review-explore";
import { ReviewView, type ReviewData, type ReviewPly } from "./review-view";

/** One position of the record: its mover, the move played from it (null at the end) and its analysis board link. */
export interface RecordStep {
  position: string;
  side: Seat;
  team: string;
  /** 1 when the mover is of the first team (values are the first team's), else -1. */
  sign: 1 | -1;
  move: string | null;
  analysis_url: string;
}

/** The page's ``record-data`` (puzzles/study/presentation.py ``local_review_data``). */
export interface RecordData {
  steps: RecordStep[];
  boards: BoardPositionJSON[];
  first: string;
  seats: Seat[];
  teams: string[];
  variant: string;
}

/** A value for the mover turned into the first team's (``0 - value``: never a negative zero). */
function forFirst(sign: 1 | -1, value: number): number {
  return sign > 0 ? value : 0 - value;
}

/** A graded ply as ``grade_record`` writes it, from the analysis of the position the move was played in. */
export function gradePly(step: RecordStep, ply: number, analysis: AnalysisJson): ReviewPly {
  const move = step.move ?? "";
  const entry = analysis.moves.find((m) => m.move === move);
  if (!entry) throw new Error(`${move} is not a legal move of ${analysis.position}`);
  const best = analysis.value;
  return {
    ply,
    side: step.side,
    team: step.team,
    move,
    value: entry.value,
    best,
    best_moves: analysis.moves.filter((m) => m.value === best).map((m) => m.move),
    grade: grade(entry.value, best),
    points_lost: best - entry.value,
    forced: analysis.moves.length < 2,
    value_for_first: forFirst(step.sign, entry.value),
    best_for_first: forFirst(step.sign, best),
    analysis_url: step.analysis_url,
  };
}

/** The review's data from the analyses of every position of the record (``analyses[i]`` of ``steps[i]``). */
export function localReview(record: RecordData, analyses: AnalysisJson[]): ReviewData {
  const plies = record.steps
    .slice(0, -1)
    .map((step, i) => gradePly(step, i + 1, analyses[i]));
  return {
    plies,
    boards: record.boards,
    ply: 0,
    first: record.first,
    seats: record.seats,
    teams: record.teams,
    variant: record.variant,
    values: record.steps.map((step, i) => forFirst(step.sign, analyses[i].value)),
    share: "",
    positions: record.steps.map((step) => step.position),
  };
}

/** Every position of the record solved by the browser, or null when it cannot run the solver. */
export async function analyseRecord(record: RecordData): Promise<AnalysisJson[] | null> {
  const out: AnalysisJson[] = [];
  for (const step of record.steps) {
    const analysis = await localAnalyse(step.position);
    if (!analysis) return null;
    out.push(analysis);
  }
  return out;
}

function row(p: ReviewPly): HTMLTableRowElement {
  const open = el("a", {
    href: p.analysis_url,
    class: "review-open",
    title: t("Open in analysis"),
    "aria-label": t("Open the position before move %(ply)s in analysis", { ply: p.ply }),
  }, "\u2197");
  const cells = [
    el("td", "", String(p.ply)),
    el("td", "", p.side),
    el("td", "", el("a", { href: `?ply=${p.ply}` }, moveLabel(p.move))),
    el("td", "grade", gradeLabel(p.grade)),
    el("td", { "data-value-for-a": String(p.value_for_first) }, signed(p.value_for_first)),
    el("td", "", String(p.points_lost)),
    el("td", "", p.grade === "best" ? "" : p.best_moves.map(moveLabel).join(", ")),
    el("td", "", open),
  ];
  return el("tr", { class: `grade-${p.grade}`, "data-ply": String(p.ply), "data-side": p.side, "data-move": p.move }, ...cells);
}

/** The review's parts (board, steps, the moves' table) for ``data``, marked as the browser's. */
export function localReviewSection(data: ReviewData): HTMLElement {
  const heads = [
    "#", t("Player"), t("Move"), t("Grade"), t("Value for %(side)s", { side: data.first }),
    t("Points lost"), t("Best moves"),
  ].map((text) => el("th", "", text));
  heads.push(el("th", "", el("span", "visually-hidden", t("Open in analysis"))));
  const start = el("tr", { class: "review-start", "data-ply": "0" },
    el("td", "", "0"), el("td", { colspan: "7" }, el("a", { href: "?ply=0" }, t("start"))));
  const table = el("table", { class: "review-moves", "data-plies": "" },
    el("thead", "", el("tr", "", ...heads)),
    el("tbody", "", start, ...data.plies.map(row)));
  return el("section", { class: "review-local", "data-local-review": "" },
    el("p", { class: "note review-local-note", "data-local-note": "" },
      t("Computed in your browser while the server grades the game: the server's grades replace these when they are ready.")),
    el("div", "review-layout",
      el("section", { class: "review-board-col", "aria-label": t("Board") },
        el("div", { class: "review-board", "data-review-board": "" }),
        el("nav", { class: "review-nav", "aria-label": t("Jump to a move"), "data-review-nav": "" }),
        el("div", { class: "review-now", "data-review-now": "", "aria-live": "polite" })),
      el("section", { class: "review-moves-col", "aria-label": t("Moves") },
        el("div", "review-table-scroll", table))));
}

/**
 * Grades ``record`` in the browser and shows it after ``anchor`` (the
 * progress): the review to step through, with no request.  Nothing happens
 * when the browser cannot run the solver or the record does not grade.
 */
export async function showLocalReview(anchor: Element, record: RecordData): Promise<ReviewView | null> {
  let analyses: AnalysisJson[] | null;
  try {
    analyses = await analyseRecord(record);
  } catch {
    return null; // the server's grading stays the answer
  }
  if (!analyses || !anchor.isConnected) return null;
  const data = localReview(record, analyses);
  const section = localReviewSection(data);
  anchor.after(section);
  const view = new ReviewView(section, data);
  mountExplorer(view, data.positions);
  return view;
}
