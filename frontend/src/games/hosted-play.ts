/**
 * The play widget as another page hosts it (the daily deal's page, the match
 * page): a ``PlayPage`` that tells its host of every new state of its game,
 * and the URLs it plays the game with.
 */
import type { GameJSON } from "./game";
import { PlayPage, type PlayOptions, type PlayUrls } from "./play-page";

/** A game's own URLs, where its JSON names them. */
export type GameWithUrls = GameJSON & { urls?: Partial<Record<"self" | "moves" | "hint" | "review" | "resign", string>> };

/** The play widget of a hosted game: tells the host page of every new state of its game. */
export class HostedPlay extends PlayPage {
  private readonly listener: (game: GameJSON) => void;

  constructor(root: HTMLElement, game: GameJSON, urls: PlayUrls, options: PlayOptions, listener: (game: GameJSON) => void) {
    super(root, game, urls, options);
    this.listener = listener;
  }

  override update(game: GameJSON): void {
    super.update(game);
    this.listener?.(this.game);
  }
}

/** The URLs a hosted game is played with: the game's own, else the games API's; ``newGame``: where the host starts another. */
export function hostedPlayUrls(game: GameWithUrls, newGame: string): PlayUrls {
  const base = `/api/games/${game.id}/`;
  return {
    game: game.urls?.self ?? base,
    moves: game.urls?.moves ?? `${base}moves/`,
    hint: game.urls?.hint ?? `${base}hint/`,
    review: game.urls?.review ?? `/games/${game.id}/review/`,
    newGame,
    resign: game.urls?.resign,
  };
}
