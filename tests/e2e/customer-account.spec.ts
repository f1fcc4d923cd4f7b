// The lessee's account (/account/, issue 22 item 8) against `npm start`: a lease is funded through the API as a
// retailer, a shopper and staff would (checkout, e-sign, down payment, delivery, funding); the lessee signs in with the
// code from the sandbox mailbox, sees the schedule, pays one installment with a sandbox card in the vault's hosted
// fields, turns autopay on after reading the authorisation with a card that is saved and then declines every charge
// (4000 0000 0000 0341); the sandbox clock moves past the due date: the lessee is told the debit was declined, why,
// and when it is tried again (the retailer gets a signed lease.payment_failed); past the retries and the state's
// grace: a late fee within the state's cap, owed and among the receipts, the lease past due; the lessee pays what is
// past due with a good card and is current; then asks for the payoff, pays it and sees the lease as owned. axe-core
// (WCAG 2.2 AA) on each screen, in English and Spanish.
import { expect, test, type Page } from '@playwright/test';
import { lateFeeDue, servicingRuleFor } from '../../machines/domain/servicing/state-servicing-rules.ts';
import type { ScheduleFrequency } from '../../machines/domain/payment-frequency.ts';
import { expectAccessible } from './fixtures.ts';
import { call, fundedLease, messagesTo, newestCode, retailerWebhooks, staffAccount } from './funded-lease.ts';

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

/** `YYYY-MM-DD` as the account pages show a day (MM/DD/YYYY), and back. */
const shown = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const isoOf = (mmddyyyy: string) => `${mmddyyyy.slice(6, 10)}-${mmddyyyy.slice(0, 2)}-${mmddyyyy.slice(3, 5)}`;
const daysFrom = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

async function typeCard(page: Page, section: string, number: string) {
  const fields = page.getByRole('region', { name: section }).frameLocator('iframe[title="Card details"]');
  await fields.getByLabel('Card number').fill(number);
  await fields.getByLabel('Expiration date (MM/YY)').fill('12/34');
  await fields.getByLabel('Security code (CVC)').fill('123');
  await fields.getByLabel('First name').fill('Test');
  await fields.getByLabel('Last name').fill('Lessee');
  await fields.locator('button[type="submit"]').click();
}

