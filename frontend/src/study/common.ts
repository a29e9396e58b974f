/**
 * What the study pages (analysis board, endgames) share: the analysis JSON,
 * asking for an analysis and polling while the solver works, the position
 * API, and the table of every move's value.
 */
import type { BoardPositionJSON, PositionJSON } from "../board";
import type { components } from "../shared/api-types";
import { button, el } from "../shared/dom";
import { gradeLabel, moveLabel, outcomeLabel, outcomeOf, signed } from "../shared/format";
import { ApiError, request } from "../shared/http";
import { t } from "../shared/i18n";
import { sleep } from "../shared/poll";
import type { Seat } from "../board/types";
import type { Grade, Side } from "../shared/vocabulary";

type Schemas = components["schemas"];

export type AnalysisMove = Schemas["AnalysisMove"];

/** An analysis: the position, its value for the side to move, every move's value and grade, the main line. */
export type AnalysisResult = Schemas["AnalysisResult"];

/** The answer of POST /api/analyses/ and GET /api/analyses/<id>/. */
type AnalysisState = Schemas["AnalysisOutput"];

/**
 * The answer of POST /api/positions/: the position after ``moves`` from the
 * start, the position after each move, and its board; narrower than the
 * schema's, which has the board as a free object: a two-seat ``PositionJSON``
 * unless the page reads any variant's.
 */
export type PositionAnswer<B extends BoardPositionJSON = PositionJSON> = Omit<Schemas["PositionOutput"], "board"> & {
  board: B;
};

/** The position after ``moves`` played from ``position`` (the server checks and plays them). */
export async function fetchPosition<B extends BoardPositionJSON = PositionJSON>(api: string, position: string, moves: string[]): Promise<PositionAnswer<B>> {
  return (await request<PositionAnswer<B>>(api, { body: { position, moves } })).data;
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

/** A value as the server-drawn study pages write it: "+3", "−4", "0". */
export function signedValue(n: number): string {
  return signed(n);
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
  view?: { side: Side; mover: Side; teams?: boolean },
): HTMLTableElement {
  const best = result.moves.length ? Math.max(...result.moves.map((m) => m.value)) : result.value;
  // With teams (partnership) ``side`` A stands for the team A and C, B for B and D.
  const valueHead = view?.teams
    ? t("Value for %(team)s", { team: view.side === "A" ? "A+C" : "B+D" })
    : view
      ? t("Value for %(side)s", { side: view.side })
      : t("Value");
  const outcome = (shown: number) =>
    !view?.teams ? winnerLabel(view!.side, shown) : shown === 0 ? t("draw") : (shown > 0) === (view.side === "A") ? t("A and C win") : t("B and D win");
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
      el("td", {}, view ? outcome(shown) : outcomeLabel(outcomeOf(m.value))),
      el("td", { class: "grade" }, gradeLabel(m.grade, { short: true })),
      el("td", {}, String(best - m.value)),
    );
    body.append(row);
  }
  return el("table", { class: "analysis-moves" }, head, body);
}

// ---------------------------------------------------------------- variants

/** A variant a study page offers: its name ("block+doubles") and its name in words. */
export interface VariantChoice {
  name: string;
  label: string;
}

/** A variant's name read apart: the game ("block") and whether doubles play again. */
export interface VariantName {
  base: string;
  doubles: boolean;
}

/** What a variant's positions hold (docs/rules.md section 4.7), as the editor lays them out. */
export interface EditorShape {
  seats: Seat[];
  /** Two rows of 7 per seat, or one row (the hand layout). */
  rows: boolean;
  /** How many stones are out of play. */
  out: number;
  /** The highest half of the set: 6 (double-six) or 9 (double-nine). */
  highest: number;
}

const SHAPES: Record<string, EditorShape> = {
  lewicki: { seats: ["A", "B"], rows: true, out: 0, highest: 6 },
  lewicki9: { seats: ["A", "B"], rows: true, out: 27, highest: 9 },
  block: { seats: ["A", "B"], rows: false, out: 14, highest: 6 },
  partnership: { seats: ["A", "B", "C", "D"], rows: false, out: 0, highest: 6 },
};

/** The layout of a variant's positions (an unknown name: the standard game's; the server says the name is unknown). */
export function editorShape(base: string): EditorShape {
  return SHAPES[base] ?? SHAPES.lewicki;
}

/** "block+doubles" -> {base: "block", doubles: true}; an unknown game is read as the standard one. */
export function parseVariant(text: string): VariantName {
  const [base, ...options] = text.trim().toLowerCase().split("+");
  return { base: base in SHAPES ? base : "lewicki", doubles: options.includes("doubles") };
}

/** The name a position string starts with ("lewicki" for the standard game, which omits it). */
export function variantName(variant: VariantName): string {
  return variant.doubles ? `${variant.base}+doubles` : variant.base;
}

/** A position string's variant and its other fields; ``null`` when it has too few fields to be one. */
export function splitPosition(text: string): { variant: VariantName; fields: string[] } | null {
  const fields = text.trim().split(/\s+/).filter(Boolean);
  if (fields.length < 4) return null;
  const first = fields[0];
  const named = !first.includes(".") && !first.includes("/") && /[a-z]/i.test(first);
  return named ? { variant: parseVariant(first), fields: fields.slice(1) } : { variant: { base: "lewicki", doubles: false }, fields };
}

/** The seat that moved before the position string ``after`` (its side field), for the board's "moves again". */
export function sideOf(position: string): Seat | null {
  const side = position.trim().split(/\s+/).pop()?.toUpperCase();
  return side === "A" || side === "B" || side === "C" || side === "D" ? side : null;
}
