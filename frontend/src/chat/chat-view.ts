/** The chat panel's DOM: the messages, the preset buttons, the box and why it is closed. */
import { button, el } from "../shared/dom";
import { t } from "../shared/i18n";
import type { ChatMessage, ChatRoom } from "./chat-types";

export interface ChatActions {
  send: (body: { text?: string; preset?: string }) => void;
  report: (message: ChatMessage, control: HTMLButtonElement) => void;
  block: (message: ChatMessage, control: HTMLButtonElement) => void;
}

export function roomTitle(kind: ChatRoom["kind"]): string {
  if (kind === "players") return t("Players' chat");
  if (kind === "spectators") return t("Spectators' chat");
  return t("Tournament chat");
}

/** One message's line: the author, the words, and for another's message its report and block buttons. */
export function messageLine(message: ChatMessage, actions: ChatActions): HTMLLIElement {
  const line = el("li", { class: message.mine ? "chat-message chat-mine" : "chat-message", "data-id": String(message.id) },
    el("strong", "chat-author", message.author),
    " ",
    el("span", "chat-text", message.text),
  );
  if (message.account) line.dataset.account = message.account;
  if (message.mine) return line;
  const report = button(t("Report"), () => actions.report(message, report), {
    class: "chat-report",
    title: t("Report this message to the moderators"),
  });
  line.append(" ", report);
  if (message.account) {
    const block = button(t("Block player"), () => actions.block(message, block), {
      class: "chat-block",
      title: t("Block this player: you will not see each other's messages"),
    });
    line.append(" ", block);
  }
  return line;
}

export interface ChatPanel {
  root: HTMLElement;
  list: HTMLOListElement;
  error: HTMLElement;
  /** Shows whether the reader may post, and why not. */
  allow: (room: ChatRoom) => void;
}

export function chatPanel(room: ChatRoom, actions: ChatActions): ChatPanel {
  const list = el("ol", { class: "chat-messages", "aria-live": "polite" });
  const input = el("input", {
    type: "text",
    class: "chat-input",
    maxlength: String(room.max_length),
    "aria-label": t("Your message"),
    placeholder: t("Write a message"),
    autocomplete: "off",
  });
  const send = el("button", { type: "submit", class: "chat-send" }, t("Send"));
  const form = el("form", { class: "chat-form" }, input, send);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    input.value = "";
    actions.send({ text });
  });
  const presets = el(
    "div",
    { class: "chat-presets" },
    ...room.presets.map((preset) =>
      button(preset.text, () => actions.send({ preset: preset.key }), {
        class: "chat-preset",
        "data-preset": preset.key,
      }),
    ),
  );
  const whyNot = el("p", { class: "chat-why-not" });
  const error = el("p", { class: "chat-error", role: "alert" });
  error.hidden = true;
  const root = el(
    "section",
    { class: "chat-panel", "aria-label": roomTitle(room.kind) },
    el("h2", "chat-title", roomTitle(room.kind)),
    list,
    presets,
    form,
    whyNot,
    error,
  );
  const allow = (state: ChatRoom): void => {
    presets.hidden = form.hidden = !state.can_post;
    whyNot.hidden = state.can_post;
    whyNot.textContent = state.why_not ?? "";
    if (!state.can_post) error.hidden = true; // the reason is said once, under the closed box
  };
  allow(room);
  return { root, list, error, allow };
}
