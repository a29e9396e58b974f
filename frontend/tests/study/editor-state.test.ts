import { describe, expect, it } from "vitest";
import { editorShape } from "../../src/study/common";
import { emptyHands, laidFrom, nextEmpty, PLAYED, positionString, setEntry, slotOrder, usedStones, type Laid } from "../../src/study/editor-state";

const DEAL = "26.56.35.02.36.25.33/04.12.13.55.00.03.46 06.22.34.66.15.11.24/23.01.05.16.14.44.45";

describe("the editor's state", () => {
  it("reads a position string's fields into the slots and writes the same string back", () => {
    const shape = editorShape("lewicki");
    const { hands, out } = laidFrom(shape, DEAL.split(" "));
    const laid: Laid = { shape, hands, out };
    expect(positionString(laid, "lewicki", "-", "A")).toBe(`${DEAL} - A`);
    expect(usedStones(laid).size).toBe(28);
  });

  it("gives no string while a slot is empty, and fills the slots in order", () => {
    const shape = editorShape("lewicki");
    const laid: Laid = { shape, hands: emptyHands(shape), out: [] };
    expect(positionString(laid, "lewicki", "-", "A")).toBeNull();
    const order = slotOrder(shape);
    expect(order).toHaveLength(28);
    setEntry(laid, order[0], "00");
    setEntry(laid, order[1], PLAYED);
    expect(nextEmpty(laid, order[0])).toEqual(order[2]);
    expect([...usedStones(laid)]).toEqual(["00"]);
  });

  it("keeps the out stones of a variant that leaves some out, sorted in the string", () => {
    const shape = editorShape("lewicki9");
    expect(shape.out).toBeGreaterThan(0);
    const laid: Laid = { shape, hands: emptyHands(shape), out: Array(shape.out).fill(null) };
    const order = slotOrder(shape);
    expect(order.filter((s) => s.seat === "out")).toHaveLength(shape.out);
    setEntry(laid, order[order.length - 1], PLAYED); // an out slot is never "played": cleared instead
    expect(laid.out[shape.out - 1]).toBeNull();
  });
});
