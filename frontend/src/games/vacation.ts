/**
 * An account's vacation from its correspondence games, under the board of a
 * correspondence game: the days left this year and a button to go on
 * vacation or come back (``GET``/``POST /api/vacation/``).  While on
 * vacation the deadlines of the player's correspondence turns wait.
 */
import type { components } from "../shared/api-types";
import { button, el } from "../shared/dom";
import { request } from "../shared/http";
import { t, tn } from "../shared/i18n";
import type { GameJSON } from "./game";

export type VacationJSON = components["schemas"]["VacationState"];

export const VACATION_URL = "/api/vacation/";

/** Whether the reader of ``game`` may take a vacation here: an account seated in a correspondence game. */
export function offersVacation(game: GameJSON): boolean {
  const seat = game.my_seat;
  if (game.kind !== "people" || !seat || !game.time_control?.days) return false;
  return game.players?.[seat as keyof typeof game.players]?.kind === "account";
}

/** The vacation line's words. */
export function vacationText(state: VacationJSON): string {
  const days = Math.floor(state.seconds_left / 86400);
  return state.on
    ? tn("You are on vacation: %(count)s day left this year.", "You are on vacation: %(count)s days left this year.", days)
    : tn("Vacation: %(count)s day left this year.", "Vacation: %(count)s days left this year.", days);
}

export interface VacationHooks {
  read?: () => Promise<VacationJSON>;
  post?: (on: boolean) => Promise<VacationJSON>;
  /** The game changed (its deadline moved): read it again. */
  changed: () => void;
  /** A refusal to show. */
  error: (error: unknown) => void;
}

export class VacationControl {
  readonly box: HTMLElement;
  private readonly line: HTMLElement;
  private readonly toggle: HTMLButtonElement;
  private state: VacationJSON | null = null;
  private asked = false;

  constructor(private readonly hooks: VacationHooks) {
    this.box = el("div", "gp-vacation");
    this.line = el("span", "gp-vacation-line");
    this.toggle = button("", () => void this.flip(), { class: "gp-vacation-toggle" });
    this.box.append(this.line, " ", this.toggle);
    this.box.hidden = true;
  }

  /** Shown for ``game`` if it offers a vacation (the state read once). */
  follow(game: GameJSON): void {
    if (!offersVacation(game)) {
      this.box.hidden = true;
      return;
    }
    if (!this.asked) {
      this.asked = true;
      const read = this.hooks.read ?? (async () => (await request<VacationJSON>(VACATION_URL)).data);
      void read().then((state) => this.take(state), () => (this.asked = false));
    }
  }

  take(state: VacationJSON): void {
    this.state = state;
    this.line.textContent = vacationText(state);
    this.toggle.textContent = state.on ? t("Come back from vacation") : t("Go on vacation");
    this.toggle.hidden = !state.on && state.seconds_left <= 0;
    this.box.hidden = false;
  }

  private async flip(): Promise<void> {
    const on = !this.state?.on;
    const post = this.hooks.post ?? (async (value: boolean) => (await request<VacationJSON>(VACATION_URL, { method: "POST", body: { on: value } })).data);
    this.toggle.disabled = true;
    try {
      this.take(await post(on));
      this.hooks.changed();
    } catch (error) {
      this.hooks.error(error);
    } finally {
      this.toggle.disabled = false;
    }
  }
}
