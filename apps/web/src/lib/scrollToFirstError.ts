/**
 * After a failed validation: bring the first field with an error into view and put the cursor
 * in it, so a phone user sees what to fix instead of a button that seems to do nothing.
 * Mantine marks invalid inputs with aria-invalid; checkbox groups carry their error in the
 * wrapper, so their first control is used.
 */
export function scrollToFirstError(root: HTMLElement | null | undefined) {
  // After React has rendered the errors.
  window.requestAnimationFrame(() => {
    const scope = root ?? document.body;
    const invalid = scope.querySelector<HTMLElement>('[aria-invalid="true"]');
    const groupError = scope.querySelector<HTMLElement>(".mantine-InputWrapper-error, .mantine-CheckboxGroup-error, [data-error-for]");
    const target = pickFirst(invalid, groupError);
    if (!target) return;
    const focusable = target.matches("input, textarea, select, button")
      ? target
      : (target
          .closest("[data-path], .mantine-InputWrapper-root, fieldset")
          ?.querySelector<HTMLElement>("input, textarea, select, button") ?? target);
    focusable.scrollIntoView({ block: "center", behavior: "smooth" });
    focusable.focus({ preventScroll: true });
  });
}

/** The element earlier in the document. */
function pickFirst(a: HTMLElement | null, b: HTMLElement | null): HTMLElement | null {
  if (!a) return b;
  if (!b) return a;
  return a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? a : b;
}
