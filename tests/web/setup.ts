// Setup of the jsdom "web" test project: DOM cleanup after each test, and the few DOM matchers the component tests
// use (toBeInTheDocument, toHaveValue, toHaveAccessibleDescription, ...), since @testing-library/jest-dom is not a
// dependency.
import { afterEach, expect } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
});

interface DomMatchers<R = unknown> {
  toBeInTheDocument(): R;
  toHaveValue(expected: string | number | null): R;
  toHaveDisplayValue(expected: string): R;
  toHaveAttribute(name: string, value?: string): R;
  toHaveAccessibleDescription(expected: string | RegExp): R;
  toHaveTextContent(expected: string | RegExp): R;
  toBeChecked(): R;
  toBeDisabled(): R;
  toBeEnabled(): R;
  toHaveFocus(): R;
  toBeVisible(): R;
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: adds jest-dom's matchers to vitest's
  interface Matchers<T = any> extends DomMatchers<T> {}
}

const normalize = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function isElement(value: unknown): value is Element {
  return typeof Element !== 'undefined' && value instanceof Element;
}

function describeEl(el: unknown): string {
  if (!isElement(el)) return String(el);
  const id = el.id ? `#${el.id}` : '';
  return `<${el.tagName.toLowerCase()}${id}>`;
}

function valueOf(el: Element): string | number | null {
  if (el instanceof HTMLInputElement && (el.type === 'number' || el.type === 'range'))
    return el.value === '' ? null : Number(el.value);
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)
    return el.value;
  return el.getAttribute('value');
}

function isDisabled(el: Element): boolean {
  if ((el as HTMLButtonElement).disabled) return true;
  if (el.getAttribute('aria-disabled') === 'true') return true;
  const fieldset = el.closest('fieldset[disabled]');
  return fieldset !== null;
}

function isVisible(el: Element): boolean {
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (node.hasAttribute('hidden')) return false;
    const style = window.getComputedStyle(node);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
  }
  return el.ownerDocument.contains(el);
}

function result(pass: boolean, message: string) {
  return { pass, message: () => message };
}

expect.extend({
  toBeInTheDocument(received: unknown) {
    const pass = isElement(received) && received.ownerDocument.contains(received);
    return result(pass, `expected ${describeEl(received)} ${pass ? 'not ' : ''}to be in the document`);
  },
  toHaveValue(received: Element, expected: string | number | null) {
    const actual = valueOf(received);
    const pass = actual === expected;
    return result(
      pass,
      `expected ${describeEl(received)} to have value ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
    );
  },
  toHaveDisplayValue(received: Element, expected: string) {
    const actual =
      received instanceof HTMLSelectElement
        ? (received.selectedOptions[0]?.textContent ?? '')
        : String(valueOf(received) ?? '');
    const pass = normalize(actual) === normalize(expected);
    return result(
      pass,
      `expected ${describeEl(received)} to display ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
    );
  },
  toHaveAttribute(received: Element, name: string, value?: string) {
    const has = received.hasAttribute(name);
    const actual = received.getAttribute(name);
    const pass = value === undefined ? has : has && actual === value;
    return result(
      pass,
      `expected ${describeEl(received)} ${pass ? 'not ' : ''}to have attribute ${name}${value === undefined ? '' : `=${JSON.stringify(value)}`}, got ${JSON.stringify(actual)}`,
    );
  },
  toHaveAccessibleDescription(received: Element, expected: string | RegExp) {
    const ids = (received.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const actual = normalize(ids.map((id) => received.ownerDocument.getElementById(id)?.textContent ?? '').join(' '));
    const pass = typeof expected === 'string' ? actual === normalize(expected) : expected.test(actual);
    return result(
      pass,
      `expected ${describeEl(received)} to have description ${String(expected)}, got ${JSON.stringify(actual)}`,
    );
  },
  toHaveTextContent(received: Element, expected: string | RegExp) {
    const actual = normalize(received.textContent);
    const pass = typeof expected === 'string' ? actual.includes(normalize(expected)) : expected.test(actual);
    return result(
      pass,
      `expected ${describeEl(received)} ${pass ? 'not ' : ''}to contain text ${String(expected)}, got ${JSON.stringify(actual)}`,
    );
  },
  toBeChecked(received: Element) {
    const pass =
      received instanceof HTMLInputElement ? received.checked : received.getAttribute('aria-checked') === 'true';
    return result(pass, `expected ${describeEl(received)} ${pass ? 'not ' : ''}to be checked`);
  },
  toBeDisabled(received: Element) {
    const pass = isDisabled(received);
    return result(pass, `expected ${describeEl(received)} ${pass ? 'not ' : ''}to be disabled`);
  },
  toBeEnabled(received: Element) {
    const pass = !isDisabled(received);
    return result(pass, `expected ${describeEl(received)} ${pass ? 'not ' : ''}to be enabled`);
  },
  toHaveFocus(received: Element) {
    const pass = received.ownerDocument.activeElement === received;
    return result(
      pass,
      `expected ${describeEl(received)} ${pass ? 'not ' : ''}to have focus (focus is on ${describeEl(received.ownerDocument.activeElement)})`,
    );
  },
  toBeVisible(received: Element) {
    const pass = isVisible(received);
    return result(pass, `expected ${describeEl(received)} ${pass ? 'not ' : ''}to be visible`);
  },
});
