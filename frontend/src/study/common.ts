/**
 * What the study pages (analysis board, endgames) share: the analysis JSON,
 * asking for an analysis and polling while the solver works, the position
 * API, and the table of every move's value.
 */
import type { PositionJSON } from "../board";
import { button, el } from "../shared/dom";
import { gradeLabel, moveLabel, outcomeLabel, outcomeOf, signed } from "../shared/format";
import { ApiError, request } from "../shared/http";
import { t } from "../shared/i18n";
import { sleep } from "../shared/poll";
import type { Grade, Side } from "../shared/vocabulary";

export interface AnalysisMove {
  move: string;
  value: number;
  grade: Grade;
}

export interface AnalysisResult {
  position: string;
  value: number;
  moves: AnalysisMove[];
  pv: string[];
}

interface AnalysisState {
  id: number;
  status: "pending" | "done" | "failed";
  result: AnalysisResult | null;
  error: string | null;
}

/** The answer of POST /api/positions/: the position after ``moves`` from the start. */
export interface PositionAnswer {
  position: string;
  moves: string[];
  current: string;
  board: PositionJSON;
}

/** The position after ``moves`` played from ``position`` (the server checks and plays them). */
export async function fetchPosition(api: string, position: string, moves: string[]): Promise<PositionAnswer> {
  return (await request<PositionAnswer>(api, { body: { position, moves } })).data;
}

/** The analysis of ``position``: at once when known, else polled while the solver works (``onPending`` is called then). */
export async function fetchAnalysis(
  api: string,
  position: string,
  onPending?: (waited: number) => void,
): Promise<AnalysisResult> {
  let { data } = await request<AnalysisState>(api, { body: { position } });
  let waited = 0;
  while (data.status === "pending") {
    onPending?.(waited);
    const delay = Math.min(250 + waited * 0.5, 2000);
    await sleep(delay);
    waited += delay;
    data = (await request<AnalysisState>(`${api}${data.id}/`)).data;
  }
  if (data.status === "failed" || !data.result) {
    throw new ApiError(data.error ?? t("The analysis failed."), 500);
  }
  return data.result;
}

/** A value as the server-drawn study pages write it: "+3", "-4", "0". */
export function signedValue(n: number): string {
  return signed(n, { ascii: true });
}

/** The grades of an analysis, keyed by move, for the board's marks. */
export function analysisMarks(result: AnalysisResult): Record<string, Grade> {
  return Object.fromEntries(result.moves.map((m) => [m.move, m.grade]));
}

/** A value for the side to move turned to the value for ``side``. */
export function valueFor(side: Side, mover: Side, value: number): number {
  return side === mover ? value : -value;
}

/** Who a value for ``side`` says wins, in words: "A wins", "B wins", "draw". */
export function winnerLabel(side: Side, value: number): string {
  if (value === 0) return t("draw");
  const winner = value > 0 ? side : side === "A" ? "B" : "A";
  return t("%(side)s wins", { side: winner });
}

/**
 * The moves table of an analysis, best first; ``onPick`` plays a move.  Every
 * value is written from ``view.side``'s point of view (the page's one
 * convention, named in the heading), the points lost as a positive number.
 * ``data-value`` keeps the value for the player to move, as the API gives it.
 */
export function movesTable(
  result: AnalysisResult,
  onPick: (move: string) => void,
  view?: { side: Side; mover: Side },
): HTMLTableElement {
  const best = result.moves.length ? Math.max(...result.moves.map((m) => m.value)) : result.value;
  const valueHead = view ? t("Value for %(side)s", { side: view.side }) : t("Value");
  const head = el(
    "thead",
    {},
    el("tr", {}, el("th", {}, t("Move")), el("th", {}, valueHead), el("th", {}, t("Outcome")),
      el("th", {}, t("Grade")), el("th", {}, t("Points lost"))),
  );
  const body = el("tbody");
  for (const m of result.moves) {
    const pick = button(moveLabel(m.move), () => onPick(m.move), { class: "link move-pick" });
    const shown = view ? valueFor(view.side, view.mover, m.value) : m.value;
    const row = el(
      "tr",
      { class: `grade-${m.grade}`, "data-move": m.move, "data-value": String(m.value) },
      el("td", {}, pick),
      el("td", { "data-shown-value": "" }, signedValue(shown)),
      el("td", {}, view ? winnerLabel(view.side, shown) : outcomeLabel(outcomeOf(m.value))),
      el("td", { class: "grade" }, gradeLabel(m.grade, { short: true })),
      el("td", {}, String(best - m.value)),
    );
    body.append(row);
  }
  return el("table", { class: "analysis-moves" }, head, body);
}
