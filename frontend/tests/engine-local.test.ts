/**
 * The pages' side of the browser's solver where it cannot run: jsdom has
 * WebAssembly but no Web Workers, as an old browser, so ``localAnalyse`` and
 * ``localPosition`` resolve to null and the pages ask the server instead.
 */
import { describe, expect, it } from "vitest";
import { localAnalyse, localEngineAvailable, localPosition } from "../src/engine/local";

const START = "26.56.35.02.36.25.33/04.12.13.55.00.03.46 06.22.34.66.15.11.24/23.01.05.16.14.44.45 - A";

describe("localAnalyse without Web Workers", () => {
  it("resolves to null, so that the page falls back to the server", async () => {
    expect(typeof Worker).toBe("undefined");
    expect(localEngineAvailable()).toBe(false);
    await expect(localAnalyse(START)).resolves.toBeNull();
    await expect(localPosition(START, ["33"])).resolves.toBeNull();
  });
});
