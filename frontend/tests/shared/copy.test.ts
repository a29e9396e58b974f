import { afterEach, describe, expect, it, vi } from "vitest";
import { mountCopies } from "../../src/shared/copy";

function page(): HTMLElement {
  document.body.innerHTML = `<p><input id="link" readonly value="https://example.test/challenges/7/">
    <button type="button" data-copy="link" data-copied="Copied" hidden>Copy</button></p>`;
  return document.body;
}

describe("mountCopies", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the button where there is a clipboard and copies the input's text", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { clipboard: { writeText } });
    const root = page();
    mountCopies(root);
    const button = root.querySelector("button") as HTMLButtonElement;
    expect(button.hidden).toBe(false);
    button.click();
    await Promise.resolve();
    expect(writeText).toHaveBeenCalledWith("https://example.test/challenges/7/");
    await vi.waitFor(() => expect(button.textContent).toBe("Copied"));
  });

  it("leaves the button hidden without a clipboard", () => {
    vi.stubGlobal("navigator", {});
    const root = page();
    mountCopies(root);
    expect((root.querySelector("button") as HTMLButtonElement).hidden).toBe(true);
  });
});
