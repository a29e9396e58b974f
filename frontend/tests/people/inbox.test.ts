import { describe, expect, it } from "vitest";
import { type ForYouChallenge, notice, show } from "../../src/people/inbox";

function challenge(id: number, by = "ann"): ForYouChallenge {
  return { id, url: `/challenges/${id}/`, by, variant_text: "Open domino", control_text: "5 min + 3 s a move", rated: false };
}

function header(count: number): HTMLElement {
  document.body.innerHTML =
    `<a id="challenge-inbox"${count ? "" : " hidden"}>Challenges for you <span class="challenge-inbox-count">${count}</span></a>`;
  return document.getElementById("challenge-inbox") as HTMLElement;
}

describe("the challenges for you", () => {
  it("tells of each challenge not seen yet, once, and keeps the count", () => {
    const link = header(1);
    const holder = document.createElement("div");
    const seen = new Set([7]); // on the page when it was drawn
    show(link, { version: 3, challenges: [challenge(9, "bob"), challenge(7)] }, seen, holder);
    expect(link.hidden).toBe(false);
    expect(link.querySelector(".challenge-inbox-count")?.textContent).toBe("2");
    const shown = holder.querySelectorAll<HTMLElement>(".challenge-notice");
    expect(shown).toHaveLength(1);
    expect(shown[0].dataset.challenge).toBe("9");
    expect(shown[0].textContent).toContain("New challenge from bob: Open domino, 5 min + 3 s a move, casual game");
    expect(shown[0].querySelector("a")?.getAttribute("href")).toBe("/challenges/9/");
    // the same answer again adds nothing
    show(link, { version: 4, challenges: [challenge(9, "bob"), challenge(7)] }, seen, holder);
    expect(holder.querySelectorAll(".challenge-notice")).toHaveLength(1);
  });

  it("drops the notice of a challenge no longer open and hides an empty count", () => {
    const link = header(0);
    const holder = document.createElement("div");
    const seen = new Set<number>();
    show(link, { version: 1, challenges: [challenge(5)] }, seen, holder);
    expect(holder.querySelectorAll(".challenge-notice")).toHaveLength(1);
    show(link, { version: 2, challenges: [] }, seen, holder);
    expect(holder.querySelectorAll(".challenge-notice")).toHaveLength(0);
    expect(link.hidden).toBe(true);
    expect(link.querySelector(".challenge-inbox-count")?.textContent).toBe("0");
  });

  it("names no one when the challenge has no name to show, and closes", () => {
    const box = notice({ ...challenge(3, ""), rated: true });
    expect(box.textContent).toContain("New challenge: Open domino, 5 min + 3 s a move, rated game");
    expect(box.getAttribute("role")).toBe("status");
    const holder = document.createElement("div");
    holder.append(box);
    (box.querySelector("button") as HTMLButtonElement).click();
    expect(holder.children).toHaveLength(0);
  });
});
