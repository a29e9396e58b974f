/**
 * What a seated player of a game between people has at the table beside
 * the board: the sounds (``sounds.ts``), the low-time warning, the premove
 * (``premove.ts``), the forced pass played by itself, the opponent's
 * presence and the claim of victory (``opponent-watch.ts``), and the page's
 * two settings (sounds, automatic pass), kept in localStorage.  The play
 * page hands it every game it draws (``update``) and every move chosen on
 * the board while it is not the player's turn (``pickPremove``).
 */
import { stoneName, type Board, type Seat } from "../board";
import { button, el } from "../shared/dom";
import { errorMessage, request } from "../shared/http";
import { t } from "../shared/i18n";
import type { GameJSON } from "./game";
import { OpponentWatch, type ClaimStateJSON } from "./opponent-watch";
import { canMove, clockLeft, isPeople, playerName } from "./people-view";
import { Premove, premoveBoard, premoveOpen } from "./premove";
import { LOW_TIME_MS, passedLowTime, Sounds } from "./sounds";
import { VacationControl, type VacationHooks } from "./vacation";
import "./table.css";

/** The localStorage key of the automatic pass ("off": off; anything else, or nothing: on). */
export const AUTO_PASS_KEY = "od-auto-pass";

export function autoPassOn(storage: Pick<Storage, "getItem"> | null): boolean {
  try {
    return storage?.getItem(AUTO_PASS_KEY) !== "off";
  } catch {
    return true;
  }
}

export function setAutoPass(storage: Pick<Storage, "setItem"> | null, on: boolean): void {
  try {
    storage?.setItem(AUTO_PASS_KEY, on ? "on" : "off");
  } catch {
    // not kept
  }
}

/** Whether the reader's only move in ``game`` is a pass (docs/rules.md: a player with no stone that fits must pass). */
export function forcedPass(game: GameJSON): boolean {
  return isPeople(game) && canMove(game) && game.legal_moves.length === 1 && game.legal_moves[0] === "pass";
}

/** Whether ``game`` is a live one (a clock, not days a move). */
export function isLive(game: GameJSON): boolean {
  return game.time_control?.initial != null && !game.time_control.days;
}

/** A premove in words: "3-5 on the left end". */
export function premoveText(move: string): string {
  const stone = stoneName(move.slice(0, 2));
  return move.endsWith("L") ? t("%(stone)s on the left end", { stone }) : t("%(stone)s on the right end", { stone });
}

export interface TableHooks {
  /** Plays a move as if chosen on the board. */
  play: (move: string) => void;
  /** Posts the claim of victory (the page shows the game it ends, or the refusal). */
  claim: (url: string) => Promise<void>;
  /** Reads the opponents' presence. */
  read?: (url: string) => Promise<ClaimStateJSON>;
  /** Reads the game again (a vacation moved its deadline). */
  refresh?: () => void;
  /** The vacation's state, read and posted (``vacation.ts``; the API by default). */
  vacation?: Pick<VacationHooks, "read" | "post">;
  win?: (Window & typeof globalThis) | null;
  now?: () => number;
}

export class TableFeatures {
  readonly box: HTMLElement;
  readonly sounds: Sounds;
  readonly premove = new Premove();
  readonly opponents: OpponentWatch;
  readonly vacation: VacationControl;
  private readonly storage: Storage | null;
  private readonly premoveLine: HTMLElement;
  private readonly notice: HTMLElement;
  private readonly lowTime: HTMLElement;
  /** The two settings, for the page to put under the board. */
  readonly settings: HTMLElement;
  private game: GameJSON | null = null;
  private readAt = 0;
  private lastLeft: number | null = null;
  private lowWarned = false;
  /** The ply an automatic pass was sent for (sent once). */
  private passedPly = -1;
  private ticker: ReturnType<typeof setInterval> | null = null;
  /** The board last drawn on (cancelling a premove draws it again). */
  private board: Board | undefined;

  constructor(private readonly hooks: TableHooks) {
    const win = hooks.win === undefined ? (typeof window === "undefined" ? null : window) : hooks.win;
    let storage: Storage | null = null;
    try {
      storage = win?.localStorage ?? null;
    } catch {
      storage = null; // refused (a private window): the defaults
    }
    this.storage = storage;
    this.sounds = new Sounds(win, storage);
    this.opponents = new OpponentWatch({
      read: hooks.read ?? (async (url) => (await request<ClaimStateJSON>(url)).data),
      claim: hooks.claim,
      now: hooks.now,
    });
    this.box = el("section", "gp-table");
    this.box.setAttribute("aria-label", t("At the table"));
    this.premoveLine = el("p", "gp-premove");
    this.notice = el("p", "gp-premove-notice");
    this.lowTime = el("p", "gp-low-time", t("Less than 10 seconds left!"));
    this.lowTime.setAttribute("role", "alert");
    this.settings = el("div", "gp-table-settings");
    this.settings.append(
      this.checkbox("gp-sound-setting", t("Sounds"), this.sounds.on, (on) => (this.sounds.on = on)),
      this.checkbox("gp-autopass-setting", t("Pass by itself when passing is forced"), autoPassOn(storage), (on) => {
        setAutoPass(this.storage, on);
        if (this.game) this.update(this.game);
      }),
    );
    this.vacation = new VacationControl({
      ...hooks.vacation,
      changed: () => hooks.refresh?.(),
      error: (error) => {
        this.notice.textContent = errorMessage(error);
        this.notice.hidden = false;
      },
    });
    this.settings.append(this.vacation.box);
    this.box.append(this.opponents.box, this.lowTime, this.premoveLine, this.notice);
    this.box.hidden = this.settings.hidden = true;
    this.lowTime.hidden = this.premoveLine.hidden = this.notice.hidden = true;
  }

