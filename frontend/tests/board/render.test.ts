import { afterEach, describe, expect, it } from "vitest";
import type { Side } from "../../src/board";
import { handStone, mount, sample, sampleWithAnswers, selectable } from "../helpers";

afterEach(() => document.body.replaceChildren());

const OPENING = "Opening: any front stone may start";
const MIDDLE = "Middle game: back stones uncovered";
const LONG = "Long line, wrapped";

function slots(el: Element, side: Side) {
  return [...el.querySelectorAll(`.odb-slot[data-side="${side}"]`)];
}

function handStones(el: Element, side: Side) {
  return [...el.querySelectorAll(`.odb-slot[data-side="${side}"] .odb-hand-stone`)];
}

describe("hands", () => {
  it("draws 14 slots per player, each stone with real pips", () => {
    const position = sample(OPENING);
    const { el } = mount({ position, orientation: "A", interactive: true });
    for (const side of ["A", "B"] as const) {
      expect(slots(el, side)).toHaveLength(14);
      expect(handStones(el, side)).toHaveLength(14);
      expect(el.querySelectorAll(`.odb-slot[data-side="${side}"].is-played`)).toHaveLength(0);
      // the stones are the hand's, front row and back row
      const front = slots(el, side).filter((s) => s.getAttribute("data-row") === "front");
      expect(front.map((s) => s.querySelector(".odb-hand-stone")!.getAttribute("data-stone"))).toEqual(
        position.hands[side].front,
      );
    }
    // [6|6] has twelve pips, [0|0] none
    expect(el.querySelectorAll('.odb-hand-stone[data-stone="66"] .odb-pip')).toHaveLength(12);
    expect(el.querySelectorAll('.odb-hand-stone[data-stone="00"] .odb-pip')).toHaveLength(0);
    expect(el.querySelectorAll('.odb-hand-stone[data-stone="35"] .odb-pip')).toHaveLength(8);
  });

  it("covers and locks the back stones whose front stone is still there", () => {
    const { el } = mount({ position: sample(OPENING), orientation: "A", interactive: true });
    for (const side of ["A", "B"] as const) {
      const covered = [...el.querySelectorAll(`.odb-slot[data-side="${side}"] .odb-hand-stone.is-covered`)];
      expect(covered).toHaveLength(7);
      for (const stone of covered) {
        expect(stone.closest(".odb-slot")!.getAttribute("data-row")).toBe("back");
        expect(stone.querySelector(".odb-lock")).not.toBeNull();
        expect(stone.classList.contains("is-selectable")).toBe(false);
        expect(stone.getAttribute("aria-label")).toMatch(/^stone \d-\d, back row column \d, covered$/);
      }
    }
  });

  it("leaves played slots empty and uncovers back stones once their front stone is gone", () => {
    const position = sample(MIDDLE);
    const { el } = mount({ position, orientation: "B", interactive: true });
    for (const side of ["A", "B"] as const) {
      const hand = position.hands[side];
      expect(slots(el, side)).toHaveLength(14);
      expect(handStones(el, side)).toHaveLength(hand.count);
      const played = [...el.querySelectorAll(`.odb-slot[data-side="${side}"].is-played`)];
      expect(played).toHaveLength(14 - hand.count);
      for (const slot of played) expect(slot.querySelector(".odb-hand-stone, .odb-pip")).toBeNull();
      for (let col = 0; col < 7; col++) {
        const back = hand.back[col];
        if (back === null) continue;
        const el2 = el.querySelector(`.odb-slot[data-side="${side}"][data-row="back"][data-col="${col}"] .odb-hand-stone`)!;
        expect(el2.classList.contains("is-covered")).toBe(hand.front[col] !== null);
        expect(el2.querySelector(".odb-lock") !== null).toBe(hand.front[col] !== null);
      }
    }
  });

  it("offers exactly the stones named in legal_moves, on the side to move", () => {
    const position = sample(MIDDLE); // B: 16L, 24R
    const { el } = mount({ position, orientation: "B", interactive: true });
    expect(selectable(el).sort()).toEqual(["16", "24"]);
    for (const s of selectable(el)) {
      expect(el.querySelector(`.odb-slot[data-side="B"] .odb-hand-stone[data-stone="${s}"]`)).not.toBeNull();
    }
    // an uncovered back stone that legal_moves does not name is not offered
    expect(handStone(el, "01").classList.contains("is-selectable")).toBe(false);
    expect(handStone(el, "01").classList.contains("is-covered")).toBe(false);
  });

  it("never offers a covered stone, even if legal_moves names it", () => {
    const position = sample(OPENING);
    position.legal_moves = [...position.legal_moves, "04"]; // 04 is A's covered back stone
    const { el } = mount({ position, orientation: "A", interactive: true });
    expect(selectable(el)).not.toContain("04");
    expect(handStone(el, "04").classList.contains("is-covered")).toBe(true);
  });

  it("offers nothing when not interactive", () => {
    const { el } = mount({ position: sample(OPENING), orientation: "A", interactive: false });
    expect(selectable(el)).toEqual([]);
    expect(el.querySelectorAll('[role="button"].odb-hand-stone')).toHaveLength(0);
  });

  it("offers nothing when the side to move is not the bottom player", () => {
    const { el } = mount({ position: sample(OPENING), orientation: "B", interactive: true }); // A to move
    expect(selectable(el)).toEqual([]);
    expect(el.querySelector(".odb-status")!.textContent).toBe("A to move.");
  });

  it("draws the orientation player at the bottom", () => {
    const position = sample(OPENING);
    const a = mount({ position, orientation: "A" });
    expect(a.el.querySelector(".odb-hand-bottom")!.getAttribute("data-side")).toBe("A");
    const b = mount({ position, orientation: "B" });
    expect(b.el.querySelector(".odb-hand-bottom")!.getAttribute("data-side")).toBe("B");
    expect(b.el.querySelector(".odb-hand-top")!.getAttribute("data-side")).toBe("A");
  });

  it("names stones for assistive technology", () => {
    const { el } = mount({ position: sample(OPENING), orientation: "A", interactive: true });
    // A's front row: 26.56.35.02.36.25.33
    expect(handStone(el, "36").getAttribute("aria-label")).toBe("stone 3-6, front row column 5");
    expect(handStone(el, "36").getAttribute("role")).toBe("button");
    expect(handStone(el, "36").getAttribute("aria-disabled")).toBe("false");
    expect(handStone(el, "12").getAttribute("aria-label")).toBe("stone 1-2, back row column 2, covered");
    expect(handStone(el, "12").getAttribute("aria-disabled")).toBe("true");
  });

  it("shows pips and stone counts", () => {
    const position = sample(MIDDLE);
    const { el } = mount({ position, orientation: "B" });
    const info = el.querySelector('.odb-info[data-side="A"]')!.textContent!;
    expect(info).toContain(`Pips: ${position.hands.A.pips}`);
    expect(info).toContain(`Stones: ${position.hands.A.count}`);
    expect(el.querySelector('.odb-info[data-side="B"]')!.classList.contains("is-to-move")).toBe(true);
  });
});

