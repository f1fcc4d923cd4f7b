// A field of a prerendered first screen that the shopper can type into before the app runs (the store search,
// web/shopper/shell/prerender.tsx). The app's first render replaces the copy (createRoot clears #root), so what was
// typed is kept here just before that render and the app's own field starts from it: the text, the focus and the
// caret, in the same task, so no keystroke falls between the two fields.

export interface TypedInput {
  value: string;
  focused: boolean;
  selectionStart: number | null;
  selectionEnd: number | null;
  selectionDirection: 'forward' | 'backward' | 'none' | null;
}

const typed = new Map<string, TypedInput>();

/**
 * Keeps what was typed into the copies' fields of this name (main.tsx, right before the first render). Only the
 * shown copy can have been typed into; one with focus or text wins.
 */
export function captureTypedInput(root: ParentNode, name: string): void {
  const inputs = [...root.querySelectorAll<HTMLInputElement>(`[data-prerender] input[name="${name}"]`)];
  const input = inputs.find((el) => el === document.activeElement) ?? inputs.find((el) => el.value !== '');
  if (!input) return;
  typed.set(name, {
    value: input.value,
    focused: input === document.activeElement,
    selectionStart: input.selectionStart,
    selectionEnd: input.selectionEnd,
    selectionDirection: input.selectionDirection,
  });
}

/** What was typed into the prerendered field of this name, until `forgetTypedInput` (the app's field took it). */
export function typedInput(name: string): TypedInput | undefined {
  return typed.get(name);
}

/** The app's field has taken it over: a later visit to that screen starts empty, as it always did. */
export function forgetTypedInput(name: string): void {
  typed.delete(name);
}

/** Gives the app's field the copy's focus and caret (call in a layout effect, before the browser paints). */
export function restoreTypedFocus(field: HTMLInputElement, taken: TypedInput): void {
  if (!taken.focused) return;
  field.focus({ preventScroll: true });
  if (taken.selectionStart !== null && taken.selectionEnd !== null)
    field.setSelectionRange(taken.selectionStart, taken.selectionEnd, taken.selectionDirection ?? undefined);
}
