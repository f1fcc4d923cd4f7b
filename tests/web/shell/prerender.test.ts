import { beforeEach, describe, expect, it } from 'vitest';
import { renderShells } from '../../../web/shopper/shell/prerender.tsx';
import { bootAt, freshPage, prerenderedCopies } from '../prerender-support.ts';

// The shopper page's prerendered first screens (put into index.html by the build) and the boot script that picks one.

const copies = () => prerenderedCopies(renderShells);

describe('renderShells', () => {
  it('renders the store search and the application page in both languages and both brands, the no-JavaScript copy first', () => {
    const root = copies();
    const keys = [...root.querySelectorAll<HTMLElement>(':scope > [data-prerender]')].map((el) => el.dataset.prerender);
    expect(keys[0]).toBe('select en default');
    expect(new Set(keys)).toEqual(
      new Set(
        ['select', 'apply'].flatMap((route) =>
          ['en', 'es'].flatMap((lang) => ['default', 'second'].map((brand) => `${route} ${lang} ${brand}`)),
        ),
      ),
    );
    const h1 = (key: string) => root.querySelector(`[data-prerender="${key}"] h1`)?.textContent;
    expect(h1('select en default')).toBe('Find your store');
    expect(h1('select es second')).toBe('Encuentre su tienda');
    expect(h1('apply en default')).toBe('Lease-to-own application');
    expect(h1('apply es default')).toBe('Solicitud de arrendamiento con opción a compra');
    expect(root.querySelector('[data-prerender="select en second"] header')?.textContent).toContain(
      'Harbor Rent-to-Own',
    );
    // `#/apply` without JavaScript targets the English application page
    expect(root.querySelector('[id="/apply"]')?.getAttribute('data-prerender')).toBe('apply en default');
  });

  it('repeats no id across copies, and every label and reference points into its own copy', () => {
    const root = copies();
    const ids = [...root.querySelectorAll('[id]')].map((el) => el.id);
    expect(ids.length).toBeGreaterThan(8);
    expect(new Set(ids).size).toBe(ids.length);
    for (const copy of root.querySelectorAll(':scope > [data-prerender]')) {
      for (const el of copy.querySelectorAll('[for], [aria-labelledby], [aria-describedby]')) {
        const refs = ['for', 'aria-labelledby', 'aria-describedby'].flatMap((a) =>
          (el.getAttribute(a) ?? '').split(' ').filter(Boolean),
        );
        for (const ref of refs)
          expect(
            copy.querySelector(`[id="${ref}"]`),
            `${ref} in ${copy.getAttribute('data-prerender')}`,
          ).not.toBeNull();
      }
    }
  });

  it("lets the store search's box and the form's text fields take typing; the form's lists wait for the app", () => {
    const root = copies();
    const searchBoxes = [...root.querySelectorAll<HTMLInputElement>('[data-prerender^="select "] input')];
    expect(searchBoxes.map((input) => input.type)).toEqual(['search', 'search', 'search', 'search']);
    // the app takes over what is typed there (main.tsx), so it takes typing from the first paint
    expect(searchBoxes.every((input) => !input.readOnly && input.name === 'q')).toBe(true);
    // so does the application step's picture (shell/picture-fields.ts): no read-only field, nothing inert
    const formFields = [...root.querySelectorAll<HTMLInputElement>('[data-prerender^="apply "] input')];
    expect(formFields.length).toBeGreaterThan(4);
    expect(formFields.filter((input) => input.readOnly).map((input) => input.name)).toEqual([]);
    expect(root.querySelectorAll('[data-prerender^="apply "] [inert]')).toHaveLength(0);
    // every field has a name the form's own field has, for the form to take its text over
    expect(formFields.every((input) => /^applicant\.[a-z_]+$/.test(input.name))).toBe(true);
    // a list's options are not in the picture (only "Select…"): it cannot be used until the form's arrives
    const lists = [...root.querySelectorAll<HTMLSelectElement>('[data-prerender^="apply "] select')];
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((list) => list.disabled && list.options.length === 1)).toBe(true);
  });

  it("puts the wizard's empty applicant step in each application copy, in its language, next to the form's frame", () => {
    const root = copies();
    for (const [key, title, first] of [
      ['apply en default', 'Applicant Information', 'First Name'],
      ['apply es second', 'Información del solicitante', 'Nombre'],
    ] as const) {
      const copy = root.querySelector(`[data-prerender="${key}"]`)!;
      const step = copy.querySelector('[data-first-step] .step-picture')!;
      expect(step.querySelector('h2')?.textContent).toBe(title);
      expect([...step.querySelectorAll('label')].map((l) => l.textContent)).toContain(first);
      expect([...step.querySelectorAll<HTMLInputElement>('input')].every((input) => input.value === '')).toBe(true);
      // the frame, for stores whose form opens elsewhere and without JavaScript (shell.css picks one)
      expect(copy.querySelector('[data-form-frame]')).not.toBeNull();
    }
    // a list shows its "Select…" only: its other options would only lengthen index.html
    expect(root.querySelectorAll('[data-prerender^="apply "] select option:not([value=""])')).toHaveLength(0);
  });
});

// a classic script, not a module (tsc would refuse a static import of it)
const BOOT_SCRIPT = '../../../web/shopper/shell/boot.ts';

