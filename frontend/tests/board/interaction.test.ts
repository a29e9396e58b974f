import { afterEach, describe, expect, it } from "vitest";
import { click, end, handStone, mount, pointer, sample, selectable, targets, translateOf } from "../helpers";

afterEach(() => document.body.replaceChildren());

const OPENING = "Opening: any front stone may start"; // A to move; bare moves 26 56 35 02 36 25 33
const EARLY = "Early game"; // B to move: 22R, 24L, 24R
const PASS = "Forced pass"; // A to move: pass
const EQUAL = "Both ends show the same number"; // A: 14L, 44L; ends 4 and 4

describe("selecting a stone", () => {
  it("highlights the ends its legal moves name, and only those", () => {
    const { el, selects } = mount({ position: sample(EARLY), orientation: "B", interactive: true });
    expect(targets(el)).toEqual([]);
    click(handStone(el, "24"));
    expect(selects).toEqual(["24"]);
    expect(handStone(el, "24").classList.contains("is-selected")).toBe(true);
    expect(targets(el)).toEqual(["L", "R"]);
    click(handStone(el, "22"));
    expect(selects).toEqual(["24", "22"]);
    expect(targets(el)).toEqual(["R"]);
    expect(end(el, "L").getAttribute("aria-disabled")).toBe("true");
  });

  it("takes the clicked element's stone even when a pip is hit", () => {
    const { el, board } = mount({ position: sample(EARLY), orientation: "B", interactive: true });
    click(handStone(el, "24").querySelector(".odb-pip"));
    expect(board.getSelected()).toBe("24");
  });

  it("ignores stones that are not offered", () => {
    const { el, selects, board } = mount({ position: sample(EARLY), orientation: "B", interactive: true });
    click(handStone(el, "66")); // B's stone, no legal move
    expect(handStone(el, "23").classList.contains("is-covered")).toBe(true);
    click(handStone(el, "23")); // B's back row, covered by 06
    click(handStone(el, "26")); // the other player's stone
    expect(selects).toEqual([]);
    expect(board.getSelected()).toBeNull();
  });

  it("lifts the selected stone towards the table", () => {
    const { el } = mount({ position: sample(EARLY), orientation: "B", interactive: true });
    const before = translateOf(handStone(el, "24")).y;
    click(handStone(el, "24"));
    expect(translateOf(handStone(el, "24")).y).toBeLessThan(before); // bottom player: up
  });

  it("clears the selection on a click elsewhere", () => {
    const { el, selects, board } = mount({ position: sample(EARLY), orientation: "B", interactive: true });
    click(handStone(el, "24"));
    click(el.querySelector(".odb-table-felt"));
    expect(board.getSelected()).toBeNull();
    expect(selects).toEqual(["24", null]);
    expect(targets(el)).toEqual([]);
  });
});

describe("choosing an end", () => {
  it("emits the move string of the clicked end", () => {
    const { el, moves } = mount({ position: sample(EARLY), orientation: "B", interactive: true });
    click(handStone(el, "24"));
    click(end(el, "R"));
    expect(moves).toEqual(["24R"]);
    click(handStone(el, "24"));
    click(end(el, "L").querySelector(".odb-end-value"));
    expect(moves).toEqual(["24R", "24L"]);
  });

  it("does nothing on an end the stone cannot go to, or with no stone selected", () => {
    const { el, moves, board } = mount({ position: sample(EARLY), orientation: "B", interactive: true });
    click(end(el, "L"));
    click(handStone(el, "22"));
    click(end(el, "L"));
    expect(moves).toEqual([]);
    expect(board.getSelected()).toBe("22");
  });

  it("plays the bare stone on the empty table", () => {
    const { el, moves } = mount({ position: sample(OPENING), orientation: "A", interactive: true });
    click(handStone(el, "36"));
    expect(targets(el)).toEqual(["open"]);
    click(end(el, "open"));
    expect(moves).toEqual(["36"]);
  });

  it("treats both ends alike when they show the same number (written L)", () => {
    const { el, moves } = mount({ position: sample(EQUAL), orientation: "A", interactive: true });
    click(handStone(el, "14"));
    expect(targets(el)).toEqual(["L", "R"]);
    click(end(el, "R"));
    expect(moves).toEqual(["14L"]);
  });

  it("shows a legal move's grade on its end when marks are given", () => {
    const { el } = mount({ position: sample(EARLY), orientation: "B", interactive: true, marks: { "24L": "mistake", "24R": "best" } });
    click(handStone(el, "24"));
    expect(end(el, "L").querySelector(".odb-grade")!.getAttribute("data-grade")).toBe("mistake");
    expect(end(el, "R").querySelector(".odb-grade")!.getAttribute("data-grade")).toBe("best");
  });

  it("clears the selection after the move and on a new position", () => {
    const { el, board } = mount({ position: sample(EARLY), orientation: "B", interactive: true });
    click(handStone(el, "24"));
    click(end(el, "L"));
    expect(board.getSelected()).toBeNull();
    click(handStone(el, "22"));
    board.set({ position: sample("Middle game: back stones uncovered") });
    expect(board.getSelected()).toBeNull();
    expect(el.querySelector(".is-selected")).toBeNull();
  });
});

