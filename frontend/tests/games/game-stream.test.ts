import { afterEach, describe, expect, it, vi } from "vitest";
import type { GameJSON } from "../../src/games/game";
import { applyEvent, type MoveEvent } from "../../src/games/game-stream";
import { mountPlayPage, type PlayPage } from "../../src/games/play-page";
import { Stream, socketUrl } from "../../src/shared/stream";
import { jsonScript } from "../helpers/dom";
import { makeGame, mockFetch, move, sampleWithAnswers, settle } from "../helpers";

/** A WebSocket the test drives: ``opened``, ``say`` a message, ``drop`` the connection. */
class FakeSocket {
  static made: FakeSocket[] = [];
  readonly CLOSED = 3;
  readonly CLOSING = 2;
  readonly OPEN = 1;
  sent: unknown[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  opened(): void {
    this.readyState = 1;
    this.onopen?.();
  }
  say(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.();
  }
  close(): void {
    this.drop();
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
}
const socketClass = FakeSocket as unknown as typeof WebSocket;

const EARLY = "Early game";

/** A live game between Ann (A) and Bob (B) read by Ann, Bob to move. */
function annWaiting(): GameJSON {
  const position = { ...sampleWithAnswers(EARLY).position, side: "B" as const };
  return makeGame(position, {
    human: "A",
    status: "their-move",
    legal_moves: [],
    kind: "people",
    roles: { A: "human", B: "opponent" },
    moves: [move(1, "A", "human", "66")],
    ply: 1,
    version: 4,
    clocks: { A: 300_000, B: 300_000 },
    server_time: 1_000_000,
    deadline: 1_060_000,
    clock_running: null,
    my_seat: "A",
    players: {
      A: { name: "Ann", kind: "guest", level: null, you: true, bot: false },
      B: { name: "Bob", kind: "guest", level: null, you: false, bot: false },
    },
  });
}

function bobMoved(game: GameJSON, extra: Partial<MoveEvent> = {}): MoveEvent {
  const { role: _role, ...played } = move(2, "B", "human", "63R");
  return {
    type: "move",
    version: game.version + 1,
    ply: 2,
    position: "after",
    move: played,
    board: { ...game.board, side: "A", legal_moves: ["31R", "34L"] },
    to_move: "A",
    clocks: { A: 300_000, B: 290_000 },
    server_time: 1_010_000,
    deadline: 1_070_000,
    clock_running: null,
    you: { legal_moves: ["31R", "34L"], abortable: false, abort_from: null },
    ...extra,
  };
}

describe("a move event applied to the game the page has", () => {
  it("makes it the reader's move, with its legal moves, the move's role and the new clocks", () => {
    const game = annWaiting();
    const after = applyEvent(game, bobMoved(game))!;
    expect(after.version).toBe(5);
    expect(after.ply).toBe(2);
    expect(after.status).toBe("your-move");
    expect(after.legal_moves).toEqual(["31R", "34L"]);
    expect(after.moves.map((m) => [m.move, m.role])).toEqual([
      ["66", "human"],
      ["63R", "opponent"],
    ]);
    expect(after.clocks).toEqual({ A: 300_000, B: 290_000 });
    expect(after.deadline).toBe(1_070_000);
    expect(after.board.side).toBe("A");
  });

  it("shows a spectator the move with no legal moves, and says nothing of a move it cannot follow on from", () => {
    const game = { ...annWaiting(), my_seat: null, spectator: true };
    const seen = applyEvent(game, bobMoved(game, { you: null }))!;
    expect(seen.status).toBe("their-move");
    expect(seen.legal_moves).toEqual([]);
    expect(applyEvent(game, bobMoved(game, { version: game.version + 2 }))).toBeNull();
    expect(applyEvent(game, bobMoved(game, { ply: 3 }))).toBeNull();
  });
});

describe("a stream", () => {
  afterEach(() => {
    FakeSocket.made = [];
    vi.useRealTimers();
  });

  it("hands on each message, opens again when dropped, and gives up when it never opens", () => {
    vi.useFakeTimers();
    const messages: unknown[] = [];
    const gaveUp = vi.fn();
    const stream = new Stream({ url: "ws://site/ws/games/7/", socket: socketClass, onMessage: (m) => messages.push(m), onGiveUp: gaveUp, retryMs: 100 });
    FakeSocket.made[0].opened();
    FakeSocket.made[0].say({ type: "hello", version: 3 });
    FakeSocket.made[0].onmessage?.({ data: "not json" });
    expect(messages).toEqual([{ type: "hello", version: 3 }]);
    FakeSocket.made[0].drop();
    vi.advanceTimersByTime(100);
    expect(FakeSocket.made).toHaveLength(2); // opened again after a drop
    FakeSocket.made[1].drop(); // never opened: one failure
    vi.advanceTimersByTime(100);
    expect(gaveUp).not.toHaveBeenCalled();
    FakeSocket.made[2].drop(); // two in a row
    expect(gaveUp).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.made).toHaveLength(3);
    stream.close();
  });

  it("is on the page's own host, wss under https", () => {
    expect(socketUrl("/ws/games/7/", { protocol: "https:", host: "od.example" })).toBe("wss://od.example/ws/games/7/");
    expect(socketUrl("/ws/games/7/", { protocol: "http:", host: "127.0.0.1:8000" })).toBe("ws://127.0.0.1:8000/ws/games/7/");
  });
});

let page: PlayPage | null = null;

/** The play page of ``game`` following it over a ``FakeSocket``. */
function mount(game: GameJSON): PlayPage {
  document.body.innerHTML = `<div id="game-root" data-page="play" data-state-id="game-state" data-api-game="/api/games/7/" data-api-moves="/api/games/7/moves/"></div>`;
  document.body.appendChild(jsonScript("game-state", game));
  const mounted = mountPlayPage(document, { pollRetryMs: 0, stepMs: 0, socket: socketClass });
  if (!mounted) throw new Error("the play page did not start");
  return mounted;
}

function unmount(): void {
  page?.destroy();
  page = null;
  FakeSocket.made = [];
  vi.unstubAllGlobals();
  document.body.replaceChildren();
}

describe("the play page following a game between people over its socket", () => {
  afterEach(unmount);

  it("applies a move event without a request, and reads the game on anything else", async () => {
    const server = mockFetch();
    const game = annWaiting();
    page = mount(game);
    const socket = FakeSocket.made[0];
    expect(socket.url).toBe(`ws://${location.host}/ws/games/7/`);
    socket.opened();
    socket.say({ type: "hello", game: 7, version: game.version, seat: "A" });
    socket.say(bobMoved(game));
    await settle();
    expect(server.calls.filter((c) => c.method === "GET")).toEqual([]); // no long poll, no read
    expect(page.game.status).toBe("your-move");
    expect(page.root.dataset.version).toBe("5");
    expect(page.root.dataset.status).toBe("your-move");
    socket.say({ type: "changed" });
    await settle();
    expect(server.calls.filter((c) => c.method === "GET").map((c) => c.url)).toEqual(["/api/games/7/"]);
  });

  it("reads the game when the socket opens on a version it has not seen, and long-polls when no socket opens", async () => {
    const server = mockFetch();
    page = mount(annWaiting());
    FakeSocket.made[0].opened();
    FakeSocket.made[0].say({ type: "hello", game: 7, version: 9, seat: "A" });
    await settle();
    expect(server.calls.filter((c) => c.method === "GET").map((c) => c.url)).toEqual(["/api/games/7/"]);
    page.destroy();
    FakeSocket.made = [];
    server.calls.length = 0;
    vi.useFakeTimers();
    page = mount(annWaiting());
    FakeSocket.made[0].drop();
    vi.advanceTimersByTime(1000);
    FakeSocket.made[1].drop();
    vi.useRealTimers();
    await settle();
    expect(server.calls.filter((c) => c.method === "GET").map((c) => c.url)).toEqual(["/api/games/7/?wait=4&timeout=20"]);
  });
});

describe("a move sent over the game's socket", () => {
  afterEach(unmount);

  /** Bob's page (B), Bob to move. */
  function mountBob(): PlayPage {
    const game = annWaiting();
    return mount({ ...game, my_seat: "B", human: "B", status: "your-move", legal_moves: ["63R", "64R"], roles: { A: "opponent", B: "human" } });
  }

  it("is played without a request, the answer's event applied at once", async () => {
    const server = mockFetch();
    page = mountBob();
    const socket = FakeSocket.made[0];
    socket.opened();
    const playing = page.playMove("63R");
    expect(socket.sent).toEqual([{ type: "move", move: "63R", ply: 1, id: 1 }]);
    expect(page.root.dataset.status).toBe("sending");
    const game = page.game;
    const event = { ...bobMoved(game), to_move: "A", you: { legal_moves: [], abortable: false, abort_from: null } };
    socket.say({ type: "played", id: 1, ply: 1, event });
    await playing;
    expect(page.game.version).toBe(5);
    expect(page.game.moves.map((m) => [m.move, m.role])).toEqual([
      ["66", "human"],
      ["63R", "human"],
    ]);
    expect(page.game.status).toBe("their-move");
    expect(page.root.dataset.status).toBe("their-move");
    socket.say(event); // the group's copy: already had
    await settle();
    // no read of the game and no post of the move (the presence of the deal's player aside)
    expect(server.calls.filter((c) => !c.url.endsWith("/present/")).map((c) => `${c.method} ${c.url}`)).toEqual([]);
  });

  it("shows a refusal as a posted move's, and posts the move when the socket is not open", async () => {
    const server = mockFetch();
    page = mountBob();
    const socket = FakeSocket.made[0];
    socket.opened();
    const refused = page.playMove("63R");
    socket.say({ type: "refused", id: 1, status: 400, error: "63R does not fit" });
    await refused;
    expect(page.root.querySelector(".gp-error")?.textContent).toContain("63R does not fit");
    expect(page.game.version).toBe(4);
    socket.drop(); // (opened again later)
    const posted = page.playMove("63R");
    await settle();
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toContain("POST /api/games/7/moves/");
    server.answer("POST /api/games/7/moves/", { status: 201, body: { ...page.game, version: 5, status: "their-move" } });
    await posted;
    expect(page.game.version).toBe(5);
  });
});

