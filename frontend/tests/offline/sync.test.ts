import { describe, expect, it } from "vitest";
import { offlineUrls, PACK_MAX_AGE_MS, packStale } from "../../src/offline/sync";

const pack = (preparing: number) => ({ puzzles: [], preparing, generated_at: "", results_url: "/r/" });

describe("keeping the offline puzzles fresh", () => {
  it("fetches again when there is no pack, while puzzles are prepared, or when it is old", () => {
    const now = 1_000_000_000;
    expect(packStale(null, now)).toBe(true);
    expect(packStale({ pack: pack(0), fetched_at: now - 1000 }, now)).toBe(false);
    expect(packStale({ pack: pack(3), fetched_at: now - 1000 }, now)).toBe(true);
    expect(packStale({ pack: pack(0), fetched_at: now - PACK_MAX_AGE_MS - 1 }, now)).toBe(true);
  });

  it("reads the addresses from the page's meta element", () => {
    document.head.innerHTML = "";
    expect(offlineUrls()).toBeNull();
    document.head.innerHTML = '<meta name="od-offline" data-sw="/sw.js" data-pack="/api/p/" data-results="/api/r/">';
    expect(offlineUrls()).toEqual({ sw: "/sw.js", pack: "/api/p/", results: "/api/r/", owner: "" });
    document.head.innerHTML =
      '<meta name="od-offline" data-sw="/sw.js" data-pack="/api/p/" data-results="/api/r/" data-owner="1f2e">';
    expect(offlineUrls()?.owner).toBe("1f2e");
  });
});
