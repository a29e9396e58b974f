/**
 * The deal page of a game between people tells the server that its seated
 * reader is there (``POST /api/games/<id>/present/``), once a game: a
 * match's next deal times its first moves from when every player has opened
 * it (at the latest a minute after it was dealt), not from its dealing,
 * while the players may still be reading the last deal's result.  A
 * spectator says nothing (the server would refuse it), nor a game over.
 */
import type { components } from "../shared/api-types";
import { request } from "../shared/http";
import type { GameJSON } from "./game";

export type PresenceJSON = components["schemas"]["PresenceOutput"];

/** The address a seated reader posts their presence to. */
export function presenceUrl(game: GameJSON): string {
  const self = game.urls?.self ?? `/api/games/${game.id}/`;
  return `${self.endsWith("/") ? self : `${self}/`}present/`;
}

/** Whether the reader of ``game`` says they are there: a player seated in a game between people still going on. */
export function tellsPresence(game: GameJSON): boolean {
  return game.kind === "people" && Boolean(game.my_seat) && game.status !== "over";
}

/** Posts the reader's presence once for each game it is shown (again after a failure, at the next reading). */
export class PresenceTeller {
  private told = new Set<number>();

  constructor(private readonly post: (url: string) => Promise<unknown> = (url) => request<PresenceJSON>(url, { method: "POST" })) {}

  tell(game: GameJSON): void {
    if (!tellsPresence(game) || this.told.has(game.id)) return;
    this.told.add(game.id);
    void this.post(presenceUrl(game)).catch(() => this.told.delete(game.id));
  }
}
