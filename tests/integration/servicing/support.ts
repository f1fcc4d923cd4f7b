import { expect } from 'vitest';
import { api } from '../../support/api.ts';
import { journey } from '../checkout/support.ts';
import { asAdmin, type StaffClient } from '../staff/client.ts';

// Servicing through the real endpoints: a retailer checkout signed and paid, delivered and funded by staff, then its
// lease account read and changed through the staff servicing routes, with the sandbox clock moving the lender's date.

let admin: StaffClient | undefined;
export const staff = async () => (admin ??= await asAdmin());

let keys = 0;
export const key = (prefix: string) => `${prefix}-${Date.now()}-${keys++}`;

/** A funded lease (checkout signed and paid, delivery authorized and marked, funded): its id and its lessee's. */
export async function fundedLease(): Promise<{ uuid: string; checkoutId: string; email: string; phone: string }> {
  const s = await journey('completed');
  const uuid = s.uuid!;
  const client = await staff();
  for (let i = 0; i < 100; i++) {
    const res = await client.get(`/staff/api/leases/${uuid}`);
    if (res.body.data?.status === 'Z') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const action of ['authorize-delivery', 'mark-delivered', 'fund', 'complete-funding']) {
    const res = await client.post(`/staff/api/leases/${uuid}/actions/${action}`, {});
    expect(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
  }
  return {
    uuid,
    checkoutId: s.checkoutId,
    email: String(s.fill.applicant.email).toLowerCase(),
    phone: String(s.fill.applicant.cell),
  };
}

export async function account(uuid: string) {
  const res = await (await staff()).get(`/staff/api/leases/${uuid}/account`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

export async function post(uuid: string, path: string, body: unknown, idempotencyKey = key(path)) {
  return (await staff()).call('POST', `/staff/api/leases/${uuid}/account/${path}`, {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

/** The sandbox card vault's session for saving a card (no amount, every kind of card allowed). */
export const cardSessionBody = (reference: string) => ({
  amountCents: 0,
  currency: 'usd',
  reference,
  parentOrigin: 'http://localhost:3000',
  flags: {
    is_prepaid_cards_allowed: true,
    are_credit_cards_allowed: true,
    are_debit_cards_allowed: true,
    is_foreign_cards_allowed: true,
  },
});

/** What the hosted fields send to tokenize a test card in a session. */
export const testCardFields = (sessionId: string, number: string) => ({
  sessionId,
  number,
  expiry: '12/39',
  cvc: '123',
  first_name: 'Test',
  last_name: 'Lessee',
  country: 'US',
});

/** A card token from the sandbox vault's hosted fields (a session, then the fields' tokenize call). */
export async function cardToken(number: string): Promise<string> {
  const session = await api('POST', '/sandbox/checkout-vendors/card-vault/createSession', {
    body: cardSessionBody('servicing-test'),
  });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  const res = await api('POST', '/sandbox/vault/tokenize', {
    body: testCardFields(session.body.data.sessionId, number),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.token as string;
}

export async function clock() {
  const res = await api('GET', '/sandbox/clock');
  expect(res.status).toBe(200);
  return res.body.data as { today: string; offset_days: number; closed_through: string | null };
}

/** Moves the lender's date forward so that `date` has closed (the close of business of every day in between ran). */
export async function closeThrough(date: string) {
  const today = (await clock()).today;
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000) + 1;
  if (days <= 0) return;
  const res = await api('POST', '/sandbox/clock', { body: { advance_days: days } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

export const cents = (decimal: string) => Math.round(Number(decimal) * 100);
