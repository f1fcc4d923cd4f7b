import { beforeEach, describe, expect, it } from 'vitest';
import { renderShells } from '../../../web/customer/prerender.tsx';
import { SESSION_HINT_KEY } from '../../../web/customer/common/session-hint.ts';
import { bootAt, freshPage, prerenderedCopies } from '../prerender-support.ts';

// The account page's prerendered sign-in (put into customer/index.html by the build) and the boot script that picks
// the copy, so that a signed-out visit paints its sign-in before any JavaScript runs.

const copies = () => prerenderedCopies(renderShells);

describe('the account page prerender', () => {
  it('renders the sign-in in both languages and both brands, with read-only fields and no repeated id', () => {
    const root = copies();
    const keys = [...root.querySelectorAll<HTMLElement>(':scope > [data-prerender]')].map((el) => el.dataset.prerender);
    expect(keys).toEqual(['signin en default', 'signin en second', 'signin es default', 'signin es second']);
    const h1 = (key: string) => root.querySelector(`[data-prerender="${key}"] h1`)?.textContent;
    expect(h1('signin en default')).toBe('Sign in to your lease account');
    expect(h1('signin es second')).toBe('Inicie sesión en su cuenta de arrendamiento');
    expect(root.querySelector('[data-prerender="signin en second"] header')?.textContent).toContain(
      'Harbor Rent-to-Own',
    );
    const phone = root.querySelector<HTMLInputElement>('[data-prerender="signin en default"] input[type="tel"]');
    expect(phone?.labels?.[0]?.textContent).toBe('Mobile phone number');
    expect([...root.querySelectorAll('input')].every((input) => input.readOnly)).toBe(true);
    const ids = [...root.querySelectorAll('[id]')].map((el) => el.id);
    expect(ids.length).toBeGreaterThan(4);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

// a classic script, not a module (tsc would refuse a static import of it)
const BOOT_SCRIPT = '../../../web/customer/boot.ts';

describe('the account page boot script', () => {
  const run = async (url: string) => {
    const { lang, brand, shell } = await bootAt(url, () => import(/* @vite-ignore */ BOOT_SCRIPT));
    return { lang, brand, shell };
  };

  beforeEach(freshPage);

  it('shows the sign-in in the language and brand of the address, then the stored language', async () => {
    expect(await run('/account/?lang=es&brand=second')).toEqual({ lang: 'es', brand: 'second', shell: 'signin' });
    localStorage.setItem('lto.lang', 'es');
    expect(await run('/account/#/leases')).toEqual({ lang: 'es', brand: 'default', shell: 'signin' });
  });

  it('shows no sign-in picture to a browser that was signed in last time', async () => {
    localStorage.setItem(SESSION_HINT_KEY, '1');
    expect(await run('/account/#/leases')).toEqual({ lang: 'en', brand: 'default', shell: 'none' });
  });
});
