/**
 * Mouse, touch and pen: a click (or tap) on a playable stone selects it, a
 * click on an end plays there; a stone dragged past a few pixels follows the
 * pointer and is played on the end it is dropped on.
 */
import { activateStone, chooseEnd, play, playPass, select, type Host } from "../actions";
import { t } from "../../shared/i18n";
import { normaliseStone, stoneName } from "../notation";
import { canMove, targets, type TargetKey } from "../state";

/** How far (in CSS pixels) a pointer must travel before a press becomes a drag. */
const DRAG_THRESHOLD = 6;
/** How far (in viewBox units) around an end a dragged stone still lands on it. */
const DROP_SLACK = 16;

/** Client (CSS pixel) coordinates to viewBox units, for the meet-scaled SVG. */
function toBoard(host: Host, clientX: number, clientY: number): { x: number; y: number } {
  const rect = host.dom.svg.getBoundingClientRect();
  const { width, height } = host.state.layout;
  if (!rect.width || !rect.height) return { x: clientX, y: clientY };
  const scale = Math.min(rect.width / width, rect.height / height);
  const left = rect.left + (rect.width - width * scale) / 2;
  const top = rect.top + (rect.height - height * scale) / 2;
  return { x: (clientX - left) / scale, y: (clientY - top) / scale };
}

/** The end nearest to ``(x, y)`` (viewBox units) that the selected stone can go to, within the slack. */
function dropTarget(host: Host, x: number, y: number): TargetKey | null {
  const allowed = targets(host.state, host.state.selected);
  let best: TargetKey | null = null;
  let bestDistance = Infinity;
  for (const item of host.state.layout.items) {
    if (item.kind === "stone") continue;
    const key: TargetKey = item.kind === "open" ? "open" : item.end!;
    if (!allowed.has(key)) continue;
    const halfW = item.w / 2 + DROP_SLACK;
    const halfH = item.h / 2 + DROP_SLACK;
    const dx = Math.abs(x - item.cx);
    const dy = Math.abs(y - item.cy);
    if (dx <= halfW && dy <= halfH && dx + dy < bestDistance) {
      best = key;
      bestDistance = dx + dy;
    }
  }
  return best;
}

function onClick(host: Host, e: MouseEvent): void {
  const { state } = host;
  if (state.suppressClick) {
    state.suppressClick = false;
    return;
  }
  state.keyboard = false;
  const target = e.target as Element | null;
  const end = target?.closest?.("[data-end]");
  if (end) {
    chooseEnd(host, end.getAttribute("data-end") as TargetKey);
    return;
  }
  const stoneEl = target?.closest?.(".odb-hand-stone");
  const stone = stoneEl?.getAttribute("data-stone") ?? null;
  if (stone && stoneEl?.classList.contains("is-selectable")) {
    state.notice = null;
    activateStone(host, stone);
    return;
  }
  if (stone && stoneEl?.classList.contains("is-covered") && explainCovered(host, stoneEl)) return;
  if (state.selected) select(host, null);
}

/**
 * A click on a covered back stone of the player to move: the status line says
 * which front stone covers it (the board would otherwise do nothing).
 */
function explainCovered(host: Host, stoneEl: Element): boolean {
  const { state } = host;
  const slot = stoneEl.closest(".odb-slot");
  const side = slot?.getAttribute("data-side");
  const col = Number(slot?.getAttribute("data-col"));
  const position = state.settings.position;
  if (!position || !canMove(state) || side !== position.side) return false;
  const front = position.hands[position.side]?.front[col];
  const stone = stoneEl.getAttribute("data-stone");
  if (!front || !stone) return false;
  const message = t("%(stone)s is covered by %(front)s in front of it: play %(front)s first.", {
    stone: stoneName(stone),
    front: stoneName(normaliseStone(front) ?? front),
  });
  state.notice = message;
  state.selected = null;
  host.redraw();
  host.announce(message);
  return true;
}

function onPointerDown(host: Host, e: PointerEvent): void {
  const { state } = host;
  state.keyboard = false;
  state.pressedAt = Date.now();
  if (e.button !== undefined && e.button !== 0) return;
  const stoneEl = (e.target as Element | null)?.closest?.(".odb-hand-stone.is-selectable");
  const stone = stoneEl?.getAttribute("data-stone");
  if (!stone) return;
  const at = toBoard(host, e.clientX, e.clientY);
  state.press = { stone, pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, dragging: false, x: at.x, y: at.y, hover: null };
  // The pointer is captured only once a drag starts: captured from the press,
  // a plain click would go to the SVG instead of the stone (Chromium), and be lost.
}

function onPointerMove(host: Host, e: PointerEvent): void {
  const { state, dom } = host;
  const press = state.press;
  if (!press) return;
  const at = toBoard(host, e.clientX, e.clientY);
  press.x = at.x;
  press.y = at.y;
  if (!press.dragging) {
    if (Math.hypot(e.clientX - press.startX, e.clientY - press.startY) < DRAG_THRESHOLD) return;
    press.dragging = true;
    try {
      if (press.pointerId !== undefined) dom.svg.setPointerCapture(press.pointerId);
    } catch {
      /* not capturable (synthetic event, pointer gone): fine */
    }
    if (state.selected !== press.stone) {
      state.selected = press.stone;
      state.cursor = { kind: "stone", stone: press.stone };
      host.emit("select", press.stone);
    }
    press.hover = dropTarget(host, at.x, at.y);
    host.redraw();
    return;
  }
  e.preventDefault();
  // During a drag only the ghost and the hovered end change: no full redraw.
  const hover = dropTarget(host, at.x, at.y);
  const ghost = dom.svg.querySelector(".odb-ghost");
  ghost?.setAttribute("transform", `translate(${Math.round(at.x * 100) / 100} ${Math.round(at.y * 100) / 100})`);
  if (hover !== press.hover) {
    press.hover = hover;
    dom.svg.querySelectorAll(".odb-end").forEach((el) => el.classList.toggle("is-hover", el.getAttribute("data-end") === hover));
  }
}

function onPointerUp(host: Host, e: PointerEvent): void {
  const { state, dom } = host;
  const press = state.press;
  if (!press) return;
  state.press = null;
  try {
    if (e.pointerId !== undefined && dom.svg.hasPointerCapture?.(e.pointerId)) dom.svg.releasePointerCapture(e.pointerId);
  } catch {
    /* ignore */
  }
  if (!press.dragging) return; // a plain click: the click handler does the rest
  state.suppressClick = true;
  setTimeout(() => (state.suppressClick = false), 0);
  const at = toBoard(host, e.clientX, e.clientY);
  const target = dropTarget(host, at.x, at.y);
  const move = target ? targets(state, state.selected).get(target) : undefined;
  if (move !== undefined) play(host, move);
  else host.redraw();
}

function cancelDrag(host: Host): void {
  if (!host.state.press) return;
  host.state.press = null;
  host.redraw();
}

/** Listens to the pointer on the board's SVG and its pass button. */
export function bindPointer(host: Host): void {
  const { svg, passButton } = host.dom;
  host.listen(svg, "click", (e) => onClick(host, e as MouseEvent));
  host.listen(svg, "pointerdown", (e) => onPointerDown(host, e as PointerEvent));
  host.listen(svg, "pointermove", (e) => onPointerMove(host, e as PointerEvent));
  host.listen(svg, "pointerup", (e) => onPointerUp(host, e as PointerEvent));
  host.listen(svg, "pointercancel", () => cancelDrag(host));
  host.listen(passButton, "click", (e) => {
    e.stopPropagation();
    playPass(host);
  });
}
