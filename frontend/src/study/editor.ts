/**
 * Vite entry ``editor``: the position editor of every variant (the
 * ``study/editor.html`` template).
 *
 * Choose the variant (and the "doubles play again" option); the editor lays
 * out its seats (two rows of 7 per seat, or one row in the hand layout; four
 * seats in partnership) and, when the variant leaves stones out, the out
 * stones' slots.  Click a slot, then a drawn stone (or drag a stone onto a
 * slot, or from one slot to another); mark slots as played.  Stones placed
 * nowhere are on the table.  Set the ends and the seat to move.  The server
 * checks every complete position (POST /api/positions/; when it cannot be
 * reached, the browser's own reading of positions, ``engine/local.ts``, with
 * the same messages) and says why an invalid one is invalid; a valid one
 * opens on the analysis board.  "Random
 * deal" and "Deal number" lay out a seeded deal of the variant.
 */
import { stoneIcon } from "../board/icon";
import { stoneName } from "../board/notation";
import type { Seat } from "../board/types";
import { button, el, hideFallback, readJSON } from "../shared/dom";
import { localPosition } from "../engine/local";
import { ApiError, errorMessage, request } from "../shared/http";
import { t, tn } from "../shared/i18n";
import { editorShape, parseVariant, splitPosition, variantName, type VariantChoice } from "./common";
import {
  emptyHands,
  entryAt,
  laidFrom,
  nextEmpty,
  PLAYED,
  positionString,
  sameSlot,
  setEntry,
  setOf,
  usedStones,
  type Entry,
  type Laid,
  type Row,
  type Slot,
} from "./editor-state";
import "./analysis.css";

