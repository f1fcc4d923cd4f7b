import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';
import { signInAsAdmin, submittedApplication } from './staff-support.ts';

// The merchant network (issue 12) in the browser: the Retailer Map (store markers from the demo seed, a click opens
// the store) and a pick-up on a real lease (scheduled with a date and a window, a transaction recorded that completes
// it); axe-core on each screen in en and es.

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigation' });

test('the Retailer Map shows the stores, filters them, and a marker opens the store (en, es)', async ({ page }) => {
  await signInAsAdmin(page);
  await nav(page).getByRole('link', { name: 'Retailer Map', exact: true }).click();
  const map = page.getByTestId('retailer-map');
  await expect(map).toBeVisible();
  await expect(map.getByTestId('map-marker').first()).toBeVisible();
  const mainStreet = map.getByRole('link', { name: /^Main Street \(Columbus, OH\)/ });
  await expect(mainStreet).toBeVisible();
  await expect(map.getByRole('link', { name: /^HVAC Central/i })).toBeVisible();
  await expectAccessible(page, 'retailer map (en)');

  // filters: not active only -> the closed store
  await page.getByLabel('Active', { exact: true }).selectOption({ label: 'Not active' });
  await expect(map.getByTestId('map-marker')).toHaveCount(1);
  await expect(map.getByRole('link', { name: /, Not active$/ })).toBeVisible();
  await page.getByLabel('Active', { exact: true }).selectOption({ label: 'All' });
  await page.getByLabel('Retailer', { exact: true }).selectOption({ label: 'Demo Comfort Heating & Air' });
  await expect(map.getByRole('link', { name: /^Main Street/ })).toHaveCount(0);
  await expect(map.getByRole('link', { name: /^HVAC Central/i })).toBeVisible();
  await page.getByLabel('Retailer', { exact: true }).selectOption({ label: 'All' });

  // a click on a marker opens the store
  await map.getByRole('link', { name: /^Main Street \(Columbus, OH\)/ }).click();
  await expect(page).toHaveURL(/#\/stores\/sto-main-street$/);
  await expect(page.getByRole('dialog', { name: 'Edit store' })).toBeVisible();

  // in Spanish
  await page.goto('/staff/#/retailer-map');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'Mapa de minoristas' })).toBeVisible();
  await expect(
    page.getByTestId('retailer-map').getByRole('link', { name: /^Main Street \(Columbus, OH\), Activa$/ }),
  ).toBeVisible();
  await expectAccessible(page, 'retailer map (es)');
  await page.getByRole('group', { name: 'Idioma' }).getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('staff schedule a pick-up on a lease with a date and a window and record the collection (en, es)', async ({
  page,
  request,
}) => {
  const { uuid, application } = await submittedApplication(request);
  const lease = { uuid, name: `${application.applicant.first_name} ${application.applicant.last_name}` };
  await signInAsAdmin(page);
  await nav(page).getByRole('link', { name: 'Pick Ups', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pick Ups' })).toBeVisible();
  await expectAccessible(page, 'pick-ups list (en)');

  // schedule it
  await page.getByRole('button', { name: 'Schedule Pick Up' }).click();
  const panel = page.getByRole('dialog', { name: 'Schedule Pick Up' });
  await expect(panel).toBeVisible();
  await panel.getByLabel('Lease (application ID)').fill(lease.uuid);
  await panel.getByRole('radio', { name: 'Repossession' }).check();
  const when = new Date(Date.now() + 2 * 86_400_000);
  const typed = `${String(when.getUTCMonth() + 1).padStart(2, '0')}${String(when.getUTCDate()).padStart(2, '0')}${when.getUTCFullYear()}`;
  await panel.getByLabel('Pick-up date').fill('');
  await panel.getByLabel('Pick-up date').pressSequentially(typed);
  await panel.getByLabel('Time window').selectOption({ label: '12:00-16:00' });
  await panel.getByLabel('Merchandise').fill('55" television, remote');
  await expectAccessible(page, 'schedule pick-up form (en)');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: lease.name });
  await expect(row).toContainText('12:00-16:00');
  await expect(row).toContainText('Scheduled');
  await expect(row).toContainText(when.toISOString().slice(0, 10));

  // record a transaction: the merchandise was collected, which completes the pick-up
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Pick Up' });
  await expect(edit).toBeVisible();
  const record = edit.getByRole('region', { name: 'Record transaction' });
  await record.getByLabel('Transaction type').selectOption({ label: 'Merchandise collected' });
  await record.getByLabel('Note').fill('Picked up by the driver');
  await expectAccessible(page, 'pick-up with its transactions (en)');
  await record.getByRole('button', { name: 'Save' }).click();
  const txs = edit.getByRole('table', { name: /Pick Up Transactions/ });
  await expect(txs).toContainText('Merchandise collected');
  await expect(txs).toContainText('Picked up by the driver');
  await edit.getByRole('button', { name: 'Close' }).click();
  const discard = page.getByRole('alertdialog');
  if (await discard.isVisible().catch(() => false)) await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('Merchandise repossessed');

  // the transaction in the Pick Up Transactions list, and both screens in Spanish
  await nav(page).getByRole('link', { name: 'Pick Up Transactions', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Picked up by the driver' })).toContainText('Completed');
  await expectAccessible(page, 'pick-up transactions (en)');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'Transacciones de recogida' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Picked up by the driver' })).toContainText(
    'Mercancía recogida',
  );
  await expectAccessible(page, 'pick-up transactions (es)');
  await page.goto('/staff/#/pickups');
  await expect(page.getByRole('heading', { level: 1, name: 'Recogidas' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: lease.name })).toContainText('Completada');
  await expectAccessible(page, 'pick-ups list (es)');
});

test('every merchant menu entry opens a screen with the demo records (en)', async ({ page }) => {
  await signInAsAdmin(page);
  for (const [link, text] of [
    ['POS Items', 'TV-55-4K'],
    ['POS Orders', 'PO-DEMO-0001'],
    ['Retention Money', 'Main Street'],
    ['Retention Money Payments', 'PAY-DEMO-'],
  ] as const) {
    await nav(page).getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: link })).toBeVisible();
    await expect(page.getByRole('table').first()).toContainText(text);
  }
  await page.goto('/staff/#/pos-items');
  await expect(page.getByRole('row').filter({ hasText: 'LAP-15-PRO' })).toContainText('Low stock');
  await expectAccessible(page, 'POS items (en)');
});
