/** The play page's URLs: the API's and the pages' a game links to. */
import type { GameJSON } from "./game";
import { isPeople } from "./people-view";

export interface PlayUrls {
  game: string;
  moves: string;
  hint: string;
  review: string;
  newGame: string;
  /** ``POST``: give the deal up. */
  resign?: string;
  /** ``POST {swap}``: a new game of the same deal. */
  rematch?: string;
  /** ``POST``: call a game between people off before both sides have moved. */
  abort?: string;
  /** A form's ``POST``: offer the players of a finished game between people a rematch (a new challenge). */
  challengeRematch?: string;
  /** ``GET``: a deal of a match between people's challenge, for the match's score and the next deal. */
  challenge?: string;
}

/**
 * A deal of a match between people: its challenge's API, from the
 * challenge's page (``/challenges/<id>/``) as the other URLs' defaults are
 * made; none for any other game.
 */
export function matchChallengeApi(game: GameJSON): string | undefined {
  const id = game.match_deal ? /\/challenges\/(\d+)\/$/.exec(game.challenge_url ?? "")?.[1] : undefined;
  return id ? `/api/challenges/${id}/` : undefined;
}

/** The URLs of ``game``'s play page, from the page's ``#game-root`` data (the game's own by default). */
export function playUrls(game: GameJSON, data: DOMStringMap): PlayUrls {
  return {
    game: data.apiGame || `/api/games/${game.id}/`,
    moves: data.apiMoves || `/api/games/${game.id}/moves/`,
    hint: data.apiHint || `/api/games/${game.id}/hint/`,
    review: data.reviewUrl || `/games/${game.id}/review/`,
    newGame: data.newGameUrl || "/play/",
    resign: data.apiResign || game.urls?.resign,
    rematch: isPeople(game) ? undefined : data.apiRematch || game.urls?.rematch,
    abort: game.urls?.abort,
    challengeRematch: data.challengeRematchUrl || undefined,
    challenge: data.apiChallenge || matchChallengeApi(game),
  };
}