describe("a stone with a single legal move", () => {
  it("is played by a second click", () => {
    const { el, moves } = mount({ position: sample(EARLY), orientation: "B", interactive: true });
    click(handStone(el, "22"));
    expect(moves).toEqual([]);
    click(handStone(el, "22"));
    expect(moves).toEqual(["22R"]);
  });

  it("is played by Enter", () => {
    const { el, moves, board } = mount({ position: sample(OPENING), orientation: "A", interactive: true });
    click(handStone(el, "33"));
    board.root.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(moves).toEqual(["33"]);
  });

  it("counts L and R as one move when the ends are equal", () => {
    const { el, moves } = mount({ position: sample(EQUAL), orientation: "A", interactive: true });
    click(handStone(el, "44"));
    click(handStone(el, "44"));
    expect(moves).toEqual(["44L"]);
  });

  it("but a stone with two moves is deselected by a second click", () => {
    const { el, moves, selects } = mount({ position: sample(EARLY), orientation: "B", interactive: true });
    click(handStone(el, "24"));
    click(handStone(el, "24"));
    expect(moves).toEqual([]);
    expect(selects).toEqual(["24", null]);
  });
});

describe("the pass button", () => {
  it("appears only when the move is a forced pass, and emits pass", () => {
    const { el, moves } = mount({ position: sample(PASS), orientation: "A", interactive: true });
    const button = el.querySelector<HTMLButtonElement>(".odb-pass")!;
    expect(button.hidden).toBe(false);
    expect(button.textContent).toBe("Pass");
    expect(selectable(el)).toEqual([]);
    button.click();
    expect(moves).toEqual(["pass"]);
  });

  it("is hidden when there are stones to play, or the board is not interactive", () => {
    const a = mount({ position: sample(EARLY), orientation: "B", interactive: true });
    expect(a.el.querySelector<HTMLButtonElement>(".odb-pass")!.hidden).toBe(true);
    const b = mount({ position: sample(PASS), orientation: "B", interactive: false });
    const button = b.el.querySelector<HTMLButtonElement>(".odb-pass")!;
    expect(button.hidden).toBe(true);
    button.click();
    expect(b.moves).toEqual([]);
  });
});

