/** Games for the page tests: moves, hints and a game's JSON around a position. */
import type { PositionJSON, Side } from "../../src/board";
import type { GameJSON, HintJSON, MoveJSON } from "../../src/games/game";
import { mountPlayPage, type PlayPage } from "../../src/games/play-page";
import type { Grade } from "../../src/shared/vocabulary";
import { otherSide } from "../../src/shared/vocabulary";
import { jsonScript } from "./dom";

export function move(ply: number, side: Side, by: "human" | "solver", notation: string, grade: Grade | null = null, extra: Partial<MoveJSON> = {}): MoveJSON {
  return {
    ply,
    side,
    by,
    move: notation,
    value: grade === null ? null : 10,
    best_value: grade === null ? null : 10,
    best_moves: grade === null ? null : [notation],
    grade,
    points_lost: grade === null ? null : 0,
    ...extra,
  };
}

/** A game whose board is ``position`` (the human plays the side to move unless told). */
export function makeGame(position: PositionJSON, extra: Partial<GameJSON> = {}): GameJSON {
  const human = extra.human ?? position.side;
  const status = extra.status ?? (position.over ? "over" : position.side === human ? "your-move" : "thinking");
  const moves = extra.moves ?? [];
  return {
    id: 7,
    start: "start",
    position: position.position,
    human,
    solver: otherSide(human as Side),
    level: "perfect",
    status,
    legal_moves: status === "your-move" ? position.legal_moves : [],
    moves,
    ungraded: moves.filter((m) => m.grade === null).length,
    result: null,
    hints: [],
    hints_used: 0,
    ply: moves.length,
    version: 1,
    board: position,
    ...extra,
  };
}

export function hint(ply: number, level: 1 | 2 | 3, content: HintJSON["content"]): HintJSON {
  return { ply, level, content };
}

/** The play page of ``game`` (as game 7) mounted as its template serves it:
 * ``attrs``, more of the root's attributes; ``before``, what precedes it. */
export function mountPlayOf(game: GameJSON, attrs = "", before = ""): PlayPage {
  document.body.innerHTML = `${before}<div id="game-root" data-page="play" data-game-id="7" data-state-id="game-state"
    data-api-game="/api/games/7/" data-api-moves="/api/games/7/moves/" data-api-hint="/api/games/7/hint/" ${attrs}></div>`;
  document.body.appendChild(jsonScript("game-state", game));
  const page = mountPlayPage(document, { pollRetryMs: 0 });
  if (!page) throw new Error("the play page did not start");
  return page;
}
