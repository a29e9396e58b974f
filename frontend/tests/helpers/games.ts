/**
 * Games for the page tests: moves, hints, results and a game's JSON around a
 * position, each with every field the API's schema says the server sends.
 */
import type { BoardPositionJSON, Seat, Side } from "../../src/board";
import type { GameJSON, GameResultJSON, HintJSON, MoveJSON } from "../../src/games/game";
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
    role: by === "human" ? "human" : "opponent",
    value_for_human: null,
    best_value_for_human: null,
    position_before: "",
    ...extra,
  };
}

/** A result; its ``outcome`` and ``human_points`` for a human at seat A unless told. */
export function result(winner: GameResultJSON["winner"], points: number, reason: GameResultJSON["reason"], extra: Partial<GameResultJSON> = {}): GameResultJSON {
  const outcome = winner === null ? "draw" : winner.includes("A") ? "win" : "loss";
  const humanPoints = outcome === "draw" ? 0 : outcome === "win" ? points : -points;
  return { winner, points, reason, resigned: null, outcome, human_points: humanPoints, text: "", ...extra };
}

/** A game whose board is ``position`` (the human plays the side to move unless told). */
export function makeGame(position: BoardPositionJSON, extra: Partial<GameJSON> = {}): GameJSON {
  const human = extra.human ?? position.side;
  const status = extra.status ?? (position.over ? "over" : position.side === human ? "your-move" : "thinking");
  const moves = extra.moves ?? [];
  const seats = Object.keys(position.hands) as Seat[];
  return {
    id: 7,
    variant: "lewicki",
    start: "start",
    position: position.position,
    human,
    human_team: human as Side,
    partner: null,
    solver: otherSide(human as Side),
    seats,
    teams: seats.length === 4 ? ["A+C", "B+D"] : seats,
    roles: {},
    rematch_of: null,
    level: "perfect",
    seed: null,
    deal: null,
    rng_seed: 0,
    status,
    to_move: position.over ? null : position.side,
    legal_moves: status === "your-move" ? position.legal_moves : [],
    moves,
    ungraded: moves.filter((m) => m.grade === null).length,
    result: null,
    hints: [],
    hints_used: 0,
    ply: moves.length,
    version: 1,
    board: position,
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
    urls: {},
    concealed: false,
    kind: "practice",
    rated: false,
    time_control: null,
    clocks: null,
    server_time: null,
    deadline: null,
    clock_running: null,
    abortable: false,
    abort_from: null,
    first_moves_from: null,
    players: null,
    my_seat: null,
    spectator: false,
    challenge_url: null,
    match_deal: null,
    match_duplicate: false,
    tournament_url: null,
    unrated_note: null,
    ...extra,
  };
}

export function hint(ply: number, level: 1 | 2 | 3, content: HintJSON["content"]): HintJSON {
  return { ply, level, content, text: "" };
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

/** The players of a game between Ann (A, a guest) and Bob (B, an account) as ``me`` reads it (null: a spectator). */
export function annAndBob(me: "A" | "B" | null): Pick<GameJSON, "players" | "my_seat" | "spectator"> {
  return {
    players: {
      A: { name: "Ann", kind: "guest", level: null, you: me === "A", bot: false },
      B: { name: "Bob", kind: "account", level: null, you: me === "B", bot: false },
    },
    my_seat: me,
    spectator: me === null,
  };
}
