/**
 * Grading a puzzle in the browser, from its key (``GET /api/puzzles/offline/``),
 * as the server grades an attempt: at each step the moves of ``accept`` keep
 * the best value and are right, any other legal move fails the puzzle; after
 * a right move the key gives the defender's reply and the next step, or the
 * end (``then`` null: solved).  Pure: no page, no storage.
 */
import type { PositionJSON } from "../board";

/** The defender's answer to a right move and what follows it. */
export interface KeyBranch {
  /** The board after the player's move. */
  after: PositionJSON;
  /** The defender's reply (null when the move solves the puzzle). */
  reply: string | null;
  /** The board after the reply. */
  replied: PositionJSON | null;
  /** The next step, or null when the puzzle is solved. */
  then: KeyNode | null;
}

/** One of the player's steps: the moves that keep the best value. */
export interface KeyNode {
  accept: Record<string, KeyBranch>;
}

export interface OfflinePuzzle {
  id: number;
  position: string;
  side: "A" | "B";
  kind: "win" | "most";
  rating: number;
  board: PositionJSON;
  key: KeyNode;
  urls: { page: string };
}

export interface OfflinePack {
  puzzles: OfflinePuzzle[];
  preparing: number;
  generated_at: string;
  results_url: string;
}

export type SolveStatus = "your-move" | "solved" | "failed";

/** A puzzle under way in the browser: the player's moves so far, where the key stands. */
export interface LocalAttempt {
  puzzle: OfflinePuzzle;
  /** The player's own moves, in order (what is sent to the server). */
  moves: string[];
  status: SolveStatus;
  gaveUp: boolean;
  /** The step to play (null once over). */
  node: KeyNode | null;
  /** The board as it stands. */
  board: PositionJSON;
}

/** What one move did: the boards to show in turn, and the reply if any. */
export interface MoveOutcome {
  correct: boolean;
  /** The board after the player's move (null after a wrong move: the key has none). */
  after: PositionJSON | null;
  reply: string | null;
  replied: PositionJSON | null;
  status: SolveStatus;
}

export function startAttempt(puzzle: OfflinePuzzle): LocalAttempt {
  return { puzzle, moves: [], status: "your-move", gaveUp: false, node: puzzle.key, board: puzzle.board };
}

/** Whether ``move`` is right at this step (one of the moves that keep the best value). */
export function isAccepted(node: KeyNode, move: string): boolean {
  return Object.prototype.hasOwnProperty.call(node.accept, move);
}

/**
 * Plays the player's ``move`` (one of the board's ``legal_moves``) and returns
 * the new attempt and what happened.  Throws when the attempt is over or the
 * move is not legal here.
 */
export function playMove(attempt: LocalAttempt, move: string): { attempt: LocalAttempt; outcome: MoveOutcome } {
  if (attempt.status !== "your-move" || attempt.node === null) throw new Error("the puzzle is over");
  if (!attempt.board.legal_moves.includes(move)) throw new Error(`${move} is not a legal move here`);
  const moves = [...attempt.moves, move];
  if (!isAccepted(attempt.node, move)) {
    const outcome: MoveOutcome = { correct: false, after: null, reply: null, replied: null, status: "failed" };
    return { attempt: { ...attempt, moves, status: "failed", node: null }, outcome };
  }
  const branch = attempt.node.accept[move];
  const status: SolveStatus = branch.then === null ? "solved" : "your-move";
  const board = branch.replied ?? branch.after;
  const outcome: MoveOutcome = { correct: true, after: branch.after, reply: branch.reply, replied: branch.replied, status };
  return { attempt: { ...attempt, moves, status, node: branch.then, board }, outcome };
}

/** Gives up the attempt (it fails). */
export function giveUp(attempt: LocalAttempt): LocalAttempt {
  if (attempt.status !== "your-move") return attempt;
  return { ...attempt, status: "failed", gaveUp: true, node: null };
}

/** One way to solve the puzzle: the first right move at each step (the answer shown after a failure). */
export function solutionLine(puzzle: OfflinePuzzle): { move: string; reply: string | null }[] {
  const line: { move: string; reply: string | null }[] = [];
  let node: KeyNode | null = puzzle.key;
  while (node !== null) {
    const first: [string, KeyBranch] | undefined = Object.entries(node.accept)[0];
    if (first === undefined) break;
    const move: string = first[0];
    const branch: KeyBranch = first[1];
    line.push({ move, reply: branch.reply });
    node = branch.then;
  }
  return line;
}
