import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';

// The shopper page's first screen is in index.html (prerendered at build time, web/shopper/shell/prerender.tsx): it
// shows before, and without, the app's JavaScript.

const main = (page: Page) => page.getByRole('main');
// Playwright's text matching skips <noscript> content: the note is found by its class, then its text is checked
const NO_SCRIPT = /^This page needs JavaScript\./;

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the store search shows its heading and search form, and says JavaScript is needed', async ({ page }) => {
    await page.goto('/');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Find your store' })).toBeVisible();
    await expect(main(page).getByRole('search')).toBeVisible();
    await expect(main(page).getByRole('searchbox', { name: 'Store or retailer name' })).toBeVisible();
    await expect(main(page).locator('p.notice')).toBeVisible();
    await expect(main(page).locator('p.notice')).toHaveText(NO_SCRIPT);
    await expect(page.getByRole('banner').getByText('Keystone Lease-to-Own')).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(1);
  });

  test('the application page shows its heading and the frame of its form', async ({ page }) => {
    await page.goto('/#/apply');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Lease-to-own application' })).toBeVisible();
    await expect(main(page).locator('[data-form-frame]')).toBeVisible();
    await expect(main(page).locator('[data-form-frame] p.notice')).toBeVisible();
    await expect(main(page).locator('[data-form-frame] p.notice')).toHaveText(NO_SCRIPT);
    await expect(page.getByRole('heading', { name: 'Find your store' })).toBeHidden();
    await expect(page.getByRole('main')).toHaveCount(1);
  });
});

test.describe('before the app runs', () => {
  // the app's code never arrives: what shows is what index.html and the boot script paint
  test.beforeEach(async ({ page }) => {
    await page.route(/\/assets\/shopper-[^/]+\.js$/, (route) => route.abort());
  });

  test('the store search in the language and brand of the address, axe-clean', async ({ page }) => {
    await page.goto('/?lang=es&brand=second#/');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Encuentre su tienda' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('banner').getByText('Harbor Rent-to-Own')).toBeVisible();
    await expectAccessible(page, 'prerendered store search (es, second brand)');
  });

  test("a store link shows the application page over the form's first step, inert, axe-clean", async ({ page }) => {
    await page.goto('/#/demo-electronics/main-street/initiate');
    await expect(page.locator('html')).toHaveAttribute('data-shell', 'apply');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Lease-to-own application' })).toBeVisible();
    await expect(main(page).locator('.step-picture h2')).toHaveText('Applicant Information');
    await expect(main(page).locator('.step-picture')).toHaveAttribute('inert', '');
    await expect(page.getByRole('heading', { name: 'Find your store' })).toBeHidden();
    await expectAccessible(page, 'prerendered application page of a store link');
  });

  test("a retailer's checkout link shows the application page over the first step; a cancel or process link, nothing", async ({
    page,
  }) => {
    await page.goto('/#/checkpoint/some-token/1');
    await expect(page.locator('html')).toHaveAttribute('data-shell', 'apply');
    await expect(main(page).locator('.step-picture h2')).toHaveText('Applicant Information');
    await expect(page.getByRole('heading', { name: 'Find your store' })).toBeHidden();
    for (const link of ['/#/checkpoint/some-token/1?cancel=true', '/#/checkpoint/some-token/0/process']) {
      // a new load each (a change of the hash alone does not run the boot script again)
      await page.goto('about:blank');
      await page.goto(link);
      await expect(page.locator('html')).toHaveAttribute('data-shell', 'none');
      await expect(page.getByRole('heading', { name: 'Find your store' })).toBeHidden();
      await expect(main(page).locator('.step-picture')).toBeHidden();
    }
  });
});

