// Collections in the browser (issue 23), against `npm start`: a lease funded through the API goes late when the
// sandbox clock passes its first due date; staff find it in the collections queue, log a promise to pay (the account
// leaves the "to work" view for the promised one), record the phone payment on the lease record (the account is
// current, the ledger and the balance agree with the lessee's own account endpoint to the cent), then reverse it with
// an NSF return code and see the account back in the queue. axe-core (WCAG 2.2 AA) on each screen, English and Spanish.
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';
import { call, fundedLease, type Json } from './funded-lease.ts';

const ADMIN_PASSWORD = 'e2e-admin-password-1';
const cents = (decimal: string) => Math.round(Number(decimal) * 100);
const main = (page: Page) => page.getByRole('main');

async function staffApi(baseURL: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  await call(api, 'POST', '/staff/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
  return api;
}

/** The lessee's own view of the lease (GET /customer/api/leases/{id}), signed in with the code sent by e-mail. */
async function lesseeView(baseURL: string, email: string, uuid: string): Promise<Json> {
  const api = await playwrightRequest.newContext({ baseURL });
  const seen = new Set(((await call(api, 'GET', '/sandbox/messages')).data as { id: string }[]).map((m) => m.id));
  await call(api, 'POST', '/customer/api/auth/code', { email });
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i++) {
    const messages = (await call(api, 'GET', '/sandbox/messages')).data as Json[];
    const m = messages.find((x) => x.to === email && x.purpose === 'customer-sign-in' && !seen.has(x.id));
    code = m ? /\b(\d{5})\b/.exec(m.body as string)?.[1] : undefined;
    if (!code) await new Promise((r) => setTimeout(r, 200));
  }
  const verified = (await call(api, 'POST', '/customer/api/auth/verify', { code })).data as Json;
  const lease = (
    await call(api, 'GET', `/customer/api/leases/${uuid}`, undefined, { 'x-csrf-token': verified.csrf_token })
  ).data as Json;
  await api.dispose();
  return lease;
}

async function staffAccount(api: APIRequestContext, uuid: string): Promise<Json> {
  return (await call(api, 'GET', `/staff/api/leases/${uuid}/account`)).data as Json;
}

