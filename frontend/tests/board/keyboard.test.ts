import { afterEach, describe, expect, it } from "vitest";
import { handStone, key, keys, mount, sample, targets } from "../helpers";

afterEach(() => document.body.replaceChildren());

function activeStone(root: HTMLElement): string | null {
  const id = root.getAttribute("aria-activedescendant");
  if (!id) return null;
  const el = root.querySelector(`[id="${id}"]`);
  return el?.getAttribute("data-stone") ?? el?.getAttribute("data-end") ?? null;
}

/** The early-game sample, B to move at the bottom, the board focused for the keys. */
function focusedEarlyGame() {
  const mounted = mount({ position: sample("Early game"), orientation: "B", interactive: true });
  mounted.board.root.focus();
  return mounted;
}

describe("keyboard", () => {
  it("makes the board focusable and labelled", () => {
    const { board } = mount({ position: sample("Early game"), orientation: "B", interactive: true });
    expect(board.root.tabIndex).toBe(0);
    expect(board.root.getAttribute("aria-label")).toBe("Domino board");
  });

  it("moves between the selectable stones with the arrows, selects with Enter, plays with an end", () => {
    const { board, el, moves, selects } = focusedEarlyGame();
    key(board, "ArrowRight"); // B's offered stones in column order: 22 (col 1), 24 (col 6)
    expect(activeStone(board.root)).toBe("24");
    expect(handStone(el, "24").classList.contains("is-cursor")).toBe(true);
    key(board, "ArrowRight");
    expect(activeStone(board.root)).toBe("22"); // wraps round
    key(board, "ArrowLeft");
    expect(activeStone(board.root)).toBe("24");
    key(board, "Enter");
    expect(selects).toEqual(["24"]);
    expect(targets(el)).toEqual(["L", "R"]);
    key(board, "ArrowRight");
    expect(activeStone(board.root)).toBe("R");
    key(board, "ArrowLeft");
    expect(activeStone(board.root)).toBe("L");
    expect(moves).toEqual([]);
    key(board, "Enter");
    expect(moves).toEqual(["24L"]);
  });

  it("plays at once with the L and R keys", () => {
    const { board, moves } = focusedEarlyGame();
    keys(board, "End", " ", "r");
    expect(moves).toEqual(["24R"]);
  });

  it("refuses an end the stone cannot go to", () => {
    const { board, moves } = focusedEarlyGame();
    key(board, "Home"); // 22: right end only
    keys(board, "Enter", "l", "ArrowLeft");
    expect(moves).toEqual([]);
    expect(board.root.querySelector(".odb-live")!.textContent).toBe("This stone cannot go on the left end.");
    key(board, "Enter"); // its only move
    expect(moves).toEqual(["22R"]);
  });

  it("asks for an end when Enter is pressed with two possible ends", () => {
    const { board, moves } = focusedEarlyGame();
    keys(board, "End", "Enter", "Enter");
    expect(moves).toEqual([]);
    expect(board.getSelected()).toBe("24");
  });

  it("cancels with Escape and keeps the cursor on the stone", () => {
    const { board, el, selects } = focusedEarlyGame();
    keys(board, "End", "Enter", "ArrowRight", "Escape");
    expect(board.getSelected()).toBeNull();
    expect(selects).toEqual(["24", null]);
    expect(targets(el)).toEqual([]);
    expect(activeStone(board.root)).toBe("24");
  });

  it("opens the line with Enter on an empty table", () => {
    const { board, moves } = mount({ position: sample("Opening: any front stone may start"), orientation: "A", interactive: true });
    board.root.focus();
    key(board, "ArrowRight"); // A's front row 26 56 35 02 36 25 33: the cursor starts on 26
    key(board, "ArrowRight");
    expect(activeStone(board.root)).toBe("35");
    keys(board, "Enter", "ArrowRight");
    expect(activeStone(board.root)).toBe("open");
    key(board, "Enter");
    expect(moves).toEqual(["35"]);
  });

  it("passes with Enter or P when the pass is forced", () => {
    const a = mount({ position: sample("Forced pass"), orientation: "A", interactive: true });
    a.board.root.focus();
    key(a.board, "Enter");
    expect(a.moves).toEqual(["pass"]);
    const b = mount({ position: sample("Forced pass"), orientation: "A", interactive: true });
    key(b.board, "p");
    expect(b.moves).toEqual(["pass"]);
  });

  it("does nothing when the board is not interactive", () => {
    const { board, moves, selects } = mount({ position: sample("Early game"), orientation: "B", interactive: false });
    board.root.focus();
    keys(board, "ArrowRight", "Enter", "l", "r", "Enter", "p");
    expect(moves).toEqual([]);
    expect(selects).toEqual([]);
  });
});
