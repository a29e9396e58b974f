/**
 * The board with the variants' positions (block, partnership, double-nine,
 * "+doubles"), as the solver's ``Position.to_json()`` writes them
 * (variant-positions.json, made by variant_positions.py).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { BoardPositionJSON, Seat } from "../../src/board";
import { computeLayout } from "../../src/board";
import { shapeOf } from "../../src/board/state";
import { click, end, handStone, key, mount, selectable, targets } from "../helpers";
import data from "./variant-positions.json";

afterEach(() => document.body.replaceChildren());

interface Entry {
  deal: BoardPositionJSON;
  later: BoardPositionJSON;
  later_move: string;
  later_side: Seat;
  over: BoardPositionJSON;
  again?: { before: BoardPositionJSON; move: string; side: Seat; position: BoardPositionJSON };
  pass: BoardPositionJSON;
}

const positions = data as unknown as Record<string, Entry>;

function entry(variant: string): Entry {
  return structuredClone(positions[variant]);
}

function hand(el: Element, seat: Seat): Element {
  const found = el.querySelector(`.odb-hand[data-side="${seat}"]`);
  if (!found) throw new Error(`no hand ${seat}`);
  return found;
}

function stonesOf(el: Element, seat: Seat): string[] {
  return [...hand(el, seat).querySelectorAll(".odb-hand-stone")].map((s) => s.getAttribute("data-stone")!);
}

/** The stones of a seat that the position's legal moves play. */
function legalStones(position: BoardPositionJSON): string[] {
  return [...new Set(position.legal_moves.filter((m) => m !== "pass").map((m) => m.slice(0, 2)))];
}

describe("the hand layout (block game)", () => {
  it("draws one row of stones per seat, none covered, and the out stones face down and counted", () => {
    const { deal } = entry("block");
    const { el } = mount({ position: deal, orientation: "A" });
    for (const seat of ["A", "B"] as const) {
      const drawn = hand(el, seat);
      expect(drawn.getAttribute("data-layout")).toBe("hand");
      expect(drawn.querySelectorAll('.odb-slot[data-row="back"]')).toHaveLength(0);
      expect(stonesOf(el, seat)).toEqual(deal.hands[seat]!.front);
    }
    expect(el.querySelectorAll(".odb-hand-stone.is-covered")).toHaveLength(0);
    const out = el.querySelector(".odb-out")!;
    expect(out.getAttribute("data-count")).toBe(String(deal.out!.length));
    expect(out.querySelectorAll(".odb-out-stone.is-face-down")).toHaveLength(14);
    // Face down: nothing on the page tells which stones they are.
    expect(out.querySelectorAll("[data-stone]")).toHaveLength(0);
    expect(out.querySelectorAll(".odb-pip")).toHaveLength(0);
    expect(out.textContent).toContain("14");
  });

  it("reveals the out stones for open analysis", () => {
    const { deal } = entry("block");
    const { board, el } = mount({ position: deal, revealOut: true });
    const shown = [...el.querySelectorAll(".odb-out-stone")].map((s) => s.getAttribute("data-stone"));
    expect(shown).toEqual(deal.out);
    expect(el.querySelectorAll(".odb-out-stone.is-face-down")).toHaveLength(0);
    board.set({ revealOut: false });
    expect(el.querySelectorAll(".odb-out-stone.is-face-down")).toHaveLength(14);
  });

  it("offers every stone of the hand that a legal move plays, and plays the chosen end", () => {
    const { later } = entry("block");
    const { el, moves } = mount({ position: later, orientation: later.side, interactive: true });
    expect(selectable(el).sort()).toEqual(legalStones(later).sort());
    const stone = legalStones(later)[0];
    click(handStone(el, stone));
    const ends = later.legal_moves.filter((m) => m.startsWith(stone)).map((m) => m.slice(2));
    expect(targets(el)).toEqual([...ends].sort());
    click(end(el, ends[0] as "L" | "R"));
    expect(moves).toEqual([`${stone}${ends[0]}`]);
  });
});

