/**
 * The online dots beside the players' names on a game between people's page:
 * the same dot as the Following page's (``social/_online.html``), for the
 * seats whose account the site has seen in the last minute.  The page's
 * spectator count poll (``watch/spectators.ts``) brings the seats online
 * with its count and hands them here; the players' bar, drawn again on each
 * reading of the game, asks ``onlineDot`` for each seat, which starts as the
 * last poll left it.  The seats are kept on the document's root element, as
 * the count and the players' bar are separate scripts.
 */
import { el } from "../shared/dom";
import { t } from "../shared/i18n";

const ATTRIBUTE = "data-online-seats";

/** The seats online at the last poll. */
export function onlineSeats(doc: Document = document): string[] {
  return (doc.documentElement.getAttribute(ATTRIBUTE) ?? "").split(" ").filter(Boolean);
}

/** ``seat``'s dot, shown while its player is online. */
export function onlineDot(seat: string, doc: Document = document): HTMLElement {
  const dot = el("span", { class: "online-dot", title: t("online"), "data-online-seat": seat });
  dot.append(el("span", { class: "online-dot-mark", "aria-hidden": "true" }, "●"), ` ${t("online")}`);
  dot.hidden = !onlineSeats(doc).includes(seat);
  return dot;
}

/** The seats online now: kept for the dots drawn later, and each dot on the page shown or hidden. */
export function showOnlineSeats(seats: readonly string[], doc: Document = document): void {
  doc.documentElement.setAttribute(ATTRIBUTE, seats.join(" "));
  for (const dot of Array.from(doc.querySelectorAll<HTMLElement>("[data-online-seat]"))) {
    dot.hidden = !seats.includes(dot.dataset.onlineSeat ?? "");
  }
}
