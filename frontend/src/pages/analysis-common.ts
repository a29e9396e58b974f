/**
 * Helpers shared by the study pages (analysis board, position editor, game
 * analysis, endgames): JSON requests with the CSRF header and ``{"error"}``
 * messages, asking for an analysis and polling while it is solved, small
 * DOM helpers.
 */
import { t } from "../i18n";

export class StudyError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

function cookie(name: string): string | null {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(document.cookie);
  return match ? decodeURIComponent(match[1]) : null;
}

/** POST (with ``body``) or GET ``url``; answers with the status and JSON; 4xx/5xx throw ``StudyError``. */
export async function requestJson<T>(url: string, body?: unknown): Promise<{ status: number; data: T }> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    const token = cookie("csrftoken");
    if (token) headers["X-CSRFToken"] = token;
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: body === undefined ? "GET" : "POST",
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    throw new StudyError(t("The server could not be reached. Check your connection and try again."), 0);
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = (data as { error?: string } | null)?.error ?? t("Something went wrong.");
    throw new StudyError(message, response.status);
  }
  return { status: response.status, data: data as T };
}

export interface AnalysisMove {
  move: string;
  value: number;
  grade: "best" | "inaccuracy" | "mistake" | "blunder";
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The analysis of ``position``: at once when known, else polled while the solver works (``onPending`` is called then). */
export async function fetchAnalysis(
  api: string,
  position: string,
  onPending?: (waited: number) => void,
): Promise<AnalysisResult> {
  let { data } = await requestJson<AnalysisState>(api, { position });
  let waited = 0;
  while (data.status === "pending") {
    onPending?.(waited);
    const delay = Math.min(250 + waited * 0.5, 2000);
    await sleep(delay);
    waited += delay;
    data = (await requestJson<AnalysisState>(`${api}${data.id}/`)).data;
  }
  if (data.status === "failed" || !data.result) {
    throw new StudyError(data.error ?? t("The analysis failed."), 500);
  }
  return data.result;
}

export function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

export function outcomeLabel(value: number): string {
  if (value > 0) return t("win");
  if (value < 0) return t("loss");
  return t("draw");
}

export function gradeText(grade: string): string {
  switch (grade) {
    case "best":
      return t("best");
    case "inaccuracy":
      return t("inaccuracy");
    case "mistake":
      return t("mistake");
    case "blunder":
      return t("blunder");
    default:
      return grade;
  }
}

/** ``el("button", {class: "x", type: "button"}, "text", child)`` */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string | null | undefined)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

export function button(label: string, onClick: () => void, attrs: Record<string, string> = {}): HTMLButtonElement {
  const node = el("button", { type: "button", ...attrs }, label);
  node.addEventListener("click", onClick);
  return node;
}

/** The JSON embedded with ``json_script`` under ``id``. */
export function pageData<T>(id: string | undefined): T | null {
  if (!id) return null;
  const node = document.getElementById(id);
  if (!node?.textContent) return null;
  return JSON.parse(node.textContent) as T;
}

/** The moves table of an analysis, best first; ``onPick`` plays a move. */
export function movesTable(result: AnalysisResult, onPick: (move: string) => void): HTMLTableElement {
  const best = result.moves.length ? Math.max(...result.moves.map((m) => m.value)) : result.value;
  const head = el(
    "thead",
    {},
    el("tr", {}, el("th", {}, t("Move")), el("th", {}, t("Value")), el("th", {}, t("Outcome")),
      el("th", {}, t("Grade")), el("th", {}, t("Points lost"))),
  );
  const body = el("tbody");
  for (const m of result.moves) {
    const pick = button(m.move, () => onPick(m.move), { class: "link move-pick" });
    const row = el(
      "tr",
      { class: `grade-${m.grade}`, "data-move": m.move, "data-value": String(m.value) },
      el("td", {}, pick),
      el("td", {}, signed(m.value)),
      el("td", {}, outcomeLabel(m.value)),
      el("td", { class: "grade" }, gradeText(m.grade)),
      el("td", {}, String(best - m.value)),
    );
    body.append(row);
  }
  return el("table", { class: "analysis-moves" }, head, body);
}
