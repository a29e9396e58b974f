// The copy button beside a token or secret shown once: copies the field's
// text to the clipboard and says so (the button's words come from the page).
for (const button of document.querySelectorAll("button[data-copy]")) {
  const field = document.getElementById(button.dataset.copy);
  const status = document.getElementById(button.dataset.status);
  if (!field) continue;
  button.hidden = false;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      field.select();
      document.execCommand("copy");
    }
    if (status) status.textContent = button.dataset.copied;
  });
}
