/**
 * A game between people followed over its WebSocket (``/ws/games/<id>/``):
 * the server pushes each move as one small event (the move, the board, the
 * clocks, the version, and the reader's own legal moves), which the page
 * applies to the game it has (``applyEvent``); anything else, or an event
 * that does not follow on from the version the page has, makes the page read
 * the game again, as it does whenever the socket (re)opens (the ``hello``
 * says the version the game is at).  Where no socket can be opened the page
 * long-polls instead.
 */
import { Stream, socketUrl } from "../shared/stream";
import type { GameJSON, MoveJSON } from "./game";

/** What the server says when the socket opens. */
export interface HelloEvent {
  type: "hello";
  version: number;
}

/** A move that left a person to move, as the stream gives it to one reader. */
export interface MoveEvent {
  type: "move";
  version: number;
  ply: number;
  position: string;
  move: Omit<MoveJSON, "role">;
  board: GameJSON["board"];
  to_move: string;
  clocks: GameJSON["clocks"];
  server_time: number;
  deadline: number | null;
  clock_running: string | null;
  /** The reader's own seat's part (null: a spectator). */
  you: { legal_moves: string[]; abortable: boolean; abort_from: number | null } | null;
}

/** The server's answer to a move sent over the socket: played (with its event for the mover, if any), or refused as the API would. */
export type PlayAnswer =
  | { type: "played"; id: number; ply: number; event: MoveEvent | null }
  | { type: "refused"; id: number; status: number; error: string };

export type GameEvent = HelloEvent | MoveEvent | PlayAnswer | { type: "changed" };

/**
 * ``game`` after the move of ``event``, or ``null`` when the event does not
 * follow on from it (the page reads the game again).
 */
export function applyEvent(game: GameJSON, event: MoveEvent): GameJSON | null {
  if (event.version !== game.version + 1 || event.ply !== game.moves.length + 1) return null;
  const role = game.roles?.[event.move.side as keyof typeof game.roles] ?? "opponent";
  const mine = game.my_seat !== null && game.my_seat !== undefined && game.my_seat === event.to_move;
  return {
    ...game,
    version: event.version,
    ply: event.ply,
    position: event.position,
    board: event.board,
    to_move: event.to_move as GameJSON["to_move"],
    status: mine ? "your-move" : "their-move",
    legal_moves: event.you?.legal_moves ?? [],
    moves: [...game.moves, { ...event.move, role } as MoveJSON],
    clocks: event.clocks,
    server_time: event.server_time,
    deadline: event.deadline,
    clock_running: event.clock_running as GameJSON["clock_running"],
    abortable: event.you?.abortable ?? false,
    abort_from: event.you?.abort_from ?? null,
  };
}

export interface FollowerHooks {
  /** The game the page has now. */
  current: () => GameJSON;
  /** Takes the game after an event. */
  take: (game: GameJSON) => void;
  /** Reads the game again. */
  refresh: () => void;
  /** No socket could be opened: follow the game another way. */
  giveUp: () => void;
  socket: typeof WebSocket;
  location: Pick<Location, "protocol" | "host">;
}

/** Follows one game over its socket until ``stop``; ``play`` sends a move over it. */
export class GameFollower {
  private readonly stream: Stream;
  private readonly hooks: FollowerHooks;
  /** The moves sent and not answered yet, by their message's id. */
  private readonly plays = new Map<number, (answer: PlayAnswer | null) => void>();
  private lastId = 0;

  constructor(gameId: number, hooks: FollowerHooks) {
    this.hooks = hooks;
    this.stream = new Stream({
      url: socketUrl(`/ws/games/${gameId}/`, hooks.location),
      socket: hooks.socket,
      onGiveUp: hooks.giveUp,
      onClose: () => this.dropPlays(),
      onMessage: (message) => {
        const event = message as GameEvent;
        if (event.type === "played" || event.type === "refused") {
          this.answered(event);
        } else if (event.type === "move") {
          const next = applyEvent(hooks.current(), event);
          if (next) hooks.take(next);
          else if (event.version > hooks.current().version) hooks.refresh();
        } else if (event.type === "hello") {
          if (event.version !== hooks.current().version) hooks.refresh();
        } else if (event.type === "changed") {
          hooks.refresh();
        }
      },
    });
  }

  /**
   * Sends ``move`` for ``ply`` over the socket: the server's answer, or
   * ``null`` when the socket is not open or closed before the answer came
   * (post the move instead: the same move for the same ply is played once).
   */
  play(move: string, ply: number): Promise<PlayAnswer | null> {
    const id = ++this.lastId;
    if (!this.stream.send({ type: "move", move, ply, id })) return Promise.resolve(null);
    return new Promise((resolve) => this.plays.set(id, resolve));
  }

  private answered(answer: PlayAnswer): void {
    const resolve = this.plays.get(answer.id);
    if (!resolve) return;
    this.plays.delete(answer.id);
    // the mover's own event first: the page has the move before the answer returns
    if (answer.type === "played" && answer.event) {
      const next = applyEvent(this.hooks.current(), answer.event);
      if (next) this.hooks.take(next);
    }
    resolve(answer);
  }

  private dropPlays(): void {
    for (const resolve of this.plays.values()) resolve(null);
    this.plays.clear();
  }

  stop(): void {
    this.dropPlays();
    this.stream.close();
  }
}
