import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, sessionEntries } from './fixtures.ts';

// The shopper web shell against the real `npm start` (demo seed: demo-electronics/main-street|express|closed,
// demo-comfort/hvac-central on the second brand).
const DEFAULT_BRAND = { name: 'Keystone Lease-to-Own', phone: '(800) 555-0142' };
const SECOND_BRAND = { name: 'Harbor Rent-to-Own', phone: '(888) 555-0178' };

async function searchAndApply(page: Page, query: string, storeName: string, applyLabel: string) {
  await page.getByRole('searchbox').fill(query);
  const result = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: storeName, exact: true }) });
  await expect(result).toBeVisible();
  await result.getByRole('button', { name: applyLabel }).click();
}

test.describe('retailer select and store application', () => {
  test('search "main", Apply Now, the store page opens with the query string carried along', async ({ page }) => {
    await page.goto('/?utm_source=e2e&utm_campaign=shell#/');
    await expect(page.getByRole('heading', { level: 1, name: 'Find your store' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expectAccessible(page, 'retailer select (en)');

    await page.getByLabel('Store or retailer name').fill('ma'); // 2 characters start a search
    await page.getByLabel('Store or retailer name').fill('main');
    await expect(page.getByRole('status').filter({ hasText: /stores? found/ })).toBeVisible();
    await expectAccessible(page, 'retailer select with results (en)');
    await searchAndApply(page, 'main', 'Main Street', 'Apply Now');

    await expect(page).toHaveURL(/\?utm_source=e2e&utm_campaign=shell#\/apply$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Main Street' })).toBeVisible();
    await expect(page.getByText(`Lease-to-own plans offered by ${DEFAULT_BRAND.name}`)).toBeVisible();
    await expect(page.getByRole('main').getByText(DEFAULT_BRAND.phone)).toBeVisible();
    // The store page is the application form (its first step).
    await expect(page.getByRole('heading', { level: 2, name: 'Applicant Information', exact: true })).toBeVisible();
    await expectAccessible(page, 'store application (en)');

    // the apply token is kept in sessionStorage, scoped to the store
    const entries = await sessionEntries(page);
    const scoped = entries['lto.apply.token:demo-electronics/main-street'];
    expect(scoped, 'token entry for the store').toBeTruthy();
    expect(JSON.parse(scoped!).token).toEqual(expect.any(String));

    // a store already in state: the retailer select goes straight to the store application
    await page.goto('/?utm_source=e2e&utm_campaign=shell#/');
    await expect(page).toHaveURL(/#\/apply$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Main Street' })).toBeVisible();

    // choosing another store clears it
    await page.getByRole('button', { name: 'Choose a different store' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Find your store' })).toBeVisible();
  });

  test('in Spanish: the switcher changes the visible text and <html lang>', async ({ page }) => {
    await page.goto('/#/');
    await expect(page.getByRole('heading', { level: 1, name: 'Find your store' })).toBeVisible();
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Encuentre su tienda' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page, 'retailer select (es)');

    await page.getByLabel('Nombre de la tienda o del minorista').fill('main');
    await expect(page.getByRole('status').filter({ hasText: /tiendas?/ })).toBeVisible();
    await expectAccessible(page, 'retailer select with results (es)');
    await searchAndApply(page, 'main', 'Main Street', 'Solicitar ahora');
    await expect(page.getByRole('heading', { level: 1, name: 'Main Street' })).toBeVisible();
    await expect(
      page.getByText(`Planes de arrendamiento con opción a compra ofrecidos por ${DEFAULT_BRAND.name}`),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Información del solicitante', exact: true }),
    ).toBeVisible();
    await expectAccessible(page, 'store application (es)');

    // the choice is remembered on the next visit
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // and ?lang= picks the language from a link
    await page.goto('/?lang=en#/apply');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByText(`Lease-to-own plans offered by ${DEFAULT_BRAND.name}`)).toBeVisible();
  });

  test('the second brand: hvac-central shows the second brand name and phone', async ({ page }) => {
    await page.goto('/#/demo-comfort/hvac-central/initiate');
    await expect(page.getByRole('heading', { level: 1, name: 'HVAC Central' })).toBeVisible();
    await expect(page).toHaveURL(/#\/apply$/);
    await expect(page.locator('html')).toHaveAttribute('data-brand', 'second');
    await expect(page.getByRole('banner').getByRole('link', { name: new RegExp(SECOND_BRAND.name) })).toBeVisible();
    await expect(page.getByRole('main').getByText(SECOND_BRAND.phone)).toBeVisible();
    await expect(page.getByRole('contentinfo').getByText(SECOND_BRAND.phone)).toBeVisible();
    await expect(page.getByText(DEFAULT_BRAND.name)).toHaveCount(0);
    await expectAccessible(page, 'store application, second brand (en)');
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByText(`ofrecidos por ${SECOND_BRAND.name}`)).toBeVisible();
    await expectAccessible(page, 'store application, second brand (es)');
  });

  test('?brand=second themes the retailer select when no store is known', async ({ page }) => {
    await page.goto('/?brand=second#/');
    await expect(page.getByRole('heading', { level: 1, name: 'Find your store' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-brand', 'second');
    await expect(page.getByRole('contentinfo').getByText(SECOND_BRAND.phone)).toBeVisible();
    await expectAccessible(page, 'retailer select, second brand');
  });

  test('/apply without a token goes to the retailer select', async ({ page }) => {
    await page.goto('/#/apply');
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find your store' })).toBeVisible();
  });
});

test.describe('error pages', () => {
  for (const [path, title, titleEs] of [
    ['/#/demo-electronics/closed/initiate', 'Store Not Found', 'Tienda no encontrada'],
    ['/#/demo-electronics/no-such-store/initiate', 'Store Not Found', 'Tienda no encontrada'],
    ['/#/no-such-retailer/main-street/initiate', 'Retailer Not Found', 'Minorista no encontrado'],
  ] as const) {
    test(`${path} -> ${title}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveURL(title === 'Store Not Found' ? /#\/store-not-found$/ : /#\/retailer-not-found$/);
      await expectAccessible(page, `${title} (en)`);
      await page.getByRole('button', { name: 'Español' }).click();
      await expect(page.getByRole('heading', { level: 1, name: titleEs })).toBeVisible();
      await expectAccessible(page, `${title} (es)`);
      await page.getByRole('link', { name: 'Elegir una tienda' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Encuentre su tienda' })).toBeVisible();
    });
  }

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/#/this/path/does-not-exist');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expectAccessible(page, '404 (en)');
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
    await expectAccessible(page, '404 (es)');
  });

  test('/403 shows Permission Denied and says to talk to the system admin', async ({ page }) => {
    await page.goto('/#/403');
    await expect(page.getByRole('heading', { level: 1, name: 'Permission Denied' })).toBeVisible();
    await expect(page.getByText(/system admin/)).toBeVisible();
    await expectAccessible(page, '403 (en)');
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Permiso denegado' })).toBeVisible();
    await expect(page.getByText(/administrador del sistema/)).toBeVisible();
    await expectAccessible(page, '403 (es)');
  });

  test('/unknown shows Unknown Error with Retry and the brand support phone', async ({ page }) => {
    await page.goto('/#/unknown');
    await expect(page.getByRole('heading', { level: 1, name: 'Unknown Error' })).toBeVisible();
    await expect(
      page.getByRole('main').getByText(new RegExp(`support at ${DEFAULT_BRAND.phone.replace(/[()]/g, '\\$&')}`)),
    ).toBeVisible();
    await expectAccessible(page, 'unknown error (en)');
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Error desconocido' })).toBeVisible();
    await expectAccessible(page, 'unknown error (es)');
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Encuentre su tienda' })).toBeVisible();
  });

  for (const [path, title, titleEs] of [
    ['/#/application-not-found', 'Application Not Found', 'Solicitud no encontrada'],
    ['/#/checkout-not-found', 'Checkout Not Found', 'Compra no encontrada'],
    ['/#/not-found', 'Store Not Found', 'Tienda no encontrada'],
  ] as const) {
    test(`${path} shows ${title}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expectAccessible(page, `${title} (en)`);
      await page.getByRole('button', { name: 'Español' }).click();
      await expect(page.getByRole('heading', { level: 1, name: titleEs })).toBeVisible();
    });
  }
});

test('/checkpoint/redirect without a token goes to the store search', async ({ page }) => {
  await page.goto('/#/checkpoint/redirect');
  await expect(page).toHaveURL(/#\/$/);
});

test.describe('host messaging with the demo retailer page', () => {
  test('the iframe portal posts to the host at its exact origin and obeys minimize/maximize/close', async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    await page.goto('/demo/retailer');
    await expect(page).toHaveTitle('Demo Retailer');
    await expectAccessible(page, 'demo retailer');
    await page.getByLabel('Store').selectOption('demo-electronics/main-street');
    await page.getByRole('button', { name: 'Open in iframe' }).click();

    const portal = page.frameLocator('#portal');
    await expect(portal.getByRole('heading', { level: 1, name: 'Main Street' })).toBeVisible();
    const log = page.locator('#log');
    await expect(log).toContainText(`received from ${origin}`);
    await expect(log).toContainText('"event":"update"');
    await expect(log).toContainText('"step":"apply"');
    await expectAccessible(page, 'demo retailer with the portal in its iframe');

    const portalHtml = portal.locator('html');
    await page.getByRole('button', { name: 'Minimize' }).click();
    await expect(portalHtml).toHaveClass(/is-compact/);
    await page.getByRole('button', { name: 'Maximize' }).click();
    await expect(portalHtml).not.toHaveClass(/is-compact/);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(portal.getByRole('heading', { level: 1, name: 'Session Ended' })).toBeVisible();
  });

  test("a host on another origin neither receives the portal's messages nor can command it", async ({
    page,
    baseURL,
    request,
  }) => {
    const portalOrigin = new URL(baseURL!).origin;
    // A page on another origin frames the portal and claims to be the portal's own origin. It is served by a real
    // loopback server: Chromium refuses to frame localhost from a response Playwright fulfils (no address space).
    // The portal may be framed only by origins the store's retailer registered (Content-Security-Policy
    // frame-ancestors on /embed/{retailer}/{store}/), so the other origin is registered first: even then the
    // messages stay locked to the claimed origin.
    const portalUrl = `${portalOrigin}/embed/demo-electronics/main-street/#/demo-electronics/main-street/initiate?origin=${encodeURIComponent(portalOrigin)}&iframe=1`;
    const html = `<!doctype html><html lang="en"><title>Other host</title><body>
      <iframe id="portal" title="portal" src="${portalUrl}" style="width:100%;height:600px"></iframe>
      <script>window.received = []; addEventListener('message', (e) => window.received.push(e.data));</script>
    </body></html>`;
    const other = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    const registerOrigins = async (origins: string) => {
      expect(
        (
          await request.post('/staff/api/auth/login', { data: { username: 'admin', password: 'e2e-admin-password-1' } })
        ).ok(),
      ).toBe(true);
      const csrf = (await request.storageState()).cookies.find((c) => c.name === 'csrf_token')?.value ?? '';
      const v = (
        (await (await request.get('/staff/api/retailers/ret-demo-electronics')).json()) as { data: { v: number } }
      ).data.v;
      const saved = await request.put('/staff/api/retailers/ret-demo-electronics', {
        data: { embed_origins: origins, v },
        headers: { 'x-csrf-token': csrf },
      });
      expect(saved.status()).toBe(200);
    };
    try {
      // Not registered yet: the browser refuses to show the portal in this origin's frame.
      await page.goto(`${otherOrigin}/`);
      await expect.poll(() => page.frames().some((f) => f.url().startsWith('chrome-error://'))).toBe(true);
      await expect(page.frameLocator('#portal').getByRole('heading', { level: 1, name: 'Main Street' })).toHaveCount(0);
      await registerOrigins(otherOrigin);
      await page.goto(`${otherOrigin}/`);
      const portal = page.frameLocator('#portal');
      await expect(portal.getByRole('heading', { level: 1, name: 'Main Street' })).toBeVisible();
      // the portal posted its update to the claimed origin; the browser did not deliver it to this page
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([]);
      // commands from this origin are ignored
      await page.evaluate(() => {
        const target = (document.getElementById('portal') as HTMLIFrameElement).contentWindow!;
        target.postMessage({ event: 'minimize' }, '*');
        target.postMessage({ event: 'close' }, '*');
      });
      await page.waitForTimeout(500);
      await expect(portal.getByRole('heading', { level: 1, name: 'Main Street' })).toBeVisible();
      await expect(portal.locator('html')).not.toHaveClass(/is-compact/);
    } finally {
      other.closeAllConnections();
      other.close();
      await registerOrigins('');
    }
  });

  test('the redirect flow: the portal opened by window.open posts to its opener', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    await page.goto('/demo/retailer');
    await page.getByLabel('Store').selectOption('demo-comfort/hvac-central');
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Open by redirect' }).click();
    const popup = await popupPromise;
    await expect(popup.getByRole('heading', { level: 1, name: 'HVAC Central' })).toBeVisible();
    await expect(page.locator('#log')).toContainText(`received from ${origin}`);
    await expect(page.locator('#log')).toContainText('"store":"hvac-central"');
    await page.getByRole('button', { name: 'Minimize' }).click();
    await expect(popup.locator('html')).toHaveClass(/is-compact/);
  });
});

test.describe('staff portal shell', () => {
  test('is its own page; the shopper page never downloads staff code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/#/');
    await expect(page.getByRole('heading', { level: 1, name: 'Find your store' })).toBeVisible();
    const shopperScripts = [...scripts];
    expect(shopperScripts.length).toBeGreaterThan(0);
    expect(shopperScripts.filter((p) => /staff/i.test(p))).toEqual([]);

    await page.goto('/staff/');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
    expect(scripts.filter((p) => /staff/i.test(p)).length).toBeGreaterThan(0);
    await expectAccessible(page, 'staff shell (en)');
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Acceso del personal' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expectAccessible(page, 'staff shell (es)');
  });
});

test('usable at 375 px: no horizontal scrolling, the search and Apply Now reachable by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/#/');
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  // skip link first, then the brand link and the language buttons, then the search field
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.getByRole('searchbox').focus();
  await page.keyboard.type('express');
  const apply = page.getByRole('listitem').filter({ hasText: 'Express' }).getByRole('button', { name: 'Apply Now' });
  await expect(apply).toBeVisible();
  await apply.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Express' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'store application at 375 px');
});

test('a failing store refresh shows a toast top-right that can be dismissed and goes away after 5 s', async ({
  page,
}) => {
  await page.goto('/#/demo-electronics/main-street/initiate');
  await expect(page.getByRole('heading', { level: 1, name: 'Main Street' })).toBeVisible();
  await page.route('**/apply-v2/retailer/demo-electronics/store/main-street', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ status: false, code: 500, data: null, message: 'An unknown error occurred' }),
    }),
  );
  await page.reload();
  const region = page.getByRole('region', { name: 'Notifications' });
  const toast = region.getByRole('listitem').filter({ hasText: 'An unknown error occurred' });
  await expect(toast).toBeVisible();
  // under the pointer it stays (however long the checks below take), and its button dismisses it
  await toast.hover();
  // the cached store stays on screen
  await expect(page.getByRole('heading', { level: 1, name: 'Main Street' })).toBeVisible();
  const box = await toast.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.y).toBeLessThan(100);
  expect(box!.x + box!.width).toBeGreaterThan(viewport.width - 100);
  await expectAccessible(page, 'store application with a toast');
  await page.waitForTimeout(5_500);
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast).toHaveCount(0);

  await page.mouse.move(10, viewport.height - 10);
  await page.reload();
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCount(0, { timeout: 7_000 }); // auto-dismissed after 5000 ms
});
