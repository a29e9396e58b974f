/**
 * The position editor and the analysis board with the variants: the editor
 * lays out each variant's seats and out stones and writes its position
 * string; the analysis board keeps a tree of variations and draws any
 * variant's board.  Positions come from the solver (tests/board/variant-positions.json).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BoardPositionJSON } from "../../src/board";
import { mockFetch, settle } from "../helpers";
import data from "../board/variant-positions.json";

const positions = data as unknown as Record<string, { deal: BoardPositionJSON; later: BoardPositionJSON }>;
const $ = (selector: string) => document.querySelector<HTMLElement>(selector);
const $$ = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)];

interface Editor {
  positionString(): string | null;
  setVariant(base: string, doubles: boolean): void;
  load(text: string): void;
}

const CHOICES = [
  { name: "lewicki", label: "Open domino" },
  { name: "lewicki9", label: "Double-nine" },
  { name: "block", label: "Block game" },
  { name: "partnership", label: "Partnership" },
];

async function mountEditor(variant: string, initial = ""): Promise<Editor> {
  document.body.innerHTML = `<div id="editor-root" data-api-positions="/api/positions/" data-analysis-url="/analysis/" data-editor-url="/analysis/editor/" data-review-url="/analysis/games/"
    data-variant="${variant}" data-variants-id="variants" data-initial="${initial}"><form data-fallback></form><div class="study-app" data-app hidden></div></div>
    <script type="application/json" id="variants">${JSON.stringify(CHOICES)}</script>`;
  await import("../../src/study/editor");
  return (window as unknown as { positionEditor: Editor }).positionEditor;
}

beforeEach(() => {
  vi.resetModules();
  document.cookie = "csrftoken=cookie-token";
  localStorage.clear(); // the analysis board keeps its trees there: each test starts without
});

afterEach(async () => {
  // Let a check the editor has scheduled go to this test's fetch, not the next test's.
  await new Promise((resolve) => setTimeout(resolve, 300));
  vi.unstubAllGlobals();
  document.body.replaceChildren();
  window.history.replaceState(null, "", "/");
});

describe("the editor of every variant", () => {
  it("lays out four seats of one row for partnership, and out slots for the block game", async () => {
    mockFetch();
    const editor = await mountEditor("partnership");
    expect($$(".editor-hand")).toHaveLength(4);
    expect($$(".editor-slot")).toHaveLength(28);
    expect($$('.editor-slot[data-slot$="-back-0"]')).toHaveLength(0);
    expect($("[data-out]")).toBeNull();
    expect($$(".editor-stone")).toHaveLength(28);
    expect($$("select[aria-label='Seat to move'] option").map((o) => o.textContent)).toEqual(["A", "B", "C", "D"]);
    editor.setVariant("block", false);
    expect($$(".editor-hand")).toHaveLength(2);
    expect($$("[data-out] .editor-slot")).toHaveLength(14);
    editor.setVariant("lewicki9", false);
    // Double-nine: 55 stones drawn, ends up to 9, two rows of 7 and 27 out slots.
    expect($$(".editor-stone")).toHaveLength(55);
    expect($('.editor-stone[data-stone="99"]')!.querySelectorAll("circle")).toHaveLength(18);
    expect($$("select[aria-label='Left end'] option").map((o) => o.getAttribute("value"))).toContain("9");
    expect($$('.editor-hand[data-seat="A"] .editor-slot')).toHaveLength(14);
    expect($$("[data-out] .editor-slot")).toHaveLength(27);
  });

  for (const variant of ["block", "partnership", "lewicki9", "block+doubles", "partnership+doubles"]) {
    it(`reads and writes a ${variant} position string, and has the server check it`, async () => {
      const f = mockFetch();
      const text = positions[variant].later.position;
      const editor = await mountEditor("lewicki", text);
      expect(editor.positionString()).toBe(text);
      expect(($("select[data-variant]") as HTMLSelectElement).value).toBe(variant.split("+")[0]);
      expect(($("[data-doubles]") as HTMLInputElement).checked).toBe(variant.includes("+doubles"));
      await new Promise((resolve) => setTimeout(resolve, 300));
      f.answer("POST /api/positions/", { body: { position: text } });
      await settle();
      expect(f.calls[0].body).toEqual({ position: text });
      expect($(".study-status")!.textContent).toBe(`Valid position: ${text}`);
      expect($("a.button")!.getAttribute("href")).toBe(`/analysis/?${new URLSearchParams({ position: text })}`);
      // The double-dummy review of a game from this deal starts from the same position.
      expect($("[data-review-link]")!.hidden).toBe(false);
      expect($("[data-review-link]")!.getAttribute("href")).toBe(`/analysis/games/?${new URLSearchParams({ position: text })}`);
      // The option alone keeps the stones and changes the name.
      editor.setVariant(variant.split("+")[0], !variant.includes("+doubles"));
      const other = editor.positionString()!;
      expect(other.split(" ").slice(1)).toEqual(text.split(" ").slice(1));
      expect(other.split(" ")[0]).toBe(variant.includes("+doubles") ? variant.split("+")[0] : `${variant}+doubles`);
    });
  }

  it("puts a clicked stone in the active slot and moves on to the next empty one", async () => {
    mockFetch();
    await mountEditor("block");
    $('[data-slot="B-front-2"]')!.click();
    $('.editor-stone[data-stone="66"]')!.click();
    expect($('[data-slot="B-front-2"]')!.dataset.entry).toBe("66");
    expect(($('.editor-stone[data-stone="66"]') as HTMLButtonElement).disabled).toBe(true);
    expect($('[data-slot="B-front-3"]')!.classList.contains("active")).toBe(true);
    // An out slot takes stones too, but cannot be "played".
    $('[data-slot="out-front-0"]')!.click();
    $('.editor-stone[data-stone="05"]')!.click();
    expect($('[data-slot="out-front-0"]')!.dataset.entry).toBe("05");
    expect($("[data-out] strong")!.textContent).toContain("1 of 14");
  });

  it("keeps the highlighted first slot active when it is clicked, so the next stone goes there", async () => {
    mockFetch();
    await mountEditor("lewicki");
    expect($('[data-slot="A-front-0"]')!.classList.contains("active")).toBe(true);
    $('[data-slot="A-front-0"]')!.click();
    expect($('[data-slot="A-front-0"]')!.classList.contains("active")).toBe(true);
    $('.editor-stone[data-stone="34"]')!.click();
    expect($('[data-slot="A-front-0"]')!.dataset.entry).toBe("34");
    expect($('[data-slot="A-front-1"]')!.classList.contains("active")).toBe(true);
  });
});

describe("the analysis board's variation tree", () => {
  it("keeps the old line as a variation, goes back to it, and keeps the current line in the URL", async () => {
    const f = mockFetch();
    const board = positions.partnership.later;
    const start = board.position;
    document.body.innerHTML = `<div id="analysis-root" data-data-id="analysis-data" data-api-analyses="/api/analyses/" data-api-positions="/api/positions/">
      <div data-fallback></div><div class="study-app" data-app hidden></div></div>
      <script type="application/json" id="analysis-data">${JSON.stringify({ position: start, moves: [], board })}</script>`;
    await import("../../src/study/analysis");
    const page = (window as unknown as { analysisBoard: { play(m: string): void; go(i: number): void; variations(): number; state(): { line: string[]; cursor: number } } }).analysisBoard;
    // Four seats round the table; the analysis shows nothing out in partnership.
    expect($$(".odb-hand")).toHaveLength(4);
    const answer = (moves: string[]) => ({
      body: { position: start, moves, positions: moves.map(() => start), current: start, board },
    });
    f.answer("POST /api/positions/", answer([]));
    await settle();
    page.play("x1");
    page.play("x2");
    page.go(1);
    page.play("y2");
    expect(page.state()).toEqual({ line: ["x1", "y2"], cursor: 2 });
    expect(page.variations()).toBe(1);
    const params = new URLSearchParams(window.location.search);
    expect(params.get("line")).toBe("x1 y2");
    expect(params.get("position")).toBe(start);
    // The tree: x1, then x2 on the main row and (y2) in brackets.
    expect($$(".study-tree .main-moves > button").map((b) => b.textContent)).toEqual(["x1", "x2"]);
    expect($$(".study-tree [data-variation] button").map((b) => b.textContent)).toEqual(["y2"]);
    expect($(".study-tree button.current")!.textContent).toBe("y2");
    // Back to the first line through the tree.
    $$(".study-tree .main-moves > button")[1].click();
    expect(page.state()).toEqual({ line: ["x1", "x2"], cursor: 2 });
    expect(new URLSearchParams(window.location.search).get("line")).toBe("x1 x2");
    // Replaying a known move follows the tree instead of adding to it.
    page.go(1);
    page.play("y2");
    expect(page.variations()).toBe(1);
  });
});