describe("the players' names and counts on a narrow board", () => {
  function statLines(el: Element, side: Side) {
    return [...el.querySelectorAll(`.odb-info[data-side="${side}"] .odb-stat`)];
  }

  it("keeps the counts on one line beside a short name", () => {
    const position = sample(OPENING);
    const { el } = mount({ position, orientation: "A", layout: "narrow", names: { A: "You (A)", B: "Solver (B)" } });
    for (const side of ["A", "B"] as const) {
      expect(statLines(el, side)).toHaveLength(1);
      expect(statLines(el, side)[0].textContent).toContain(`Pips: ${position.hands[side].pips}`);
    }
  });

  it("puts the counts on two lines, clear of the name and the chip, beside a long name", () => {
    const position = sample(OPENING);
    const mover = position.side as Side;
    const name = "Calculatorul (B)";
    const names = { A: name, B: name };
    const { el } = mount({ position, orientation: "A", layout: "narrow", names });
    const lines = statLines(el, mover);
    expect(lines.map((l) => l.textContent)).toEqual([
      `Pips: ${position.hands[mover].pips}`,
      `Stones: ${position.hands[mover].count}`,
    ]);
    expect(lines.every((l) => l.classList.contains("odb-stat-tight"))).toBe(true);
    // the lines end at the tray's right edge and are no wider than the room after the chip
    const chip = el.querySelector(`.odb-info[data-side="${mover}"] .odb-chip-turn rect`)!;
    const chipEnd = Number(chip.getAttribute("x")) + Number(chip.getAttribute("width"));
    for (const line of lines) {
      const right = Number(line.getAttribute("x"));
      const length = line.getAttribute("textLength");
      const width = length !== null ? Number(length) : line.textContent!.length * 10 * 0.56;
      expect(right - width).toBeGreaterThanOrEqual(chipEnd);
    }
  });

  it("draws a name too long for the strip smaller, never the counts squeezed", () => {
    const position = sample(OPENING);
    const mover = position.side as Side;
    const name = "Vizitator 9d0b-long (B)";
    const { el } = mount({ position, orientation: "A", layout: "narrow", names: { A: name, B: name } });
    const info = el.querySelector(`.odb-info[data-side="${mover}"]`)!;
    const nameEl = info.querySelector(".odb-name") as SVGTextElement;
    const size = parseFloat(nameEl.style.fontSize);
    expect(size).toBeGreaterThanOrEqual(13);
    expect(size).toBeLessThan(20);
    for (const line of statLines(el, mover)) expect(line.getAttribute("textLength")).toBeNull();
    // the chip starts after the smaller name
    const chip = info.querySelector(".odb-chip-turn rect")!;
    const nameEnd = Number(nameEl.getAttribute("x")) + name.length * size * 0.65;
    expect(Number(chip.getAttribute("x"))).toBeGreaterThanOrEqual(nameEnd);
  });
});

