import { afterEach, describe, expect, it } from "vitest";
import { onlineDot, onlineSeats, showOnlineSeats } from "../../src/social/online-seats";

afterEach(() => document.documentElement.removeAttribute("data-online-seats"));

describe("the players' online dots on a game's page", () => {
  it("show the seats the last poll said were online, on the dots drawn before and after it", () => {
    document.body.innerHTML = "";
    const before = onlineDot("A");
    document.body.append(before, onlineDot("B"));
    expect(before.hidden).toBe(true); // nothing polled yet
    showOnlineSeats(["B"]);
    const [a, b] = Array.from(document.querySelectorAll<HTMLElement>("[data-online-seat]"));
    expect([a.hidden, b.hidden]).toEqual([true, false]);
    expect(b.textContent).toBe("● online");
    expect(onlineSeats()).toEqual(["B"]);
    expect(onlineDot("B").hidden).toBe(false); // the players' bar drawn again keeps it
    showOnlineSeats([]);
    expect(b.hidden).toBe(true);
    expect(onlineDot("B").hidden).toBe(true);
  });
});
