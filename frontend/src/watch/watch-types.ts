/** The games to watch as ``GET /api/watch/`` and ``GET /api/watch/featured/`` give them. */

export interface WatchPlayer {
  seat: string;
  name: string;
  level: string;
  rating: number | null;
  guest: boolean;
  bot?: boolean;
}

export interface WatchGame {
  game: number;
  url: string;
  variant_text: string;
  control: string;
  moves: number;
  spectators: number;
  rating: number;
  players: WatchPlayer[];
}

export interface WatchList {
  games: WatchGame[];
  refresh_seconds: number;
}

export interface Featured {
  game: WatchGame | null;
}

export interface Spectators {
  game: number;
  spectators: number;
  text: string;
  /** The seats whose player is online. */
  online?: string[];
  /** The viewer id the server issued this page (a spectator with no session), to send back. */
  viewer?: string;
}
