import { describe, expect, it } from "vitest";
import { relationCall } from "../../src/social/relation";

describe("the profile's follow and block buttons", () => {
  it("call the API of their action for the named player", () => {
    expect(relationCall("follow", "ann")).toEqual({ url: "/api/social/follow/ann/", method: "POST" });
    expect(relationCall("unfollow", "ann")).toEqual({ url: "/api/social/follow/ann/", method: "DELETE" });
    expect(relationCall("block", "bo b")).toEqual({ url: "/api/social/block/bo%20b/", method: "POST" });
    expect(relationCall("unblock", "ann")).toEqual({ url: "/api/social/block/ann/", method: "DELETE" });
  });

  it("leave any other form alone", () => {
    expect(relationCall("", "ann")).toBeNull();
    expect(relationCall("toString", "ann")).toBeNull();
  });
});
