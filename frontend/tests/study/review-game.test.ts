/**
 * The game-analysis review (``src/study/review-view.ts``) on a graded block
 * record (``review-block.json``, four plies, written by ``review_block.py``
 * beside it with the solver): stepping
 * with the keys wherever the focus is but in a field, the board following,
 * rows and chart points jumping to their ply.
 */
import { afterEach, describe, expect, it } from "vitest";
import { bestAt, ReviewView, stepFor, typingIn, type ReviewData } from "../../src/study/review-view";
import data from "./review-block.json";

const REVIEW = data as unknown as ReviewData;

function page(): HTMLElement {
  document.body.innerHTML = "";
  const root = document.createElement("div");
  root.id = "game-analysis-root";
  const rows = REVIEW.plies
    .map((p) => `<tr data-ply="${p.ply}" data-side="${p.side}"><td><a href="?ply=${p.ply}">${p.move}</a></td>`
      + `<td><a href="/analysis/?position=x" class="review-open">open</a></td></tr>`)
    .join("");
  const dots = REVIEW.values
    .map((v, i) => `<a href="?ply=${i}" data-chart-ply="${i}"><circle cx="${20 + i * 10}" cy="${50 - v}" r="4"></circle></a>`)
    .join("");
  root.innerHTML = `
    <input id="share" type="text" readonly value="${REVIEW.share}" data-share>
    <input id="typing" type="text">
    <div class="review-board-col"><div data-review-board></div><nav data-review-nav></nav><div data-review-now></div></div>
    <table data-plies><tbody><tr data-ply="0"><td>start</td></tr>${rows}</tbody></table>
    <svg data-chart><line data-chart-cursor x1="0" x2="0"></line>${dots}</svg>`;
  document.body.append(root);
  return root;
}

function key(target: EventTarget, name: string): void {
  target.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true }));
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("stepping helpers", () => {
  it("steps by one, to the start and to the end, and stays inside", () => {
    expect(stepFor("ArrowRight", 0, 4)).toBe(1);
    expect(stepFor("ArrowDown", 4, 4)).toBe(4);
    expect(stepFor("ArrowLeft", 0, 4)).toBe(0);
    expect(stepFor("ArrowUp", 3, 4)).toBe(2);
    expect(stepFor("Home", 3, 4)).toBe(0);
    expect(stepFor("End", 1, 4)).toBe(4);
    expect(stepFor("a", 1, 4)).toBeNull();
  });

  it("leaves the arrow keys to fields being typed in, not to read-only ones", () => {
    const root = page();
    expect(typingIn(root.querySelector("#typing"))).toBe(true);
    expect(typingIn(root.querySelector("#share"))).toBe(false);
    expect(typingIn(document.body)).toBe(false);
  });

  it("draws the best move of the position shown: the next ply's first best", () => {
    REVIEW.plies.forEach((p, i) => expect(bestAt(REVIEW, i)).toBe(p.best_moves[0]));
    expect(bestAt(REVIEW, REVIEW.plies.length)).toBeNull();
  });
});

describe("the review", () => {
  it("follows the keys wherever the focus is, with the board, the row and the chart", () => {
    const root = page();
    const view = new ReviewView(root, REVIEW);
    expect(view.index).toBe(0);
    const share = root.querySelector<HTMLInputElement>("#share")!;
    key(share, "ArrowRight");
    key(document.body, "ArrowRight");
    expect(view.index).toBe(2);
    expect(view.board.getConfig().position?.position).toBe(REVIEW.boards[2].position);
    expect(view.board.getConfig().lastMove).toBe(REVIEW.plies[1].move);
    expect(root.querySelector("tr.current")?.getAttribute("data-ply")).toBe("2");
    expect(root.querySelector("[data-chart-cursor]")?.getAttribute("x1")).toBe("40");
    expect(new URL(window.location.href).searchParams.get("ply")).toBe("2");
    // typing in a field keeps its arrow keys
    key(root.querySelector("#typing")!, "ArrowLeft");
    expect(view.index).toBe(2);
    key(document.body, "End");
    expect(view.index).toBe(REVIEW.boards.length - 1);
    expect(root.querySelector("[data-review-now]")?.textContent).toContain("The end of the record.");
  });

  it("jumps to a move's ply on a click of its row, but lets the analysis link go", () => {
    const root = page();
    const view = new ReviewView(root, REVIEW);
    root.querySelector<HTMLElement>('tr[data-ply="3"] td')!.click();
    expect(view.index).toBe(3);
    const open = root.querySelector<HTMLAnchorElement>('tr[data-ply="1"] .review-open')!;
    const event = new MouseEvent("click", { bubbles: true, cancelable: true });
    open.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(view.index).toBe(3);
  });

  it("draws the best move of the position shown as a suggestion on a read-only board, its end graded", () => {
    const root = page();
    const view = new ReviewView(root, REVIEW);
    for (let i = 0; i < REVIEW.plies.length; i++) {
      view.go(i);
      const best = REVIEW.plies[i].best_moves[0];
      expect(view.board.getConfig().suggest).toEqual([best]);
      expect(view.board.getConfig().marks?.[best]).toBe("best");
      // Nothing to play here: no stone picked up, no "Pick ... again to play it".
      expect(view.board.getConfig().interactive).toBe(false);
      expect(view.board.getSelected()).toBeNull();
      expect(root.textContent).not.toMatch(/again to play it|Choose an end|select a stone/);
    }
    view.go(REVIEW.plies.length);
    expect(view.board.getConfig().suggest).toEqual([]);
  });

  it("turns the board to the seat chosen, and keeps it in the address", () => {
    const root = page();
    const view = new ReviewView(root, REVIEW);
    const select = root.querySelector<HTMLSelectElement>("select.review-seat")!;
    expect([...select.options].map((o) => o.value)).toEqual(REVIEW.seats);
    select.value = "B";
    select.dispatchEvent(new Event("change"));
    expect(view.board.getConfig().orientation).toBe("B");
    expect(new URL(window.location.href).searchParams.get("seat")).toBe("B");
    const again = new ReviewView(page(), REVIEW);
    expect(again.board.getConfig().orientation).toBe("B");
  });

  it("says what the next move was and the best, when it was not a best move", () => {
    const root = page();
    const view = new ReviewView(root, REVIEW);
    const worse = REVIEW.plies.findIndex((p) => p.grade !== "best");
    view.go(worse);
    const text = root.querySelector("[data-review-now]")?.textContent ?? "";
    expect(text).toContain(REVIEW.plies[worse].best_moves[0]);
    expect(text).toContain(REVIEW.plies[worse].move);
  });
});
