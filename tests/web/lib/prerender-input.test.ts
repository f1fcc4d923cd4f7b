import { afterEach, describe, expect, it } from 'vitest';
import {
  captureTypedInput,
  forgetTypedInput,
  restoreTypedFocus,
  typedInput,
  type TypedInput,
} from '../../../web/lib/prerender-input.ts';

// What the shopper typed into the prerendered store search before the app ran, handed to the app's own box.

const page = (html: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
};
const copies = `
  <div data-prerender="select en default"><form><input type="search" name="q"></form></div>
  <div data-prerender="select es default"><form><input type="search" name="q"></form></div>`;

afterEach(() => {
  document.body.replaceChildren();
  forgetTypedInput('q');
});

describe('captureTypedInput', () => {
  it("keeps the focused copy's text and caret", () => {
    const root = page(copies);
    const shown = root.querySelectorAll('input')[1]!;
    shown.value = 'main street';
    shown.focus();
    shown.setSelectionRange(2, 4, 'backward');
    captureTypedInput(root, 'q');
    expect(typedInput('q')).toEqual({
      value: 'main street',
      focused: true,
      selectionStart: 2,
      selectionEnd: 4,
      selectionDirection: 'backward',
    });
  });

  it('keeps text typed into a copy that has lost focus, without claiming the focus', () => {
    const root = page(copies);
    root.querySelectorAll('input')[0]!.value = 'ma';
    captureTypedInput(root, 'q');
    expect(typedInput('q')).toMatchObject({ value: 'ma', focused: false });
  });

  it('keeps nothing when nothing was typed, and forgets once the app took it', () => {
    const root = page(copies);
    captureTypedInput(root, 'q');
    expect(typedInput('q')).toBeUndefined();
    root.querySelector('input')!.value = 'x';
    captureTypedInput(root, 'q');
    forgetTypedInput('q');
    expect(typedInput('q')).toBeUndefined();
  });
});

describe('restoreTypedFocus', () => {
  const appBox = (value: string) => page(`<input type="search" value="${value}">`).querySelector('input')!;
  const taken = (focused: boolean, caret: number): TypedInput => ({
    value: 'main street',
    focused,
    selectionStart: caret,
    selectionEnd: caret,
    selectionDirection: 'none',
  });

  it("puts the focus and the caret into the app's box when the copy had them", () => {
    const field = appBox('main street');
    restoreTypedFocus(field, taken(true, 4));
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([4, 4]);
  });

  it('leaves the focus where it is when the copy did not have it', () => {
    const field = appBox('main street');
    restoreTypedFocus(field, taken(false, 2));
    expect(document.activeElement).not.toBe(field);
  });
});
