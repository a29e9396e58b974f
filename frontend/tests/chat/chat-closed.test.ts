import { afterEach, describe, expect, it, vi } from "vitest";
import { ChatRoomView } from "../../src/chat/chat-room";
import { mockFetch } from "../helpers/fetch";

const URL = "/api/chat/games/3/players/";
const REASON = "Partners do not talk during the game: the players' room opens once the game is over.";

async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

describe("a chat room closed to the reader for now", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.innerHTML = "";
  });

  it("says why in the box, and opens once the server lets the reader in", async () => {
    vi.useFakeTimers();
    const server = mockFetch();
    const host = document.createElement("div");
    host.hidden = true;
    document.body.append(host);
    server.answer(`GET ${URL}`, { status: 403, body: { error: REASON } });
    void new ChatRoomView(host, URL).start();
    await vi.advanceTimersByTimeAsync(0);
    await flush();
    expect(host.hidden).toBe(false);
    expect(host.querySelector(".chat-closed")?.textContent).toBe(REASON);
    expect(host.querySelector(".chat-panel")).toBeNull();
    // the game is over: the room read again opens
    server.answer(`GET ${URL}`, {
      body: {
        kind: "players",
        url: URL,
        version: 0,
        messages: [],
        can_post: true,
        why_not: null,
        max_length: 140,
        presets: [],
      },
    });
    await vi.advanceTimersByTimeAsync(16_000);
    await flush();
    expect(host.querySelector(".chat-closed")).toBeNull();
    expect(host.querySelector(".chat-panel")).not.toBeNull();
  });

  it("shows nothing when the room is not there at all", async () => {
    const server = mockFetch();
    const host = document.createElement("div");
    host.hidden = true;
    document.body.append(host);
    server.answer(`GET ${URL}`, { status: 404, body: { error: "No such game." } });
    await new ChatRoomView(host, URL).start();
    expect(host.hidden).toBe(true);
    expect(host.children.length).toBe(0);
  });
});
