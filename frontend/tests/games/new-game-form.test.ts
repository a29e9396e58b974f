import { describe, expect, it } from "vitest";
import { mountNewGameForms } from "../../src/games/new-game-form";

// A seek form as the lobby draws it: fields prefixed, a random seat, the partner's level.
const SEEK = `<form data-new-game-form>
  <select name="seek-variant"><option value="lewicki" selected>Open</option><option value="partnership">Partnership</option></select>
  <label data-seat="random"><input type="radio" name="seek-human" value="random"></label>
  <label data-seat="A"><input type="radio" name="seek-human" value="A"></label>
  <label data-seat="B"><input type="radio" name="seek-human" value="B"></label>
  <label data-seat="C"><input type="radio" name="seek-human" value="C"></label>
  <label data-seat="D"><input type="radio" name="seek-human" value="D"></label>
  <p data-partnership-only><select name="seek-partner"></select></p>
</form>`;

describe("mountNewGameForms", () => {
  it("offers the partnership seats and partner only for the partnership game", () => {
    document.body.innerHTML = SEEK;
    const [form] = mountNewGameForms();
    const hidden = () => [...form.querySelectorAll<HTMLElement>("[data-seat], [data-partnership-only]")]
      .filter((node) => node.hidden).map((node) => node.dataset.seat ?? "partner");
    expect(hidden()).toEqual(["C", "D", "partner"]);

    const variant = form.querySelector("select") as HTMLSelectElement;
    variant.value = "partnership";
    variant.dispatchEvent(new Event("change"));
    expect(hidden()).toEqual([]);

    (form.querySelector("[data-seat=C] input") as HTMLInputElement).checked = true;
    variant.value = "lewicki";
    variant.dispatchEvent(new Event("change"));
    expect(hidden()).toEqual(["C", "D", "partner"]);
    expect((form.querySelector("input:checked") as HTMLInputElement).value).toBe("random");
  });
});
