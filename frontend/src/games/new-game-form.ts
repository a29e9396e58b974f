/**
 * The forms that choose a variant and a seat (a new game, a new match, a
 * challenge, a seek): the seats C and D, and what else is marked
 * ``data-partnership-only`` (the partner's level), are offered only for the
 * partnership game (the form still works, and says why, without this).
 * A form takes part by ``data-new-game-form``; its variant is the select
 * named ``variant`` or ``<prefix>-variant``.
 */
export function mountNewGameForms(doc: Document = document): HTMLFormElement[] {
  const forms = [...doc.querySelectorAll<HTMLFormElement>("form[data-new-game-form]")];
  for (const form of forms) {
    const variant = form.querySelector<HTMLSelectElement>("select[name=variant], select[name$='-variant']");
    if (!variant) continue;
    const sync = () => {
      const four = variant.value === "partnership";
      for (const label of form.querySelectorAll<HTMLElement>("[data-seat=C], [data-seat=D]")) {
        label.hidden = !four;
        const input = label.querySelector<HTMLInputElement>("input");
        if (input && !four && input.checked) {
          // back to a seat of the two-player game: a random one where the form offers it
          const first =
            form.querySelector<HTMLInputElement>("[data-seat=random] input") ?? form.querySelector<HTMLInputElement>("[data-seat=A] input");
          if (first) first.checked = true;
        }
      }
      for (const part of form.querySelectorAll<HTMLElement>("[data-partnership-only]")) part.hidden = !four;
      form.dataset.variant = variant.value;
    };
    variant.addEventListener("change", sync);
    sync();
  }
  return forms;
}
