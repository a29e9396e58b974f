import { afterEach, describe, expect, it } from "vitest";
import { fill, t, tc, tn } from "../../src/shared/i18n";
import { mount, sample } from "../helpers";

type W = Window & { gettext?: unknown; ngettext?: unknown; pgettext?: unknown; interpolate?: unknown };

afterEach(() => {
  const w = window as W;
  delete w.gettext;
  delete w.ngettext;
  delete w.pgettext;
  delete w.interpolate;
  document.body.replaceChildren();
});

/** Django's own interpolate() (from the JavaScriptCatalog), named form. */
function djangoInterpolate(fmt: string, obj: Record<string, unknown>, named?: boolean): string {
  if (!named) throw new Error("the widget only uses named placeholders");
  return fmt.replace(/%\(\w+\)s/g, (match) => String(obj[match.slice(2, -2)]));
}

describe("t() without a catalog", () => {
  it("returns the English msgid", () => {
    expect(t("Pass")).toBe("Pass");
  });

  it("fills named placeholders", () => {
    expect(t("%(player)s to move.", { player: "B" })).toBe("B to move.");
    expect(fill("%(a)s and %(b)s, 100%%", { a: 1, b: "two" })).toBe("1 and two, 100%");
  });

  it("leaves unknown placeholders alone", () => {
    expect(t("%(missing)s here", { other: 1 })).toBe("%(missing)s here");
  });

  it("returns the English msgid of a message with a context", () => {
    expect(tc("a deal (noun)", "Deal")).toBe("Deal");
    expect(tc("a deal (noun)", "Deal %(number)s", { number: 3 })).toBe("Deal 3");
  });

  it("picks the English plural form", () => {
    expect(tn("%(count)s point", "%(count)s points", 1)).toBe("1 point");
    expect(tn("%(count)s point", "%(count)s points", 12)).toBe("12 points");
  });
});

describe("t() with Django's JavaScriptCatalog", () => {
  it("uses window.gettext and window.interpolate", () => {
    const w = window as W;
    const seen: string[] = [];
    w.gettext = (msgid: string) => {
      seen.push(msgid);
      return msgid === "%(player)s to move." ? "Au tour de %(player)s." : msgid;
    };
    w.interpolate = djangoInterpolate;
    expect(t("%(player)s to move.", { player: "A" })).toBe("Au tour de A.");
    expect(seen).toEqual(["%(player)s to move."]);
  });

  it("uses window.ngettext for plurals", () => {
    const w = window as W;
    w.ngettext = (s: string, p: string, n: number) => (n === 1 ? `[1] ${s}` : `[n] ${p}`);
    w.interpolate = djangoInterpolate;
    expect(tn("%(count)s point", "%(count)s points", 3)).toBe("[n] 3 points");
  });

  it("uses window.pgettext for a message with a context, apart from the same msgid without one", () => {
    const w = window as W;
    const seen: [string, string][] = [];
    w.gettext = (msgid: string) => (msgid === "Deal" ? "Rozdaj" : msgid);
    w.pgettext = (context: string, msgid: string) => {
      seen.push([context, msgid]);
      return context === "a deal (noun)" && msgid === "Deal" ? "Rozdanie" : msgid;
    };
    w.interpolate = djangoInterpolate;
    expect(tc("a deal (noun)", "Deal")).toBe("Rozdanie");
    expect(t("Deal")).toBe("Rozdaj");
    expect(seen).toEqual([["a deal (noun)", "Deal"]]);
  });

  it("translates what the board draws", () => {
    const w = window as W;
    const fr: Record<string, string> = {
      Pass: "Passer",
      "stone %(stone)s, front row column %(column)s": "pierre %(stone)s, rangée avant colonne %(column)s",
    };
    w.gettext = (msgid: string) => fr[msgid] ?? msgid;
    w.interpolate = djangoInterpolate;
    const { el } = mount({ position: sample("Opening: any front stone may start"), orientation: "A", interactive: true });
    expect(el.querySelector(".odb-pass")!.textContent).toBe("Passer");
    expect(el.querySelector('.odb-hand-stone[data-stone="26"]')!.getAttribute("aria-label")).toBe(
      "pierre 2-6, rangée avant colonne 1",
    );
  });
});
