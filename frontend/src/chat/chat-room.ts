/**
 * A chat room followed live: the first read, then long polls
 * (``?after=<last id>&wait=<version>``) woken by each message, a message
 * sent (text or preset), reported, and its author blocked.
 */
import { el } from "../shared/dom";
import { ApiError, errorMessage, request } from "../shared/http";
import { t } from "../shared/i18n";
import { NOT_MODIFIED, sleep } from "../shared/poll";
import type { ChatMessage, ChatRoom } from "./chat-types";
import { chatPanel, messageLine, type ChatActions, type ChatPanel } from "./chat-view";

const HOLD_SECONDS = 25;
const SHOWN = 100; // lines kept on the page
const REOPEN_SECONDS = 15; // a room closed for now is read again this often

export class ChatRoomView {
  private room!: ChatRoom;
  private panel!: ChatPanel;
  private last = 0;
  private readonly seen = new Set<number>();
  private readonly blocked = new Set<string>();

  constructor(
    private readonly host: HTMLElement,
    private readonly url: string,
  ) {}

  async start(): Promise<void> {
    let first: ChatRoom;
    for (;;) {
      try {
        first = (await request<ChatRoom>(this.url)).data;
        break;
      } catch (error) {
        // Refused for now (partners' room during their game): the reason in
        // the box, and the room read again until it opens (the game over).
        if (!(error instanceof ApiError && error.status === 403)) return; // no room: no panel
        this.closed(errorMessage(error));
        await sleep(REOPEN_SECONDS * 1000);
      }
    }
    this.host.querySelector(".chat-closed")?.remove();
    this.room = first;
    this.panel = chatPanel(first, this.actions());
    this.host.append(this.panel.root);
    this.host.hidden = false;
    this.take(first);
    void this.follow();
  }

  /** The box of a room closed to the reader for now, saying why. */
  private closed(reason: string): void {
    let line = this.host.querySelector<HTMLElement>(".chat-closed");
    if (!line) {
      line = el("p", { class: "chat-why-not chat-closed", role: "status" });
      this.host.append(line);
    }
    line.textContent = reason;
    this.host.hidden = false;
  }

  private actions(): ChatActions {
    return {
      send: (body) => void this.send(body),
      report: (message, control) => void this.report(message, control),
      block: (message, control) => void this.block(message, control),
    };
  }

  private take(room: ChatRoom): void {
    this.room = room;
    this.panel.allow(room);
    for (const message of room.messages) this.add(message);
  }

  private add(message: ChatMessage): void {
    this.last = Math.max(this.last, message.id);
    if (this.seen.has(message.id) || (message.account && this.blocked.has(message.account))) return;
    this.seen.add(message.id);
    this.panel.list.append(messageLine(message, this.actions()));
    while (this.panel.list.children.length > SHOWN) this.panel.list.firstElementChild?.remove();
    this.panel.list.scrollTop = this.panel.list.scrollHeight;
  }

  private async follow(): Promise<void> {
    for (let failures = 0; ; ) {
      const url = `${this.url}?after=${this.last}&wait=${this.room.version}&timeout=${HOLD_SECONDS}`;
      try {
        this.take((await request<ChatRoom>(url)).data);
        failures = 0;
      } catch (error) {
        if (error instanceof ApiError && error.status === NOT_MODIFIED) continue;
        failures += 1;
        await sleep(Math.min(30_000, 1000 * 2 ** Math.min(failures, 5)));
      }
    }
  }

  /** Reads the room again now: what the reader may do, and any message not seen yet. */
  private async refresh(): Promise<void> {
    try {
      this.take((await request<ChatRoom>(`${this.url}?after=${this.last}`)).data);
    } catch (error) {
      this.showError(error);
    }
  }

  private showError(error: unknown): void {
    this.panel.error.textContent = errorMessage(error);
    this.panel.error.hidden = false;
  }

  private async send(body: { text?: string; preset?: string }): Promise<void> {
    this.panel.error.hidden = true;
    try {
      const { data } = await request<ChatMessage>(this.url, { body });
      this.add(data);
    } catch (error) {
      this.showError(error);
      // Refused (muted, blocked...): the room read again closes the box and says why.
      if (error instanceof ApiError && error.status === 403) await this.refresh();
    }
  }

  private async report(message: ChatMessage, control: HTMLButtonElement): Promise<void> {
    control.disabled = true;
    try {
      await request(message.report_url, { body: {} });
      control.textContent = t("Reported");
    } catch (error) {
      control.disabled = false;
      this.showError(error);
    }
  }

  private async block(message: ChatMessage, control: HTMLButtonElement): Promise<void> {
    if (!message.account) return;
    control.disabled = true;
    try {
      await request(`/api/social/block/${encodeURIComponent(message.account)}/`, { body: {} });
      this.blocked.add(message.account);
      for (const line of this.panel.list.querySelectorAll<HTMLElement>(".chat-message")) {
        if (line.dataset.account === message.account) line.remove();
      }
      // what the reader may do now (a players' room closes to a blocked pair)
      await this.refresh();
    } catch (error) {
      control.disabled = false;
      this.showError(error);
    }
  }
}
