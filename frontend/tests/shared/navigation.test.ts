import { describe, expect, it, vi } from "vitest";
import { goOnce } from "../../src/shared/navigation";

function fakeDocument() {
  const assign = vi.fn();
  const doc = { documentElement: document.createElement("html"), defaultView: { location: { assign } } };
  return { doc: doc as unknown as Document, assign };
}

describe("going to another page", () => {
  it("starts one load for an address however many scripts ask for it", () => {
    const { doc, assign } = fakeDocument();
    goOnce("/play/7/", doc);
    goOnce("/play/7/", doc);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith("/play/7/");
  });

  it("still goes to a different address asked for after", () => {
    const { doc, assign } = fakeDocument();
    goOnce("/play/7/", doc);
    goOnce("/play/8/", doc);
    expect(assign.mock.calls).toEqual([["/play/7/"], ["/play/8/"]]);
  });
});
