/**
 * What the user can do on the board, whatever the input: select a stone, play
 * a move, pass.  Each action changes the state, redraws, says what happened in
 * the live region and emits the board's event.  The pointer and keyboard
 * handlers call these.
 */
import { t } from "../shared/i18n";
import { parseMove, stoneName } from "./notation";
import type { BoardDom } from "./element";
import { moves, passOnly, selectedMoves, targets, type State, type TargetKey } from "./state";
import type { BoardEventName, BoardEvents } from "./types";

/** What the input handlers and the actions work on: the board's state and elements, and its outputs. */
export interface Host {
  readonly state: State;
  readonly dom: BoardDom;
  redraw(): void;
  /** Says ``message`` in the live region. */
  announce(message: string): void;
  emit<K extends BoardEventName>(name: K, ...args: Parameters<BoardEvents[K]>): void;
  /** Adds an event listener that is removed when the board is destroyed. */
  listen(target: EventTarget, type: string, handler: (e: Event) => void): void;
}

/** Selects ``stone`` (``null``: clears the selection) and emits ``select``. */
export function select(host: Host, stone: string | null, announce = true): void {
  const { state } = host;
  if (stone === state.selected) return;
  state.notice = null;
  state.selected = stone;
  if (stone) state.cursor = { kind: "stone", stone };
  host.redraw();
  if (announce) {
    if (stone) {
      const name = stoneName(stone);
      host.announce(
        selectedMoves(state).size === 1
          ? t("%(stone)s selected: press Enter to play it.", { stone: name })
          : t("%(stone)s selected: choose an end with the left or right arrow.", { stone: name }),
      );
    } else {
      host.announce(t("Selection cleared."));
    }
  }
  host.emit("select", stone);
}

/** Plays ``move`` (a string of ``legal_moves``): clears the selection and emits ``move``. */
export function play(host: Host, move: string): void {
  const { state } = host;
  const parsed = parseMove(move);
  state.selected = null;
  state.press = null;
  state.cursor = null;
  host.redraw();
  if (parsed?.stone) {
    const stone = stoneName(parsed.stone);
    host.announce(
      parsed.end === "L"
        ? t("%(stone)s played on the left end.", { stone })
        : parsed.end === "R"
          ? t("%(stone)s played on the right end.", { stone })
          : t("%(stone)s played to open the line.", { stone }),
    );
  } else {
    host.announce(t("Passed."));
  }
  host.emit("move", move);
}

/** Passes, when the pass is the user's only move. */
export function playPass(host: Host): void {
  if (!passOnly(host.state)) return;
  play(host, moves(host.state)[0].raw);
}

/** A press on a stone that can be played: select it, or play it if it is selected and has one move. */
export function activateStone(host: Host, stone: string): void {
  if (host.state.selected === stone) {
    const choices = selectedMoves(host.state);
    if (choices.size === 1) play(host, [...choices][0]);
    else select(host, null);
    return;
  }
  select(host, stone);
}

/** Plays the selected stone on ``key``, if it can go there. */
export function chooseEnd(host: Host, key: TargetKey): void {
  const move = targets(host.state, host.state.selected).get(key);
  if (move !== undefined) play(host, move);
}
