import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';

// Staff lease operations in the browser, on a record a shopper made through the real API: the queue, the application
// list and its search, the record screen (concealed SSN, the decision and its reasons), an action with the seed's
// confirmation text, the record moving to its work queue and being claimed; axe-core on each screen in en and es.
const ADMIN_PASSWORD = 'e2e-admin-password-1';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

interface Approved {
  uuid: string;
  firstName: string;
  lastName: string;
  ssn: string;
}

/** A shopper applies at main-street with the Fill profile, proves the PIN and is approved (status V). */
async function approvedApplication(request: APIRequestContext): Promise<Approved> {
  const clientId = `e2e-${Math.random().toString(36).slice(2, 12)}`;
  const init = await request.post('/apply-v2/retailer/demo-electronics/store/main-street/initiate', {
    data: {},
    headers: { 'x-client-id': clientId },
  });
  expect(init.status()).toBe(200);
  const initBody = await init.json();
  const headers = { 'x-apply-token': initBody.data.token as string, 'x-client-id': clientId };
  const fill = await (await request.get('/apply-v2/application/fill?type=option-a', { headers })).json();
  const saved = await request.post('/apply-v2/application', { data: fill.data, headers });
  expect(saved.status()).toBe(200);
  const uuid = (await saved.json()).data.uuid as string;
  expect(
    (await request.post('/apply-v2/application/verify/send', { data: { uuid, mode: 'email' }, headers })).status(),
  ).toBe(200);
  const messages = (await (await request.get('/sandbox/messages')).json()).data as {
    to: string;
    purpose: string;
    body: string;
  }[];
  const code = /\b(\d{5})\b/.exec(
    messages.find((m) => m.to === fill.data.applicant.email && m.purpose === 'pin')!.body,
  )![1];
  const confirm = await request.post('/apply-v2/application/verify/confirm', {
    data: { uuid, store_id: initBody.data.store.id, code, checkout_id: null, retrieval: false, iframe: false },
    headers,
  });
  expect(confirm.status()).toBe(200);
  const submitted = await request.post('/apply-v2/application/confirm', {
    data: { uuid, submitted: true, terms_accepted: true },
    headers,
  });
  expect(submitted.status()).toBe(200);
  return {
    uuid,
    firstName: fill.data.applicant.first_name,
    lastName: fill.data.applicant.last_name,
    ssn: String(fill.data.applicant.social_security_number).replace(/\D/g, ''),
  };
}

async function signInAsAdmin(page: Page) {
  await page.goto('/staff/#/');
  await page.getByLabel('User name or e-mail').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

test('staff find an approved application, act on it with confirmation, and work it from the queue (en, es)', async ({
  page,
  request,
}) => {
  const shopper = await approvedApplication(request);
  await signInAsAdmin(page);
  await expect(page.getByTestId('dash-today')).toBeVisible();
  await expectAccessible(page, 'dashboard with lease counts (en)');

  // The queue, axe-clean, with its tabs.
  await page
    .getByRole('navigation', { name: 'Navigation' })
    .getByRole('link', { name: 'Lease Queue', exact: true })
    .click();
  await expect(page.getByRole('tablist', { name: 'Work queues' })).toBeVisible();
  await expectAccessible(page, 'lease queue (en)');

  // The application list, searched by last name (the list follows the decision within the relay's period).
  await page
    .getByRole('navigation', { name: 'Navigation' })
    .getByRole('link', { name: 'Lease Applications', exact: true })
    .click();
  const search = page.getByTestId('applications-search');
  await expect(async () => {
    await search.fill(shopper.lastName);
    await search.press('Enter');
    await expect(page.getByRole('link', { name: new RegExp(shopper.lastName) }).first()).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText(/Showing 1 to \d+ of \d+ entries/)).toBeVisible();
  await expectAccessible(page, 'applications list searched (en)');

  // The record: status V, the SSN concealed to its last 4, the decision.
  await page
    .getByRole('link', { name: new RegExp(shopper.lastName) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(shopper.lastName) })).toBeVisible();
  await expect(page.getByTestId('record-status')).toContainText('(V) Approved/Pending Contract');
  await expect(page.getByTestId('section-decision')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(shopper.ssn);
  await expect(page.locator('body')).toContainText(shopper.ssn.slice(-4));
  await expectAccessible(page, 'application record (en)');

  // An action with the seed's confirmation text, then the new status.
  await page.getByTestId('lease-action-request-info').click();
  const dialog = page.getByRole('alertdialog', { name: 'More Info Required' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('action-confirm-text')).toHaveText(
    `You are changing "${shopper.firstName} ${shopper.lastName}" from "(V) Approved/Pending Contract" state to "(I) More Info Required" state.`,
  );
  await dialog.getByTestId('action-note').fill('Please upload a recent pay stub.');
  await expectAccessible(page, 'action confirmation dialog (en)');
  await dialog.getByTestId('action-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('record-status')).toContainText('(I) More Info Required');
  await expect(page.getByTestId('section-timeline')).toContainText('Please upload a recent pay stub.');

  // The record now waits in the More Info Required queue; claim it.
  await page.goto('/staff/#/lease-queue/info');
  const row = page.getByRole('row').filter({ hasText: shopper.lastName });
  await expect(async () => {
    await page.getByTestId('queue-tab-info').click();
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await row.getByTestId('queue-claim').click();
  await expect(row).toContainText(/admin|Administrator/i);

  // The same screens in Spanish.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('tablist')).toBeVisible();
  await expectAccessible(page, 'lease queue (es)');
  await page.goto(`/staff/#/applications/${shopper.uuid}`);
  await expect(page.getByTestId('record-status')).toContainText('(I) Se requiere más información');
  await expectAccessible(page, 'application record (es)');
  await page.getByTestId('lease-action-info-received').click();
  const dialogEs = page.getByRole('alertdialog');
  await expect(dialogEs.getByTestId('action-confirm-text')).toContainText('Está cambiando');
  await expectAccessible(page, 'action confirmation dialog (es)');
  await dialogEs.getByTestId('action-confirm').click();
  await expect(page.getByTestId('record-status')).toContainText('(S) En espera de revisión');
  await page.goto('/staff/#/applications');
  await expect(page.getByRole('table')).toBeVisible();
  await expectAccessible(page, 'applications list (es)');
});
