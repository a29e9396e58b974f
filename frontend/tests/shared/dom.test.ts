import { afterEach, describe, expect, it, vi } from "vitest";
import { button, byId, el, hideFallback, readJSON, requireJSON, show } from "../../src/shared/dom";

afterEach(() => document.body.replaceChildren());

describe("building elements", () => {
  it("takes a class name or attributes, and children", () => {
    expect(el("span", "gp-grade grade-best", "best move").outerHTML).toBe('<span class="gp-grade grade-best">best move</span>');
    expect(el("td", "", "").outerHTML).toBe("<td></td>");
    const row = el("tr", { class: "grade-best", "data-move": "36R" }, el("td", {}, "36R"), null, undefined, "+3");
    expect(row.outerHTML).toBe('<tr class="grade-best" data-move="36R"><td>36R</td>+3</tr>');
  });

  it("makes buttons that do not submit a form", () => {
    const onClick = vi.fn();
    const b = button("Start", onClick, { "aria-label": "Start" });
    expect(b.outerHTML).toBe('<button type="button" aria-label="Start">Start</button>');
    b.click();
    expect(onClick).toHaveBeenCalledOnce();
  });
});

describe("the page", () => {
  it("hides every server-drawn fallback, for good", () => {
    document.body.innerHTML = '<div id="root"><form data-fallback></form><p data-fallback>x</p><p id="other">y</p></div>';
    hideFallback(byId("root"));
    for (const node of document.querySelectorAll<HTMLElement>("[data-fallback]")) {
      expect(node.hidden).toBe(true);
      expect(node.style.display).toBe("none");
    }
    const other = byId("other");
    expect(other.hidden).toBe(false);
    show(other, false);
    expect(other.hidden).toBe(true);
    expect(() => byId("missing")).toThrow("#missing is missing from the page");
  });

  it("reads the JSON the page embeds", () => {
    document.body.innerHTML = '<script type="application/json" id="data">{"a": 1}</script><script type="application/json" id="empty"></script>';
    expect(readJSON<{ a: number }>("data")).toEqual({ a: 1 });
    expect(readJSON("empty")).toBeNull();
    expect(readJSON("missing")).toBeNull();
    expect(readJSON(undefined)).toBeNull();
    expect(requireJSON("data")).toEqual({ a: 1 });
    expect(() => requireJSON("missing")).toThrow("the page has no JSON element #missing");
  });
});
