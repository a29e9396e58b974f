/**
 * The skeleton of a page that sets a puzzle on the board: the daily puzzle
 * and training (``training/puzzle-page.ts``), the streak and timed runs
 * (``training/run-page.ts``), the offline puzzles (``offline/offline-page.ts``)
 * and an exercise of "Learn from your mistakes" (``coach/exercise-page.ts``).
 *
 * The shell hides the server-drawn fallback and lays out, in this order: the
 * page's own parts above the status line (``head``), the status line
 * (``p.<prefix>-feedback``), the page's parts between it and the board
 * (``aboveBoard``), the board (``div.<prefix>-board``), the buttons
 * (``div.puzzle-actions``), the moves played (``ol.puzzle-moves``), and the
 * page's parts below (``tail``).  It makes the board from the puzzle's side
 * (that seat at the bottom, "You" and "Solver"), and writes the status line
 * and the moves list; what each page says stays with the page.
 */
import { Board, type BoardConfig, type BoardPositionJSON, type Seat } from "../board";
import { button, el, hideFallback, type Attrs } from "./dom";
import { playerNames } from "./format";
import { t } from "./i18n";
import type { Side } from "./vocabulary";

/** The shortest time between the player's move and the solver's reply on the board. */
export const REPLY_DELAY_MS = 450;

export interface ShellParts {
  /** The first part of the status line's and the board's class: ``puzzle`` (the default) or ``exercise``. */
  prefix?: string;
  /** Where the parts go (by default the root, whose fallback is hidden in any case). */
  container?: HTMLElement;
  /** The page's parts above the status line. */
  head?: HTMLElement[];
  /** The status line's attributes besides its class (``aria-live``, ``role``). */
  statusAttrs?: Attrs;
  /** Whether an empty status line is hidden. */
  hideEmptyStatus?: boolean;
  /** The page's parts between the status line and the board. */
  aboveBoard?: HTMLElement[];
  /** Whether the page has the row of buttons (default true). */
  actions?: boolean;
  /** Whether the page lists the moves played (default true). */
  moves?: boolean;
  /** The page's parts below the rest. */
  tail?: HTMLElement[];
}

/** What the board is set up with: the position and the seat of the player, at the bottom. */
export interface PuzzleSetUp {
  position: BoardPositionJSON | null;
  side: Seat;
  /** The players' names on the board (by default "You" and "Solver"). */
  names?: Partial<Record<Seat, string>>;
  /** Whose moves the player may make (the board's default: the bottom seat's). */
  movable?: BoardConfig["movable"];
}

/** How the status line reads: its class after ``<prefix>-feedback``. */
export type Tone = "correct" | "incorrect" | "thinking" | "solved" | "failed" | "";

/** A puzzle's solution: enough of it to show the position after its line. */
interface SolutionLike {
  line: { move: string }[];
  board_after: BoardPositionJSON;
}

export class PuzzleShell {
  readonly status: HTMLParagraphElement;
  readonly boardEl: HTMLDivElement;
  readonly actions: HTMLDivElement;
  readonly moves: HTMLOListElement;
  /** The board, once ``setUp`` has made it. */
  board: Board | null = null;
  private readonly prefix: string;
  private readonly hideEmptyStatus: boolean;

  constructor(root: HTMLElement, parts: ShellParts = {}) {
    this.prefix = parts.prefix ?? "puzzle";
    this.hideEmptyStatus = parts.hideEmptyStatus ?? false;
    this.status = el("p", { class: `${this.prefix}-feedback`, ...parts.statusAttrs });
    this.boardEl = el("div", `${this.prefix}-board`);
    this.actions = el("div", "puzzle-actions");
    this.moves = el("ol", "puzzle-moves");
    hideFallback(root);
    (parts.container ?? root).append(
      ...(parts.head ?? []),
      this.status,
      ...(parts.aboveBoard ?? []),
      this.boardEl,
      ...(parts.actions === false ? [] : [this.actions]),
      ...(parts.moves === false ? [] : [this.moves]),
      ...(parts.tail ?? []),
    );
  }

  /**
   * Puts a puzzle on the board, ready for the player's move: the first time
   * makes the board, whose moves go to ``onMove``; later a new puzzle
   * replaces the last (no last move).
   */
  setUp(puzzle: PuzzleSetUp, onMove: (move: string) => void): Board {
    const config: Partial<BoardConfig> = {
      position: puzzle.position,
      orientation: puzzle.side,
      interactive: true,
      names: puzzle.names ?? playerNames(puzzle.side as Side),
      you: puzzle.side,
    };
    if (puzzle.movable !== undefined) config.movable = puzzle.movable;
    if (this.board) {
      this.board.set({ ...config, lastMove: null });
    } else {
      this.board = new Board(this.boardEl, config);
      this.board.on("move", onMove);
    }
    return this.board;
  }

  /** Writes the status line: its text, and its class after ``<prefix>-feedback``. */
  say(text: string, tone: Tone = ""): void {
    this.status.className = `${this.prefix}-feedback` + (tone ? ` ${tone}` : "");
    this.status.textContent = text;
    if (this.hideEmptyStatus) this.status.hidden = !text;
  }

  /** Puts these buttons and links in the row of buttons, in place of the last. */
  setActions(...nodes: HTMLElement[]): void {
    this.actions.replaceChildren(...nodes);
  }

  /** Empties the list of moves played. */
  clearMoves(): void {
    this.moves.replaceChildren();
  }

  /**
   * Lists a move: "You: 36R ✓" (a player's move graded right or wrong, then
   * ``more``) or "Solver: 62L"; the item's class says who and how.
   */
  addMove(by: "player" | "solver", move: string, correct: boolean | null, more = ""): void {
    const item = el("li", `by-${by}` + (correct === true ? " correct" : correct === false ? " incorrect" : ""));
    let text = `${by === "player" ? t("You") : t("Solver")}: ${move}`;
    if (by === "player" && correct !== null) text += correct ? " ✓" : " ✗";
    item.textContent = text + more;
    this.moves.append(item);
  }

  /** The button that shows the position after the solution's line on the board. */
  solutionButton(solution: SolutionLike): HTMLButtonElement {
    const show = button(t("Show the position after the solution"), () => {
      const line = solution.line;
      const lastMove = line.length ? line[line.length - 1].move : null;
      this.board?.set({ position: solution.board_after, lastMove, marks: {}, interactive: false });
    });
    show.classList.add("show-solution");
    return show;
  }
}

/** What the player is asked at the start of a puzzle, by its kind. */
export function puzzlePrompt(kind: "win" | "most"): string {
  return kind === "win"
    ? t("Your move: find the only winning move.")
    : t("Your move: every move wins; find the one that wins the most.");
}

/** How a puzzle ended: solved, given up, or (``wrong``) failed by a move. */
export function outcomeText(solved: boolean, gaveUp: boolean, wrong: string): string {
  if (solved) return t("Solved! Well played.");
  return gaveUp ? t("You gave up: here is the solution.") : wrong;
}

/** The link that opens ``position`` (its notation) on the analysis board. */
export function analysisLink(position: string): HTMLAnchorElement {
  const link = el("a", "open-analysis", t("Open in analysis"));
  link.href = `/analysis/?position=${encodeURIComponent(position)}`;
  return link;
}
