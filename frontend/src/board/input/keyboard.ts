/**
 * The keyboard (the board's wrapper is focusable): the arrows move the cursor
 * between the playable stones, Enter or Space selects; with a stone selected,
 * Left/Right aim at an end and Enter plays, or L/R play at once; Escape
 * cancels; P (or Enter) passes when the pass is forced.  Each step is said in
 * the live region.
 */
import { t } from "../../shared/i18n";
import { chooseEnd, play, playPass, select, type Host } from "../actions";
import { stoneName } from "../notation";
import { defaultCursor, passOnly, selectable, targets, type TargetKey } from "../state";

function moveCursor(host: Host, step: number | "first" | "last"): void {
  const { state } = host;
  const stones = selectable(state);
  if (!stones.length) return;
  const current = state.cursor?.kind === "stone" ? stones.indexOf(state.cursor.stone) : -1;
  let index: number;
  if (step === "first") index = 0;
  else if (step === "last") index = stones.length - 1;
  else if (current < 0) index = step > 0 ? 0 : stones.length - 1;
  else index = (current + step + stones.length) % stones.length;
  state.cursor = { kind: "stone", stone: stones[index] };
  host.redraw();
  const params = { stone: stoneName(stones[index]) };
  host.announce(t("%(stone)s: press Enter to select it.", params));
}

/** Passes if the pass is forced; says whether it did. */
function passIfForced(host: Host): boolean {
  if (!passOnly(host.state)) return false;
  playPass(host);
  return true;
}

function keyWithoutSelection(host: Host, key: string): boolean {
  const { state } = host;
  if (!selectable(state).length && !passOnly(state)) return false; // nothing to do: let the page scroll
  switch (key) {
    case "ArrowRight":
    case "ArrowDown":
      moveCursor(host, 1);
      return true;
    case "ArrowLeft":
    case "ArrowUp":
      moveCursor(host, -1);
      return true;
    case "Home":
      moveCursor(host, "first");
      return true;
    case "End":
      moveCursor(host, "last");
      return true;
    case "Enter":
    case " ":
      if (passIfForced(host)) return true;
      if (state.cursor?.kind === "stone" && selectable(state).includes(state.cursor.stone)) {
        select(host, state.cursor.stone);
        return true;
      }
      if (!state.cursor) moveCursor(host, 1);
      return true;
    case "p":
    case "P":
      return passIfForced(host);
    default:
      return false;
  }
}

function cannotGo(end: "L" | "R"): string {
  return end === "L" ? t("This stone cannot go on the left end.") : t("This stone cannot go on the right end.");
}

function keyWithSelection(host: Host, key: string): boolean {
  const { state } = host;
  const allowed = targets(state, state.selected);
  const aim = (end: TargetKey): void => {
    state.cursor = { kind: "end", end };
    host.redraw();
    const ends = state.settings.position?.ends;
    host.announce(
      end === "L"
        ? t("Left end, showing %(value)s: press Enter to play there.", { value: ends?.[0] ?? "" })
        : end === "R"
          ? t("Right end, showing %(value)s: press Enter to play there.", { value: ends?.[1] ?? "" })
          : t("The empty table: press Enter to open the line."),
    );
  };
  switch (key) {
    case "ArrowLeft":
    case "ArrowRight": {
      const end = key === "ArrowLeft" ? "L" : "R";
      if (allowed.has(end)) aim(end);
      else if (allowed.has("open")) aim("open");
      else host.announce(cannotGo(end));
      return true;
    }
    case "l":
    case "L":
    case "r":
    case "R": {
      const end = key.toUpperCase() === "L" ? "L" : "R";
      if (allowed.has(end)) chooseEnd(host, end);
      else if (allowed.has("open")) chooseEnd(host, "open");
      else host.announce(cannotGo(end));
      return true;
    }
    case "Enter":
    case " ": {
      if (state.cursor?.kind === "end" && allowed.has(state.cursor.end)) {
        chooseEnd(host, state.cursor.end);
        return true;
      }
      const choices = new Set(allowed.values());
      if (choices.size === 1) play(host, [...choices][0]);
      else host.announce(t("Choose an end with the left or right arrow, or press L or R."));
      return true;
    }
    case "Escape": {
      const stone = state.selected!;
      select(host, null);
      state.cursor = { kind: "stone", stone };
      host.redraw();
      return true;
    }
    case "ArrowUp":
    case "ArrowDown":
      return true;
    default:
      return false;
  }
}

function onKeyDown(host: Host, e: KeyboardEvent): void {
  host.state.keyboard = true;
  const handled = host.state.selected ? keyWithSelection(host, e.key) : keyWithoutSelection(host, e.key);
  if (handled) {
    e.preventDefault();
    e.stopPropagation();
  }
}

function onFocus(host: Host): void {
  const { state, dom } = host;
  state.focused = true;
  try {
    state.keyboard = Date.now() - state.pressedAt > 500 && dom.root.matches(":focus-visible");
  } catch {
    /* an engine without :focus-visible: wait for a key */
  }
  if (!state.cursor) state.cursor = defaultCursor(state);
  // Redraw only to show the keyboard cursor: a redraw replaces the SVG's
  // nodes, and one between a pointer's press and release (focus comes with
  // the press) would lose the click that follows.
  if (state.keyboard) host.redraw();
}

function onBlur(host: Host): void {
  host.state.focused = false;
  if (host.state.keyboard) host.redraw();
}

/** Listens to the keyboard and the focus on the board's wrapper. */
export function bindKeyboard(host: Host): void {
  const { root } = host.dom;
  host.listen(root, "keydown", (e) => onKeyDown(host, e as KeyboardEvent));
  host.listen(root, "focus", () => onFocus(host));
  host.listen(root, "blur", () => onBlur(host));
}