describe("the line of play", () => {
  it("lays every stone left to right with its halves as written", () => {
    const position = sample(MIDDLE);
    const { el } = mount({ position, orientation: "B", layout: "wide" });
    const stones = [...el.querySelectorAll(".odb-line-stone")];
    expect(stones).toHaveLength(position.line.length);
    expect(stones.map((s) => Number(s.getAttribute("data-index")))).toEqual(position.line.map((_, i) => i));
    expect(stones.map((s) => s.getAttribute("aria-label"))).toEqual(
      position.line.map((s) => `stone ${s[0]}-${s[1]} on the table`),
    );
    // each stone has as many pips as its two halves
    stones.forEach((s, i) => {
      const [a, b] = position.line[i];
      expect(s.querySelectorAll(".odb-pip")).toHaveLength(Number(a) + Number(b));
    });
  });

  it("marks the two open ends with the numbers they show", () => {
    const position = sample(MIDDLE); // ends 6 and 4
    const { el } = mount({ position, orientation: "B" });
    expect(el.querySelector('.odb-end[data-end="L"] .odb-end-value')!.textContent).toBe(String(position.ends![0]));
    expect(el.querySelector('.odb-end[data-end="R"] .odb-end-value')!.textContent).toBe(String(position.ends![1]));
    expect(el.querySelector('.odb-end[data-end="L"]')!.getAttribute("aria-label")).toBe("left end, showing 6");
    expect(el.querySelector('.odb-end[data-end="open"]')).toBeNull();
  });

  it("wraps a long line onto further rows and keeps the reading order", () => {
    const position = sample(LONG);
    const { el } = mount({ position, orientation: "B", layout: "narrow" });
    const stones = [...el.querySelectorAll(".odb-line-stone")];
    expect(stones).toHaveLength(position.line.length);
    const rows = stones.map((s) => Number(s.getAttribute("data-row")));
    expect(Math.max(...rows)).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < rows.length; i++) expect(rows[i] - rows[i - 1]).toBeGreaterThanOrEqual(0);
    // the right end follows the last stone; a continuation mark at each break
    const rightRow = Number(el.querySelector('.odb-end[data-end="R"]')!.getAttribute("data-row"));
    expect(rightRow).toBeGreaterThanOrEqual(rows[rows.length - 1]);
    expect(el.querySelector('.odb-end[data-end="L"]')!.getAttribute("data-row")).toBe("0");
    expect(el.querySelectorAll(".odb-wrap")).toHaveLength(2 * rightRow);
  });

  it("fits a short line on one row in the wide layout", () => {
    const position = sample("Early game");
    const { el } = mount({ position, orientation: "B", layout: "wide" });
    const rows = [...el.querySelectorAll(".odb-line-stone")].map((s) => s.getAttribute("data-row"));
    expect(new Set(rows)).toEqual(new Set(["0"]));
    expect(el.querySelectorAll(".odb-wrap")).toHaveLength(0);
  });

  it("draws doubles crosswise", () => {
    const position = sample(MIDDLE);
    const { el } = mount({ position, orientation: "B" });
    const doubles = [...el.querySelectorAll(".odb-line-stone")].filter((s) => {
      const st = s.getAttribute("data-stone")!;
      return st[0] === st[1];
    });
    expect(doubles.length).toBeGreaterThan(0);
    for (const d of doubles) expect(d.querySelector("g")!.getAttribute("transform")).not.toContain("rotate");
    const single = [...el.querySelectorAll(".odb-line-stone")].find((s) => s.getAttribute("data-stone") === "46")!;
    expect(single.querySelector("g")!.getAttribute("transform")).toContain("rotate(-90)");
  });

  it("shows an opening slot on an empty table", () => {
    const { el } = mount({ position: sample(OPENING), orientation: "A", interactive: true });
    expect(el.querySelectorAll(".odb-line-stone")).toHaveLength(0);
    expect(el.querySelector('.odb-end[data-end="open"]')).not.toBeNull();
    expect(el.querySelector('.odb-end[data-end="L"]')).toBeNull();
  });
});

