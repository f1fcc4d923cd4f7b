import { describe, expect, it } from 'vitest';
import type { ConsentEntry } from '../../../machines/contracts/consents.ts';
import { addDays } from '../../../machines/domain/payment-frequency.ts';
import { REG_E_VARYING_NOTICE_DAYS } from '../../../machines/domain/servicing/nacha.ts';
import { getAttempt, type DueItem } from '../../../functions/data/servicing.ts';
import { lenderToday } from '../../../functions/services/servicing/clock.ts';
import { collectDue } from '../../../functions/services/servicing/collection.ts';
import { noticeVaryingDebits, varyingNoticeFor } from '../../../functions/services/servicing/reminders.ts';
import {
  customerServerForFile,
  giveConsent,
  INSTALLMENT_CENTS,
  messagesTo,
  newPerson,
  seedLease,
  seedServicingAccount,
  type Person,
} from '../customer/support.ts';
import { cardSessionBody, testCardFields } from './support.ts';

// Regulation E (12 CFR 1005.10(d)), issue 22: an autopay debit that would take more than the scheduled installment
// (a late fee owed added to it) is announced to the lessee at least 10 days before, on a channel they consented to and
// in their language; the debit takes the announced amount only then, and the installment alone otherwise.

const server = customerServerForFile();

const FEE_CENTS = 500;

const consent = (leaseId: string, entry: Partial<ConsentEntry>) => giveConsent(server.deps, leaseId, entry);
const noticesTo = (to: string) => messagesTo(server.deps, to, 'payment-amount-notice');

/** A card saved for off-session debits in the sandbox vault (the hosted fields' token, then saved). */
async function savedCard(): Promise<string> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Record<string, string> }).data;
  };
  const session = await post('/sandbox/checkout-vendors/card-vault/createSession', cardSessionBody('reg-e-test'));
  const { token } = await post('/sandbox/vault/tokenize', testCardFields(session.sessionId!, '4242424242424242'));
  const saved = await server.deps.providers.cardVault.saveForOffSession({ token: token!, reference: 'reg-e-test' });
  return saved.paymentMethodId;
}

/** An autopay account: 4 installments of $50 every 14 days (the first paid at signing), a $5 late fee owed. */
async function seedAccount(person: Person, debitDate: string, withConsent: boolean) {
  const leaseId = await seedLease(server.deps, person);
  if (withConsent) await consent(leaseId, { kind: 'esign' });
  return seedServicingAccount(server.deps, leaseId, debitDate, {
    language: person.language === 'es' ? 'es' : 'en',
    paymentMethod: { kind: 'card', paymentMethodId: await savedCard(), customerId: null, brand: 'visa', last4: '4242' },
    autopay: true,
    feesCents: FEE_CENTS,
  });
}

describe('Regulation E: an autopay debit that differs from the schedule', () => {
  it('is announced 10 days before in the lessee’s language, and then takes the fee with the installment', async () => {
    const today = await lenderToday(server.deps);
    // The close of business of `closed` runs on the lender's `today`: it announces the debits 10 days from today.
    const closed = addDays(today, -1);
    const debitDate = addDays(today, REG_E_VARYING_NOTICE_DAYS);
    const person = newPerson({ language: 'es' });
    const due = await seedAccount(person, debitDate, true);

    expect(await noticeVaryingDebits(server.deps, closed)).toBeGreaterThanOrEqual(1);
    // Once per debit attempt, however often the close runs.
    expect(await noticeVaryingDebits(server.deps, closed)).toBe(0);
    const [mail, again] = await noticesTo(person.email);
    expect(again).toBeUndefined();
    expect(mail!.body).toContain('$55.00');
    expect(mail!.body).toContain('$50.00');
    expect(mail!.body).toContain('cargos pendientes');
    expect(await varyingNoticeFor(server.deps, due)).toEqual({ amountCents: 5500, sentOn: today });

    expect(await collectDue(server.deps, due as DueItem, debitDate)).toBe('succeeded');
    const attempt = await getAttempt(server.deps.db, due.leaseId, 2, 1, server.deps.clock());
    expect(attempt?.amountCents).toBe(INSTALLMENT_CENTS + FEE_CENTS);
  });

  it('without consent no notice goes out, and the debit takes the scheduled installment only', async () => {
    const today = await lenderToday(server.deps);
    const debitDate = addDays(today, REG_E_VARYING_NOTICE_DAYS);
    const person = newPerson();
    const due = await seedAccount(person, debitDate, false);

    await noticeVaryingDebits(server.deps, addDays(today, -1));
    expect(await noticesTo(person.email)).toEqual([]);
    expect(await varyingNoticeFor(server.deps, due)).toBeNull();

    expect(await collectDue(server.deps, due as DueItem, debitDate)).toBe('succeeded');
    const attempt = await getAttempt(server.deps.db, due.leaseId, 2, 1, server.deps.clock());
    expect(attempt?.amountCents).toBe(INSTALLMENT_CENTS);
  });

  it('a fee owed too late for a notice 10 days before leaves the debit at the scheduled amount', async () => {
    const today = await lenderToday(server.deps);
    const debitDate = addDays(today, REG_E_VARYING_NOTICE_DAYS - 1);
    const person = newPerson();
    const due = await seedAccount(person, debitDate, true);

    // The close of yesterday announces the debits of 10 days from today: not this one, 9 days away.
    await noticeVaryingDebits(server.deps, addDays(today, -1));
    expect(await noticesTo(person.email)).toEqual([]);

    expect(await collectDue(server.deps, due as DueItem, debitDate)).toBe('succeeded');
    const attempt = await getAttempt(server.deps.db, due.leaseId, 2, 1, server.deps.clock());
    expect(attempt?.amountCents).toBe(INSTALLMENT_CENTS);
  });
});