describe('boot.ts', () => {
  // the script runs when it loads; each run loads it afresh
  const run = async (url: string) => {
    const { lang, brand, shell, dataset } = await bootAt(url, () => import(/* @vite-ignore */ BOOT_SCRIPT));
    return { lang, brand, shell, ...(dataset.applyStep ? { applyStep: dataset.applyStep } : {}) };
  };
  const startSession = (
    brand: string,
    expiresAt: number | null = null,
    store: Record<string, unknown> = { record: { identifier: 'HVAC' }, lease_program: {} },
  ) => {
    sessionStorage.setItem('lto.apply.current', 'demo-comfort/hvac-central');
    sessionStorage.setItem(
      'lto.apply.token:demo-comfort/hvac-central',
      JSON.stringify({ token: 't', expiresAt, storeData: { brand, ...store } }),
    );
  };

  beforeEach(freshPage);

  it('picks the store search in the language of the address, then the stored one, with the brand of the address', async () => {
    expect(await run('/?lang=es&brand=second')).toEqual({ lang: 'es', brand: 'second', shell: 'select' });
    localStorage.setItem('lto.lang', 'es');
    expect(await run('/#/')).toEqual({ lang: 'es', brand: 'default', shell: 'select' });
    // a query inside the hash counts, as the app moves it in front
    expect(await run('/#/?lang=en')).toEqual({ lang: 'en', brand: 'default', shell: 'select' });
  });

  it('picks the application page when a session is kept, in its store brand; the store search when it expired', async () => {
    startSession('second');
    expect(await run('/#/')).toEqual({ lang: 'en', brand: 'second', shell: 'apply' });
    expect(await run('/#/apply')).toEqual({ lang: 'en', brand: 'second', shell: 'apply' });
    startSession('second', Math.floor(Date.now() / 1000) - 60);
    expect(await run('/#/apply')).toEqual({ lang: 'en', brand: 'default', shell: 'select' });
  });

  it("shows the form's first step when the session's store opens its form on the applicant step, else the frame", async () => {
    const program = { apply_form_version: 2, enable_product_selection: false, identity_check_enabled: false };
    startSession('default', null, { record: { identifier: 'ELECTRONICS' }, lease_program: program });
    expect(await run('/#/apply')).toEqual({ lang: 'en', brand: 'default', shell: 'apply', applyStep: 'applicant' });
    // the single-page form, a product step, an identity check step: their first screen is not that step
    for (const other of [
      { apply_form_version: 3 },
      { enable_product_selection: true },
      { identity_check_enabled: true },
    ]) {
      startSession('default', null, { record: { identifier: 'ELECTRONICS' }, lease_program: { ...program, ...other } });
      expect(await run('/#/apply')).toEqual({ lang: 'en', brand: 'default', shell: 'apply' });
    }
    startSession('default', null, { record: { identifier: 'HVAC' }, lease_program: program });
    expect(await run('/#/apply')).toEqual({ lang: 'en', brand: 'default', shell: 'apply' });
    // no session: the store search, no step
    sessionStorage.clear();
    expect(await run('/#/apply')).toEqual({ lang: 'en', brand: 'default', shell: 'select' });
  });

  it("shows a store link the application page over the default form's first step, in the address's brand", async () => {
    expect(await run('/#/demo-electronics/main-street/initiate?iframe=1')).toEqual({
      lang: 'en',
      brand: 'default',
      shell: 'apply',
      applyStep: 'applicant',
    });
    expect(await run('/?lang=es&brand=second#/demo-comfort/hvac-central/initiate/')).toEqual({
      lang: 'es',
      brand: 'second',
      shell: 'apply',
      applyStep: 'applicant',
    });
  });

  it("keeps a copy's form from being sent (Enter in the store search before the app runs), and no other form", async () => {
    await run('/#/');
    const copy = document.createElement('div');
    copy.dataset.prerender = 'select en default';
    copy.innerHTML = '<form role="search"><input type="search" name="q"></form>';
    const appForm = document.createElement('form');
    document.body.append(copy, appForm);
    try {
      const submit = (form: HTMLFormElement) => {
        const event = new Event('submit', { bubbles: true, cancelable: true });
        form.dispatchEvent(event);
        return event.defaultPrevented;
      };
      expect(submit(copy.querySelector('form')!)).toBe(true);
      expect(submit(appForm)).toBe(false);
    } finally {
      copy.remove();
      appForm.remove();
    }
  });

  it("shows a retailer's checkout link the application page over the default form's first step, unless it cancels or names a process step", async () => {
    const application = { lang: 'en', brand: 'default', shell: 'apply', applyStep: 'applicant' };
    expect(await run('/#/checkpoint/tok_1/1')).toEqual(application);
    expect(await run('/#/checkpoint/tok_1/0/')).toEqual(application);
    expect(await run('/?utm_source=mail#/checkpoint/tok_1/0')).toEqual(application);
    for (const other of [
      '/#/checkpoint/tok_1/1?cancel=true',
      '/?cancel=true#/checkpoint/tok_1/0',
      '/#/checkpoint/tok_1/0/process',
      '/#/checkpoint/tok_1/0/process?cancel=true',
    ])
      expect((await run(other)).shell, other).toBe('none');
  });

  it('shows no prerendered screen for any other route', async () => {
    expect((await run('/#/checkpoint/redirect')).shell).toBe('none');
    expect((await run('/#/demo-electronics/initiate')).shell).toBe('none');
    expect((await run('/#/checkout/lease')).shell).toBe('none');
  });
});
