/**
 * Beside a game's review (``review-view.ts``): every move of the position
 * shown, with its value and grade solved by the player's browser
 * (``engine/local.ts``, no request), and a side line played from there by a
 * click on a move, on the review's board.  Stepping through the game asks
 * nothing: the page embeds the record's positions only when the server shows
 * their analysis.  A side line leaves the record, so each of its moves is
 * first checked by the server (POST /api/positions/, as the analysis board
 * does: a position of a game between people in progress is refused there,
 * and then not analysed here); the values stay the browser's.  Where the
 * browser cannot run the solver the panel stays empty, as before.
 */
import type { BoardPositionJSON, Seat } from "../board";
import { localAnalyse, localEngineAvailable } from "../engine/local";
import { button, el } from "../shared/dom";
import { errorMessage } from "../shared/http";
import { moveLabel } from "../shared/format";
import { t } from "../shared/i18n";
import { analysisMarks, fetchPosition, movesTable, sideOf, type AnalysisResult, type PositionAnswer } from "./common";
import type { ReviewView } from "./review-view";

/** Is ``seat`` of the first team (A, or A and C in partnership)?  The table's values are that team's. */
function ofFirstTeam(seat: Seat | null, seats: number): boolean {
  return seat === "A" || (seats > 2 && seat === "C");
}

export class ReviewExplorer {
  readonly host: HTMLElement;
  /** The side line played from the game's position shown (empty: the game itself). */
  line: string[] = [];
  private generation = 0;
  private readonly caption = el("p", "review-explore-caption");
  private readonly lineText = el("p", { class: "review-explore-line", "data-side-line": "" });
  private readonly status = el("p", { class: "study-status", role: "status" });
  private readonly table = el("div", { "data-explore-moves": "" });

  constructor(
    readonly view: ReviewView,
    host: HTMLElement,
    /** The position before each ply and the final one (``positions[i]``: the board at review index ``i``). */
    readonly positions: string[],
    readonly apiPositions: string,
  ) {
    this.host = host;
    host.classList.add("review-explore");
    host.dataset.reviewExplore = "";
    host.hidden = true;
    host.append(this.caption, this.lineText, this.status, this.table);
    // The review shows another ply (or the game again): the side line is left, that position's moves shown.
    view.onShow = () => {
      this.line = [];
      void this.refresh();
    };
    void this.refresh();
  }

  private get start(): string {
    return this.positions[this.view.index];
  }

  /** Leaves the side line: the game's board (the review redrawn, which shows the moves of its position again). */
  back(): void {
    this.view.redraw();
  }

  /** Plays ``move`` after the side line (or starts one from the game's position). */
  play(move: string): void {
    this.line = [...this.line, move];
    void this.refresh();
  }

  private async refresh(): Promise<void> {
    const mine = ++this.generation;
    const line = [...this.line];
    this.status.textContent = "";
    this.status.classList.remove("error");
    let position = this.start;
    let answer: PositionAnswer<BoardPositionJSON> | null = null;
    if (line.length) {
      try {
        answer = await fetchPosition<BoardPositionJSON>(this.apiPositions, this.start, line);
        position = answer.current;
      } catch (error) {
        if (mine !== this.generation) return;
        this.line = line.slice(0, -1); // the move is not played: the side line stays as it was
        this.status.classList.add("error");
        this.status.textContent = errorMessage(error);
        return;
      }
    }
    let result: AnalysisResult | null = null;
    try {
      result = position ? await localAnalyse(position) : null;
    } catch {
      result = null;
    }
    if (mine !== this.generation) return;
    if (!result) {
      if (!line.length) this.host.hidden = true; // the browser cannot solve: nothing is shown, as before
      return;
    }
    this.host.hidden = false;
    if (answer) {
      // The seat of the side line's last move: the side of the position before it.
      const before = line.length > 1 ? answer.positions[line.length - 2] : answer.position;
      this.view.board.set({
        position: answer.board,
        suggest: [],
        marks: analysisMarks(result),
        lastMove: line[line.length - 1],
        lastSide: sideOf(before),
        ply: null,
      });
    }
    this.draw(result, line);
  }

  private draw(result: AnalysisResult, line: string[]): void {
    const seats = this.view.data.seats.length;
    const mover = sideOf(result.position);
    this.caption.textContent = line.length
      ? t("A side line, solved in your browser: every move here with its value.")
      : t("Every move here, solved in your browser. Click one to play a side line.");
    if (line.length) {
      this.lineText.replaceChildren(
        document.createTextNode(t("Side line:") + " " + line.map(moveLabel).join(" ") + " "),
        button(t("Back to the game"), () => this.back(), { class: "review-explore-back", "data-explore-back": "" }),
      );
    } else {
      this.lineText.replaceChildren();
    }
    this.table.replaceChildren(result.moves.length
      ? movesTable(result, (move) => this.play(move), { side: "A", mover: ofFirstTeam(mover, seats) ? "A" : "B", teams: seats > 2 })
      : el("p", "", t("The deal is over.")));
  }
}

/**
 * The panel under the review's board, when the page gives the positions (the
 * server shows their analysis) and the browser can solve them.
 */
export function mountExplorer(view: ReviewView, positions: readonly string[] | undefined): ReviewExplorer | null {
  if (!positions || positions.length !== view.data.boards.length || !localEngineAvailable()) return null;
  const now = view.root.querySelector("[data-review-now]");
  const host = el("div");
  if (now) now.after(host);
  else view.root.append(host);
  const api = view.root.closest<HTMLElement>("[data-api-positions]")?.dataset.apiPositions ?? "/api/positions/";
  return new ReviewExplorer(view, host, [...positions], api);
}