/** Starts an apply session at the store (its initiate link), as a shopper's earlier visit in this tab did. */
async function startSession(page: Page, retailer: string, store: string) {
  await page.goto(`/#/${retailer}/${store}/initiate`);
  await expect(page).toHaveURL(/#\/apply$/);
  // the form itself, not the picture of its first step
  await expect(main(page).locator('form:not(.step-picture form)').first()).toBeVisible();
}

// the prerendered first step (index.html) and the app's copy of it while the form loads (shell/step-picture.tsx)
const stepPicture = (page: Page) => main(page).locator('.step-picture');

test.describe('the application page reloaded with a started session', () => {
  test("before the app runs: the form's first step, inert, axe-clean", async ({ page }) => {
    await startSession(page, 'demo-electronics', 'main-street');
    await page.route(/\/assets\/shopper-[^/]+\.js$/, (route) => route.abort());
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-apply-step', 'applicant');
    await expect(stepPicture(page).locator('h2')).toHaveText('Applicant Information');
    await expect(stepPicture(page).locator('label', { hasText: 'First Name' })).toBeVisible();
    await expect(stepPicture(page)).toHaveAttribute('inert', '');
    await expect(main(page).locator('[data-form-frame]')).toBeHidden();
    await expectAccessible(page, 'prerendered application step');
  });

  test('a store whose form opens on another step (HVAC pre-step) shows the frame instead', async ({ page }) => {
    await startSession(page, 'demo-comfort', 'hvac-central');
    await page.route(/\/assets\/shopper-[^/]+\.js$/, (route) => route.abort());
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-shell', 'apply');
    await expect(page.locator('html')).not.toHaveAttribute('data-apply-step', /.*/);
    await expect(main(page).locator('[data-form-frame]')).toBeVisible();
    await expect(stepPicture(page)).toBeHidden();
  });

  test('the app keeps the picture while the form loads, then the form replaces it and works, in English and Spanish', async ({
    page,
  }) => {
    await startSession(page, 'demo-electronics', 'main-street');
    // hold the form's code back: what shows meanwhile is the app's copy of the picture
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/ApplyPage-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await expect(page.locator('[data-prerender]')).toHaveCount(0);
    await expect(stepPicture(page).locator('h2')).toHaveText('Applicant Information');
    await expect(stepPicture(page)).toHaveAttribute('inert', '');
    await expect(main(page).getByRole('status').filter({ hasText: 'Loading' }).first()).toBeAttached();
    // one page header, not a hidden earlier copy of the frame next to the shown one
    await expect(main(page).locator('.store-header')).toHaveCount(1);
    release();
    const first = main(page).getByRole('textbox', { name: 'First Name' });
    await expect(first).toBeEditable();
    await expect(stepPicture(page)).toHaveCount(0);
    await expect(main(page).locator('.store-header')).toHaveCount(1);
    await first.fill('Ana');
    await expect(first).toHaveValue('Ana');
    await expectAccessible(page, 'application page after the reload');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
    await expect(main(page).getByRole('heading', { level: 2, name: 'Información del solicitante' })).toBeVisible();
    await expect(main(page).getByRole('textbox', { name: 'Nombre', exact: true })).toHaveValue('Ana');
    await expectAccessible(page, 'application page after the reload, in Spanish');
  });
});

test("a checkout link keeps the application page's picture while the checkout opens and the form loads, then the form", async ({
  page,
  request,
}) => {
  const created = await request.post('/retailer/v1/checkouts', {
    headers: { authorization: 'Bearer e2e-retailer-api-token-1' },
    data: {
      store: 'main-street',
      cart: { items: [{ sku: 'TV-65', description: 'Television', quantity: 1, unit_price: '649.99' }] },
      return_url: 'http://localhost:3107/demo/retailer?checkout=success',
      return_url_failure: 'http://localhost:3107/demo/retailer?checkout=failure',
      callback_url: 'http://localhost:3107/demo/retailer/webhooks',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { url } = ((await created.json()) as { data: { url: string } }).data;
  // hold the form's code back: the checkout is exchanged meanwhile, and the picture stays
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/ApplyPage-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/${new URL(url).hash}`);
  await expect(page).toHaveURL(/#\/apply$/);
  await expect(page.locator('[data-prerender]')).toHaveCount(0);
  await expect(stepPicture(page).locator('h2')).toHaveText('Applicant Information');
  await expect(stepPicture(page)).toHaveAttribute('inert', '');
  // the session the link started: its store heads the page
  await expect(main(page).locator('.store-header')).toHaveCount(1);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Main Street');
  release();
  const first = main(page).getByRole('textbox', { name: 'First Name' });
  await expect(first).toBeEditable();
  await expect(stepPicture(page)).toHaveCount(0);
  await expectAccessible(page, 'application page from a checkout link');
});

test('typing into the store search before the app arrives: Enter sends nothing, and the app keeps the text, focus and caret', async ({
  page,
}) => {
  // hold the app's code back: the box in index.html is what the shopper types into meanwhile
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/shopper-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const loads: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) loads.push(frame.url());
  });
  await page.goto('/#/', { waitUntil: 'commit' });
  const box = main(page).getByRole('searchbox', { name: 'Store or retailer name' });
  await expect(box).toBeEditable();
  await expect(page.locator('[data-prerender]').first()).toBeAttached();
  await box.click();
  await page.keyboard.type('main');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowLeft');
  await expect(box).toHaveValue('main');
  // still the prerendered copy, still the first load (the copy's form was not sent)
  await expect(page.locator('[data-prerender]').first()).toBeAttached();
  expect(loads).toHaveLength(1);
  release();
  await expect(page.locator('[data-prerender]')).toHaveCount(0);
  await expect(box).toHaveValue('main');
  await expect(box).toBeFocused();
  expect(await box.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([3, 3]);
  // the app searches for what was typed, and the caret stays where the shopper left it
  await expect(main(page).getByRole('heading', { level: 2, name: 'Main Street', exact: true })).toBeVisible();
  await page.keyboard.type('-');
  await expect(box).toHaveValue('mai-n');
  expect(loads).toHaveLength(1);
  await expectAccessible(page, 'store search after typing before the app');
});

test('the app replaces the first screen and the language switch works', async ({ page }) => {
  await page.goto('/#/');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Encuentre su tienda' })).toBeVisible();
  await expect(page.locator('[data-prerender]')).toHaveCount(0);
  await main(page).getByRole('searchbox').fill('main');
  await expect(main(page).getByRole('heading', { level: 2, name: 'Main Street', exact: true })).toBeVisible();
});
