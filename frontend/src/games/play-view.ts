/**
 * The play page's view: the elements beside the board (status, moves,
 * hints, result) built once (``buildPlayDom``) and drawn from the game's
 * state by functions of it, as a view of the page's controller
 * (``PlayPage``, which owns the state and the requests).
 */
import type { Seat } from "../board";
import { button, el } from "../shared/dom";
import { moveLabel, outcomeOf, signed } from "../shared/format";
import { t } from "../shared/i18n";
import type { Grade } from "../shared/vocabulary";
import {
  bestAlternative,
  blockedWhy,
  gradeBadge,
  hintText,
  hintTitle,
  humanScore,
  humanTeam,
  lostShort,
  moveText,
  pointsLostText,
  resultText,
  roleOf,
  seatsOf,
  whoText,
  type GameJSON,
  type HintJSON,
  type MoveJSON,
} from "./game";
import { challengeLink, isPeople, moverText, peopleStatus, playerName, tournamentLink } from "./people-view";
import type { PlayUrls } from "./play-page";

/** The page's elements beside the board. */
export interface PlayEls {
  status: HTMLElement;
  error: HTMLElement;
  moves: HTMLOListElement;
  hintButtons: HTMLButtonElement[];
  hints: HTMLUListElement;
  hintNote: HTMLElement;
  result: HTMLElement;
  resign: HTMLButtonElement;
}

/** Builds the page inside ``root``: the board's host, the status line, the hints, the moves and the result. */
export function buildPlayDom(
  root: HTMLElement,
  handlers: { askHint: (level: number) => void; resign: () => void },
): { els: PlayEls; boardHost: HTMLElement } {
  const app = el("div", "gp");
  app.dataset.app = "play";
  const boardCol = el("div", "gp-main");
  const status = el("p", "gp-status");
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  const boardHost = el("div", "gp-board");
  const error = el("p", "gp-error");
  error.setAttribute("role", "alert");
  error.hidden = true;
  boardCol.append(status, boardHost, error);

  const side = el("aside", "gp-side");
  const hintBox = el("section", "gp-hint-box");
  hintBox.setAttribute("aria-label", t("Hints"));
  const hintHead = el("h2", "gp-heading", t("Hints"));
  const hintRow = el("div", "gp-hint-buttons");
  const hintButtons = [1, 2, 3].map((level) => {
    const hintButton = button(t("%(level)s · %(name)s", { level, name: hintTitle(level) }), () => handlers.askHint(level), {
      class: "gp-hint-button",
      "data-level": String(level),
      title: [t("The outcome with perfect play from here."), t("Which of your stones keep the best result."), t("The best move.")][level - 1],
    });
    hintRow.appendChild(hintButton);
    return hintButton;
  });
  const hintNote = el("p", "gp-hint-note");
  hintNote.hidden = true;
  const hints = el("ul", "gp-hints");
  hintBox.append(hintHead, hintRow, hintNote, hints);

  const movesBox = el("section", "gp-moves-box");
  movesBox.setAttribute("aria-label", t("Moves"));
  const moves = el("ol", "gp-moves");
  movesBox.append(el("h2", "gp-heading", t("Moves")), moves);

  const result = el("section", "gp-result");
  result.hidden = true;
  const actions = el("div", "gp-actions");
  const resign = button(t("Resign"), () => handlers.resign(), { class: "gp-resign", title: t("Give this deal up: the other side scores the pips left in your side's hands.") });
  actions.appendChild(resign);
  hintBox.appendChild(actions);
  side.append(result, hintBox, movesBox);
  app.append(boardCol, side);
  root.appendChild(app);

  return { els: { status, error, moves, hintButtons, hints, hintNote, result, resign }, boardHost };
}

/** The status line: sending, the result, who is thinking, or what to do. */
export function statusText(game: GameJSON, pending: string | null): string {
  const last: MoveJSON | undefined = game.moves[game.moves.length - 1];
  if (pending !== null) return t("Sending your move…");
  if (game.status === "over") return game.result ? resultWords(game) : t("The deal is over.");
  if (game.status === "thinking") return thinkingText(game);
  if (isPeople(game) && game.my_seat !== game.board.side) return peopleStatus(game);
  if (last && last.side === game.human && last.move !== "pass" && last.move[0] === last.move[1]) return t("You played a double: move again.");
  if (game.legal_moves.length === 1 && game.legal_moves[0] === "pass") return t("No stone of yours fits: press Pass.");
  return t("Your move: pick a stone, then an end of the line.");
}

/** The result in words: the server's for a game between people (from the reader's seat), else the human's. */
function resultWords(game: GameJSON): string {
  if (!game.result) return "";
  if (isPeople(game) && game.result.text) return game.result.text;
  return resultText(game.result, humanTeam(game));
}

