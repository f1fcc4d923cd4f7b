// The lessee's account (/account/, issue 22 item 8) against `npm start`: a lease is funded through the API as a
// retailer, a shopper and staff would (checkout, e-sign, down payment, delivery, funding); the lessee signs in with the
// code from the sandbox mailbox, sees the schedule, pays one installment with a sandbox card in the vault's hosted
// fields, turns autopay on after reading the authorisation, the sandbox clock moves past a due date, the lessee asks
// for the payoff, pays it and sees the lease as owned. axe-core (WCAG 2.2 AA) on each screen, in English and Spanish.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';
import { call, fundedLease, messagesTo, newestCode } from './funded-lease.ts';

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
