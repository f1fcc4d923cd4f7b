// The lessee's account (/account/, issue 22 item 8) against `npm start`: a lease is funded through the API as a
// retailer, a shopper and staff would (checkout, e-sign, down payment, delivery, funding); the lessee signs in with the
// code from the sandbox mailbox, sees the schedule, pays one installment with a sandbox card in the vault's hosted
// fields, turns autopay on after reading the authorisation, the sandbox clock moves past a due date, the lessee asks
// for the payoff, pays it and sees the lease as owned. axe-core (WCAG 2.2 AA) on each screen, in English and Spanish.
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';

type Json = Record<string, any>;

async function call(api: APIRequestContext, method: 'GET' | 'POST', path: string, body?: unknown, headers = {}) {
  const res = await api.fetch(path, { method, data: body, headers, maxRedirects: 0 });
  const text = await res.text();
  const json = (text ? JSON.parse(text) : {}) as Json;
  if (res.status() >= 400) throw new Error(`${method} ${path}: ${res.status()} ${json.message ?? text.slice(0, 200)}`);
  return json;
}

async function newestCode(api: APIRequestContext, to: string, after: Set<string>): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const messages = (await call(api, 'GET', '/sandbox/messages')).data as { id?: string; to: string; body: string }[];
    for (const m of messages) {
      const key = m.id ?? m.body;
      if (m.to !== to || after.has(key)) continue;
      const code = /\b(\d{5})\b/.exec(m.body)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code for ${to}`);
}

async function messagesTo(api: APIRequestContext, to: string): Promise<Set<string>> {
  const messages = (await call(api, 'GET', '/sandbox/messages')).data as { id?: string; to: string; body: string }[];
  return new Set(messages.filter((m) => m.to === to).map((m) => m.id ?? m.body));
}

/** A funded lease: the demo retailer's checkout applied, signed and paid, then delivered and funded by staff. */
async function fundedLease(baseURL: string): Promise<{ email: string; uuid: string }> {
  const api = await playwrightRequest.newContext({ baseURL });
  const retailer = { authorization: 'Bearer e2e-retailer-api-token-1' };
  const created = (
    await call(
      api,
      'POST',
      '/retailer/v1/checkouts',
      {
        store: 'main-street',
        cart: { items: [{ sku: 'TV-55', description: '55-inch TV', quantity: 1, unit_price: '899.00' }] },
        return_url: `${baseURL}/demo/retailer?done=1`,
        return_url_failure: `${baseURL}/demo/retailer?failed=1`,
        callback_url: `${baseURL}/demo/retailer/webhooks`,
      },
      { ...retailer, 'idempotency-key': `e2e-account-${Date.now()}` },
    )
  ).data as Json;
  const checkoutId = created.checkout_id as string;
  const token = /#\/checkpoint\/([^/]+)\/[01]$/.exec(created.url as string)![1]!;
  const clientId = `e2e-${Math.random().toString(36).slice(2, 12)}`;
  const exchanged = (
    await call(api, 'GET', `/apply-v2/checkpoint/exchange?token=${encodeURIComponent(token)}`, undefined, {
      'x-client-id': clientId,
    })
  ).data as Json;
  const headers = { 'x-apply-token': exchanged.token as string, 'x-client-id': clientId };
  const fill = (await call(api, 'GET', '/apply-v2/application/fill?type=option-a', undefined, headers)).data as Json;
  const email = fill.applicant.email as string;
  const uuid = (await call(api, 'POST', '/apply-v2/application', fill, headers)).data.uuid as string;
  const before = await messagesTo(api, email);
  await call(api, 'POST', '/apply-v2/application/verify/send', { uuid, mode: 'email' }, headers);
  const pin = await newestCode(api, email, before);
  await call(
    api,
    'POST',
    '/apply-v2/application/verify/confirm',
    { uuid, store_id: exchanged.store.id, code: pin, checkout_id: checkoutId, retrieval: false, iframe: false },
    headers,
  );
  await call(api, 'POST', '/apply-v2/application/confirm', { uuid, submitted: true, terms_accepted: true }, headers);
  const services = (
    await call(api, 'GET', `/api/v1/retail-partner/services?code=${fill.location.code}`, undefined, headers)
  ).data as Json;
  const schedules = (services.items as Json[]).map((item) => {
    const pickup = (services.services[item.sku] as Json[]).find((o) => o.type === 'store_pickup')!;
    return {
      sku: item.sku,
      type: 'store_pickup',
      value: pickup.value,
      installations: false,
      date: null,
      window: null,
      required: (item.required_parts ?? []).map((p: Json) => p.sku),
      pickup_store: pickup.stores[0].value,
      ship_to_store: null,
      shipment: null,
    };
  });
  const { line_1, city, state, code } = fill.location;
  await call(
    api,
    'POST',
    '/api/v1/retail-partner/schedule',
    { checkout_id: checkoutId, schedules, exchange_id: null, address: { line_1, city, state, code } },
    headers,
  );
  const lease = new URLSearchParams({ application_id: uuid, option: 'a', iframe: '0' });
  await call(api, 'GET', `/apply-v2/checkout/${checkoutId}/lease?${lease}`, undefined, headers);
  const signing = new URL(
    (
      await call(
        api,
        'POST',
        `/apply-v2/checkout/${checkoutId}/esign`,
        { checkout_id: checkoutId, iframe: false },
        headers,
      )
    ).data.url as string,
  );
  await api.post(`/sandbox/esign/${signing.pathname.split('/').pop()}`, {
    form: {
      view: signing.searchParams.get('view')!,
      action: 'sign',
      consent: 'yes',
      signature: `${fill.applicant.first_name} ${fill.applicant.last_name}`,
    },
    maxRedirects: 0,
  });
  let processed: Json = {};
  for (let i = 0; i < 60 && !processed.config?.session_id; i++) {
    processed = (await call(api, 'GET', `/apply-v2/checkout/${checkoutId}/process`, undefined, headers)).data as Json;
    if (!processed.config?.session_id) await new Promise((r) => setTimeout(r, 200));
  }
  const card = (
    await call(api, 'POST', '/sandbox/vault/tokenize', {
      sessionId: processed.config.session_id,
      number: '4242424242424242',
      expiry: '12/39',
      cvc: '123',
      first_name: fill.applicant.first_name,
      last_name: fill.applicant.last_name,
      country: 'US',
    })
  ).data as Json;
  await call(
    api,
    'POST',
    '/api/v1/cards/processCard',
    { token: card.token, application_id: uuid, amount: processed.amount, convenienceFee: 0, isDownPayment: true },
    { ...headers, 'idempotency-key': `e2e-pay-${checkoutId}` },
  );

  // staff: delivery authorized, delivered, funded
  await call(api, 'POST', '/staff/api/auth/login', { username: 'admin', password: 'e2e-admin-password-1' });
  const csrf = (await api.storageState()).cookies.find((c) => c.name === 'csrf_token')?.value ?? '';
  for (let i = 0; i < 60; i++) {
    const res = await api.get(`/staff/api/leases/${uuid}`);
    if (res.ok() && ((await res.json()) as Json).data?.status === 'Z') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  for (const action of ['authorize-delivery', 'mark-delivered', 'fund', 'complete-funding']) {
    await call(api, 'POST', `/staff/api/leases/${uuid}/actions/${action}`, {}, { 'x-csrf-token': csrf });
  }
  await api.dispose();
  return { email, uuid };
}

const main = (page: Page) => page.getByRole('main');

async function switchLang(page: Page, lang: 'en' | 'es') {
  await page.getByRole('button', { name: lang === 'en' ? 'English' : 'Español' }).click();
}

/** axe-core in English, then in Spanish (the heading changes), then back to English. */
async function axeBoth(page: Page, what: string, headings: [string | RegExp, string | RegExp]) {
  await expect(main(page).getByRole('heading', { level: 1, name: headings[0] })).toBeVisible();
  await expectAccessible(page, `${what} (en)`);
  await switchLang(page, 'es');
  await expect(main(page).getByRole('heading', { level: 1, name: headings[1] })).toBeVisible();
  await expectAccessible(page, `${what} (es)`);
  await switchLang(page, 'en');
  await expect(main(page).getByRole('heading', { level: 1, name: headings[0] })).toBeVisible();
}

async function typeCard(page: Page, section: string, number: string) {
  const fields = page.getByRole('region', { name: section }).frameLocator('iframe[title="Card details"]');
  await fields.getByLabel('Card number').fill(number);
  await fields.getByLabel('Expiration date (MM/YY)').fill('12/34');
  await fields.getByLabel('Security code (CVC)').fill('123');
  await fields.getByLabel('First name').fill('Test');
  await fields.getByLabel('Last name').fill('Lessee');
  await fields.locator('button[type="submit"]').click();
}

test('a lessee signs in with a code, pays an installment, turns autopay on, and pays off the lease to own it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { email } = await fundedLease(baseURL!);
  await page.setViewportSize({ width: 375, height: 812 });

  // the second brand (?brand=second) themes the same page
  await page.goto('/account/?brand=second');
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'second');
  await expect(page.getByRole('banner')).toContainText('Harbor Rent-to-Own');
  await expectAccessible(page, 'sign-in, second brand (en)');

  await page.goto('/account/');
  await expect(page).toHaveURL(/\/account\/#\/sign-in$/);
  await expect(page.getByRole('banner')).toContainText('Keystone Lease-to-Own');
  await axeBoth(page, 'sign-in', ['Sign in to your lease account', 'Inicie sesión en su cuenta de arrendamiento']);

  await main(page).getByRole('radio', { name: 'My e-mail' }).check();
  await main(page).getByLabel('E-mail address').fill(email);
  const before = await messagesTo(page.request, email);
  await main(page).getByRole('button', { name: 'Send code' }).click();
  const codeField = main(page).getByLabel('One-time code');
  await expect(codeField).toBeVisible();
  await expectAccessible(page, 'code step (en)');
  await codeField.fill(await newestCode(page.request, email, before));
  await main(page).getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/#\/leases$/);
  await axeBoth(page, 'my leases', ['My leases', 'Mis arrendamientos']);
  // the account opens at funding (a consumer of the lease's event): it may take a moment to show
  await expect(async () => {
    await page.reload();
    await expect(main(page).getByRole('link', { name: /^Lease / })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await main(page)
    .getByRole('link', { name: /^Lease / })
    .first()
    .click();
  await expect(page).toHaveURL(/#\/leases\/[^/]+$/);
  const schedule = main(page).getByRole('table', { name: 'Every scheduled payment of this lease' });
  await expect(schedule.getByRole('row').nth(1)).toBeVisible();
  const installments = (await schedule.getByRole('row').count()) - 1;
  expect(installments).toBeGreaterThan(1);
  await axeBoth(page, 'lease', [/^Lease /, /^Arrendamiento /]);

  // pay one installment (the amount offered is the next payment)
  const balance = async () => (await page.getByTestId('lease-balance').innerText()).trim();
  const balanceBefore = await balance();
  await main(page).getByRole('button', { name: 'Continue to card details' }).click();
  await expect(page.frameLocator('iframe[title="Card details"]').getByLabel('Card number')).toBeVisible();
  await typeCard(page, 'Make a payment', '4242424242424242');
  await expect(main(page).getByText(/^Thank you\. We received \$[\d,]+\.\d{2}\./)).toBeVisible({ timeout: 20_000 });
  await expect.poll(balance).not.toBe(balanceBefore);
  const receipts = main(page).getByRole('table', { name: 'Payments received on this lease' });
  await expect(receipts.getByRole('row')).not.toHaveCount(1);

  // autopay: the authorisation first, then on
  const autopay = main(page).getByRole('region', { name: 'Autopay' });
  await expect(autopay.getByText(/^Autopay is not required\./)).toBeVisible();
  await expect(autopay.getByTestId('autopay-terms')).toContainText(/\$\d/);
  await autopay.getByRole('checkbox', { name: 'I have read the authorization above and I agree to it.' }).check();
  await autopay.getByRole('button', { name: 'Turn on autopay' }).click();
  // without a card on file, the card is asked for in the hosted fields
  const cardAsked = autopay.locator('iframe[title="Card details"]');
  const on = autopay.getByText('Autopay is on: each payment is debited automatically on its due date.');
  await expect(on.or(cardAsked)).toBeVisible({ timeout: 20_000 });
  if (await cardAsked.isVisible()) {
    await expect(autopay.frameLocator('iframe[title="Card details"]').getByLabel('Card number')).toBeVisible();
    await typeCard(page, 'Autopay', '4242424242424242');
  }
  await expect(on).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, 'lease with autopay on (en)');

  // the lender's date moves past the next due date: autopay debits it
  const receiptsBefore = await receipts.getByRole('row').count();
  await call(page.request, 'POST', '/sandbox/clock', { advance_days: 35 });
  await expect(async () => {
    await page.reload();
    await expect(receipts.getByRole('row')).not.toHaveCount(receiptsBefore, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });

  // the payoff quote, paid: the lease reads as owned
  const payoff = main(page).getByRole('region', { name: 'Pay off and own it' });
  await payoff.getByRole('button', { name: 'Get my payoff amount' }).click();
  const quote = payoff.getByTestId('payoff-quote');
  await expect(quote).toContainText(/Payoff amount\s*\$[\d,]+\.\d{2}/);
  await expect(quote).toContainText(/Valid until\s*\d{2}\/\d{2}\/\d{4}/);
  await payoff.getByRole('button', { name: /^Pay \$[\d,]+\.\d{2} and own it$/ }).click();
  await typeCard(page, 'Pay off and own it', '4242424242424242');
  await expect(main(page).getByText('You own your items. There is nothing more to pay on this lease.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('lease-status')).toHaveText(/^Owned/);
  await expect(page.getByTestId('lease-balance')).toHaveText('$0.00');
  await axeBoth(page, 'owned lease', [/^Lease /, /^Arrendamiento /]);

  // sign out: the account asks for a code again
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Sign in to your lease account' })).toBeVisible();
});
