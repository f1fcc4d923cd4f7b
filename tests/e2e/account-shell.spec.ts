import { expect, test } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';

// The lessee's account page paints its sign-in before its JavaScript arrives (prerendered at build time,
// web/customer/prerender.tsx), in the language and brand of the address; a browser signed in there last time gets no
// sign-in picture; the app then replaces the picture with the working sign-in.

test('the account sign-in before the app runs, in the address language, then the app takes over', async ({ page }) => {
  let blocked = true;
  // the app's module, not the boot script (account-boot-*.js) that picks the copy
  await page.route(/\/assets\/account-(?!boot-)[^/]+\.js$/, (route) => (blocked ? route.abort() : route.continue()));

  await page.goto('/account/?lang=es&brand=second');
  const main = page.getByRole('main');
  await expect(
    main.getByRole('heading', { level: 1, name: 'Inicie sesión en su cuenta de arrendamiento' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('banner').getByText('Harbor Rent-to-Own')).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
  await expectAccessible(page, 'prerendered account sign-in (es, second brand)');

  // signed in here last time: no sign-in picture while the app is on its way
  await page.evaluate(() => localStorage.setItem('lto.account.signedIn', '1'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-shell', 'none');
  await expect(page.getByRole('heading', { level: 1 })).toBeHidden();

  // the app arrives: the session is gone, so it says so by showing the working sign-in and forgets the hint
  blocked = false;
  await page.goto('/account/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your lease account' })).toBeVisible();
  await expect(page).toHaveURL(/#\/sign-in$/);
  await page.getByLabel('Mobile phone number').fill('55501');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('Mobile phone number')).toHaveAccessibleDescription(/10-digit US phone number/);
  expect(await page.evaluate(() => localStorage.getItem('lto.account.signedIn'))).toBeNull();
});
