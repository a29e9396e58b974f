/**
 * The tournament page's state and its words, as pure functions (for the
 * tests): the event's JSON (``GET /api/tournaments/<id>/``), where it
 * stands ("12:34 left", "round 2 of 5"), each standing's cells, each game's
 * line, and which game the page takes its player to.
 */
import type { components } from "../shared/api-types";
import { t, tn } from "../shared/i18n";

type Schemas = components["schemas"];

/** The event as a player (or a visitor) reads it. */
export type TournamentJSON = Schemas["TournamentOutput"];
/** One line of the standings: the kind's own fields (an arena's fire and sheet, a Swiss's tie-breaks) when it has them. */
export type StandingJSON = Schemas["StandingOutput"];
/** One game of the event (a Swiss's bye: no game, no seat B). */
export type TournamentGameJSON = Schemas["TournamentGameOutput"];

/** A number as the reader's language writes it: 1.5 → "1,5" in Polish; at most ``digits`` decimals. */
export function numberText(value: number | null | undefined, digits = 1, lang = pageLanguage()): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  try {
    return new Intl.NumberFormat(lang || "en", { maximumFractionDigits: digits }).format(value);
  } catch {
    return String(Math.round(value * 10 ** digits) / 10 ** digits);
  }
}

function pageLanguage(): string {
  return typeof document === "undefined" ? "en" : document.documentElement.lang || "en";
}

/** A span of time left as a clock: "1:02:03", "12:34", "0:05". */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/**
 * Where the event stands in time, "" when there is nothing to say: an
 * arena's time left (its games in progress are played to the end after it),
 * a Swiss's round, an event's start to come.
 */
export function clockLine(state: TournamentJSON, now: number): string {
  if (state.status === "finished") return "";
  if (state.status === "created") {
    const starts = Date.parse(state.starts_at);
    if (Number.isNaN(starts) || starts <= now) return t("Starting in a moment");
    return t("Starts in %(time)s", { time: durationText(starts - now) });
  }
  if (state.kind === "swiss" && state.rounds) {
    return state.round > 0
      ? t("Round %(round)s of %(rounds)s", { round: state.round, rounds: state.rounds })
      : t("Waiting for the first round");
  }
  if (state.ends_at) {
    const ends = Date.parse(state.ends_at);
    if (Number.isNaN(ends)) return "";
    if (ends <= now) return t("Time is up: the games in progress are played to the end.");
    return t("%(time)s left", { time: durationText(ends - now) });
  }
  return "";
}

/** What the reader may do: join, leave, or nothing (the event is over). */
export type Action = "join" | "leave" | null;

export function actionOf(state: TournamentJSON): Action {
  if (state.status === "finished") return null;
  // a paused player comes back by joining again (the button says Resume)
  return state.you.active && !state.you.paused ? "leave" : "join";
}

/** The line beside the join or leave button. */
export function youText(state: TournamentJSON): string {
  if (state.status === "finished") return state.you.joined ? t("You played in this tournament.") : "";
  if (!state.you.active) return state.you.joined ? t("You left: join again to be paired again.") : "";
  if (state.you.paused) {
    return t("You are paused: your pages of the site were all closed while you waited, so you are not paired. Resume to be paired again.");
  }
  if (state.your_game) return t("Your game is on.");
  if (state.kind === "arena") {
    return state.status === "started"
      ? t("You are in: waiting for an opponent. You are paired again as soon as your game ends.")
      : t("You are in: the arena pairs you as soon as it starts.");
  }
  return t("You are in.");
}

/** A standing's columns after the player: the score, the games, and the kind's own. */
export interface StandingCells {
  rank: string;
  player: string;
  score: string;
  games: string;
  /** An arena's: two wins running, the next win counts double. */
  onFire: boolean;
  /** An arena's: each game's points, in order. */
  sheet: number[] | null;
  /** A Swiss's tie-breaks, as written. */
  buchholz: string | null;
  sonnebornBerger: string | null;
  left: boolean;
  you: boolean;
}

export function standingCells(row: StandingJSON): StandingCells {
  return {
    rank: row.rank === null || row.rank === undefined ? "—" : String(row.rank),
    player: row.player,
    score: numberText(row.score),
    games: String(row.games),
    onFire: Boolean(row.on_fire),
    sheet: row.sheet ?? null,
    buchholz: row.buchholz === undefined ? null : numberText(row.buchholz),
    sonnebornBerger: row.sonneborn_berger === undefined ? null : numberText(row.sonneborn_berger, 2),
    left: !row.active,
    you: row.you,
  };
}

/** The columns the standings have for an event of this kind (after rank, player, score and games). */
export function tieBreakColumns(state: TournamentJSON): boolean {
  return state.kind === "swiss";
}

/** One game's line: "Ann – Bob", "Ann: a bye". */
export function gameTitle(game: TournamentGameJSON): string {
  if (game.b === null) return t("%(player)s: a bye", { player: game.a });
  return `${game.a} – ${game.b}`;
}

/** One game's result in words: "in progress", "1–0", "½–½", "aborted". */
export function gameResult(game: TournamentGameJSON): string {
  if (!game.over) return t("in progress");
  switch (game.outcome) {
    case "a":
      return "1–0";
    case "b":
      return "0–1";
    case "draw":
      return "½–½";
    case "aborted":
      return t("aborted");
    case "bye":
      return t("bye");
    default:
      return "";
  }
}

/** The podium's line of one player: "Ann, 8 points". */
export function podiumText(row: StandingJSON): string {
  const score = row.score ?? 0;
  return tn("%(player)s, %(score)s point", "%(player)s, %(score)s points", score, {
    player: row.player,
    score: numberText(score),
  });
}

/**
 * The game the page should take its player to: their game in progress, when
 * it is not one the page has sent them to before (coming back to the event's
 * page from a game still going does not bounce them back to it).  ``null``:
 * stay.
 */
export function gameToOpen(state: TournamentJSON, sent: ReadonlySet<number>): { id: number; url: string } | null {
  const game = state.your_game;
  if (!game || !state.you.active || sent.has(game.id)) return null;
  return { id: game.id, url: game.url };
}

/** Whether a newer state should replace the shown one (a late answer never takes a newer one's place). */
export function newer(shown: TournamentJSON, next: TournamentJSON): boolean {
  return next.version >= shown.version;
}

/** Whether the page still has news to wait for: anything but a finished event. */
export function live(state: TournamentJSON): boolean {
  return state.status !== "finished";
}