function mount(): void {
  const root = document.getElementById("editor-root");
  if (!root) return;
  const apiPositions = root.dataset.apiPositions ?? "/api/positions/";
  const analysisUrl = root.dataset.analysisUrl ?? "/analysis/";
  const editorUrl = root.dataset.editorUrl ?? window.location.pathname;
  const reviewUrl = root.dataset.reviewUrl ?? null;
  const choices = readJSON<VariantChoice[]>(root.dataset.variantsId) ?? [{ name: "lewicki", label: "lewicki" }];
  const app = root.querySelector<HTMLElement>("[data-app]");
  if (!app) return;

  let variant = parseVariant(root.dataset.variant ?? "lewicki");
  let shape = editorShape(variant.base);
  let hands = emptyHands(shape);
  let out: Entry[] = Array<Entry>(shape.out).fill(null);
  let ends = "-";
  // What each end menu shows: kept while the other end is still unset, so
  // that choosing the ends one after the other works.
  let leftChoice = "-";
  let rightChoice = "-";
  let side: Seat = "A";
  let active: Slot | null = { seat: "A", row: "front", col: 0 };
  let checkTimer: number | undefined;
  /** The stones as laid out now (the state's pure functions read and set them). */
  const laid = (): Laid => ({ shape, hands, out });
  /** The position string the editor shows now, or ``null`` while a slot is not set. */
  const currentPosition = (): string | null => positionString(laid(), variantName(variant), ends, side);

  const variantSelect = el("select", { "aria-label": t("Variant"), "data-variant": "" });
  for (const choice of choices.filter((c) => !c.name.includes("+"))) variantSelect.append(el("option", { value: choice.name }, choice.label));
  const doubles = el("input", { type: "checkbox", "data-doubles": "" });
  const dealNumber = el("input", { type: "number", min: "0", step: "1", inputmode: "numeric", "aria-label": t("Deal number"), "data-deal-number": "", class: "deal-number" });
  const variantBar = el(
    "div",
    { class: "study-toolbar editor-variant" },
    el("label", {}, t("Variant:"), " ", variantSelect),
    el("label", {}, doubles, " ", t("Doubles play again")),
    button(t("Random deal"), () => goDeal("random"), { "data-random-deal": "" }),
    el("label", {}, t("Deal number:"), " ", dealNumber),
    button(t("Deal"), () => goDeal(dealNumber.value.trim() || "random"), { "data-deal-go": "" }),
  );
  const hint = el("p", { class: "editor-hint", role: "status" });
  const table = el("div", { class: "editor-table" });
  const palette = el("div", { class: "editor-palette", "aria-label": t("Stones left") });
  const leftEnd = el("select", { "aria-label": t("Left end") });
  const rightEnd = el("select", { "aria-label": t("Right end") });
  const sideSelect = el("select", { "aria-label": t("Seat to move") });
  const text = el("input", { type: "text", size: "90", spellcheck: "false", "aria-label": t("Position string") });
  const status = el("p", { class: "study-status", role: "status" });
  const analyse = el("a", { class: "button", href: "#", hidden: "" }, t("Analyse"));
  // The double-dummy review of a game played from this deal: its form starts from the position.
  const review = el("a", { href: "#", hidden: "", "data-review-link": "" }, t("Review a game from this deal"));

  const controls = el(
    "div",
    { class: "study-toolbar" },
    el("label", {}, t("Ends:"), " ", leftEnd, " ", rightEnd),
    el("label", {}, t("To move:"), " ", sideSelect),
    button(t("Mark empty slots as played"), () => {
      for (const seat of shape.seats) for (const r of ["front", "back"] as Row[]) hands[seat]![r] = hands[seat]![r].map((e) => e ?? PLAYED);
      changed();
    }),
    button(t("Clear"), () => {
      reset();
      changed();
    }),
  );
  const textBar = el("div", { class: "study-toolbar editor-text" }, text, button(t("Load"), () => load(text.value)), analyse, review);
  app.append(variantBar, table, hint, palette, controls, textBar, status);
  app.hidden = false;
  hideFallback(root);

  variantSelect.addEventListener("change", () => setVariant(variantSelect.value, doubles.checked));
  doubles.addEventListener("change", () => setVariant(variantSelect.value, doubles.checked));
  leftEnd.addEventListener("change", () => setEnds());
  rightEnd.addEventListener("change", () => setEnds());
  sideSelect.addEventListener("change", () => {
    side = sideSelect.value as Seat;
    changed();
  });

  /** Lays out the menus of the variant: the ends (0..highest) and the seats. */
  function buildMenus(): void {
    for (const select of [leftEnd, rightEnd]) {
      select.replaceChildren(el("option", { value: "-" }, t("empty table")));
      for (let n = 0; n <= shape.highest; n++) select.append(el("option", { value: String(n) }, String(n)));
    }
    sideSelect.replaceChildren(...shape.seats.map((s) => el("option", { value: s }, s)));
    variantSelect.value = variant.base;
    doubles.checked = variant.doubles;
  }

  function reset(): void {
    hands = emptyHands(shape);
    out = Array<Entry>(shape.out).fill(null);
    ends = "-";
    leftChoice = rightChoice = "-";
    if (!shape.seats.includes(side)) side = "A";
    active = { seat: "A", row: "front", col: 0 };
  }

  /** A new variant: a new layout when its set or seats differ; the option alone keeps the stones. */
  function setVariant(base: string, withDoubles: boolean): void {
    const next = parseVariant(withDoubles ? `${base}+doubles` : base);
    const keep = next.base === variant.base;
    variant = next;
    shape = editorShape(variant.base);
    if (!keep) reset();
    buildMenus();
    changed();
  }

  function goDeal(number: string): void {
    const params = new URLSearchParams({ variant: variantName(variant), deal: number });
    window.location.assign(`${editorUrl}?${params}`);
  }

  function setEnds(): void {
    leftChoice = leftEnd.value;
    rightChoice = rightEnd.value;
    ends = leftChoice === "-" || rightChoice === "-" ? "-" : `${leftChoice}${rightChoice}`;
    changed();
  }

  function fail(message: string): void {
    status.textContent = message;
    status.classList.add("error");
  }

  function load(value: string): void {
    const split = splitPosition(value);
    if (!split) {
      fail(t("This is not a position string: it needs the hands, the ends and the seat to move."));
      return;
    }
    variant = split.variant;
    shape = editorShape(variant.base);
    const expected = shape.seats.length + (shape.out ? 1 : 0) + 2;
    if (split.fields.length !== expected) {
      buildMenus();
      fail(
        tn(
          "A %(variant)s position has %(count)s field after its name.",
          "A %(variant)s position has %(count)s fields after its name.",
          expected,
          { variant: variantName(variant) },
        ),
      );
      return;
    }
    reset();
    ({ hands, out } = laidFrom(shape, split.fields));
    ends = split.fields[split.fields.length - 2];
    leftChoice = ends === "-" ? "-" : ends[0];
    rightChoice = ends === "-" ? "-" : ends[1];
    const seat = split.fields[split.fields.length - 1].toUpperCase() as Seat;
    side = shape.seats.includes(seat) ? seat : "A";
    active = null;
    buildMenus();
    changed();
  }

  // ------------------------------------------------------------ drawing

  /**
   * A slot: its stone drawn (or empty, or played), a click makes it the
   * active slot, a stone can be dropped on it.  A click on the slot that is
   * already active keeps it active: the page opens with the first slot
   * highlighted, and "click a slot, then a stone" must work from there too.
   */
  function slotButton(slot: Slot, label: string): HTMLButtonElement {
    const entry = entryAt(laid(), slot);
    const isActive = sameSlot(active, slot);
    const name = entry === null ? t("empty") : entry === PLAYED ? t("played") : stoneName(entry);
    const b = button("", () => {
      active = slot;
      draw();
    }, {
      class: `editor-slot${isActive ? " active" : ""}${entry === null ? " empty" : ""}${entry === PLAYED ? " played" : ""}`,
      "data-slot": `${slot.seat}-${slot.row}-${slot.col}`,
      "data-entry": entry ?? "",
      "aria-pressed": isActive ? "true" : "false",
      "aria-label": `${label}: ${name}`,
    });
    if (entry && entry !== PLAYED) {
      b.append(stoneIcon(entry));
      draggable(b, entry, slot);
    } else {
      b.append(el("span", { class: "editor-slot-mark" }, entry === PLAYED ? "--" : "·"));
    }
    return b;
  }

  // ------------------------------------------------------------ dragging
  // Pointer events (mouse, touch and pen alike): a stone pressed and moved
  // past a few pixels follows the pointer; released over a slot, it goes
  // there (from another slot, the two slots swap).

  const DRAG_THRESHOLD = 6;
  let press: { stone: string; from: Slot | null; x: number; y: number; ghost: HTMLElement | null; source: HTMLElement } | null = null;
  let suppressClick = false;

  function draggable(source: HTMLElement, stone: string, from: Slot | null): void {
    source.classList.add("is-draggable");
    source.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      press = { stone, from, x: e.clientX, y: e.clientY, ghost: null, source };
    });
  }

  /** The slot under a point of the screen, if any. */
  function slotAt(x: number, y: number): { slot: Slot; el: HTMLElement } | null {
    const found = document.elementFromPoint(x, y)?.closest<HTMLElement>("[data-slot]");
    if (!found || !table.contains(found)) return null;
    const [seat, row, col] = (found.dataset.slot ?? "").split("-");
    return { slot: { seat: seat as Seat | "out", row: row as Row, col: Number(col) }, el: found };
  }

  document.addEventListener("pointermove", (e) => {
    if (!press) return;
    if (!press.ghost) {
      if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < DRAG_THRESHOLD) return;
      press.ghost = el("div", { class: "editor-ghost", "aria-hidden": "true" });
      press.ghost.append(stoneIcon(press.stone));
      document.body.append(press.ghost);
      press.source.classList.add("is-drag-source");
    }
    e.preventDefault();
    press.ghost.style.left = `${e.clientX}px`;
    press.ghost.style.top = `${e.clientY}px`;
    for (const over of table.querySelectorAll(".is-drop")) over.classList.remove("is-drop");
    slotAt(e.clientX, e.clientY)?.el.classList.add("is-drop");
  });

  document.addEventListener("pointerup", (e) => {
    const done = press;
    press = null;
    if (!done?.ghost) return;
    done.ghost.remove();
    done.source.classList.remove("is-drag-source");
    suppressClick = true;
    window.setTimeout(() => (suppressClick = false), 0);
    const target = slotAt(e.clientX, e.clientY);
    if (target) place(done.stone, target.slot, done.from);
    else draw();
  });

  document.addEventListener("pointercancel", () => {
    press?.ghost?.remove();
    press = null;
  });

  // The click that ends a drag is not a click on the stone or slot.
  app.addEventListener(
    "click",
    (e) => {
      if (!suppressClick) return;
      suppressClick = false;
      e.stopPropagation();
      e.preventDefault();
    },
    true,
  );

  /** Puts ``stone`` into ``slot`` (from ``from`` if it was in a slot: the stone there goes back). */
  function place(stone: string, slot: Slot, from: Slot | null = null): void {
    if (from && sameSlot(from, slot)) return;
    if (from) setEntry(laid(), from, slot.seat === "out" || from.seat === "out" ? null : entryAt(laid(), slot));
    else if (usedStones(laid()).has(stone)) return;
    setEntry(laid(), slot, stone);
    active = nextEmpty(laid(), slot);
    changed();
  }

  function drawTable(): void {
    const seatsEl = shape.seats.map((seat) => {
      const hand = el("div", { class: "editor-hand", "data-seat": seat }, el("strong", {}, t("Seat %(seat)s", { seat })));
      const rows = (shape.rows ? ["front", "back"] : ["front"]) as Row[];
      for (const r of rows) {
        const rowName = !shape.rows ? t("hand") : r === "front" ? t("front row") : t("back row");
        const rowEl = el("div", { class: "editor-row", "aria-label": `${seat}: ${rowName}` });
        hands[seat]![r].forEach((_, col) => rowEl.append(slotButton({ seat, row: r, col }, t("%(seat)s, %(row)s, slot %(slot)s", { seat, row: rowName, slot: col + 1 }))));
        hand.append(rowEl);
      }
      return hand;
    });
    const parts: HTMLElement[] = [el("div", { class: `editor-seats seats-${shape.seats.length}` }, ...seatsEl)];
    if (shape.out) {
      const outRow = el("div", { class: "editor-row editor-out-row" });
      out.forEach((_, col) => outRow.append(slotButton({ seat: "out", row: "front", col }, t("out of play, slot %(slot)s", { slot: col + 1 }))));
      const filled = out.filter((e) => e !== null).length;
      parts.push(
        el(
          "div",
          { class: "editor-out", "data-out": "" },
          el("strong", {}, t("Out of play (%(filled)s of %(count)s)", { filled, count: shape.out })),
          outRow,
        ),
      );
    }
    table.replaceChildren(...parts);
  }

  function drawPalette(): void {
    const taken = usedStones(laid());
    const stones = setOf(shape.highest).map((stone) => {
      const b = button("", () => {
        if (active) place(stone, active);
      }, { "data-stone": stone, class: "editor-stone", "aria-label": stoneName(stone), title: stoneName(stone) });
      b.append(stoneIcon(stone));
      b.disabled = taken.has(stone);
      if (!b.disabled) draggable(b, stone, null);
      if (active === null) b.classList.add("is-idle");
      return b;
    });
    palette.replaceChildren(
      ...stones,
      button(t("played"), () => active && active.seat !== "out" && (setEntry(laid(), active, PLAYED), (active = nextEmpty(laid(), active)), changed()), {
        "data-stone": "--",
        class: "editor-tool",
      }),
      button(t("clear slot"), () => active && (setEntry(laid(), active, null), changed()), { class: "editor-tool" }),
    );
  }

  function drawHint(): void {
    if (!active) {
      hint.textContent = t("Click a slot, then a stone (or drag a stone onto a slot).");
      return;
    }
    const where = active.seat === "out" ? t("out of play") : t("seat %(seat)s", { seat: active.seat });
    hint.textContent = t("Choose the stone for slot %(slot)s of %(where)s.", { slot: active.col + 1, where });
  }

  function draw(): void {
    drawTable();
    drawPalette();
    drawHint();
    leftEnd.value = leftChoice;
    rightEnd.value = rightChoice;
    sideSelect.value = side;
  }

  function changed(): void {
    draw();
    const value = currentPosition();
    analyse.hidden = true;
    review.hidden = true;
    status.classList.remove("error");
    if (value === null) {
      status.textContent = shape.out
        ? t("Fill every slot with a stone, or mark it played; put the stones out of play in their slots.")
        : t("Fill every slot with a stone, or mark it played.");
      window.history.replaceState(null, "", `?${new URLSearchParams({ variant: variantName(variant) })}`);
      return;
    }
    text.value = value;
    window.clearTimeout(checkTimer);
    if ((leftChoice === "-") !== (rightChoice === "-")) {
      status.textContent = t("Choose the other end too: once a stone is on the table both ends show a number.");
      return;
    }
    checkTimer = window.setTimeout(() => void check(value), 250);
  }

  /** The normalised position from the server, or from the browser when the server cannot be reached. */
  async function checked(value: string): Promise<{ position: string }> {
    try {
      return (await request<{ position: string }>(apiPositions, { body: { position: value } })).data;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 0)) throw error;
      return (await localPosition(value, [])) ?? Promise.reject(error);
    }
  }

  async function check(value: string): Promise<void> {
    status.textContent = t("Checking…");
    try {
      const data = await checked(value);
      if (currentPosition() !== value) return;
      status.textContent = t("Valid position: %(position)s", { position: data.position });
      analyse.setAttribute("href", `${analysisUrl}?${new URLSearchParams({ position: data.position })}`);
      analyse.hidden = false;
      if (reviewUrl) {
        review.setAttribute("href", `${reviewUrl}?${new URLSearchParams({ position: data.position })}`);
        review.hidden = false;
      }
      window.history.replaceState(null, "", `?${new URLSearchParams({ position: data.position })}`);
    } catch (error) {
      if (currentPosition() !== value) return;
      fail(errorMessage(error));
    }
  }

  buildMenus();
  const initial = root.dataset.initial ?? "";
  if (initial.trim()) load(initial);
  else changed();
  (window as unknown as { positionEditor: unknown }).positionEditor = { place, positionString: currentPosition, setVariant, load };
}

mount();
