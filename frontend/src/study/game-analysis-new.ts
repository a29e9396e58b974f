/**
 * ``/analysis/games/``, the form for a new game analysis: the deal form shows
 * the hands the chosen variant has (C and D in partnership) and the out
 * stones only where some stay out.
 */
import type { Seat } from "../board";
import { readJSON } from "../shared/dom";

interface VariantFacts {
  seats: Seat[];
  out: number;
  rows: boolean;
}

/** The deal form: only the hands of the chosen variant, the out stones only where some stay out. */
export function mountDealForm(root: HTMLElement): void {
  const facts = readJSON<Record<string, VariantFacts>>("variants-data");
  const select = root.querySelector<HTMLSelectElement>('.review-deal-form select[name="variant"]');
  if (!facts || !select) return;
  const update = () => {
    const variant = facts[select.value];
    if (!variant) return;
    root.querySelectorAll<HTMLElement>(".deal-hands [data-seat]").forEach((p) => {
      p.hidden = !variant.seats.includes(p.dataset.seat as Seat);
      const input = p.querySelector<HTMLInputElement>("input");
      if (input) input.disabled = p.hidden; // a hidden seat's hand is not sent
      if (input) input.placeholder = variant.rows ? "45 15 44 05 34 13 25 / 11 06 35 24 12 46 33" : "45 15 44 05 34 13 25";
    });
    root.querySelectorAll<HTMLElement>(".deal-hands .note").forEach((n) => (n.hidden = true));
    const out = root.querySelector<HTMLElement>("[data-out]");
    if (out) {
      out.hidden = variant.out === 0;
      const input = out.querySelector<HTMLInputElement>("input");
      if (input) input.disabled = out.hidden;
    }
  };
  select.addEventListener("change", update);
  update();
}

/** The page's form, if this is the page. */
export function mountNewAnalysis(): void {
  const fresh = document.getElementById("game-analysis-new");
  if (fresh) mountDealForm(fresh);
}
