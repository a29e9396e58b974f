/** The chat API's JSON (``puzzles/chat/presentation.py``). */

export interface ChatMessage {
  id: number;
  author: string;
  /** The author's account name (null: a guest). */
  account: string | null;
  mine: boolean;
  preset: string | null;
  text: string;
  at: string;
  report_url: string;
}

export interface ChatPreset {
  key: string;
  text: string;
}

export interface ChatRoom {
  kind: "players" | "spectators" | "tournament";
  url: string;
  version: number;
  messages: ChatMessage[];
  can_post: boolean;
  why_not: string | null;
  max_length: number;
  presets: ChatPreset[];
}