test('a lessee signs in, pays an installment, turns autopay on, sees the debit declined, retried and a late fee, catches up and pays off the lease to own it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { email, uuid, checkoutId } = await fundedLease(baseURL!);
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
  // the lease number (one long word) wraps inside a 375 px screen
  const title = await main(page)
    .getByRole('link', { name: /^Lease / })
    .first()
    .boundingBox();
  expect(title!.x + title!.width).toBeLessThanOrEqual(375);
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
  const receipts = main(page).getByRole('table', { name: 'Payments received and fees charged on this lease' });
  await expect(receipts.getByRole('row')).not.toHaveCount(1);

  // autopay: the authorisation first, then on, with a card that is saved and then declines every charge
  const autopay = main(page).getByRole('region', { name: 'Autopay' });
  await expect(autopay.getByText(/^Autopay is not required\./)).toBeVisible();
  await expect(autopay.getByTestId('autopay-terms')).toContainText(/\$\d/);
  await autopay.getByRole('checkbox', { name: 'I have read the authorization above and I agree to it.' }).check();
  await autopay.getByRole('button', { name: 'Turn on autopay' }).click();
  // without a card on file (paying now saves none), the card is asked for in the hosted fields
  await expect(autopay.frameLocator('iframe[title="Card details"]').getByLabel('Card number')).toBeVisible({
    timeout: 20_000,
  });
  await typeCard(page, 'Autopay', '4000000000000341');
  const on = autopay.getByText('Autopay is on: each payment is debited automatically on its due date.');
  await expect(on).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, 'lease with autopay on (en)');

  // the lender's date moves past the next due date: the debit is declined, and the lessee is told when it is retried
  const nextText = await page
    .getByTestId('lease-summary')
    .getByText(/, debited automatically$/)
    .innerText();
  const [, nextAmount, nextDay] = /^(\$[\d,]+\.\d{2}) on (\d{2}\/\d{2}\/\d{4})/.exec(nextText)!;
  const due = isoOf(nextDay!);
  const today = (await call(page.request, 'GET', '/sandbox/clock')).data.today as string;
  await call(page.request, 'POST', '/sandbox/clock', { advance_days: daysFrom(today, due) + 1 });
  const notice = main(page).getByRole('status', { name: 'A payment did not go through' });
  await expect(async () => {
    await page.reload();
    await expect(notice).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(notice).toContainText(
    `Your automatic payment of ${nextAmount} on ${nextDay} was declined by your card issuer. Card ending in 0341.`,
  );
  await expect(notice).toContainText('Reason: The card issuer declined the charge without giving a reason.');
  const nextStep = notice.locator('strong');
  await expect(nextStep).toHaveText(/^We will try this payment again on \d{2}\/\d{2}\/\d{4}\./);
  const retryDay = isoOf(/on (\d{2}\/\d{2}\/\d{4})\./.exec(await nextStep.innerText())![1]!);
  expect(retryDay > due).toBe(true);
  await expect(notice).not.toContainText('4000000000000341');
  await expect(page.getByTestId('lease-status')).toHaveText(/^Past due/);
  await expect(page.getByTestId('lease-fees')).toHaveText('$0.00');
  await expectAccessible(page, 'lease with a declined payment (en)');
  await switchLang(page, 'es');
  const aviso = main(page).getByRole('status', { name: 'Un pago no se pudo cobrar' });
  await expect(aviso).toContainText(`Intentaremos cobrar este pago otra vez el ${shown(retryDay)}.`);
  await expectAccessible(page, 'lease with a declined payment (es)');
  await switchLang(page, 'en');
  await expect(notice).toBeVisible();
  // the retailer is told too, by a signed webhook
  await expect
    .poll(
      async () =>
        (await retailerWebhooks(page.request)).some(
          (w) => w.type === 'lease.payment_failed' && w.checkout_id === checkoutId && w.verified,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);

  // past the retries and the state's grace: a late fee within the state's cap, owed and among the receipts
  const account = await staffAccount(baseURL!, uuid);
  const rule = servicingRuleFor(account.state as string);
  const terms = [rule.lateFee.weekly, rule.lateFee.monthly].flatMap((t) => (t ? [t.fromDaysLate] : []));
  const lateBy = Math.max(...terms, daysFrom(due, retryDay) * 2 + 1);
  const todayNow = (await call(page.request, 'GET', '/sandbox/clock')).data.today as string;
  await call(page.request, 'POST', '/sandbox/clock', { advance_days: daysFrom(todayNow, due) + lateBy + 1 });
  const fees = page.getByTestId('lease-fees');
  await expect(async () => {
    await page.reload();
    await expect(fees).not.toHaveText('$0.00', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByTestId('lease-status')).toHaveText(/^Past due \d+ days$/);
  const fee = cents(await fees.innerText());
  const installment = (account.schedule as { due_date: string; amount: string }[]).find((i) => i.due_date === due)!;
  const cap = lateFeeDue({
    rule,
    frequency: account.frequency as ScheduleFrequency,
    paymentCents: cents(installment.amount),
    daysLate: lateBy,
    alreadyCharged: false,
    contractFeeCents: Number.MAX_SAFE_INTEGER,
  });
  expect(fee).toBeGreaterThan(0);
  expect(fee).toBeLessThanOrEqual(cap);
  await expect(
    receipts.getByRole('row', { name: new RegExp(`Late fee charged: \\$${(fee / 100).toFixed(2)}`) }),
  ).toHaveCount(1);
  await expect(notice).toBeVisible();
  await axeBoth(page, 'past-due lease with a late fee', [/^Lease /, /^Arrendamiento /]);

  // the lessee pays what is past due with a good card: the lease is current and the notice gone
  await main(page).getByRole('button', { name: 'Continue to card details' }).click();
  await typeCard(page, 'Make a payment', '4242424242424242');
  await expect(main(page).getByText(/^Thank you\. We received \$[\d,]+\.\d{2}\./)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('lease-status')).toHaveText('Current');
  await expect(notice).toHaveCount(0);

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