describe("drag and drop", () => {
  /** Make client coordinates equal viewBox units, as if the SVG were drawn at scale 1. */
  function unscaled(el: HTMLElement) {
    const svg = el.querySelector("svg")!;
    const [, , w, h] = svg.getAttribute("viewBox")!.split(" ").map(Number);
    svg.getBoundingClientRect = () => ({ left: 0, top: 0, width: w, height: h, right: w, bottom: h, x: 0, y: 0, toJSON: () => ({}) }) as DOMRect;
    return svg;
  }

  function endCentre(el: HTMLElement, key: "L" | "R" | "open") {
    const rect = end(el, key).querySelector(".odb-end-slot")!;
    return {
      x: Number(rect.getAttribute("x")) + Number(rect.getAttribute("width")) / 2,
      y: Number(rect.getAttribute("y")) + Number(rect.getAttribute("height")) / 2,
    };
  }

  it("drops a stone on an end to play it there", () => {
    const { el, moves, selects } = mount({ position: sample(EARLY), orientation: "B", interactive: true, layout: "wide" });
    const svg = unscaled(el);
    const from = translateOf(handStone(el, "24"));
    const to = endCentre(el, "L");
    pointer(handStone(el, "24").querySelector(".odb-body")!, "pointerdown", from.x, from.y);
    pointer(svg, "pointermove", from.x + 3, from.y - 3); // below the drag threshold
    expect(el.querySelector(".odb-ghost")).toBeNull();
    pointer(svg, "pointermove", (from.x + to.x) / 2, (from.y + to.y) / 2);
    expect(el.querySelector(".odb-ghost")).not.toBeNull();
    expect(selects).toEqual(["24"]);
    expect(targets(el)).toEqual(["L", "R"]);
    pointer(svg, "pointermove", to.x + 5, to.y + 3);
    expect(end(el, "L").classList.contains("is-hover")).toBe(true);
    pointer(svg, "pointerup", to.x + 5, to.y + 3);
    click(svg); // the click that follows a drag is not a click on the table
    expect(moves).toEqual(["24L"]);
    expect(el.querySelector(".odb-ghost")).toBeNull();
  });

  it("keeps the stone selected when it is dropped elsewhere", () => {
    const { el, moves, board } = mount({ position: sample(EARLY), orientation: "B", interactive: true, layout: "wide" });
    const svg = unscaled(el);
    const from = translateOf(handStone(el, "22"));
    const wrong = endCentre(el, "L"); // 22 only goes right
    pointer(handStone(el, "22"), "pointerdown", from.x, from.y);
    pointer(svg, "pointermove", wrong.x, wrong.y);
    pointer(svg, "pointerup", wrong.x, wrong.y);
    click(el.querySelector(".odb-table-felt")); // the click that ends the drag is swallowed
    expect(moves).toEqual([]);
    expect(board.getSelected()).toBe("22");
  });

  it("does not drag stones that are not offered", () => {
    const { el, moves } = mount({ position: sample(EARLY), orientation: "B", interactive: true, layout: "wide" });
    const svg = unscaled(el);
    const from = translateOf(handStone(el, "66"));
    const to = endCentre(el, "R");
    pointer(handStone(el, "66"), "pointerdown", from.x, from.y);
    pointer(svg, "pointermove", to.x, to.y);
    pointer(svg, "pointerup", to.x, to.y);
    expect(el.querySelector(".odb-ghost")).toBeNull();
    expect(moves).toEqual([]);
  });
});

describe("events and configuration", () => {
  it("on() returns a function that stops listening", () => {
    const { el, board } = mount({ position: sample(EARLY), orientation: "B", interactive: true });
    const seen: string[] = [];
    const off = board.on("move", (m) => seen.push(m));
    click(handStone(el, "22"));
    click(handStone(el, "22"));
    off();
    click(handStone(el, "24"));
    click(end(el, "L"));
    expect(seen).toEqual(["22R"]);
  });

  it("set() changes only what it is given", () => {
    const { el, board } = mount({ position: sample(EARLY), orientation: "B", interactive: true });
    board.set({ showLegal: false });
    expect(board.getConfig().orientation).toBe("B");
    expect(selectable(el).sort()).toEqual(["22", "24"]);
    expect(el.querySelector(".is-hint")).toBeNull();
    board.set({ showLegal: true });
    expect(el.querySelectorAll(".is-hint")).toHaveLength(2);
    board.set({ interactive: false });
    expect(selectable(el)).toEqual([]);
  });

  it("destroy() removes the board", () => {
    const { el, board } = mount({ position: sample(EARLY), orientation: "B" });
    board.destroy();
    expect(el.children).toHaveLength(0);
  });
});
