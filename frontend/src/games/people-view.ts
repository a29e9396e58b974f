/**
 * Games between people on the play page: who plays each seat, the clocks
 * (counted down here from the server's numbers, which decide: when a clock
 * shown reaches zero the page asks the server again, and the server says
 * whether the game is lost on time), whose turn it is, and a spectator's
 * view.  The page shows no hints and no grades while such a game goes on
 * (the server sends none).
 */
import type { Seat } from "../board";
import { button, el } from "../shared/dom";
import { botName } from "../shared/bot-name";
import type { components } from "../shared/api-types";
import { t, tn } from "../shared/i18n";
import { onlineDot } from "../social/online-seats";
import { seatNames, type GameJSON, type MoveJSON } from "./game";
import { PresenceTeller } from "./presence";
import "./people.css";

/** Who plays a seat; ``you``: the reader's seat. */
export type PlayerJSON = components["schemas"]["Player"];

export type TimeControlJSON = components["schemas"]["TimeControl"];

export function isPeople(game: GameJSON): boolean {
  return game.kind === "people";
}

/**
 * The link to the game's challenge page, or null (a practice game): for a
 * deal of a match its score sheet, else where a player offers the rematch
 * (``aborted``: none, but a match's score sheet).
 */
export function challengeLink(game: GameJSON, aborted = false): HTMLAnchorElement | null {
  if (!isPeople(game) || !game.challenge_url) return null;
  if (aborted && !game.match_deal) return null;  // no rematch of a game that never was
  const text = game.match_deal ? t("The match's score sheet") : game.my_seat ? t("Offer a rematch") : t("The challenge page");
  const link = el("a", "gp-challenge-link", text);
  link.href = game.challenge_url;
  return link;
}

/** The link back to the tournament a game is one of, or null (any other game). */
export function tournamentLink(game: GameJSON): HTMLAnchorElement | null {
  if (!isPeople(game) || !game.tournament_url) return null;
  const link = el("a", "button gp-tournament-link", t("Back to the tournament"));
  link.href = game.tournament_url;
  return link;
}

/**
 * What kind of game the players' bar says it is: "casual game", "rated
 * game", a deal of a match "rated match, deal 2", or "not rated" (a rated
 * challenge past its players' day of rated games).
 */
export function peopleKind(game: GameJSON): string {
  if (game.unrated_note) return t("not rated");
  if (game.match_deal && game.match_duplicate) {
    const number = game.match_deal;
    return game.rated
      ? t("rated duplicate match, game %(number)s", { number })
      : t("casual duplicate match, game %(number)s", { number });
  }
  if (game.match_deal) {
    const number = game.match_deal;
    return game.rated ? t("rated match, deal %(number)s", { number }) : t("casual match, deal %(number)s", { number });
  }
  return game.rated ? t("rated game") : t("casual game");
}

/**
 * Whether a deal called off before its side to move has made its first
 * move is forfeited by that side (a rated match's deal after the first),
 * instead of called off for nobody.
 */
export function forfeits(game: GameJSON): boolean {
  return Boolean(game.rated && game.match_deal && game.match_deal > 1);
}

/** Whether the reader may move now: their move (in a game between people, their seat's). */
export function canMove(game: GameJSON): boolean {
  if (game.status !== "your-move") return false;
  return !isPeople(game) || game.my_seat === game.board.side;
}

/** A seat's player as the page names them: "Ann (A)". */
export function playerName(game: GameJSON, seat: Seat): string {
  const player = game.players?.[seat];
  const name = player ? botName(player.name, player.bot) : seat;
  return t("%(name)s (%(seat)s)", { name, seat });
}

/** The names the board writes on each seat. */
export function peopleNames(game: GameJSON): Partial<Record<Seat, string>> {
  const names: Partial<Record<Seat, string>> = {};
  for (const seat of Object.keys(game.players ?? {}) as Seat[]) names[seat] = playerName(game, seat);
  return names;
}

/**
 * Who the board says sits where: in a game between people the players by
 * name, the reader's own seat written to "you" (a spectator has none); in a
 * practice game "You (A)" against "Solver (B)".
 */
export function boardPlayers(game: GameJSON): { names: Partial<Record<Seat, string>>; you: Seat | null; opponents: "solver" | "named" } {
  if (!isPeople(game)) return { names: seatNames(game), you: game.human, opponents: "solver" };
  return { names: peopleNames(game), you: game.my_seat ?? null, opponents: "named" };
}

