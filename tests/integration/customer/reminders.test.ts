import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsentEntry } from '../../../machines/contracts/consents.ts';
import { appendConsent } from '../../../functions/data/consents.ts';
import { listSandboxMessages } from '../../../functions/providers/messaging/sandbox.ts';
import { sendDebitReminder, sendFailedPaymentNotice } from '../../../functions/services/servicing/reminders.ts';
import { Browser, digits, newPerson, seedLease, startCustomerServer, type CustomerServer } from './support.ts';

// Payment reminders (issue 22, item 6), as the collection job calls them: a message before each debit and after a
// failed one, on the channels the lessee agreed to (e-mail with the consent to electronic notices; text only after an
// explicit opt-in), in their language, and never a text to a number that replied STOP.

let server: CustomerServer;

beforeAll(async () => {
  server = await startCustomerServer();
});

afterAll(async () => {
  await server?.stop();
});

const consent = (leaseId: string, entry: Partial<ConsentEntry>) =>
  appendConsent(server.deps.db, leaseId, {
    kind: 'esign',
    lang: 'en',
    actor: 'shopper',
    at: server.deps.clock().toISOString(),
    ...entry,
  } as ConsentEntry);

const messagesTo = async (to: string, purpose: string) =>
  (await listSandboxMessages(server.deps.db, server.deps.clock(), 500)).filter(
    (m) => m.to === to && m.purpose === purpose,
  );

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
    expect(await messagesTo(person.email, 'payment-reminder')).toEqual([]);
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
    const [email] = await messagesTo(person.email, 'payment-reminder');
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
    const [sms] = await messagesTo(digits(person.cell), 'payment-failed');
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
    expect((await messagesTo(digits(person.cell), 'sms-opt-out')).length).toBe(1);
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
