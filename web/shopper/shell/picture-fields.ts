// The application form's first step takes typing from its first paint, before the form's code has run: the picture
// (index.html's copy, then step-picture.tsx's) has real fields. Every screen that shows the picture (a store or
// checkout link while its session starts, the gate, the form's own loading) is a new copy of its markup, so what was
// typed is kept here, by field name, with the focus and the caret; each copy starts from it, and the real form takes
// it over once (replayTypedFields), through its own input handlers, so its masks and rules apply as to any typing.
// Values live in memory only, for the few seconds the form takes to load.

import {
  restoreTypedFocus,
  snapshotField,
  type TypedField as Field,
  type TypedInput as Typed,
} from '../../lib/prerender-input.ts';

const FIELDS = 'input[name], select[name], textarea[name]';
const typed = new Map<string, Typed>();
/** The names of the picture's fields: the step the picture shows (a Continue pressed on it belongs to that step). */
const pictureNames = new Set<string>();
/** The shopper pressed Next (or Enter) on a picture, and typed nothing since: the form does it once it has the values. */
let continueAsked = false;
/** Set on <html> by boot.ts when Enter was pressed in index.html's copy, before the app ran. */
const ASKED_BEFORE_APP = 'data-picture-continue';

/** Set on a concealed field of a picture while it shows only the last 4 characters (the value is in `typed`). */
const SHOWN_CONCEALED = 'data-shown-concealed';

/** The field's value: what was typed, also while a concealed field shows only its last 4 characters. */
function valueOf(field: Field): string {
  return field.hasAttribute(SHOWN_CONCEALED) ? (typed.get(field.name)?.value ?? '') : field.value;
}

function changed(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((o) => o.selected !== o.defaultSelected);
  return valueOf(field) !== field.defaultValue;
}

function keep(field: Field, focused = field === document.activeElement): void {
  typed.set(field.name, snapshotField(field, focused, valueOf(field)));
}

/** Keeps what was typed into the fields under `root` (and which of them has the focus, with its caret). */
export function captureTypedFields(root: ParentNode): void {
  for (const field of root.querySelectorAll<Field>(FIELDS)) {
    pictureNames.add(field.name);
    if (changed(field) || field === document.activeElement) keep(field);
  }
  if (document.documentElement.hasAttribute(ASKED_BEFORE_APP)) {
    continueAsked = true;
    document.documentElement.removeAttribute(ASKED_BEFORE_APP);
  }
}

/** Whether anything typed into a picture (or a press of Next) waits for the form. */
function waiting(): boolean {
  return typed.size > 0 || continueAsked;
}

/**
 * A concealed field (SSN, identification: `data-concealed`, as the form's) shows only its last 4 characters when the
 * shopper is not in it, as the form's field does, and the whole value again when they come back to it.
 */
function showConcealed(field: Field): void {
  if (!field.hasAttribute('data-concealed') || field.hasAttribute(SHOWN_CONCEALED) || !field.value) return;
  const value = field.value;
  field.setAttribute(SHOWN_CONCEALED, '');
  field.value = value.length <= 4 ? '*'.repeat(value.length) : '*'.repeat(value.length - 4) + value.slice(-4);
}

function showWhole(field: Field): void {
  if (!field.hasAttribute(SHOWN_CONCEALED)) return;
  const value = valueOf(field);
  field.removeAttribute(SHOWN_CONCEALED);
  field.value = value;
}

/**
 * A picture's copy of the fields (call in a layout effect, before the browser paints): starts from what was typed
 * and keeps what is typed into it. The returned function, called before the copy leaves the page, keeps its last
 * state (the focus and the caret included).
 */
