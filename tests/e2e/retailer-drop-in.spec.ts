import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';

// The retailer drop-in (lease.js) on the demo retailer page, as a retailer's shopper meets it: the checkout opens in a
// modal iframe with typed callbacks, messages from anyone but the portal are ignored, and a blocked frame or popup
// falls back to the redirect flow.

const log = (page: Page) => page.locator('#log');
const overlay = (page: Page) => page.locator('[data-lease-to-own="overlay"]');

async function openDemo(page: Page) {
  await page.goto('/demo/retailer');
  await page.getByLabel('Store').selectOption('demo-electronics/main-street');
}

test('lease.js: modal checkout with callbacks, origin-locked, and the redirect fallback when frames or popups are blocked', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);

  // the drop-in and its declarations are served to any page
  const script = await page.request.get('/retailer/v1/lease.js');
  expect(script.status()).toBe(200);
  expect(script.headers()['content-type']).toContain('javascript');
  expect((await script.body()).length).toBeLessThan(12_000);
  const dts = await page.request.get('/retailer/v1/lease.d.ts');
  expect(await dts.text()).toContain('open(checkout: LeaseCheckout, options?: LeaseOpenOptions): LeaseHandle;');

  // 1. a modal iframe: an accessible dialog over the shop; the portal says it is ready
  await openDemo(page);
  await page.getByRole('button', { name: 'Checkout in a frame' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lease-to-own application' });
  await expect(dialog).toBeVisible();
  await expect(log(page)).toContainText('lease.js: the portal is ready', { timeout: 20_000 });
  const portal = page.frameLocator('[data-lease-to-own="overlay"] iframe');
  await expect(portal.getByRole('link', { name: 'Applied with us before? Retrieve your application' })).toBeVisible({
    timeout: 20_000,
  });
  await expectAccessible(page, 'demo retailer with the lease.js modal');

  // 2. messages from another origin, or from a window that is not the portal, are ignored
  const foreign = baseURL!.replace('localhost', '127.0.0.1');
  await page.route(`${foreign}/__foreign-frame`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>x</title><script>parent.postMessage({ event: 'approved', status: true, step: 'result', data: { forged: true } }, '*');</script>`,
    }),
  );
  await page.evaluate((src) => {
    const f = document.createElement('iframe');
    f.title = 'foreign';
    f.src = src;
    document.body.appendChild(f);
    // same origin as the portal but not the portal's window
    window.postMessage(
      { event: 'denied', status: false, step: 'result', data: { forged: true } },
      window.location.origin,
    );
  }, `${foreign}/__foreign-frame`);
  await expect(page.frameLocator('iframe[title="foreign"]').locator('title')).toHaveCount(1);
  await page.waitForTimeout(500);
  await expect(log(page)).not.toContainText('onApproved');
  await expect(log(page)).not.toContainText('onDenied');
  await expect(log(page)).not.toContainText('forged');

  // 3. the host's commands (the shop's code calling the handle; the demo's buttons sit under the modal) resize it;
  // the shopper closes the modal with Escape and the shop hears onClose
  await page.getByRole('button', { name: 'Minimize' }).dispatchEvent('click');
  await expect.poll(async () => (await dialog.boundingBox())?.height ?? 0).toBeLessThan(200);
  await page.getByRole('button', { name: 'Maximize' }).dispatchEvent('click');
  await expect.poll(async () => (await dialog.boundingBox())?.height ?? 0).toBeGreaterThan(400);
  await dialog.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Escape');
  await expect(overlay(page)).toHaveCount(0);
  await expect(log(page)).toContainText('lease.js onClose: {"event":"close","status":"dismissed"');

  // 3b. Escape closes the dialog wherever focus is inside it: in the portal's own page inside the frame too (the
  // portal passes it to its host; lease.js closes the modal, calls onClose and gives focus back to the shop)
  const checkoutButton = page.getByRole('button', { name: 'Checkout in a frame' });
  await checkoutButton.click();
  await expect(dialog).toBeVisible();
  const retrieve = portal.getByRole('link', { name: 'Applied with us before? Retrieve your application' });
  await expect(retrieve).toBeVisible({ timeout: 20_000 });
  await retrieve.focus();
  await expect(retrieve).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(overlay(page)).toHaveCount(0);
  await expect(log(page)).toContainText('lease.js onClose: {"event":"close","status":"dismissed","step":"escape"');
  await expect(checkoutButton).toBeFocused();

  // 4. a shop page whose own policy refuses frames (CSP frame-src 'none') falls back to the redirect flow
  await page.route(
    (url) => url.pathname === '/demo/retailer',
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'content-security-policy': "frame-src 'none'" },
      });
    },
  );
  await openDemo(page);
  await page.getByRole('button', { name: 'Checkout in a frame' }).click();
  await expect(page).toHaveURL(/\/#\/(checkpoint\/|apply)/, { timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Applied with us before? Retrieve your application' })).toBeVisible({
    timeout: 20_000,
  });
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // 5. a blocked popup falls back to the redirect flow too
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await openDemo(page);
  await page.getByRole('button', { name: 'Checkout in a new window' }).click();
  await expect(page).toHaveURL(/\/#\/(checkpoint\/|apply)/, { timeout: 30_000 });
});
