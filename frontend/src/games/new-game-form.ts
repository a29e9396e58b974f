/**
 * The new-game and new-match forms: the seats C and D are offered only for
 * the partnership game (the form still works, and says why, without this).
 */
export function mountNewGameForms(doc: Document = document): HTMLFormElement[] {
  const forms = [...doc.querySelectorAll<HTMLFormElement>("form[data-new-game-form]")];
  for (const form of forms) {
    const variant = form.querySelector<HTMLSelectElement>("select[name=variant]");
    if (!variant) continue;
    const sync = () => {
      const four = variant.value === "partnership";
      for (const label of form.querySelectorAll<HTMLElement>("[data-seat=C], [data-seat=D]")) {
        label.hidden = !four;
        const input = label.querySelector<HTMLInputElement>("input");
        if (input && !four && input.checked) {
          const first = form.querySelector<HTMLInputElement>("[data-seat=A] input");
          if (first) first.checked = true;
        }
      }
      form.dataset.variant = variant.value;
    };
    variant.addEventListener("change", sync);
    sync();
  }
  return forms;
}
