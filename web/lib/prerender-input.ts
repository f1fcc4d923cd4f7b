// A field of a prerendered first screen that the shopper can type into before the app runs (the store search,
// web/shopper/shell/prerender.tsx; the application step's picture builds on the same pieces in
// web/shopper/shell/picture-fields.ts). The app's first render replaces the copy (createRoot clears #root), so what
// was typed is kept here just before that render and the app's own field starts from it: the text, the focus and
// the caret, in the same task, so no keystroke falls between the two fields.

export interface TypedInput {
  value: string;
  focused: boolean;
  selectionStart: number | null;
  selectionEnd: number | null;
  selectionDirection: 'forward' | 'backward' | 'none' | null;
}

const typed = new Map<string, TypedInput>();

/** A field of a copy or of the app: a text box, a list or a text area. */
export type TypedField = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The field's text, its focus and its caret (a list, or an email field, has no caret: null). */
export function snapshotField(
  field: TypedField,
  focused = field === document.activeElement,
  value = field.value,
): TypedInput {
  const textual = !(field instanceof HTMLSelectElement);
  return {
    value,
    focused,
    selectionStart: textual ? field.selectionStart : null,
    selectionEnd: textual ? field.selectionEnd : null,
    selectionDirection: textual ? field.selectionDirection : null,
  };
}

/**
 * Keeps what was typed into the copies' fields of this name (main.tsx, right before the first render). Only the
 * shown copy can have been typed into; one with focus or text wins.
 */
export function captureTypedInput(root: ParentNode, name: string): void {
  const inputs = [...root.querySelectorAll<HTMLInputElement>(`[data-prerender] input[name="${name}"]`)];
  const input = inputs.find((el) => el === document.activeElement) ?? inputs.find((el) => el.value !== '');
  if (!input) return;
  typed.set(name, snapshotField(input));
}

/** What was typed into the prerendered field of this name, until `forgetTypedInput` (the app's field took it). */
export function typedInput(name: string): TypedInput | undefined {
  return typed.get(name);
}

/** The app's field has taken it over: a later visit to that screen starts empty, as it always did. */
export function forgetTypedInput(name: string): void {
  typed.delete(name);
}

/**
 * Gives the app's field the copy's focus and caret (call in a layout effect, before the browser paints). When the
 * app has reformatted the text (`sameText` false: a phone's mask), the caret goes to its end.
 */
export function restoreTypedFocus(field: TypedField, taken: TypedInput, sameText = true): void {
  if (!taken.focused) return;
  field.focus({ preventScroll: true });
  if (field instanceof HTMLSelectElement) return;
  try {
    if (sameText && taken.selectionStart !== null && taken.selectionEnd !== null)
      field.setSelectionRange(taken.selectionStart, taken.selectionEnd, taken.selectionDirection ?? undefined);
    else field.setSelectionRange(field.value.length, field.value.length);
  } catch {
    // a field without a selection (email): the focus is enough
  }
}
