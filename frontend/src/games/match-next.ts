/**
 * What comes after a finished deal of a match between people, in the deal's
 * result box: the match's score, and the button to the next deal (for a
 * spectator, to watch it) or, once the match is decided, who won it.  The
 * match is read from its challenge (``GET /api/challenges/<id>/``, long-polled
 * until the next deal is dealt or the match is over: the deal's end reaches
 * the page before the match has counted it).  The play page asks for it only
 * for a deal of a match (``data-api-challenge`` on ``#game-root``).  Under
 * the next deal's button its player reads when its first move is due,
 * counted down (``firstMoveText``): the next deal's first moves wait for
 * its players to open it, at the latest a minute after it was dealt.
 */
import type { Seat } from "../board";
import type { components } from "../shared/api-types";
import { el } from "../shared/dom";
import { t } from "../shared/i18n";
import { request } from "../shared/http";
import { longPoll } from "../shared/poll";
import type { GameJSON } from "./game";
import { playerName } from "./people-view";

function mySeat(game: GameJSON): string | null {
  return game.my_seat ?? null;
}

type Schemas = components["schemas"];

/** A deal of the match: recorded with its winner (null: nobody) and points; its ``url`` the game's page. */
export type MatchDealJSON = Schemas["PeopleMatchDeal"];

/** The match of a challenge between people; ``current``: the deal being played, null between deals. */
export type PeopleMatchJSON = Schemas["PeopleMatchOutput"];

/** The next deal's first move awaited: its seat, its deadline (null while its time waits for the players), when that time starts at the latest. */
export type FirstMoveJSON = Schemas["FirstMove"];

/** The fields of a challenge's JSON that this module reads (the tests' answers have no more). */
export type MatchChallengeJSON = Pick<Schemas["ChallengeOutput"], "version"> & {
  match: PeopleMatchJSON | null;
};

/** Whether the challenge has moved on from the deal ``gameId``: the next deal dealt, or the match over. */
export function movedOn(state: MatchChallengeJSON, gameId: number): boolean {
  const match = state.match;
  if (!match) return true;
  // the match has counted this deal (the challenge's row and its deals are two reads: wait for both)
  if (!match.deals.some((deal) => deal.game === gameId && deal.recorded)) return false;
  return match.over || (match.current !== null && match.current.game !== gameId);
}

/** A side of the match by its players' names: "Ann (A)", partners "Ann (A) & Cid (C)". */
function sideName(game: GameJSON, side: string): string {
  return side.split("+").map((seat) => playerName(game, seat as Seat)).join(" & ");
}

/** The seat in this game of a side of the match: a duplicate match swaps the seats every second game. */
function seatOf(game: GameJSON, match: PeopleMatchJSON, side: string): string {
  if (!match.duplicate_deals || !game.match_deal || game.match_deal % 2 === 1) return side;
  return side === "A" ? "B" : side === "B" ? "A" : side;
}

/**
 * The match's score as the match counts it (won deals for a match to won
 * deals, else points): "Ann (A) 2 – 1 Bob (B)".
 */
export function matchScore(game: GameJSON, match: PeopleMatchJSON): string {
  // counted from the deals shown, which are read after the totals: a deal just counted is in both
  const counts: Record<string, number> = {};
  for (const deal of match.deals) {
    if (!deal.recorded || !deal.winner) continue;
    counts[deal.winner] = (counts[deal.winner] ?? 0) + (match.target_wins !== null ? 1 : (deal.points ?? 0));
  }
  const [a, b] = match.sides;
  return `${sideName(game, seatOf(game, match, a))} ${counts[a] ?? 0} – ${counts[b] ?? 0} ${sideName(game, seatOf(game, match, b))}`;
}

/** Who won the match, as the reader reads it (their own side "You won the match!"). */
export function matchOutcome(game: GameJSON, match: PeopleMatchJSON): string {
  if (!match.winner) return t("The match was called off: nobody won it.");
  if (match.winner === "=") return t("The match ended level.");
  const winner = seatOf(game, match, match.winner);
  const seat = mySeat(game);
  const mine = seat ? winner.split("+").includes(seat) : null;
  if (mine === true) return t("You won the match!");
  if (mine === false) return t("You lost the match.");
  return t("%(player)s won the match.", { player: sideName(game, winner) });
}

/** A countdown's time in whole seconds, rounded up: "0:42", "1:05" (never below "0:00"). */
export function countdownText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** How many of the deal's seats people play. */
function peopleCount(game: GameJSON): number {
  return Object.values(game.players ?? {}).filter((player) => player && player.kind !== "solver").length;
}

