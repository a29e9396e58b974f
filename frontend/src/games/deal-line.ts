/**
 * The deal-commitment line of a game page (``games/_deal_commitment.html``,
 * ``#deal-commitment``, outside the play widget): the commitment from the
 * start, and once the game is over its seed and salt with the link that
 * checks them.  Redrawn from the game JSON's ``deal`` so that a game ending
 * while the page is open reveals them at once, as a reload would.
 */
import type { components } from "../shared/api-types";
import { el } from "../shared/dom";
import { t } from "../shared/i18n";

/**
 * The game JSON's ``deal`` (``games.dealing.deal_state``): null for a game that
 * committed to nothing; ``salt`` and ``seed`` null until the game is over.
 */
export type DealJSON = components["schemas"]["DealCommitment"];

/** Draws ``deal`` into ``line`` (the server's markup, with the same words). */
export function renderDealLine(line: HTMLElement, deal: DealJSON): void {
  const parts: (Node | string)[] = [t("Deal commitment:"), " ", el("code", "", deal.commitment), " "];
  if (deal.seed !== null && deal.salt !== null) {
    const verify = el("a", "verify-link", t("Verify the deal"));
    verify.href = deal.verify_url;
    parts.push("· ", t("seed %(seed)s, salt %(salt)s", { seed: deal.seed, salt: deal.salt }), " · ", verify);
  } else {
    parts.push(el("small", "", t("The seed and the salt are revealed when the game is over.")));
  }
  line.replaceChildren(...parts);
  line.dataset.revealed = deal.seed !== null ? "1" : "0";
}

/** Redraws the page's deal line from ``deal`` when both are there (a practice game has neither). */
export function updateDealLine(doc: Document, deal: DealJSON | null | undefined): void {
  const line = doc.getElementById("deal-commitment");
  if (!line || !deal) return;
  const revealed = deal.seed !== null ? "1" : "0";
  if (line.dataset.revealed === revealed && line.querySelector("code")?.textContent === deal.commitment) return;
  renderDealLine(line, deal);
}
