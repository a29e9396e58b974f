/** The board's state without any DOM: what can be picked and where it goes comes from ``legal_moves`` alone. */
import { describe, expect, it } from "vitest";
import { configure, copyConfig, DEFAULTS } from "../../src/board/config";
import { applyConfig, canMove, createState, passOnly, selectable, targets } from "../../src/board/state";
import { sample } from "../helpers";

const EARLY = "Early game"; // B to move: 22R, 24L, 24R

describe("the configuration", () => {
  it("merges a partial update, skipping undefined and clearing with null", () => {
    const settings = configure(DEFAULTS, { lastMove: "36R", ply: 4, marks: { "36R": "best" }, names: { A: "Ann" } });
    expect(settings).toMatchObject({ orientation: "A", interactive: false, showLegal: true, layout: "auto", lastMove: "36R", ply: 4 });
    const next = configure(settings, { lastMove: null, ply: undefined, interactive: true, orientation: undefined });
    expect(next).toMatchObject({ lastMove: null, ply: null, interactive: true, orientation: "A", marks: { "36R": "best" } });
    const copy = copyConfig(next);
    copy.marks!["x"] = "blunder";
    expect(next.marks).toEqual({ "36R": "best" });
  });
});

describe("the state", () => {
  it("offers the stones and ends that legal_moves names, only to the bottom player", () => {
    const position = sample(EARLY);
    const state = createState({ position, orientation: "B", interactive: true });
    expect(canMove(state)).toBe(true);
    expect(selectable(state)).toEqual(["22", "24"]);
    expect([...targets(state, "24").entries()].sort()).toEqual([["L", "24L"], ["R", "24R"]]);
    expect([...targets(state, "22").entries()]).toEqual([["R", "22R"]]);
    applyConfig(state, { orientation: "A" });
    expect(canMove(state)).toBe(false);
    expect(selectable(state)).toEqual([]);
  });

  it("drops the selection when the position changes, and knows a forced pass", () => {
    const state = createState({ position: sample(EARLY), orientation: "B", interactive: true });
    state.selected = "24";
    applyConfig(state, { marks: {} });
    expect(state.selected).toBe("24");
    const forced = sample("Forced pass");
    applyConfig(state, { position: forced, orientation: forced.side });
    expect(state.selected).toBeNull();
    expect(passOnly(state)).toBe(true);
    expect(selectable(state)).toEqual([]);
  });
});
