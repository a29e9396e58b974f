/**
 * The board's DOM: a focusable wrapper with the SVG, the pass button and a
 * live region; the layout mode its width calls for; and ``draw``, which lays
 * the board out and redraws it from the state.
 */

import { el } from "../shared/dom";
import { t } from "../shared/i18n";
import { chooseMode, computeLayout, type LayoutMode } from "./layout";
import { endId, stoneId } from "./pieces";
import { renderBoard } from "./render";
import { canMove, passOnly, shapeOf, type State } from "./state";
import { svg } from "./svg";
import { viewOf } from "./view";

/** The board's elements. */
export interface BoardDom {
  /** The focusable wrapper holding the SVG, the pass button and the live region. */
  root: HTMLDivElement;
  svg: SVGSVGElement;
  passButton: HTMLButtonElement;
  /** Where the board says what just happened, for screen readers. */
  live: HTMLDivElement;
}

/** Builds the board's elements inside ``element``. */
export function createDom(element: HTMLElement): BoardDom {
  const root = el("div", {
    class: "odb",
    tabindex: "0",
    role: "application",
    "aria-roledescription": t("domino board"),
    "aria-label": t("Domino board"),
  });
  const svgRoot = svg("svg", { class: "odb-svg", preserveAspectRatio: "xMidYMid meet", focusable: "false" });
  const passButton = el("button", { type: "button", class: "odb-pass" }, t("Pass"));
  passButton.hidden = true;
  const live = el("div", { class: "odb-live", "aria-live": "polite", role: "status" });
  root.append(svgRoot, passButton, live);
  element.appendChild(root);
  return { root, svg: svgRoot, passButton, live };
}

/** The layout mode the settings and the board's width call for. */
export function layoutMode(dom: BoardDom, state: State): LayoutMode {
  return chooseMode(state.settings.layout, dom.root.clientWidth);
}

/** The least height (CSS pixels) the narrow board is shrunk to so as to fit the screen. */
const MIN_FIT_HEIGHT = 320;

/**
 * On a narrow screen the whole board (both hands and the line) should be in
 * the first screen: when the board is taller than the room left under its top
 * edge, it is drawn smaller (width and height alike, down to
 * ``MIN_FIT_HEIGHT``).  A wide board is left as it is, unless the page asks
 * for it to fit the screen too (``--odb-fit: screen`` on the board or a
 * parent, as the puzzle pages do: the player solves from the whole position).
 */
function fitHeight(dom: BoardDom, state: State): void {
  const svgStyle = dom.svg.style;
  svgStyle.maxWidth = "";
  if (typeof window === "undefined" || !window.innerHeight) return;
  if (state.mode !== "narrow" && !fitsScreenWhenWide(dom.root)) return;
  const top = dom.root.getBoundingClientRect().top + (window.scrollY || 0);
  const room = Math.max(window.innerHeight - top - 6, MIN_FIT_HEIGHT);
  const width = dom.root.clientWidth;
  if (!width) return;
  const height = (width * state.layout.height) / state.layout.width;
  if (height > room) svgStyle.maxWidth = `${Math.floor((room * state.layout.width) / state.layout.height)}px`;
}

/** Whether the page asks the wide board to fit the screen (``--odb-fit: screen``). */
function fitsScreenWhenWide(root: HTMLElement): boolean {
  return typeof getComputedStyle === "function" && getComputedStyle(root).getPropertyValue("--odb-fit").trim() === "screen";
}

/** Draws the state: lays the board out, redraws the SVG, places the pass button, marks the cursor. */
export function draw(dom: BoardDom, state: State): void {
  state.mode = layoutMode(dom, state);
  state.layout = computeLayout(state.mode, state.settings.position?.line ?? [], shapeOf(state.settings.position));
  renderBoard(dom.svg, viewOf(state));
  fitHeight(dom, state);
  // A page often fills in what stands above the board right after drawing it
  // (a header, a status line): fit again once that is laid out.
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => fitHeight(dom, state));
  const passing = passOnly(state);
  dom.passButton.hidden = !passing;
  if (passing) {
    dom.passButton.style.left = "50%";
    dom.passButton.style.top = `${(state.layout.status.y / state.layout.height) * 100}%`;
  }
  const cursor = state.cursor;
  const cursorId =
    state.focused && cursor ? (cursor.kind === "stone" ? stoneId(state.ids, cursor.stone) : endId(state.ids, cursor.end)) : null;
  if (cursorId) dom.root.setAttribute("aria-activedescendant", cursorId);
  else dom.root.removeAttribute("aria-activedescendant");
  dom.root.classList.toggle("is-interactive", canMove(state));
  dom.root.classList.toggle("is-dragging", state.press?.dragging === true);
  dom.root.classList.toggle("is-narrow", state.mode === "narrow");
}
