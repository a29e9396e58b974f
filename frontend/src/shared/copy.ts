/**
 * A copy button (``data-copy``: the id of the text box or input whose text
 * it copies; ``data-copied``: the word it shows for a moment once done).  It
 * is drawn hidden and shown only where the browser has a clipboard; when the
 * clipboard refuses, the text is selected for the reader to copy by hand.
 */
export function mountCopy(copy: HTMLButtonElement, doc: Document = document): void {
  const box = doc.getElementById(copy.dataset.copy || "") as HTMLTextAreaElement | HTMLInputElement | null;
  const clipboard = doc.defaultView?.navigator.clipboard;
  if (!box || !clipboard) return;
  copy.hidden = false;
  const label = copy.textContent ?? "";
  copy.addEventListener("click", () => {
    void clipboard.writeText(box.value).then(
      () => {
        copy.textContent = copy.dataset.copied || "✓";
        setTimeout(() => (copy.textContent = label), 2000);
      },
      () => box.select(),
    );
  });
}

/** Every copy button under ``root``. */
export function mountCopies(root: ParentNode, doc: Document = document): void {
  for (const copy of Array.from(root.querySelectorAll<HTMLButtonElement>("button[data-copy]"))) mountCopy(copy, doc);
}
