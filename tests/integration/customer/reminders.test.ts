import { describe, expect, it } from 'vitest';
import type { ConsentEntry } from '../../../machines/contracts/consents.ts';
import {
  noticeFailedDebit,
  remindUpcomingDebits,
  REMINDER_DAYS_BEFORE,
  sendDebitReminder,
  sendFailedPaymentNotice,
} from '../../../functions/services/servicing/reminders.ts';
import { putAttempt } from '../../../functions/data/servicing.ts';
import { lenderToday } from '../../../functions/services/servicing/clock.ts';
import { addDays } from '../../../machines/domain/payment-frequency.ts';
import {
  Browser,
  customerServerForFile,
  digits,
  giveConsent,
  messagesTo,
  newPerson,
  seedLease,
  seedServicingAccount,
} from './support.ts';

// Payment reminders (issue 22, item 6), as the collection job calls them: a message before each debit and after a
// failed one, on the channels the lessee agreed to (e-mail with the consent to electronic notices; text only after an
// explicit opt-in), in their language, and never a text to a number that replied STOP.

const server = customerServerForFile();

const consent = (leaseId: string, entry: Partial<ConsentEntry>) => giveConsent(server.deps, leaseId, entry);
const sentTo = (to: string, purpose: string) => messagesTo(server.deps, to, purpose);

describe('payment reminders', () => {
  it('send nothing to a lessee who agreed to nothing', async () => {
    const person = newPerson();
    const lease = await seedLease(server.deps, person);
    const outcome = await sendDebitReminder(server.deps, { leaseId: lease, dueDate: '2026-12-01', amountCents: 4599 });
    expect(outcome.sent).toEqual([]);
    expect(outcome.skipped).toEqual([
      { channel: 'email', why: 'no-consent' },
      { channel: 'sms', why: 'no-consent' },
    ]);
    expect(await sentTo(person.email, 'payment-reminder')).toEqual([]);
  });

  it('e-mail with the consent to electronic notices; text only after the opt-in; in the lessee’s language', async () => {
    const person = newPerson({ language: 'es' });
    const lease = await seedLease(server.deps, person);
    await consent(lease, { kind: 'esign' });
    const before = await sendDebitReminder(server.deps, {
      leaseId: lease,
      dueDate: '2026-12-01',
      amountCents: 4599,
      last4: '4242',
    });
    expect(before.sent).toEqual(['email']);
    const [email] = await sentTo(person.email, 'payment-reminder');
    expect(email!.subject).toBe('Su pago de Keystone Lease-to-Own de $45.99 el 2026-12-01');
    expect(email!.body).toContain('terminada en 4242');
    await consent(lease, { kind: 'reminders', channel: 'sms', granted: true });
    const failed = await sendFailedPaymentNotice(server.deps, {
      leaseId: lease,
      dueDate: '2026-12-01',
      amountCents: 4599,
      reason: 'fondos insuficientes',
    });
    expect(failed.sent).toEqual(['email', 'sms']);
    const [sms] = await sentTo(digits(person.cell), 'payment-failed');
    expect(sms!.body).toMatch(/^Keystone Lease-to-Own: su pago de \$45\.99 del 2026-12-01 no se pudo cobrar\./);
    expect(sms!.body).toContain('STOP');
  });

  it('STOP stops every text, START brings them back; a withdrawn e-mail consent stops e-mails', async () => {
    const person = newPerson();
    const lease = await seedLease(server.deps, person);
    await consent(lease, { kind: 'esign' });
    await consent(lease, { kind: 'reminders', channel: 'sms', granted: true });
    const stop = await new Browser(server.base).post('/sandbox/messages/inbound', {
      from: `+1${digits(person.cell)}`,
      body: 'STOP',
    });
    expect(stop.body.data).toEqual({ action: 'stopped' });
    expect((await sentTo(digits(person.cell), 'sms-opt-out')).length).toBe(1);
    const stopped = await sendDebitReminder(server.deps, { leaseId: lease, dueDate: '2026-12-01', amountCents: 1000 });
    expect(stopped.sent).toEqual(['email']);
    expect(stopped.skipped).toEqual([{ channel: 'sms', why: 'opted-out' }]);
    await new Browser(server.base).post('/sandbox/messages/inbound', { from: person.cell, body: 'start' });
    await consent(lease, { kind: 'reminders', channel: 'email', granted: false });
    const after = await sendDebitReminder(server.deps, { leaseId: lease, dueDate: '2026-12-02', amountCents: 1000 });
    expect(after.sent).toEqual(['sms']);
    expect(after.skipped).toEqual([{ channel: 'email', why: 'no-consent' }]);
  });

  it('ignores other replies and numbers that are not phone numbers', async () => {
    for (const [from, body] of [
      ['3125550123', 'thanks!'],
      ['not a number', 'STOP'],
      ['', 'STOP'],
    ]) {
      const res = await new Browser(server.base).post('/sandbox/messages/inbound', { from, body });
      if (from === '') expect(res.status).toBe(422);
      else expect(res.body.data).toEqual({ action: 'ignored' });
    }
  });
});

/** A lease account as the funding opens it (see `seedServicingAccount`), autopay by card as given. */
const seedAccount = (leaseId: string, firstDue: string, autopay: boolean) =>
  seedServicingAccount(server.deps, leaseId, firstDue, {
    language: 'en',
    paymentMethod: autopay
      ? { kind: 'card', paymentMethodId: 'pm_sbx_saved', customerId: null, brand: 'visa', last4: '4242' }
      : null,
    autopay,
  });

describe('the close of business', () => {
  it('reminds of each autopay debit a few days ahead, once, and not a lessee without autopay', async () => {
    const today = await lenderToday(server.deps);
    const debit = addDays(today, REMINDER_DAYS_BEFORE);
    const withAutopay = newPerson();
    const without = newPerson();
    const a = await seedLease(server.deps, withAutopay);
    const b = await seedLease(server.deps, without);
    for (const lease of [a, b]) await consent(lease, { kind: 'esign' });
    await seedAccount(a, debit, true);
    await seedAccount(b, debit, false);
    expect(await remindUpcomingDebits(server.deps, today)).toBe(1);
    expect(await remindUpcomingDebits(server.deps, today)).toBe(0);
    const [mail] = await sentTo(withAutopay.email, 'payment-reminder');
    expect(mail!.body).toContain(`$50.00 will be charged on ${debit} to your card ending in 4242`);
    expect(await sentTo(without.email, 'payment-reminder')).toEqual([]);
  });

  it('tells the lessee once after a declined debit, with the card network’s reason', async () => {
    const today = await lenderToday(server.deps);
    const person = newPerson();
    const lease = await seedLease(server.deps, person);
    await consent(lease, { kind: 'esign' });
    await seedAccount(lease, today, true);
    await putAttempt(server.deps.db, {
      leaseId: lease,
      installment: 2,
      attempt: 1,
      idempotencyKey: `col_${lease}_2_1`,
      channel: 'card',
      amountCents: 5000,
      status: 'declined',
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      vendorId: null,
      at: server.deps.clock().toISOString(),
      retryOn: addDays(today, 3),
    });
    const due = { leaseId: lease, installment: 2, attempt: 1, amountCents: 5000 };
    expect((await noticeFailedDebit(server.deps, due, today))?.sent).toEqual(['email']);
    expect(await noticeFailedDebit(server.deps, due, today)).toBeUndefined();
    const [mail] = await sentTo(person.email, 'payment-failed');
    expect(mail!.body).toContain('(There was not enough money in the account.)');
  });
});
