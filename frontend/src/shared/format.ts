/** Numbers and the site's vocabulary in words: signed values, grades, outcomes, how a deal ended, the players. */
import { t } from "./i18n";
import type { Grade, Outcome, Reason, Side } from "./vocabulary";

/** A value with its sign: "+12", "−4" (the minus sign, as the server's ``signed`` writes it), "0"; "" when there is no value. */
export function signed(value: number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (value > 0) return `+${value}`;
  if (value < 0) return `\u2212${-value}`;
  return "0";
}

export interface GradeLabelOptions {
  /** "best" instead of "best move" (the other grades read the same either way). */
  short?: boolean;
}

/** A grade in words: "best move" (or "best"), "inaccuracy", "mistake", "blunder"; "grading…" while there is none yet. */
export function gradeLabel(grade: Grade | null, options: GradeLabelOptions = {}): string {
  switch (grade) {
    case null:
      return t("grading…");
    case "best":
      return options.short ? t("best") : t("best move");
    case "inaccuracy":
      return t("inaccuracy");
    case "mistake":
      return t("mistake");
    case "blunder":
      return t("blunder");
    default:
      // A grade this front end does not know yet: as the server wrote it.
      return String(grade);
  }
}

/** The outcome of a value for the side it is counted for. */
export function outcomeOf(value: number): Outcome {
  return value > 0 ? "win" : value < 0 ? "loss" : "draw";
}

/** "win", "loss", "draw" in words. */
export function outcomeLabel(outcome: Outcome): string {
  return outcome === "win" ? t("win") : outcome === "loss" ? t("loss") : t("draw");
}

/** How a deal ended, in words: "domino" or "blocked". */
export function reasonLabel(reason: Reason): string {
  return reason === "domino" ? t("domino") : t("blocked");
}

/** The players' names on a board where the user plays ``you`` against the solver. */
export function playerNames(you: Side): Record<Side, string> {
  return you === "A" ? { A: t("You"), B: t("Solver") } : { A: t("Solver"), B: t("You") };
}

/** A move as shown in lists and tables: the notation ("36R"), but a pass in words. */
export function moveLabel(move: string): string {
  return move === "pass" ? t("pass") : move;
}