describe("four seats (partnership)", () => {
  it("seats the partner across and the opponents at the sides, the orientation at the bottom", () => {
    const { deal } = entry("partnership");
    const { board, el } = mount({ position: deal, orientation: "A" });
    const place = (seat: Seat) => hand(el, seat).getAttribute("data-place");
    expect(["A", "B", "C", "D"].map((s) => place(s as Seat))).toEqual(["bottom", "left", "top", "right"]);
    board.set({ orientation: "B" });
    expect(["A", "B", "C", "D"].map((s) => place(s as Seat))).toEqual(["right", "bottom", "left", "top"]);
    for (const seat of ["A", "B", "C", "D"] as const) {
      expect(stonesOf(el, seat)).toEqual(deal.hands[seat]!.front);
      expect(hand(el, seat).getAttribute("data-layout")).toBe("hand");
    }
    // Nothing is out in partnership.
    expect(el.querySelector(".odb-out")).toBeNull();
  });

  it("keeps the four hands apart and inside the board, wide and narrow", () => {
    const { later } = entry("partnership");
    for (const mode of ["wide", "narrow"] as const) {
      const layout = computeLayout(mode, later.line, shapeOf(later));
      const trays = (["top", "left", "right", "bottom"] as const).map((p) => layout.hands[p]!.tray);
      for (const tray of trays) {
        expect(tray.x).toBeGreaterThanOrEqual(0);
        expect(tray.x + tray.w).toBeLessThanOrEqual(layout.width);
        expect(tray.y + tray.h).toBeLessThanOrEqual(layout.height);
      }
      for (let i = 0; i < trays.length; i++)
        for (let j = i + 1; j < trays.length; j++) {
          const a = trays[i];
          const b = trays[j];
          const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
          expect(overlap).toBe(false);
        }
      // The line stays on the table, between the side seats.
      for (const item of layout.items) {
        expect(item.cx - item.w / 2).toBeGreaterThanOrEqual(layout.table.x);
        expect(item.cx + item.w / 2).toBeLessThanOrEqual(layout.table.x + layout.table.w);
      }
    }
  });

  it("takes moves only from the seats the page allows", () => {
    const { later } = entry("partnership");
    const mover = later.side;
    // The user plays A: a position where C is to move offers nothing.
    const mine = mount({ position: later, orientation: "A", interactive: true, movable: ["A"] });
    expect(mover).not.toBe("A");
    expect(selectable(mine.el)).toEqual([]);
    // The same page lets the user move for the seat to move when it is listed, whatever the orientation.
    mine.board.set({ movable: [mover] });
    expect(selectable(mine.el).sort()).toEqual(legalStones(later).sort());
    // "all": whoever is to move (the analysis board).
    const any = mount({ position: later, orientation: "A", interactive: true, movable: "all" });
    const stone = legalStones(later)[0];
    click(handStone(any.el, stone));
    const move = later.legal_moves.find((m) => m.startsWith(stone))!;
    const key = move.length === 2 ? "open" : (move[2] as "L" | "R");
    click(end(any.el, key));
    expect(any.moves).toEqual([move]);
  });

  it("names teams in the result, and the user's team as 'your team'", () => {
    const { over } = entry("partnership");
    expect(over.result!.winner).toContain("+");
    const neutral = mount({ position: over });
    expect(neutral.el.querySelector(".odb-status")!.textContent).toContain(`Team ${over.result!.winner}`);
    const winnerSeat = over.result!.winner!.split("+")[0] as Seat;
    const loserSeat = (["A", "B", "C", "D"] as Seat[]).find((s) => !over.result!.winner!.includes(s))!;
    expect(mount({ position: over, you: winnerSeat }).el.querySelector(".odb-status")!.textContent).toContain("Your team");
    expect(mount({ position: over, you: loserSeat }).el.querySelector(".odb-status")!.textContent).toContain("The other team");
    // The winners' seats carry the winner chip, the losers' do not.
    for (const seat of winnerSeat === "A" ? ["A", "C"] : ["B", "D"]) {
      expect(neutral.el.querySelector(`.odb-info[data-side="${seat}"] .odb-chip-win`)).not.toBeNull();
    }
    expect(neutral.el.querySelector(`.odb-info[data-side="${loserSeat}"] .odb-chip-win`)).toBeNull();
  });
});

describe("double-nine (lewicki9)", () => {
  it("draws every half with its pips up to nine, in two rows, and the 27 stones out", () => {
    const { deal } = entry("lewicki9");
    const { el } = mount({ position: deal });
    expect(hand(el, "A").getAttribute("data-layout")).toBe("rows");
    for (const seat of ["A", "B"] as const) {
      for (const stone of [...deal.hands[seat]!.front, ...deal.hands[seat]!.back]) {
        const pips = Number(stone![0]) + Number(stone![1]);
        expect(handStone(el, stone!).querySelectorAll(".odb-pip")).toHaveLength(pips);
      }
    }
    expect(el.querySelector(".odb-out")!.getAttribute("data-count")).toBe("27");
  });
});