function thinkingText(game: GameJSON): string {
  const seat = game.board.side;
  const role = roleOf(game, seat);
  if (isPeople(game)) return peopleStatus(game);
  if (role === "partner") return t("Your partner (%(seat)s) is thinking…", { seat });
  if (seatsOf(game).length > 2) return t("The solver is thinking for %(seat)s…", { seat });
  return t("The solver is thinking…");
}

function moveItem(game: GameJSON, m: MoveJSON, isLast: boolean, seen: Grade | null | undefined): HTMLLIElement {
  const li = el("li", `gp-move by-${m.by} grade-${m.grade ?? "pending"}`);
  li.dataset.ply = String(m.ply);
  if (isLast) li.classList.add("is-last");
  const number = el("span", "gp-ply", String(m.ply + 1));
  const who = el("span", "gp-who", isPeople(game) ? moverText(game, m) : whoText(m, seatsOf(game).length > 2));
  const mv = el("span", "gp-mv", moveLabel(m.move));
  mv.title = moveText(m.move);
  li.append(number, who, mv);
  // A game between people is graded once it is over: no chip says "grading…" while it goes on.
  if (!ungradedTillOver(game)) {
    const badge = gradeBadge(m.grade);
    if (m.grade !== null && seen !== m.grade) badge.classList.add("is-new");
    li.appendChild(badge);
  }
  if (m.points_lost) {
    const lost = el("span", "gp-lost", lostShort(m.points_lost));
    lost.title = pointsLostText(m.points_lost);
    lost.setAttribute("aria-label", pointsLostText(m.points_lost));
    li.appendChild(lost);
  }
  const alternative = m.by === "human" ? bestAlternative(m) : "";
  if (alternative) li.appendChild(el("span", "gp-alt", t("best: %(moves)s", { moves: alternative })));
  return li;
}

/** Whether the game's moves wait for its end to be graded (a game between people still played). */
export function ungradedTillOver(game: GameJSON): boolean {
  return (isPeople(game) || game.concealed) && game.status !== "over";
}

/** The moves with their grades (a grade that just arrived marked new), and the pending move. */
export function renderMoves(list: HTMLOListElement, game: GameJSON, pending: string | null, shownGrades: Map<number, Grade | null>): void {
  const items: HTMLLIElement[] = [];
  const moves = game.moves;
  moves.forEach((m, i) => items.push(moveItem(game, m, i === moves.length - 1 && pending === null, shownGrades.get(m.ply))));
  if (pending !== null) {
    const li = el("li", "gp-move by-human is-pending is-last");
    li.dataset.ply = String(moves.length);
    const mv = el("span", "gp-mv", pending);
    mv.title = moveText(pending);
    li.append(el("span", "gp-ply", String(moves.length + 1)), el("span", "gp-who", t("you")), mv, el("span", "gp-grade grade-pending", t("sending…")));
    items.push(li);
  }
  if (!items.length) items.push(el("li", "gp-none", t("No moves yet.")) as HTMLLIElement);
  list.replaceChildren(...items);
  // Said once, above the list, instead of on every move.
  let note = list.previousElementSibling;
  if (!note?.classList.contains("gp-graded-later")) {
    note = el("p", "gp-graded-later", t("The solver grades every move once the game is over."));
    list.before(note);
  }
  if (note instanceof HTMLElement) note.hidden = !ungradedTillOver(game);
  for (const m of moves) shownGrades.set(m.ply, m.grade);
  if (list.scrollHeight > list.clientHeight) list.scrollTop = list.scrollHeight;
}

/** The hint buttons (disabled off the player's turn or while one is prepared) and the hints taken on this move. */
export function renderHints(els: PlayEls, game: GameJSON, pending: string | null, hintPending: number | null, taken: HintJSON[]): void {
  const concealed = game.concealed && game.status !== "over";
  const canAsk = game.status === "your-move" && pending === null && !concealed;
  for (const hintButton of els.hintButtons) {
    hintButton.disabled = !canAsk || hintPending !== null;
    hintButton.classList.toggle("is-busy", hintPending === Number(hintButton.dataset.level));
  }
  const note = els.hintNote;
  if (concealed) {
    note.textContent = t("No hints in an event's deal: the solver's view comes after the event.");
    note.hidden = false;
  } else if (hintPending !== null) {
    note.textContent = t("Preparing the hint…");
    note.hidden = false;
  } else if (!canAsk && game.status !== "over") {
    note.textContent = t("Hints are for your own move.");
    note.hidden = false;
  } else {
    note.hidden = true;
  }
  const items = (game.status === "your-move" ? taken : []).map((hint) => {
    const li = el("li", `gp-hint level-${hint.level}`);
    li.dataset.level = String(hint.level);
    li.append(el("strong", "gp-hint-title", hintTitle(hint.level)), document.createTextNode(" "), el("span", "gp-hint-text", hintText(hint, game.board.ends)));
    return li;
  });
  els.hints.replaceChildren(...items);
  els.hints.hidden = items.length === 0;
}