/** Who made a move, in a game between people: "you", or the player's name. */
export function moverText(game: GameJSON, move: MoveJSON): string {
  return game.players?.[move.side]?.you ? t("you") : playerName(game, move.side);
}

/**
 * A move of a game between people in a sentence for its review: the
 * reader's own "You played 3-6 on the right end.", anyone else's by name
 * ("Ann (B) played …"); ``words``: the move in words.
 */
export function peopleMoveText(game: GameJSON, move: MoveJSON, words: string): string {
  const passed = move.move === "pass";
  if (game.players?.[move.side]?.you) return passed ? t("You passed.") : t("You played %(move)s.", { move: words });
  const player = playerName(game, move.side);
  return passed ? t("%(player)s passed.", { player }) : t("%(player)s played %(move)s.", { player, move: words });
}

/** A clock's time: "4:05", "1:02:03", and tenths under 20 seconds ("0:07.4"). */
export function clockText(ms: number): string {
  const left = Math.max(0, ms);
  const seconds = Math.floor(left / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = String(s).padStart(2, "0");
  if (h > 0) return `${h}:${String(m).padStart(2, "0")}:${ss}`;
  if (left < 20000) return `${m}:${ss}.${Math.floor((left % 1000) / 100)}`;
  return `${m}:${ss}`;
}

/** Time left for a correspondence move: "2 days 3 h", "5 h 12 min", "40 min". */
export function timeLeftText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${tn("%(count)s day", "%(count)s days", days)} ${t("%(count)s h", { count: hours })}`;
  if (hours > 0) return t("%(hours)s h %(minutes)s min", { hours, minutes: minutes % 60 });
  return t("%(count)s min", { count: minutes });
}

/** The time control in words: "5+3", "3 days a move", "untimed". */
export function timeControlText(control: TimeControlJSON | null | undefined): string {
  if (!control) return "";
  if (control.days) return tn("%(count)s day a move", "%(count)s days a move", control.days);
  if (control.initial !== null) {
    // Whole minutes as "5+3"; a clock of no whole number of minutes as "0:30+2" (as the challenge writes it).
    const initial = control.initial;
    const minutes = Math.floor(initial / 60);
    const head = initial % 60 === 0 ? String(minutes) : `${minutes}:${String(initial % 60).padStart(2, "0")}`;
    return `${head}+${control.increment ?? 0}`;
  }
  return t("untimed");
}

/** The status line of a game between people that goes on (the reader's own move has the practice words). */
export function peopleStatus(game: GameJSON): string {
  const seat = game.board.side;
  const player = game.players?.[seat];
  if (player?.kind === "solver") return t("The solver is thinking for %(seat)s…", { seat });
  if (game.spectator) return t("You are watching: %(player)s to move.", { player: playerName(game, seat) });
  return t("Waiting for %(player)s to move…", { player: playerName(game, seat) });
}

/** Milliseconds left on ``seat``'s clock ``elapsed`` ms after the game was read. */
export function clockLeft(game: GameJSON, seat: Seat, elapsed: number): number | null {
  const base = game.clocks?.[seat];
  if (base === undefined || base === null) return null;
  return game.clock_running === seat ? Math.max(0, base - elapsed) : base;
}

/**
 * The players' bar above the board: each seat's player with their clock,
 * the seat to move marked, the time control, and the abort button while
 * the game may still be called off.  Ticks on its own; ``onZero`` is called
 * (once a reading) when the running clock or a deadline shown reaches zero.
 */
export class PeoplePanel {
  readonly box: HTMLElement;
  private game: GameJSON | null = null;
  private readAt = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private zeroSent = -1;
  private readonly clocks = new Map<Seat, HTMLElement>();
  private readonly note: HTMLElement;
  private readonly abortButton: HTMLButtonElement;

  constructor(
    private readonly onZero: () => void,
    onAbort: () => void,
    private readonly now: () => number = () => Date.now(),
    private readonly presence: PresenceTeller = new PresenceTeller(),
  ) {
    this.box = el("section", "gp-people");
    this.box.setAttribute("aria-label", t("Players"));
    this.note = el("p", "gp-people-note");
    this.abortButton = button(t("Abort the game"), onAbort, {
      class: "gp-abort",
      title: t("Call the game off before both sides have moved: nobody wins, and it is not rated."),
    });
  }

  update(game: GameJSON): void {
    if (!isPeople(game)) {
      this.box.hidden = true;
      return;
    }
    this.game = game;
    this.readAt = this.now();
    this.presence.tell(game); // a seated player has the deal open: its first moves may be timed (a match's next deal)
    const rows = Object.entries(game.players ?? {}).map(([seat, player]) => {
      const row = el("div", `gp-player${player!.you ? " is-you" : ""}`);
      row.dataset.seat = seat;
      const toMove = game.status !== "over" && game.board.side === seat;
      row.classList.toggle("is-to-move", toMove);
      const clock = el("span", "gp-clock");
      clock.dataset.seat = seat;
      this.clocks.set(seat as Seat, clock);
      row.append(el("span", "gp-player-name", playerName(game, seat as Seat)), onlineDot(seat), clock);
      return row;
    });
    const kind = peopleKind(game);
    const heading = el("p", "gp-people-head", [timeControlText(game.time_control), kind].filter(Boolean).join(" · "));
    // A rated challenge past the day's rated games of its two players: played, but rated by nobody.
    if (game.unrated_note) heading.append(el("span", "gp-people-unrated", ` — ${game.unrated_note}`));
    // (A rated match's later deal is never called off: a first move not made in time forfeits it.)
    this.abortButton.title = game.rated
      ? t("Your opponent has not made their first move: call the game off. Nobody wins, and it is not rated.")
      : t("Call the game off before both sides have moved: nobody wins, and it is not rated.");
    this.box.replaceChildren(heading, ...rows, this.note, this.abortButton);
    this.box.hidden = false;
    this.tick();
    if (this.timer === null && game.status !== "over") this.timer = setInterval(() => this.tick(), 100);
    if (game.status === "over") this.stop();
  }

  /** Redraws the clocks as they stand now. */
  tick(): void {
    const game = this.game;
    if (!game) return;
    const elapsed = this.now() - this.readAt;
    for (const [seat, node] of this.clocks) {
      const left = clockLeft(game, seat, elapsed);
      node.textContent = left === null ? "" : clockText(left);
      node.classList.toggle("is-running", game.clock_running === seat);
      node.classList.toggle("is-low", left !== null && left < 10000);
    }
    const over = game.status === "over";
    // A rated game's abort opens once the opponent has waited long enough: shown then, without asking the server.
    const abortOpen = game.abort_from != null && game.server_time != null && game.server_time + elapsed >= game.abort_from;
    this.abortButton.hidden = over || !(game.abortable || abortOpen);
    const deadlineLeft = game.deadline && game.server_time ? game.deadline - game.server_time - elapsed : null;
    const waitLeft = game.first_moves_from && game.server_time ? game.first_moves_from - game.server_time - elapsed : null;
    if (!over && waitLeft !== null && waitLeft > 0) {
      // a match's next deal: its first moves are not timed until its players have opened it
      const time = clockText(waitLeft).replace(/\.\d$/, "");
      this.note.textContent =
        Object.keys(game.players ?? {}).length > 2
          ? t("Waiting for every player to open this deal: the first move's time starts at the latest in %(time)s.", { time })
          : t("Waiting for both players to open this deal: the first move's time starts at the latest in %(time)s.", { time });
    } else if (!over && deadlineLeft !== null && game.clock_running === null && game.time_control?.initial !== null) {
      const seconds = Math.max(0, Math.ceil(deadlineLeft / 1000));
      this.note.textContent = forfeits(game)
        ? t("First move: %(seconds)s s left to make it, or the deal is forfeited.", { seconds })
        : t("First move: %(seconds)s s left to make it.", { seconds });
    } else if (!over && deadlineLeft !== null && game.time_control?.days) {
      this.note.textContent = t("Time left for this move: %(time)s", { time: timeLeftText(deadlineLeft) });
    } else {
      this.note.textContent = "";
    }
    this.note.hidden = !this.note.textContent;
    if (!over && deadlineLeft !== null && deadlineLeft <= 0 && this.zeroSent !== game.version) {
      this.zeroSent = game.version;
      this.onZero();
    }
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }
}