describe("doubles play again", () => {
  for (const variant of ["block+doubles", "partnership+doubles"]) {
    it(`announces the extra move after a double (${variant})`, () => {
      const { again } = entry(variant);
      const { position, move, side } = again!;
      expect(position.side).toBe(side);
      const { board, el } = mount({ position, lastMove: move, lastSide: side, orientation: side, interactive: true, movable: "all" });
      expect(el.querySelector(`.odb-info[data-side="${side}"] .odb-chip-again`)).not.toBeNull();
      expect(el.querySelector(".odb-status")!.textContent).toBe(`Double: ${side} moves again.`);
      board.set({ you: side });
      expect(el.querySelector(".odb-status")!.textContent).toBe("You played a double: move again.");
      // Without the seat that moved, the board cannot tell (and says nothing); a new last move forgets the seat.
      board.set({ lastMove: move });
      expect(el.querySelector(".odb-chip-again")).toBeNull();
    });
  }

  it("says nothing after a double when the next seat moves", () => {
    const { later, later_move, later_side } = entry("partnership+doubles");
    const { el } = mount({ position: later, lastMove: later_move, lastSide: later_side });
    expect(later.side).not.toBe(later_side);
    expect(el.querySelector(".odb-chip-again")).toBeNull();
  });
});

describe("the keyboard on a four-seat table", () => {
  it("moves the cursor over the stones of the seat to move, wherever it sits, and plays with Enter and L/R", () => {
    const { later } = entry("partnership+doubles");
    const { board, moves } = mount({ position: later, orientation: "A", interactive: true, movable: "all" });
    // The seat to move sits on a side of the table.
    expect(board.root.querySelector(`.odb-hand[data-side="${later.side}"]`)!.getAttribute("data-place")).not.toBe("bottom");
    board.root.dispatchEvent(new FocusEvent("focus"));
    const stones = board.selectable();
    expect(stones.sort()).toEqual(legalStones(later).sort());
    key(board, "ArrowRight");
    key(board, "Enter");
    const chosen = board.getSelected()!;
    expect(stones).toContain(chosen);
    const options = later.legal_moves.filter((m) => m.startsWith(chosen));
    key(board, options.length > 1 || options[0].endsWith("R") ? options[0].slice(2) : "Enter");
    expect(moves).toEqual([options[0]]);
  });
});

describe("a suggested move on a read-only board", () => {
  it("outlines the stone in the mover's hand and draws it at the end it goes to", () => {
    const { later } = entry("block");
    const move = later.legal_moves.find((m) => m !== "pass")!;
    const { board, el } = mount({ position: later, suggest: move });
    const stone = move.slice(0, 2);
    expect([...el.querySelectorAll(".odb-hand-stone.is-suggested")].map((s) => s.getAttribute("data-stone"))).toEqual([stone]);
    const ghost = el.querySelector(`.odb-suggest[data-suggest="${move}"]`)!;
    expect(ghost).not.toBeNull();
    // The ghost's pips are the stone's.
    expect(ghost.querySelectorAll(".odb-pip")).toHaveLength(Number(stone[0]) + Number(stone[1]));
    // Read-only: nothing can be selected.
    expect(selectable(el)).toEqual([]);
    // A list of moves, an illegal one ignored; null clears.
    board.set({ suggest: [...later.legal_moves, "66L"] });
    expect(el.querySelectorAll(".odb-suggest")).toHaveLength(later.legal_moves.filter((m) => m !== "pass").length);
    board.set({ suggest: null });
    expect(el.querySelectorAll(".odb-suggest, .is-suggested")).toHaveLength(0);
  });

  it("draws the suggested stones under the end markers, whose numbers stay on top", () => {
    const { later } = entry("block");
    const { el } = mount({ position: later, suggest: later.legal_moves });
    const ghosts = [...el.querySelectorAll(".odb-suggest")];
    const ends = el.querySelector(".odb-ends")!;
    expect(ghosts.length).toBeGreaterThan(0);
    for (const ghost of ghosts) {
      // later in the document is drawn on top: every ghost precedes the end markers
      expect(ghost.compareDocumentPosition(ends) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it("shows a suggested pass as a chip by the seat to move", () => {
    for (const variant of ["block", "partnership"]) {
      const { pass } = entry(variant);
      expect(pass.legal_moves).toEqual(["pass"]);
      const { el } = mount({ position: pass, suggest: "pass" });
      expect(el.querySelector(`.odb-info[data-side="${pass.side}"] .odb-chip-suggest`)).not.toBeNull();
      expect(el.querySelectorAll(".odb-chip-suggest")).toHaveLength(1);
    }
  });
});