/** The deal's result with the score, the review and new-game links and the rematches; hidden while the deal goes on. */
export function renderResult(
  box: HTMLElement, game: GameJSON, urls: PlayUrls, rematch: (swap: boolean) => void, csrf: string | null = null,
): void {
  if (game.status !== "over" || !game.result) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const score = isPeople(game) ? (game.result.human_points ?? 0) : humanScore(game.result, humanTeam(game));
  const outcome = outcomeOf(score);
  const watched = isPeople(game) && !game.my_seat;
  const aborted = game.result.reason === "aborted";
  box.className = `gp-result outcome-${watched || aborted ? "draw" : outcome}`;
  const title = el("h2", "gp-result-title", watched || aborted ? t("The game is over.") : outcome === "win" ? t("You won!") : outcome === "loss" ? t("You lost.") : t("A draw."));
  const text = el("p", "gp-result-text", resultWords(game));
  const scoreLine = el("p", "gp-score", t("Your score for this deal: %(score)s", { score: signed(score) }));
  scoreLine.hidden = watched || aborted;
  const links = el("p", "gp-links");
  // An aborted game has no moves worth a review, and nothing to play again.
  if (!aborted) {
    const review = el("a", "button gp-review-link", t("Review this game"));
    review.href = urls.review;
    links.append(review, document.createTextNode(" "));
  }
  // A tournament's game leads back to its tournament (which pairs its players again), not to a rematch.
  const tournament = tournamentLink(game);
  if (tournament) links.append(tournament, document.createTextNode(" "));
  // A player's deal of a match leads on to the match's next deal (``match-next``), not to a new game.
  if (!(isPeople(game) && game.match_deal && game.my_seat)) {
    const again = el("a", "gp-new-link", t("Play a new game"));
    again.href = urls.newGame;
    links.append(again);
  }
  const offer = aborted || tournament ? null : rematchOffer(game, urls, csrf);
  const challenge = offer || tournament ? null : challengeLink(game, aborted);
  if (offer) links.append(document.createTextNode(" "), offer);
  if (challenge) links.append(document.createTextNode(" "), challenge);
  const rematches = el("p", "gp-rematch");
  if (urls.rematch) {
    rematches.append(
      button(t("Rematch: the same deal"), () => rematch(false), { class: "gp-rematch-same" }),
      document.createTextNode(" "),
      button(t("Rematch with the sides swapped"), () => rematch(true), { class: "gp-rematch-swap" }),
    );
  }
  const why = blockedWhy(game);
  const ratings = ratingLines(game);
  box.replaceChildren(title, text, ...(why ? [el("p", "gp-blocked-why", why)] : []), scoreLine, ...ratings, links, rematches);
  box.hidden = false;
}

/**
 * A player's offer of a rematch of a game between people, at once: a form
 * posting to the challenge's rematch (the new challenge's page follows).
 * None for a spectator, a deal of a match, or without the URL.
 */
export function rematchOffer(game: GameJSON, urls: PlayUrls, csrf: string | null): HTMLFormElement | null {
  if (!isPeople(game) || !game.my_seat || game.match_deal || !urls.challengeRematch) return null;
  const form = el("form", "gp-offer-rematch");
  form.method = "post";
  form.action = urls.challengeRematch;
  if (csrf) {
    const token = el("input");
    token.type = "hidden";
    token.name = "csrfmiddlewaretoken";
    token.value = csrf;
    form.appendChild(token);
  }
  const submit = el("button", "gp-offer-rematch-button", t("Offer a rematch"));
  submit.type = "submit";
  form.appendChild(submit);
  return form;
}

/**
 * A rated game's rating changes, once rated: the reader's own ("Your
 * rating: 1500 → 1662 (+162)") first, then each other player's.
 */
export function ratingLines(game: GameJSON): HTMLElement[] {
  const ratings = game.result?.ratings ?? {};
  // every player's change: the reader's own first
  const seats = (Object.keys(ratings) as Seat[]).sort((a, b) => Number(b === game.my_seat) - Number(a === game.my_seat));
  return seats.map((seat) => {
    const r = ratings[seat]!;
    const params = { before: r.before, after: r.after, change: signed(r.change) };
    const line = el("p", "gp-rating-change", seat === game.my_seat
      ? t("Your rating: %(before)s → %(after)s (%(change)s)", params)
      : t("Rating of %(player)s: %(before)s → %(after)s (%(change)s)", { ...params, player: playerName(game, seat) }));
    line.dataset.seat = seat;
    return line;
  });
}