/**
 * The next deal's first move as its player reads it ``elapsed`` ms after
 * the match was read: "Your first move is due in 0:42" (or another
 * player's), or, while its time waits for the players to open the deal,
 * when it starts at the latest; once that time has come, the countdown from
 * there.  "" when no first move is awaited.
 */
export function firstMoveText(game: GameJSON, first: FirstMoveJSON | null | undefined, elapsed: number): string {
  if (!first) return "";
  const now = first.server_time + elapsed;
  const startsBy = first.starts_by;
  let due = first.deadline;
  if (due === null && startsBy !== null && now >= startsBy) due = startsBy + first.first_move_seconds * 1000;
  if (due === null) {
    if (startsBy === null) return "";
    const time = countdownText(startsBy - now);
    return peopleCount(game) > 2
      ? t("Waiting for every player to open the next deal: the first move's time starts at the latest in %(time)s.", { time })
      : t("Waiting for both players to open the next deal: the first move's time starts at the latest in %(time)s.", { time });
  }
  const time = countdownText(due - now);
  if (first.seat === mySeat(game)) return t("Your first move is due in %(time)s.", { time });
  return t("%(player)s is to make the first move within %(time)s.", { player: playerName(game, first.seat as Seat), time });
}

/** The lines the result box shows of the match: its score, then the next deal's button or the match's end. */
export function matchLines(game: GameJSON, match: PeopleMatchJSON, elapsed = 0): HTMLElement {
  const box = el("div", "gp-match");
  const what = match.target_text.charAt(0).toUpperCase() + match.target_text.slice(1);
  box.append(el("p", "gp-match-score", t("%(match)s: %(score)s", { match: what, score: matchScore(game, match) })));
  if (match.over) {
    box.append(el("p", "gp-match-over", matchOutcome(game, match)));
  } else if (match.current && match.current.game !== game.id) {
    const next = el("a", "button gp-next-deal", mySeat(game) ? t("Next deal") : t("Watch the next deal"));
    next.href = match.current.url;
    box.append(el("p", "gp-match-next", next));
    const due = mySeat(game) ? firstMoveText(game, match.first_move, elapsed) : "";
    if (due) box.append(el("p", "gp-next-countdown", due));
  }
  return box;
}

/**
 * Follows the match of a finished deal: reads its challenge until it has
 * moved on, and keeps the lines to show (``node``) up to date; ``changed``
 * is called when they change, for the page to draw its result box again.
 */
export class MatchFollower {
  node: HTMLElement | null = null;
  private started = false;
  private readonly stop = new AbortController();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly url: string,
    private readonly changed: () => void,
    private readonly waitSeconds = 20,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Starts following once the deal ``game`` is over (once; later calls do nothing). */
  follow(game: GameJSON): void {
    if (this.started || game.status !== "over" || !this.url) return;
    this.started = true;
    void this.run(game).catch(() => undefined);
  }

  private async run(game: GameJSON): Promise<void> {
    const take = (next: MatchChallengeJSON): void => {
      state = next;
      if (!next.match) return;
      if (!movedOn(next, game.id)) return; // not counted yet: nothing to say of the match
      this.node = matchLines(game, next.match);
      this.countDown(game, next.match);
      this.changed();
    };
    let state = (await request<MatchChallengeJSON>(this.url, { signal: this.stop.signal })).data;
    take(state);
    await longPoll<MatchChallengeJSON>({
      url: () => this.url,
      state: () => state,
      version: (s) => s.version,
      more: (s) => !this.stop.signal.aborted && !movedOn(s, game.id),
      take,
      timeoutSeconds: this.waitSeconds,
      retry: (_error, failures) => (this.stop.signal.aborted ? null : Math.min(30_000, 1000 * 2 ** Math.min(failures, 5))),
      signal: this.stop.signal,
    });
  }

  /** Ticks the next deal's first-move countdown in ``node`` (its text only: the box is not drawn again). */
  private countDown(game: GameJSON, match: PeopleMatchJSON): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    const line = this.node?.querySelector(".gp-next-countdown");
    if (!line) return;
    const readAt = this.now();
    this.timer = setInterval(() => {
      line.textContent = firstMoveText(game, match.first_move, this.now() - readAt);
    }, 250);
  }

  destroy(): void {
    this.stop.abort();
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }
}
