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

  test("a store link shows the application page over the form's first step, which takes typing, axe-clean", async ({
    page,
  }) => {
    await page.goto('/#/demo-electronics/main-street/initiate');
    await expect(page.locator('html')).toHaveAttribute('data-shell', 'apply');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Lease-to-own application' })).toBeVisible();
    await expect(main(page).locator('.step-picture h2')).toHaveText('Applicant Information');
    const first = main(page).locator('.step-picture').getByRole('textbox', { name: 'First Name' });
    await first.click();
    await page.keyboard.type('Ana');
    await expect(first).toHaveValue('Ana');
    // Enter does not send the picture's form (a new load would lose the text)
    await page.keyboard.press('Enter');
    await expect(first).toHaveValue('Ana');
    // its lists wait for the form (their options are not in the picture)
    await expect(main(page).locator('.step-picture').getByRole('combobox').first()).toBeDisabled();
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
  test("before the app runs: the form's first step, axe-clean", async ({ page }) => {
    await startSession(page, 'demo-electronics', 'main-street');
    await page.route(/\/assets\/shopper-[^/]+\.js$/, (route) => route.abort());
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-apply-step', 'applicant');
    await expect(stepPicture(page).locator('h2')).toHaveText('Applicant Information');
    await expect(stepPicture(page).locator('label', { hasText: 'First Name' })).toBeVisible();
    await expect(stepPicture(page).getByRole('textbox', { name: 'First Name' })).toBeEditable();
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

  test('the app keeps the picture while the form loads, then the form takes over what was typed and works, in English and Spanish', async ({
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
    await expect(main(page).getByRole('status').filter({ hasText: 'Loading' }).first()).toBeAttached();
    // one page header, not a hidden earlier copy of the frame next to the shown one
    await expect(main(page).locator('.store-header')).toHaveCount(1);
    // the shopper starts typing into the picture
    await stepPicture(page).getByRole('textbox', { name: 'First Name' }).click();
    await page.keyboard.type('An');
    await expectAccessible(page, "the app's picture of the first step, typed into");
    // Continue on the picture: nothing yet (no page load), then the form does it once it is there
    await stepPicture(page).getByRole('button', { name: 'Continue' }).click();
    await expect(stepPicture(page).getByRole('textbox', { name: 'First Name' })).toHaveValue('An');
    release();
    const first = main(page).getByRole('textbox', { name: 'First Name' });
    await expect(stepPicture(page)).toHaveCount(0);
    await expect(first).toBeEditable();
    await expect(first).toHaveValue('An');
    // the step's checks ran on what was typed: the first field left empty says so and has the focus
    const last = main(page).getByRole('textbox', { name: 'Last Name' });
    await expect(last).toBeFocused();
    await expect(last).toHaveAccessibleDescription(/This field is required!/);
    await expect(main(page).getByRole('heading', { level: 2 })).toHaveText('Applicant Information');
    await first.press('End');
    await page.keyboard.type('a');
    await expect(first).toHaveValue('Ana');
    await expect(main(page).locator('.store-header')).toHaveCount(1);
    await expectAccessible(page, 'application page after the reload');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
    await expect(main(page).getByRole('heading', { level: 2, name: 'Información del solicitante' })).toBeVisible();
    await expect(main(page).getByRole('textbox', { name: 'Nombre', exact: true })).toHaveValue('Ana');
    await expectAccessible(page, 'application page after the reload, in Spanish');
  });
});

test("a checkout link: what is typed into the first step's picture before the app, and while the checkout opens and the form loads, is in the form", async ({
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
  // hold the app's code and then the form's back: the shopper types into the picture meanwhile
  const hold = async (pattern: RegExp) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(pattern, async (route) => {
      await held;
      await route.continue();
    });
    return release;
  };
  const releaseApp = await hold(/\/assets\/shopper-[^/]+\.js$/);
  const releaseForm = await hold(/\/assets\/ApplyPage-[^/]+\.js$/);
  await page.goto(`/${new URL(url).hash}`, { waitUntil: 'commit' });
  // 1. index.html's picture, before any of the app's code
  await expect(page.locator('[data-prerender]').first()).toBeAttached();
  const field = (name: string) => stepPicture(page).getByRole('textbox', { name, exact: true });
  await field('First Name').click();
  await page.keyboard.type('Ana');
  await field('Cell Phone').click();
  await page.keyboard.type('404555014');
  // Enter does not send the picture's form: the page is not loaded again (its mark stays till the end)
  await page.evaluate(() => ((window as unknown as { pictureMark: number }).pictureMark = 1));
  await page.keyboard.press('Enter');
  // 2. the app's picture while the checkout is exchanged for a session: the same text, the focus where it was
  releaseApp();
  await expect(page).toHaveURL(/#\/apply$/);
  await expect(page.locator('[data-prerender]')).toHaveCount(0);
  await expect(stepPicture(page).locator('h2')).toHaveText('Applicant Information');
  await expect(field('First Name')).toHaveValue('Ana');
  await expect(field('Cell Phone')).toHaveValue('404555014');
  await expect(field('Cell Phone')).toBeFocused();
  await page.keyboard.type('0');
  // the session the link started: its store heads the page
  await expect(main(page).locator('.store-header')).toHaveCount(1);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Main Street');
  // the SSN shows only its last 4 characters once the shopper has left it, as in the form
  const ssn = 'Social Security Number / ITIN';
  await field(ssn).click();
  await page.keyboard.type('587712931');
  await expect(field(ssn)).toHaveValue('587712931');
  await field('Last Name').click();
  await expect(field(ssn)).toHaveValue('*****2931');
  await page.keyboard.type('Lope');
  await expectAccessible(page, "the first step's picture from a checkout link, typed into");
  // 3. the form: it has taken over every value through its own rules (the phone's mask), and the focus
  releaseForm();
  await expect(stepPicture(page)).toHaveCount(0);
  const form = (name: string) => main(page).getByRole('textbox', { name, exact: true });
  await expect(form('First Name')).toBeEditable();
  await expect(form('First Name')).toHaveValue('Ana');
  await expect(form('Cell Phone')).toHaveValue('(404) 555-0140');
  await expect(form('Last Name')).toHaveValue('Lope');
  await expect(form(ssn)).toHaveValue('*****2931');
  await expect(form('Last Name')).toBeFocused();
  await page.keyboard.type('z');
  await expect(form('Last Name')).toHaveValue('Lopez');
  // the form has the whole SSN, not the picture's concealed text
  await form(ssn).focus();
  await expect(form(ssn)).toHaveValue('587712931');
  expect(await page.evaluate(() => (window as unknown as { pictureMark?: number }).pictureMark)).toBe(1);
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