  private checkbox(name: string, label: string, checked: boolean, change: (on: boolean) => void): HTMLLabelElement {
    const input = el("input", { type: "checkbox", name });
    input.checked = checked;
    input.addEventListener("change", () => change(input.checked));
    return el("label", "gp-table-setting", input, ` ${label}`);
  }

  private get now(): number {
    return (this.hooks.now ?? Date.now)();
  }

  /**
   * A move chosen on the board while the opponent is to move: kept as the
   * premove (true), or false when it is the player's own turn (played).
   */
  pickPremove(game: GameJSON, move: string): boolean {
    if (!premoveOpen(game)) return false;
    this.premove.pick(move, game.ply ?? game.moves.length);
    this.notice.hidden = true;
    return true;
  }

  /** Takes the game the page has just drawn on ``board`` (``pending``: the move being sent). */
  update(game: GameJSON, board?: Board, pending: string | null = null): void {
    const before = this.game;
    this.game = game;
    this.board = board ?? this.board;
    this.readAt = this.now;
    const seated = isPeople(game) && Boolean(game.my_seat);
    this.box.hidden = this.settings.hidden = !seated;
    if (!seated) return;
    if (before && before.id === game.id) this.sound(before, game);
    this.opponents.follow(game);
    this.vacation.follow(game);
    if (game.status === "over") this.premove.cancel();
    if (pending === null) this.turn(game);
    this.drawPremove(game, board, pending);
    if (this.ticker === null && isLive(game) && game.status !== "over") this.ticker = setInterval(() => this.tick(), 200);
    this.tick();
  }

  private sound(before: GameJSON, game: GameJSON): void {
    if (game.status === "over" && before.status !== "over") {
      this.sounds.play("end");
    } else if (game.moves.length > before.moves.length) {
      const last = game.moves[game.moves.length - 1];
      this.sounds.play(last.side === game.my_seat ? "move" : "opponent-move");
    }
  }

  /** On the player's turn: the premove sent (or dropped), or a forced pass played. */
  private turn(game: GameJSON): void {
    const taken = this.premove.take(game);
    const ply = game.ply ?? game.moves.length;
    if (taken && "send" in taken) {
      setTimeout(() => this.hooks.play(taken.send), 0);
      return;
    }
    if (taken) {
      this.notice.textContent = t("Premove %(move)s dropped: it is not legal now.", { move: premoveText(taken.dropped) });
      this.notice.hidden = false;
    }
    if (forcedPass(game) && autoPassOn(this.storage) && this.passedPly !== ply) {
      this.passedPly = ply;
      setTimeout(() => this.hooks.play("pass"), 0);
    }
  }

  private drawPremove(game: GameJSON, board: Board | undefined, pending: string | null): void {
    const open = premoveOpen(game) && pending === null;
    const move = this.premove.move;
    this.premoveLine.replaceChildren();
    if (open && move) {
      this.premoveLine.append(
        t("Premove: %(move)s.", { move: premoveText(move) }),
        " ",
        button(t("Cancel the premove"), () => this.cancelPremove(), { class: "gp-premove-cancel" }),
      );
    }
    this.premoveLine.hidden = !(open && move);
    if (open && board) {
      const seat = game.my_seat as Seat;
      const player = playerName(game, game.board.side);
      const status = move
        ? t("%(player)s to move. Your premove: %(move)s.", { player, move: premoveText(move) })
        : t("%(player)s to move: you may pick a premove.", { player });
      board.set({ position: premoveBoard(game.board, seat), interactive: true, suggest: move ? [move] : null, status });
    } else if (board) {
      board.set({ suggest: null, status: null });
    }
  }

  private cancelPremove(): void {
    this.premove.cancel();
    if (this.game) this.drawPremove(this.game, this.board, null);
  }

  /** The low-time warning: the player's own running clock under 10 s in a live game (the sound once a game). */
  tick(): void {
    const game = this.game;
    const seat = game?.my_seat as Seat | undefined;
    if (!game || !seat) return;
    const left = game.status === "over" || !isLive(game) ? null : clockLeft(game, seat, this.now - this.readAt);
    const running = game.clock_running === seat;
    if (running && !this.lowWarned && passedLowTime(this.lastLeft, left)) {
      this.lowWarned = true;
      this.sounds.play("low-time");
    }
    this.lastLeft = running ? left : null;
    this.lowTime.hidden = !(running && left !== null && left < LOW_TIME_MS);
    if (game.status === "over" && this.ticker !== null) {
      clearInterval(this.ticker);
      this.ticker = null;
    }
  }

  destroy(): void {
    if (this.ticker !== null) clearInterval(this.ticker);
    this.opponents.destroy();
    this.sounds.destroy();
  }
}
