/**
 * The exact analysis in the browser: ``analyse(position)`` gives the same
 * JSON as ``python -m solver analyse --json`` (solver/analysis.py
 * ``Analysis.to_json``): the normalised position, its value for the side to
 * move, every legal move with its value and grade (best first, equal values
 * in legal-move order) and the main line to the end of the deal.  A bad
 * position gives ``{"position": <input>, "error": <the Python message>}``,
 * as the command line's batch mode writes it.
 */
import { Core } from "./core";
import { Position } from "./position";
import { pyJson } from "./py";
import { DominoError, Move, PASS, type Stone } from "./variant";

export type Grade = "best" | "inaccuracy" | "mistake" | "blunder";

export interface AnalysisMoveJson {
  move: string;
  value: number;
  grade: Grade;
}

export interface AnalysisJson {
  position: string;
  value: number;
  moves: AnalysisMoveJson[];
  pv: string[];
}

export interface AnalysisErrorJson {
  position: string;
  error: string;
}

const MISTAKE_POINTS = 10; // points lost from which a same-outcome move is a mistake

function outcome(value: number): number {
  return Math.sign(value);
}

/** The grade of a move worth ``value`` where the best is worth ``best`` (docs/rules.md section 3.3). */
export function grade(value: number, best: number): Grade {
  if (value === best) return "best";
  if (outcome(value) !== outcome(best)) return "blunder";
  return best - value >= MISTAKE_POINTS ? "mistake" : "inaccuracy";
}

const END_NAMES = ["L", "R", null] as const;

function slotStone(position: Position, seat: number, slot: number): Stone | null {
  const hand = position.hands[seat];
  return slot < 7 ? hand.front[slot] : hand.back[slot - 7];
}

/** The analysis of a parsed position by the compiled core (``_analyse_core`` and ``_build``). */
export function analysePosition(core: Core, position: Position): AnalysisJson {
  const answer = core.analyse(position);
  const me = position.seatIndex;
  let values: [Move, number][] = answer.moves.map(([slot, end, v]) => [new Move(slotStone(position, me, slot), END_NAMES[end]), v]);
  if (!values.length && !position.isOver()) values = [[PASS, answer.value]]; // a forced pass
  const best = values.length ? Math.max(...values.map(([, v]) => v)) : answer.value;
  const moves = values
    .map(([move, v]) => ({ move: String(move), value: v, grade: grade(v, best) }))
    .sort((a, b) => b.value - a.value); // stable: ties stay in legal-move order
  const pv = answer.pv.map(([seat, slot, end]) => (seat < 0 ? "pass" : String(new Move(slotStone(position, seat, slot), END_NAMES[end]))));
  return { position: String(position), value: answer.value, moves, pv };
}

/** The analysis of a position string, or the error the command line prints for it. */
export function analyse(core: Core, text: string): AnalysisJson | AnalysisErrorJson {
  let position: Position;
  try {
    position = Position.parse(text);
  } catch (error) {
    if (error instanceof DominoError) return { position: text, error: error.message };
    throw error;
  }
  return analysePosition(core, position);
}

/** One line of ``python -m solver analyse --json -``: the JSON as Python's ``json.dumps`` writes it. */
export function analysisLine(result: AnalysisJson | AnalysisErrorJson): string {
  return pyJson(result);
}