async function switchLang(page: Page, lang: 'en' | 'es') {
  await page
    .getByRole('group', { name: lang === 'en' ? 'Idioma' : 'Language' })
    .getByRole('button', { name: lang === 'en' ? 'English' : 'Español' })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

test('staff work a late account: promise to pay, phone payment, reversal back to the queue (en, es)', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { uuid, email } = await fundedLease(baseURL!);
  const api = await staffApi(baseURL!);
  const before = await staffAccount(api, uuid);
  // The lender's date moves to the day after the first due date: the close of business makes the account past due.
  const days = Math.round((Date.parse(before.next_payment.due_date) - Date.parse(before.today)) / 86_400_000) + 1;
  await call(api, 'POST', '/sandbox/clock', { advance_days: days });
  const late = await staffAccount(api, uuid);
  expect(late.status).toBe('pastDue');

  await page.goto('/staff/#/');
  await page.getByLabel('User name or e-mail').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // The queue: the late account is in the 1-30 days bucket, to work.
  await page.goto('/staff/#/collections-queue');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Collections queue' })).toBeVisible();
  await page.getByTestId('collections-bucket').selectOption('1-30');
  const row = main(page)
    .getByRole('row')
    .filter({ hasText: uuid.slice(0, 8) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Unassigned');
  await expectAccessible(page, 'collections queue (en)');

  // Its collections work: claim it, log a promise to pay the past-due amount today.
  await row.getByText(uuid.slice(0, 8)).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Collections work' })).toBeVisible();
  await page.getByTestId('collections-claim').click();
  await expect(page.getByTestId('collections-assignee')).not.toHaveText('Unassigned');
  await page.getByTestId('collections-promise-date').fill(late.today);
  await page.getByTestId('collections-promise-amount').fill(late.past_due);
  await page.getByTestId('collections-promise-save').click();
  await expect(page.getByTestId('collections-promise')).toContainText('(Pending)');
  // The contact buttons say why they are disabled when they are (consent, a request to stop, the hours).
  for (const channel of ['phone', 'sms', 'email']) {
    const button = page.getByTestId(`collections-contact-${channel}`);
    if (await button.isDisabled())
      await expect(page.getByTestId(`collections-contact-${channel}-reason`)).not.toBeEmpty();
  }
  await expectAccessible(page, 'collections work (en)');

  // Promised: out of the "to work" view, in the promised one.
  await page.goto('/staff/#/collections-queue');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Collections queue' })).toBeVisible();
  await expect(
    main(page)
      .getByRole('row')
      .filter({ hasText: uuid.slice(0, 8) }),
  ).toHaveCount(0);
  await page.getByTestId('collections-view').selectOption('promised');
  await expect(
    main(page)
      .getByRole('row')
      .filter({ hasText: uuid.slice(0, 8) }),
  ).toContainText('Pending');

  // The phone payment on the lease record: the account is current and agrees with the lessee's own view.
  await page.goto(`/staff/#/collections-queue/${uuid}`);
  await page.getByTestId('collections-open-record').click();
  await expect(page.getByTestId('account-status')).toHaveText('past due');
  await page.getByTestId('account-action-record-payment').click();
  const dialog = page.getByTestId('account-action-dialog');
  await dialog.getByTestId('account-action-amount').fill(late.past_due);
  await dialog.getByTestId('account-action-reference').fill('call 1001');
  await dialog.getByTestId('account-action-confirm').click();
  await expect(page.getByTestId('account-status')).toHaveText('current');
  const paid = await staffAccount(api, uuid);
  expect(paid.status).toBe('current');
  // The record shows the same balance (formatted with thousands separators).
  expect((await page.getByTestId('account-balance').textContent())?.replace(/,/g, '')).toBe(`$${paid.balance}`);
  const lessee = await lesseeView(baseURL!, email, uuid);
  expect(lessee.status).toBe('current');
  expect(lessee.balance).toBe(cents(paid.balance));
  expect(lessee.past_due).toBe(0);
  const payment = paid.ledger.filter((e: Json) => e.kind === 'payment').at(-1) as Json;
  expect(payment).toMatchObject({ channel: 'phone', amount: late.past_due });
  expect((lessee.receipts as Json[]).some((r) => r.id === payment.id && r.amount_paid === cents(late.past_due))).toBe(
    true,
  );

  // The payment comes back NSF: reversed with its return code, the account is past due and back in the queue.
  await page.getByTestId('account-action-reverse-payment').click();
  await dialog.getByTestId('account-action-entry_id').fill(payment.id);
  await dialog.getByTestId('account-action-return_code').fill('R01');
  await dialog.getByTestId('account-action-confirm').click();
  await expect(page.getByTestId('account-status')).toHaveText('past due');
  const reversed = await lesseeView(baseURL!, email, uuid);
  expect(reversed.past_due).toBe(cents(late.past_due));

  await page.goto('/staff/#/collections-queue');
  const back = main(page)
    .getByRole('row')
    .filter({ hasText: uuid.slice(0, 8) });
  await expect(back).toBeVisible();
  // The kept promise was cleared by the payment: nothing pending hides the account now.
  await expect(back).not.toContainText('Pending');

  // Spanish: the queue and the collections work, axe-clean.
  await switchLang(page, 'es');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Cola de cobranza' })).toBeVisible();
  await expectAccessible(page, 'collections queue (es)');
  await page.goto(`/staff/#/collections-queue/${uuid}`);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Gestión de cobranza' })).toBeVisible();
  await expectAccessible(page, 'collections work (es)');
  await api.dispose();
});