describe("last move and grades", () => {
  it("highlights the last move's stone and shows its grade badge", () => {
    const info = sampleWithAnswers(MIDDLE); // last move 04R, a blunder
    const { el, board } = mount({ position: info.position, orientation: "B", lastMove: info.lastMove });
    const last = [...el.querySelectorAll(".odb-line-stone.is-last")];
    expect(last).toHaveLength(1);
    expect(last[0].getAttribute("data-stone")).toBe("04");
    expect(Number(last[0].getAttribute("data-index"))).toBe(info.position.line.length - 1); // R: the right end
    expect(el.querySelector(".odb-grade")).toBeNull();

    board.set({ marks: { "04R": "blunder" } });
    const badge = el.querySelector(".odb-line-stone.is-last .odb-grade")!;
    expect(badge.getAttribute("data-grade")).toBe("blunder");
    expect(badge.getAttribute("aria-label")).toBe("blunder");
    expect(badge.textContent).toContain("??");
  });

  it("prefers a mark keyed by ply", () => {
    const info = sampleWithAnswers(MIDDLE);
    const { el } = mount({
      position: info.position,
      orientation: "B",
      lastMove: "04R",
      ply: 11,
      marks: { "04R": "blunder", "11": "inaccuracy" },
    });
    expect(el.querySelector(".odb-grade")!.getAttribute("data-grade")).toBe("inaccuracy");
  });

  it("shows a pass as the passer's chip, with its grade", () => {
    const position = sample(LONG);
    const { el } = mount({ position, orientation: "B", lastMove: "pass", marks: { pass: "best" } });
    expect(el.querySelector(".odb-line-stone.is-last")).toBeNull();
    const passer = position.side === "A" ? "B" : "A";
    const info = el.querySelector(`.odb-info[data-side="${passer}"]`)!;
    expect(info.querySelector(".odb-chip-pass")!.textContent).toBe("passed");
    expect(info.querySelector(".odb-grade")!.getAttribute("data-grade")).toBe("best");
  });

  it("announces the result of a finished deal", () => {
    const position = sample("Deal over");
    const { el } = mount({ position, orientation: "A", interactive: true });
    expect(el.querySelector(".odb-status")!.textContent).toBe("Blocked: B has fewer pips and scores 38 points.");
    expect(selectable(el)).toEqual([]);
    expect(el.querySelector('.odb-info[data-side="B"] .odb-chip-win')).not.toBeNull();
  });

  it("writes the result and the turn to the user as \"you\", each case its own sentence", () => {
    const position = sample("Deal over"); // B wins, blocked, 38 points
    const won = mount({ position, orientation: "B", interactive: true, you: "B", names: { A: "Solver", B: "You" } });
    expect(won.el.querySelector(".odb-status")!.textContent).toBe("Blocked: you have fewer pips and score 38 points.");
    const lost = mount({ position, orientation: "A", interactive: true, you: "A", names: { A: "You", B: "Solver" } });
    expect(lost.el.querySelector(".odb-status")!.textContent).toBe("Blocked: the solver has fewer pips and scores 38 points.");
    const turn = mount({ position: sample(OPENING), orientation: "A", interactive: true, you: "A" }); // A to move
    expect(turn.el.querySelector(".odb-status")!.textContent).toBe("Your move: select a stone.");
    const waiting = mount({ position: sample(OPENING), orientation: "B", interactive: true, you: "B" });
    expect(waiting.el.querySelector(".odb-status")!.textContent).toBe("The solver is to move.");
  });

  it("names the other player, not the solver, when the opponents are people", () => {
    const names = { A: "Ann (A)", B: "Bob (B)" };
    const lost = mount({ position: sample("Deal over"), orientation: "A", you: "A", names, opponents: "named" });
    expect(lost.el.querySelector(".odb-status")!.textContent).toBe("Blocked: Bob (B) has fewer pips and scores 38 points.");
    const waiting = mount({ position: sample(OPENING), orientation: "B", you: "B", names, opponents: "named" }); // A to move
    expect(waiting.el.querySelector(".odb-status")!.textContent).toBe("Ann (A) to move.");
  });
});
