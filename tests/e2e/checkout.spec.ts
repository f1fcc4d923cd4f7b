import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';

// The retailer journey (issue 5) through the page against the real `npm start`: the demo retailer page creates a
// checkout through the retailer API, the portal opens (redirect and iframe), the shopper applies with a Fill profile,
// is approved, chooses delivery (main-street requires it), reviews the lease and the contract, e-signs on the sandbox
// vendor's page, pays in the card vault's hosted fields, and lands back on the retailer's page, which shows a
// verified webhook for each status. Also: prepaid and declined cards, a cancel, a resume; axe-core in en and es.

test.describe.configure({ mode: 'serial' });

const RETAILER_TOKEN = 'e2e-retailer-api-token-1';
type Lang = 'en' | 'es';

interface SandboxMessage {
  to: string;
  purpose: string;
  body: string;
}

async function readPin(request: APIRequestContext, to?: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const list = ((await (await request.get('/sandbox/messages')).json()) as { data: SandboxMessage[] }).data;
      const message = list.find((m) => m.purpose === 'pin' && (!to || m.to === to));
      code = /\b(\d{5})\b/.exec(message?.body ?? '')?.[1] ?? '';
      return code !== '';
    })
    .toBe(true);
  return code;
}

async function retailerStatus(request: APIRequestContext, checkoutId: string) {
  const res = await request.get(`/retailer/v1/checkouts/${checkoutId}`, {
    headers: { authorization: `Bearer ${RETAILER_TOKEN}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { status: number | null; payment: { attempts: { status: string }[] } } }).data;
}

/** The portal's frame on the demo page, or the page itself (redirect mode). */
type Portal = ReturnType<Page['frameLocator']> | Page;
const mainOf = (p: Portal) => p.getByRole('main');

async function switchLang(p: Portal, lang: Lang) {
  await p
    .getByRole('group', { name: lang === 'es' ? 'Language' : 'Idioma' })
    .getByRole('button', { name: lang === 'es' ? 'Español' : 'English' })
    .click();
  await expect(p.getByRole('button', { name: lang === 'es' ? 'Español' : 'English' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
}

/** axe-core in English, then in Spanish (the heading changes), then back to English. */
async function axeBoth(page: Page, p: Portal, what: string, headings: [string | RegExp, string | RegExp]) {
  await expect(mainOf(p).getByRole('heading', { level: 1, name: headings[0] })).toBeVisible();
  await expectAccessible(page, `${what} (en)`);
  await switchLang(p, 'es');
  await expect(mainOf(p).getByRole('heading', { level: 1, name: headings[1] })).toBeVisible();
  await expectAccessible(page, `${what} (es)`);
  await switchLang(p, 'en');
  await expect(mainOf(p).getByRole('heading', { level: 1, name: headings[0] })).toBeVisible();
}

/** From the portal's first screen (the store application) to the approved result, with the option-a Fill profile. */
async function applyApproved(page: Page, p: Portal) {
  const main = mainOf(p);
  await main.getByRole('link', { name: 'Applied with us before? Retrieve your application' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  await main.getByLabel('Fill with test data').selectOption('option-a');
  await main.getByRole('button', { name: 'Fill', exact: true }).click();
  await expect(main.getByLabel('Last Name')).not.toHaveValue('');
  await main.getByRole('button', { name: 'Retrieve', exact: true }).click();
  const confirm = main.getByRole('button', { name: 'Confirm & Submit' });
  for (let i = 0; i < 12 && !(await confirm.isVisible()); i++) {
    const heading = main.getByRole('heading', { level: 2 }).first();
    await expect(heading).toBeVisible();
    const title = (await heading.innerText()).trim();
    if (title === 'Co-Applicant') await main.getByRole('radio', { name: 'No', exact: true }).check();
    await main.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(main.getByRole('heading', { level: 2 }).first()).not.toHaveText(title, { timeout: 15_000 });
  }
  await confirm.click();
  await expect(main.getByRole('heading', { level: 1, name: 'Text Message Verification' })).toBeVisible();
  await expect(main.getByText('PIN has been sent to you for verification.')).toBeVisible();
  const code = await readPin(page.request);
  await main.getByLabel('PIN', { exact: true }).fill(code);
  await expect(main.locator('[data-result="approved"]')).toBeVisible({ timeout: 20_000 });
}

/** Delivery Options at main-street: the validation message, then home delivery for the TV and store pickup for the sound bar. */
async function chooseDelivery(page: Page, p: Portal, axe: boolean) {
  const main = mainOf(p);
  await expect(main.getByRole('heading', { level: 1, name: 'Delivery Options' })).toBeVisible();
  const tv = main.getByRole('group', { name: /55" 4K television/ });
  const bar = main.getByRole('group', { name: /Sound bar/ });
  await expect(tv.getByRole('checkbox', { name: 'Delivery ($49.99)' })).toBeVisible({ timeout: 15_000 });
  // haul-away only after another delivery type
  await expect(tv.getByRole('checkbox', { name: /^Haul-Away/ })).toBeDisabled();
  await main.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(main.getByText('Please select at least one service!')).toBeVisible();
  await tv.getByRole('checkbox', { name: 'Delivery ($49.99)' }).check();
  await expect(tv.getByRole('checkbox', { name: /^Haul-Away/ })).toBeEnabled();
  await main.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(main.getByText('Please select at least one service per available item!')).toBeVisible();
  await expect(main.getByText('Please select at least one delivery type/date and time of delivery')).toBeVisible();
  await tv.getByLabel('Delivery date').selectOption({ index: 1 });
  await tv.getByLabel('Time of delivery').selectOption({ index: 1 });
  await bar.getByRole('checkbox', { name: /^Store Pickup/ }).check();
  await main.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(main.getByText('Please select at lease one store')).toBeVisible();
  await bar.getByLabel('Pickup store').selectOption({ index: 1 });
  await expect(main.getByRole('group', { name: 'Address' }).getByLabel('Street address')).not.toHaveValue('');
  if (axe) await axeBoth(page, p, 'delivery options', ['Delivery Options', 'Opciones de entrega']);
  await main.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Lease Summary' })).toBeVisible({ timeout: 20_000 });
}

async function createCheckout(page: Page, mode: 'iframe' | 'redirect'): Promise<string> {
  await page.goto('/demo/retailer');
  await page.getByLabel('Store').selectOption('demo-electronics/main-street');
  await page.getByRole('button', { name: mode === 'iframe' ? 'Checkout in a frame' : 'Checkout by redirect' }).click();
  if (mode === 'iframe') {
    await expect(page.getByText(/^Checkout chk_\w+ created\.$/)).toBeVisible();
    return /chk_\w+/.exec(await page.getByText(/^Checkout chk_\w+ created\.$/).innerText())![0];
  }
  await expect(page).toHaveURL(/#\/apply$/);
  return '';
}

async function checkoutIdOf(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const token = Object.entries(sessionStorage).find(([k]) => k.startsWith('lto.apply.token:'))?.[1];
    const res = await fetch('/apply-v2/session', {
      headers: { 'x-apply-token': JSON.parse(token).token, 'x-client-id': sessionStorage.getItem('lto.clientId')! },
    });
    return ((await res.json()) as { data: { checkout_id: string } }).data.checkout_id;
  });
}

async function payWith(p: Portal, number: string) {
  const fields = p.frameLocator('iframe[title="Card details"]');
  await fields.getByLabel('Card number').fill(number);
  await fields.getByLabel('Expiration date (MM/YY)').fill('12/34');
  await fields.getByLabel('Security code (CVC)').fill('123');
  await fields.getByLabel('First name').fill('Test');
  await fields.getByLabel('Last name').fill('Shopper');
  await fields.getByRole('button', { name: 'Pay' }).click();
}

test('redirect: apply, deliver, review, sign, refuse a prepaid card, decline a card, pay, and return to the retailer with verified webhooks', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await createCheckout(page, 'redirect');
  const checkoutId = await checkoutIdOf(page);
  expect(checkoutId).toMatch(/^chk_/);
  await applyApproved(page, page);
  // Issue 24.1: main-street requires delivery options, whose charge is part of the lease: no payment figure is shown
  // before it is chosen (none would be the contract's); the shopper chooses delivery first.
  const basis = mainOf(page).getByTestId('calculator-basis');
  await expect(basis).toContainText(/Your cart is \$[\d,]+\.\d{2}\. Delivery charges are part of your lease/);
  await expect(mainOf(page).getByTestId('calculator-payment')).toHaveCount(0);
  await mainOf(page).getByRole('button', { name: 'Choose delivery', exact: true }).click();
  await expect(page).toHaveURL(/#\/checkout\/delivery-options$/);
  await chooseDelivery(page, page, true);

  // Lease Summary
  const main = mainOf(page);
  await expect(page).toHaveURL(/#\/checkout\/lease$/);
  for (const name of ['Qty', 'Description', 'SKU', 'Unit Price (without tax)', 'Total'])
    await expect(main.getByRole('columnheader', { name, exact: true })).toBeVisible();
  await expect(main.getByRole('row', { name: /55" 4K television TV-55-4K \$499\.99 \$499\.99/ })).toBeVisible();
  await expect(main.getByText('Document Processing Fee')).toBeVisible();
  await expect(main.getByText('Lease Process Fee')).toHaveCount(0);
  await expect(main.getByRole('switch', { name: 'Protection program (OCP), $2.99 per week' })).toBeVisible();
  await axeBoth(page, page, 'lease summary', ['Lease Summary', 'Resumen del arrendamiento']);
  // the OCP switch re-prices the payment
  const payment = main.locator('.lease-term', { hasText: 'Payment amount' }).locator('dd');
  const before = await payment.innerText();
  await main.getByRole('switch', { name: /Protection program/ }).check();
  await main.getByRole('button', { name: 'Update Lease' }).click();
  // the cost disclosure now says the plan is chosen, and what it adds per payment
  await expect(main.getByTestId('disclosure-ocp')).toContainText('You chose the protection plan');
  await expect(main.getByTestId('disclosure-payment-ocp')).toBeVisible();
  await expect(payment).not.toHaveText(before);

  // Contract preview: the document in a titled frame and the PDF link
  await main.getByRole('button', { name: 'Preview Contract' }).click();
  await expect(page).toHaveURL(/#\/checkout\/preview$/);
  const frame = page.frameLocator('iframe[title="Lease contract preview"]');
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Download the contract (PDF)' })).toHaveAttribute(
    'href',
    /contract\.pdf\?expires=\d+&sig=/,
  );
  await axeBoth(page, page, 'contract preview', ['Contract Preview', 'Vista previa del contrato']);

  // E-Sign at the sandbox vendor, back to /process, then the payment
  await main.getByRole('button', { name: 'E-Sign' }).click();
  await expect(page).toHaveURL(/\/sandbox\/esign\//, { timeout: 20_000 });
  expect((await retailerStatus(page.request, checkoutId)).status).toBe(13);
  const signer = (await page.locator('p', { hasText: 'Signer:' }).locator('strong').innerText()).trim();
  const consent = page.getByLabel(/I agree to use electronic records and signatures/);
  await page.waitForLoadState('load');
  await consent.click();
  if (!(await consent.isChecked())) await consent.dispatchEvent('click');
  await expect(consent).toBeChecked();
  await page.getByLabel('Type your full name').fill(signer);
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page).toHaveURL(/#\/checkout\/payment$/, { timeout: 20_000 });
  await expect(main.getByRole('heading', { level: 1, name: 'Payment Required' })).toBeVisible();
  await expect(main.getByText(/^Down payment due today: \$\d+\.\d{2}$/)).toBeVisible();
  await expect(page.frameLocator('iframe[title="Card details"]').getByLabel('Card number')).toBeVisible();
  await axeBoth(page, page, 'payment', ['Payment Required', 'Pago requerido']);

  // main-street refuses prepaid cards
  await payWith(page, '5105105105105100');
  await expect(main.getByText("Prepaid cards can't be used for payment at the moment!")).toBeVisible();
  // a declined card: the seed's message, nothing charged, status 10 (down payment failed)
  await payWith(page, '4000000000000002');
  await expect(main.getByText('Oops, unable to charge card, please try again!')).toBeVisible({ timeout: 20_000 });
  const declined = await retailerStatus(page.request, checkoutId);
  expect(declined.status).toBe(10);
  expect(declined.payment.attempts.map((a) => a.status)).toEqual(['declined']);

  // a good card: congratulations, then back to the retailer after 5 seconds
  await payWith(page, '4242424242424242');
  await expect(main.getByRole('heading', { level: 1, name: 'Congratulations!' })).toBeVisible({ timeout: 20_000 });
  await expect(main.getByText(/You will be returned to the retailer in \d seconds\./)).toBeVisible();
  await expectAccessible(page, 'complete success (en)');
  await expect(page).toHaveURL(/\/demo\/retailer\?checkout=success&checkout_id=chk_\w+/, { timeout: 15_000 });
  await expect(page.getByText('Welcome back: the lease checkout was completed.')).toBeVisible();
  expect((await retailerStatus(page.request, checkoutId)).status).toBe(9);

  // the demo page shows a verified webhook for each status on the way
  const hooks = page.locator('#hooks tbody tr', { hasText: checkoutId });
  const expected = [
    'checkout.created',
    'checkout.started',
    'checkout.application_in_progress',
    'checkout.application_complete',
    'checkout.lease_created',
    'checkout.lease_esign',
    'checkout.esign_completed',
    'checkout.payment_processing',
    'checkout.payment_failed',
    'checkout.payment_completed',
    'checkout.completed',
  ];
  for (const type of expected) {
    await expect(hooks.filter({ hasText: type }).first(), type).toBeVisible({ timeout: 30_000 });
    await expect(hooks.filter({ hasText: type }).first().locator('td').nth(1)).toHaveText('Yes');
  }
});

test('iframe: the portal opens in the retailer page, and a cancel at the lease tells the host (status 12)', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const checkoutId = await createCheckout(page, 'iframe');
  const portal = page.frameLocator('[data-lease-to-own="overlay"] iframe');
  await expect(
    mainOf(portal).getByRole('link', { name: 'Applied with us before? Retrieve your application' }),
  ).toBeVisible({ timeout: 20_000 });
  await applyApproved(page, portal);
  await mainOf(portal).getByRole('button', { name: 'Choose delivery', exact: true }).click();
  await chooseDelivery(page, portal, false);
  await mainOf(portal).getByRole('button', { name: 'Cancel checkout' }).click();
  await mainOf(portal).getByRole('button', { name: 'Yes, cancel checkout' }).click();
  await expect(mainOf(portal).getByRole('heading', { level: 1, name: 'Checkout cancelled' })).toBeVisible();
  await axeBoth(page, portal, 'cancelled', ['Checkout cancelled', 'Compra cancelada']);
  await expect(page.locator('#log')).toContainText('"event":"cancelled"');
  expect((await retailerStatus(page.request, checkoutId)).status).toBe(12);
  await expect(
    page.locator('#hooks tbody tr', { hasText: checkoutId }).filter({ hasText: 'checkout.cancelled' }).first(),
  ).toBeVisible({ timeout: 30_000 });
});

test('redirect: cancel at delivery options goes to the failure URL (status 12)', async ({ page }) => {
  test.setTimeout(180_000);
  await createCheckout(page, 'redirect');
  const checkoutId = await checkoutIdOf(page);
  await applyApproved(page, page);
  await mainOf(page).getByRole('button', { name: 'Choose delivery', exact: true }).click();
  await expect(mainOf(page).getByRole('heading', { level: 1, name: 'Delivery Options' })).toBeVisible();
  await mainOf(page).getByRole('button', { name: 'Cancel checkout' }).click();
  await expect(
    mainOf(page).getByText('Are you sure you want to cancel this checkout? You will return to the retailer.'),
  ).toBeVisible();
  await expectAccessible(page, 'cancel confirmation (en)');
  await mainOf(page).getByRole('button', { name: 'Yes, cancel checkout' }).click();
  await expect(page).toHaveURL(/\/demo\/retailer\?checkout=failure&checkout_id=chk_\w+&status=12/, { timeout: 15_000 });
  await expect(page.getByText('Welcome back: the lease checkout was not completed.')).toBeVisible();
  expect((await retailerStatus(page.request, checkoutId)).status).toBe(12);
});

test('resume from the checkpoint URL: the link opens the checkout again, and cancel=true cancels it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const created = await page.request.post('/demo/retailer/checkouts', { data: { store: 'main-street' } });
  expect(created.status()).toBe(201);
  const { url, checkout_id: checkoutId } = ((await created.json()) as { data: { url: string; checkout_id: string } })
    .data;
  const path = url.slice(url.indexOf('/#/'));
  // resumed: the exchange starts the checkout and opens the store application
  await page.goto(path);
  await expect(page).toHaveURL(/#\/apply$/);
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Applied with us before? Retrieve your application' }),
  ).toBeVisible();
  expect((await retailerStatus(page.request, checkoutId)).status).toBe(1);
  // resumed again with cancel=true: cancelled (status 12) and sent to the retailer's failure URL
  await page.goto(`${path}?cancel=true`);
  await expect(page).toHaveURL(/\/demo\/retailer\?checkout=failure&checkout_id=chk_\w+&status=12/, { timeout: 15_000 });
  expect((await retailerStatus(page.request, checkoutId)).status).toBe(12);
  // a resume link that is not valid: Permission Denied
  await page.goto('/#/checkpoint/not-a-valid-token/0');
  await expect(page).toHaveURL(/#\/403$/);
});
