// A lease in the account against the msw lessee API: the summary, the schedule and the receipts (amount paid, amount
// due, remaining to ownership); pay now through the vault's hosted fields (the amount checked first, the server's
// refusal on the field, a token charged once per Idempotency-Key); autopay only after agreeing to the Regulation E
// text, and off again in one click; moving the next date within the range; the payoff quote paid to own it; a return
// only after confirming; a foreign lease id.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import type { CustomerLeaseDetail } from '../../../machines/contracts/customer-api.ts';
import { AUTOPAY_TEXT, customerApi, demoLease, LEASE_ID, SMS_CONSENT_TEXT } from '../../../msw/customer-handlers.ts';
import { renderAccount, vaultPosts } from './render-account.tsx';
import { serveDuringTests } from '../../support/msw-server.ts';
import { DECLINED_CARD_PROBLEM, UNAUTHORISED_RETURN_PROBLEM } from '../../support/payment-problems.ts';

const server = setupServer();
vi.setConfig({ testTimeout: 20_000 });
serveDuringTests(server);

async function openLease() {
  const api = customerApi({ signedIn: true });
  server.use(...api.handlers);
  renderAccount(`#/leases/${LEASE_ID}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Lease L-1001' }, { timeout: 5000 })).toBeVisible();
  return api.state;
}

const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section')!;
const fact = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('a lease in the account', () => {
  it('shows what is paid, due and left, the next payment, the schedule and the receipts', async () => {
    await openLease();
    const summary = section('Summary');
    expect(fact(summary, 'Status')).toHaveTextContent('Current');
    expect(fact(summary, 'Paid so far')).toHaveTextContent('$54.99');
    expect(fact(summary, 'Due now')).toHaveTextContent('$0.00');
    expect(fact(summary, 'Remaining to ownership')).toHaveTextContent('$604.89');
    expect(fact(summary, 'Next payment')).toHaveTextContent('$54.99 on 02/01/2026');
    expect(fact(summary, 'Payments')).toHaveTextContent('every month');

    const schedule = screen.getByRole('table', { name: 'Every scheduled payment of this lease' });
    expect(
      within(schedule)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['No.', 'Due date', 'Amount', 'Paid', 'Status']);
    const rows = within(schedule).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows[0]!.textContent).toBe('101/01/2026$54.99$54.99Paid');
    expect(rows[1]!.textContent).toBe('202/01/2026$54.99$0.00Due');

    const receipts = screen.getByRole('table', { name: 'Payments received and fees charged on this lease' });
    expect(
      within(receipts)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Description', 'Amount paid', 'Amount due', 'Remaining to ownership']);
    expect(within(receipts).getAllByRole('row')[1]!.textContent).toBe('01/01/2026Payment$54.99$54.99$604.89');
    expect(fact(summary, 'Fees owed')).toHaveTextContent('$0.00');
    expect(screen.queryByRole('status', { name: 'A payment did not go through' })).toBeNull();
  });

  it('pays now with a token from the hosted fields, after checking the amount', async () => {
    const state = await openLease();
    const user = userEvent.setup();
    const pay = section('Make a payment');
    const amount = within(pay).getByLabelText('Amount to pay (USD)');
    expect(amount).toHaveValue('54.99');

    await user.clear(amount);
    await user.type(amount, '700');
    await user.click(within(pay).getByRole('button', { name: 'Continue to card details' }));
    expect(amount).toHaveAccessibleDescription(/You can pay at most \$604.89, what remains to ownership./);
    expect(state.calls).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '12.3.4');
    await user.click(within(pay).getByRole('button', { name: 'Continue to card details' }));
    expect(amount).toHaveAccessibleDescription(/Enter an amount in dollars and cents/);

    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(within(pay).getByRole('button', { name: 'Continue to card details' }));
    const frame = await within(pay).findByTitle<HTMLIFrameElement>('Card details');
    expect(state.calls[0]).toMatchObject({ path: 'card-session', body: { amount: 10_000, purpose: 'payment' } });
    // a message from another origin or frame is ignored; the vault's own token is charged
    window.postMessage({ type: 'vault.tokenized', token: 'tok_forged' }, '*');
    vaultPosts(frame, { type: 'vault.ready' });
    vaultPosts(frame, { type: 'vault.tokenized', token: 'tok_visa', card: { last4: '4242' } });
    expect(
      await within(pay).findByText('Thank you. We received $100.00. Remaining to ownership: $504.89.'),
    ).toBeVisible();
    const charges = state.calls.filter((c) => c.path === 'payments');
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ body: { amount: 10_000, token: 'tok_visa' }, csrf: 'csrf-test-token' });
    expect(charges[0]!.idempotencyKey).toMatch(/\S{16,}/);
    expect(JSON.stringify(state.calls)).not.toMatch(/\b4242424242424242\b/);
    expect(fact(section('Summary'), 'Remaining to ownership')).toHaveTextContent('$504.89');
    const receipts = screen.getByRole('table', { name: 'Payments received and fees charged on this lease' });
    expect(within(receipts).getAllByRole('row')[1]!.textContent).toBe('01/20/2026Payment$100.00$54.99$504.89');
  });

  it('turns autopay on only after the lessee agrees to the authorization, and off in one click', async () => {
    const state = await openLease();
    const user = userEvent.setup();
    const autopay = section('Autopay');
    expect(within(autopay).getByText('Autopay is off: you pay each payment yourself.')).toBeVisible();
    expect(within(autopay).getByText(/^Autopay is not required\./)).toBeVisible();
    expect(within(autopay).getByText(AUTOPAY_TEXT)).toBeVisible();

    await user.click(within(autopay).getByRole('button', { name: 'Turn on autopay' }));
    const agree = within(autopay).getByRole('checkbox', {
      name: 'I have read the authorization above and I agree to it.',
    });
    expect(agree).toHaveAccessibleDescription(/To turn on autopay, check the box to agree to the authorization.$/);
    expect(agree).toHaveFocus();
    expect(state.calls).toEqual([]);

    await user.click(agree);
    await user.click(within(autopay).getByRole('button', { name: 'Turn on autopay' }));
    expect(
      await within(autopay).findByText('Autopay is on: each payment is debited automatically on its due date.'),
    ).toBeVisible();
    expect(state.calls[0]).toMatchObject({
      path: 'autopay',
      body: { enabled: true, accept_authorisation: true, authorisation_version: 'autopay-2026-11' },
    });
    expect(fact(section('Summary'), 'Next payment')).toHaveTextContent('$54.99 on 02/01/2026, debited automatically');

    await user.click(within(autopay).getByRole('button', { name: 'Turn off autopay' }));
    expect(await within(autopay).findByText('Autopay is off: you pay each payment yourself.')).toBeVisible();
    expect(state.calls[1]).toMatchObject({ path: 'autopay', body: { enabled: false } });
  });

  it('turns text reminders on with their consent text beside the choice', async () => {
    const state = await openLease();
    const user = userEvent.setup();
    const reminders = section('Payment reminders');
    expect(within(reminders).getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
    const sms = within(reminders).getByRole('checkbox', { name: 'Text message' });
    expect(sms).not.toBeChecked();
    expect(sms).toHaveAccessibleDescription(SMS_CONSENT_TEXT);
    await user.click(sms);
    await user.click(within(reminders).getByRole('button', { name: 'Save reminder choices' }));
    expect(await within(reminders).findByText('Your reminder choices are saved.')).toBeVisible();
    expect(state.calls).toEqual([
      expect.objectContaining({ path: 'reminders', body: expect.objectContaining({ sms: true, email: true }) }),
    ]);
    expect(sms).toBeChecked();
  });

  it('moves the next payment date within the lender range', async () => {
    const state = await openLease();
    const user = userEvent.setup();
    const move = section('Move a payment date');
    const date = within(move).getByLabelText('New due date');
    expect(date).toHaveAccessibleDescription('Choose a date from 02/01/2026 to 02/15/2026.');
    await user.type(date, '2026-03-01');
    await user.click(within(move).getByRole('button', { name: 'Move the date' }));
    expect(date).toHaveAccessibleDescription(/Choose a date from 02\/01\/2026 to 02\/15\/2026.$/);
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(state.calls).toEqual([]);

    await user.clear(date);
    await user.type(date, '2026-02-10');
    await user.click(within(move).getByRole('button', { name: 'Move the date' }));
    expect(await within(move).findByText('The payment is now due on 02/10/2026.')).toBeVisible();
    expect(fact(section('Summary'), 'Next payment')).toHaveTextContent('$54.99 on 02/10/2026');
  });

  it('quotes the payoff with the day it holds until, pays it, and reads as owned', async () => {
    const state = await openLease();
    const user = userEvent.setup();
    const payoff = section('Pay off and own it');
    await user.click(within(payoff).getByRole('button', { name: 'Get my payoff amount' }));
    const quote = await within(payoff).findByTestId('payoff-quote');
    expect(fact(quote, 'Payoff amount')).toHaveTextContent('$612.50');
    expect(fact(quote, 'Valid until')).toHaveTextContent('01/31/2026');
    await user.click(within(payoff).getByRole('button', { name: 'Pay $612.50 and own it' }));
    const frame = await within(payoff).findByTitle<HTMLIFrameElement>('Card details');
    vaultPosts(frame, { type: 'vault.tokenized', token: 'tok_visa', card: { last4: '4242' } });
    expect(await screen.findByText('You own your items. There is nothing more to pay on this lease.')).toBeVisible();
    expect(fact(section('Summary'), 'Status')).toHaveTextContent('Owned (purchased early)');
    expect(fact(section('Summary'), 'Remaining to ownership')).toHaveTextContent('$0.00');
    expect(state.calls.filter((c) => c.path === 'payoff')).toEqual([
      expect.objectContaining({ body: expect.objectContaining({ amount: 61_250, token: 'tok_visa' }) }),
    ]);
    // nothing left to do on an owned lease
    expect(screen.queryByRole('heading', { name: 'Make a payment' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Return your items' })).toBeNull();
  });

  it('starts a return only after it is confirmed', async () => {
    const state = await openLease();
    const user = userEvent.setup();
    const ret = section('Return your items');
    await user.click(within(ret).getByRole('button', { name: 'Start a return' }));
    expect(within(ret).getByRole('heading', { level: 3, name: 'Start the return?' })).toHaveFocus();
    await user.click(within(ret).getByRole('button', { name: 'No, keep my lease' }));
    expect(state.calls).toEqual([]);
    await user.click(within(ret).getByRole('button', { name: 'Start a return' }));
    await user.click(within(ret).getByRole('button', { name: 'Yes, start the return' }));
    expect(await screen.findByText('We will call you within 2 business days to arrange the pickup.')).toBeVisible();
    expect(fact(section('Summary'), 'Status')).toHaveTextContent('Return started');
    expect(state.calls.map((c) => c.path)).toEqual(['return']);
  });

  it('tells the lessee an autopay debit was declined, why, when it is tried again, and the late fee charged', async () => {
    const lease: CustomerLeaseDetail = {
      ...demoLease(),
      status: 'past_due',
      days_past_due: 11,
      past_due: 5_499,
      fees_owed: 500,
      payment_problem: {
        date: '2026-02-04',
        amount: 5_499,
        installment: 2,
        attempt: 2,
        ...DECLINED_CARD_PROBLEM,
        retry_on: '2026-02-07',
      },
    };
    lease.receipts = [
      {
        id: 'late_1',
        paid_at: '2026-02-11T23:59:59.500Z',
        kind: 'fee',
        method: 'other',
        last4: null,
        amount_paid: 0,
        amount_due: 5_999,
        remaining_to_ownership: 60_989,
        fee_kind: 'late',
        fee_amount: 500,
      },
      ...lease.receipts,
    ];
    server.use(...customerApi({ signedIn: true, lease }).handlers);
    renderAccount(`#/leases/${LEASE_ID}`);
    const notice = await screen.findByRole('status', { name: 'A payment did not go through' }, { timeout: 5000 });
    expect(notice).toHaveTextContent(
      'Your automatic payment of $54.99 on 02/04/2026 was declined by your card issuer. Card ending in 0341.',
    );
    expect(notice).toHaveTextContent('Reason: The card issuer declined the charge without giving a reason.');
    expect(notice).toHaveTextContent('We will try this payment again on 02/07/2026.');
    expect(notice).toHaveTextContent('Reference for customer service: card_declined');
    const summary = section('Summary');
    expect(fact(summary, 'Status')).toHaveTextContent('Past due 11 days');
    expect(fact(summary, 'Fees owed')).toHaveTextContent('$5.00');
    const receipts = screen.getByRole('table', { name: 'Payments received and fees charged on this lease' });
    expect(within(receipts).getAllByRole('row')[1]!.textContent).toBe(
      '02/11/2026Late fee charged: $5.00$0.00$59.99$609.89',
    );

    // in Spanish, from the catalogue at once
    await userEvent.setup().click(screen.getByRole('button', { name: 'Español' }));
    const aviso = await screen.findByRole('status', { name: 'Un pago no se pudo cobrar' });
    expect(aviso).toHaveTextContent('Intentaremos cobrar este pago otra vez el 02/07/2026.');
    expect(aviso).toHaveTextContent('Motivo: El emisor de la tarjeta rechazó el cobro sin indicar el motivo.');
    expect(fact(section('Resumen'), 'Cargos pendientes')).toHaveTextContent('$5.00');
  });

  it('says a returned bank debit is not tried again until a new authorization, with only the last 4 shown', async () => {
    const lease: CustomerLeaseDetail = {
      ...demoLease(),
      status: 'past_due',
      days_past_due: 1,
      past_due: 5_499,
      payment_problem: {
        date: '2026-02-01',
        amount: 5_499,
        installment: 2,
        attempt: 1,
        ...UNAUTHORISED_RETURN_PROBLEM,
        retry_on: null,
      },
    };
    server.use(...customerApi({ signedIn: true, lease }).handlers);
    renderAccount(`#/leases/${LEASE_ID}`);
    const notice = await screen.findByRole('status', { name: 'A payment did not go through' }, { timeout: 5000 });
    expect(notice).toHaveTextContent('was returned by your bank. Bank account ending in 0110.');
    expect(notice).toHaveTextContent('The bank says the account holder did not authorize the debit.');
    expect(notice).toHaveTextContent(
      'We will not try this payment again until you give us a new card or authorize your bank account again.',
    );
    expect(notice).not.toHaveTextContent('try this payment again on');
  });

  it('answers a lease that is not the lessee’s with a message, in Spanish too', async () => {
    server.use(...customerApi({ signedIn: true }).handlers);
    renderAccount('#/leases/lea_someone_else', 'es');
    expect(await screen.findByText('No encontramos este arrendamiento en su cuenta.')).toBeVisible();
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
  });
});