export function holdTypedFields(container: HTMLElement): () => void {
  let focusTo: { field: Field; taken: Typed } | undefined;
  for (const field of container.querySelectorAll<Field>(FIELDS)) {
    pictureNames.add(field.name);
    const taken = typed.get(field.name);
    if (!taken) continue;
    field.value = taken.value;
    if (taken.focused) focusTo = { field, taken };
    else showConcealed(field);
  }
  if (focusTo) restoreTypedFocus(focusTo.field, focusTo.taken);
  const onInput = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.matches(FIELDS)) return;
    keep(event.target as Field);
    // typing after a press of Next: the shopper is not done, the press is not carried out
    continueAsked = false;
  };
  // the focus moved to another field of the picture: only that one has it
  const onFocus = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.matches(FIELDS)) return;
    for (const kept of typed.values()) kept.focused = false;
    showWhole(event.target as Field);
    keep(event.target as Field, true);
  };
  const onBlur = (event: Event) => {
    if (event.target instanceof Element && event.target.matches(FIELDS)) {
      keep(event.target as Field, false);
      showConcealed(event.target as Field);
    }
  };
  // Enter in a field, or Next, would send the copy's form (a page load that loses the text): the form does it when
  // it is there
  const onSubmit = (event: Event) => {
    event.preventDefault();
    continueAsked = true;
  };
  container.addEventListener('input', onInput);
  container.addEventListener('change', onInput);
  container.addEventListener('focusin', onFocus);
  container.addEventListener('focusout', onBlur);
  container.addEventListener('submit', onSubmit);
  return () => {
    container.removeEventListener('input', onInput);
    container.removeEventListener('change', onInput);
    container.removeEventListener('focusin', onFocus);
    container.removeEventListener('focusout', onBlur);
    container.removeEventListener('submit', onSubmit);
    // The copy may already be out of the page, its focus gone with it: that is not the shopper leaving the field.
    // Only a focus somewhere else on the page is.
    const active = document.activeElement;
    const elsewhere = !!active && active !== document.body && !container.contains(active);
    for (const field of container.querySelectorAll<Field>(FIELDS)) {
      const before = typed.get(field.name);
      if (changed(field) || before) keep(field, field === active || (!elsewhere && !!before?.focused));
    }
  };
}

/** The value's own setter, past React's tracking of the field: React then sees the new value as typed. */
function setNativeValue(field: Field, value: string): void {
  const proto =
    field instanceof HTMLSelectElement
      ? HTMLSelectElement.prototype
      : field instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, value);
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The real form takes over what was typed into the picture: each value goes into the form's field of the same name
 * as an input event (the form's own handler filters, masks and records it, as for a keystroke), one task apart so
 * that the form has rendered each before the next (a handler may build on the value it last rendered), and the focus
 * and the caret follow; a Next pressed on the picture is then the form's. Resolves to whether any field was there to
 * take them; the values are forgotten either way.
 */
export async function replayTypedFields(form: HTMLElement): Promise<boolean> {
  if (!waiting()) return false;
  const pending = [...typed];
  const thenContinue = continueAsked;
  typed.clear();
  continueAsked = false;
  let found: Field | undefined;
  let focusTo: { name: string; taken: Typed } | undefined;
  const fieldNamed = (name: string) => [...form.querySelectorAll<Field>(FIELDS)].find((f) => f.name === name);
  for (const [name, taken] of pending) {
    const field = fieldNamed(name);
    if (!field) continue;
    found ??= field;
    if (taken.focused) focusTo = { name, taken };
    if (taken.value === field.value) continue;
    setNativeValue(field, taken.value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
    await nextTask();
  }
  const focused = focusTo && fieldNamed(focusTo.name);
  if (focusTo && focused) restoreTypedFocus(focused, focusTo.taken, focused.value === focusTo.taken.value);
  // Continue was pressed on the picture: the form's own Continue, with its checks (the step's errors show as for a
  // press), when the form shows the step the picture showed; not on another one (a single-page form, a later step)
  // (found by a field the picture has, also when nothing was typed: a Continue on the untouched picture of a form
  // the welcome screen's data fills)
  const step = (found ?? [...form.querySelectorAll<Field>(FIELDS)].find((f) => pictureNames.has(f.name)))?.form;
  const sameStep =
    !!step && [...step.elements].every((el) => !(el as Partial<Field>).name || pictureNames.has((el as Field).name));
  // as Enter does: a click on the form's default button (the form acts on its click)
  if (thenContinue && sameStep) step.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
  return !!found;
}

/** Forgets what was typed (a test's fresh start; a session that ends). */
export function forgetTypedFields(): void {
  typed.clear();
  pictureNames.clear();
  continueAsked = false;
}
