import { h } from 'preact';
import { useEffect } from 'preact/hooks';
import { describe, expect, it } from 'vitest';
import { createRoot } from '../../../web/shopper/preact-client.ts';

// The shopper page's build renders it with Preact (vite.config.ts); these tests run the rest of web/ on React. What
// Preact changes for a shopper is when passive effects run: web/shopper/preact-client.ts runs them before the next
// input, as React does, so a click that comes right after a render reaches a form whose effects have run.
describe("the shopper page's Preact root", () => {
  const mount = () => {
    const calls: string[] = [];
    function Form() {
      useEffect(() => {
        calls.push('effect');
      }, []);
      return h('button', { type: 'button', onClick: () => calls.push('click') }, 'Continue');
    }
    const container = document.createElement('div');
    document.body.append(container);
    createRoot(container).render(h(Form, null));
    return { calls, button: container.querySelector('button')! };
  };

  it('runs pending effects before a click that comes before the next frame', () => {
    const { calls, button } = mount();
    expect(calls).toEqual([]);
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    button.click();
    expect(calls).toEqual(['effect', 'click']);
  });

  it('runs them before a key press too, and after the next frame when no input comes', async () => {
    const typed = mount();
    typed.button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(typed.calls).toEqual(['effect']);

    const idle = mount();
    expect(idle.calls).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(idle.calls).toEqual(['effect']);
  });
});
