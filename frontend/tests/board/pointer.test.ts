/**
 * A mouse click on the board in a real browser: the press focuses the board
 * and may capture the pointer.  Neither may change which element the click
 * lands on, or the click is lost (found with the browser tests in Chromium).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { click, end, handStone, mount, pointer, sample } from "../helpers";

afterEach(() => document.body.replaceChildren());

describe("a plain click", () => {
  it("keeps the SVG's nodes when the board takes the focus from a press", () => {
    const { board, el } = mount({ position: sample("Early game"), orientation: "B", interactive: true });
    const stone = handStone(el, "24");
    pointer(stone, "pointerdown", 10, 10); // the press comes first, then the focus
    board.root.focus();
    expect(stone.isConnected).toBe(true); // not redrawn: the click that follows still finds it
    click(stone);
    expect(board.getSelected()).toBe("24");
    const left = end(el, "L");
    board.root.blur();
    pointer(left, "pointerdown", 10, 10);
    board.root.focus();
    expect(left.isConnected).toBe(true);
  });

  it("captures the pointer only once a drag starts", () => {
    const { board, el } = mount({ position: sample("Early game"), orientation: "B", interactive: true });
    const capture = vi.fn();
    (board.svg as unknown as { setPointerCapture: unknown }).setPointerCapture = capture;
    pointer(handStone(el, "24"), "pointerdown", 10, 10);
    pointer(board.svg, "pointerup", 10, 10);
    expect(capture).not.toHaveBeenCalled();
    pointer(handStone(el, "24"), "pointerdown", 10, 10);
    pointer(board.svg, "pointermove", 60, 10);
    expect(capture).toHaveBeenCalledWith(1);
  });
});
