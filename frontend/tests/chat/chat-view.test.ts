import { describe, expect, it, vi } from "vitest";
import type { ChatMessage, ChatRoom } from "../../src/chat/chat-types";
import { chatPanel, messageLine, type ChatActions } from "../../src/chat/chat-view";

function message(extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 7,
    author: "ann",
    account: "ann",
    bot: false,
    mine: false,
    preset: "good-game",
    text: "Good game!",
    at: "2026-12-06T20:00:00Z",
    report_url: "/api/chat/messages/7/report/",
    ...extra,
  };
}

function room(extra: Partial<ChatRoom> = {}): ChatRoom {
  return {
    kind: "players",
    url: "/api/chat/games/3/players/",
    version: 1,
    messages: [message()],
    can_post: true,
    why_not: null,
    max_length: 140,
    presets: [
      { key: "good-luck", text: "Good luck!" },
      { key: "thanks", text: "Thanks!" },
    ],
    ...extra,
  };
}

function actions(): ChatActions {
  return { send: vi.fn(), report: vi.fn(), block: vi.fn() };
}

describe("the chat panel", () => {
  it("gives another account's message a report and a block button", () => {
    const todo = actions();
    const line = messageLine(message(), todo);
    expect(line.querySelector(".chat-author")?.textContent).toBe("ann");
    expect(line.querySelector(".chat-text")?.textContent).toBe("Good game!");
    line.querySelector<HTMLButtonElement>(".chat-report")?.click();
    line.querySelector<HTMLButtonElement>(".chat-block")?.click();
    expect(todo.report).toHaveBeenCalledOnce();
    expect(todo.block).toHaveBeenCalledOnce();
  });

  it("gives a guest's message no block button and one's own neither", () => {
    expect(messageLine(message({ account: null, author: "Guest 1a2b" }), actions()).querySelector(".chat-block")).toBeNull();
    const own = messageLine(message({ mine: true }), actions());
    expect(own.querySelector(".chat-report")).toBeNull();
    expect(own.querySelector(".chat-block")).toBeNull();
  });

  it("sends a preset by its key and typed text trimmed", () => {
    const todo = actions();
    const panel = chatPanel(room(), todo);
    panel.root.querySelector<HTMLButtonElement>('[data-preset="thanks"]')?.click();
    const input = panel.root.querySelector<HTMLInputElement>(".chat-input")!;
    input.value = "  hello  ";
    panel.root.querySelector("form")!.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(todo.send).toHaveBeenNthCalledWith(1, { preset: "thanks" });
    expect(todo.send).toHaveBeenNthCalledWith(2, { text: "hello" });
    expect(input.maxLength).toBe(140);
  });

  it("closes the box and says why when the reader may not post", () => {
    const panel = chatPanel(room({ can_post: false, why_not: "Guests cannot chat in rated games: log in to chat." }), actions());
    expect(panel.root.querySelector<HTMLElement>(".chat-form")!.hidden).toBe(true);
    expect(panel.root.querySelector<HTMLElement>(".chat-presets")!.hidden).toBe(true);
    const why = panel.root.querySelector<HTMLElement>(".chat-why-not")!;
    expect(why.hidden).toBe(false);
    expect(why.textContent).toContain("Guests");
  });
});
