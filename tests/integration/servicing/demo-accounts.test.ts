import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDemoAccounts,
  DEMO_ACCOUNT_EMAILS,
  type DemoAccountName,
} from '../../../functions/local/demo-accounts.ts';
import { startServer, type RunningServer } from '../../support/server.ts';
import { StaffClient } from '../staff/client.ts';

// Issue 22 item 10: the demo funded leases `npm start` seeds, one per account state, made through the HTTP API. On a
// server of its own (a new data directory, as `npm start` seeds them): the seeding moves the sandbox clock.

const ADMIN_PASSWORD = 'admin-password-for-tests';
const RETAILER_TOKEN = 'rt_test_token_for_integration_tests';

describe('demo funded leases in each account state', () => {
  let server: RunningServer;
  let leases: Record<DemoAccountName, string>;
  let staff: StaffClient;
  const account = async (name: DemoAccountName) => {
    const res = await staff.get(`/staff/api/leases/${leases[name]}/account`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    server = await startServer();
    leases = await createDemoAccounts(server.baseUrl, {
      adminPassword: ADMIN_PASSWORD,
      retailerApiToken: RETAILER_TOKEN,
    });
    staff = new StaffClient(server.baseUrl);
    expect((await staff.post('/staff/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(
      200,
    );
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('makes one lease per state, each with its own fixed e-mail', () => {
    expect(Object.keys(leases).sort()).toEqual(Object.keys(DEMO_ACCOUNT_EMAILS).sort());
    expect(new Set(Object.values(leases)).size).toBe(Object.keys(DEMO_ACCOUNT_EMAILS).length);
  });

  it('current leases owe nothing past due; one pays by autopay with a card on file', async () => {
    for (const name of ['current', 'currentAutopay'] as const) {
      const a = await account(name);
      expect(a.status).toBe('current');
      expect(a.days_past_due).toBe(0);
      expect(a.past_due).toBe('0.00');
      expect(a.next_payment.due_date > a.today).toBe(true);
    }
    expect(await account('current')).toMatchObject({ autopay: false, payment_method: null });
    expect(await account('currentAutopay')).toMatchObject({
      autopay: true,
      payment_method: { kind: 'card', last4: '4242' },
    });
  });

  it('the past-due lease is past due with a late fee owed', async () => {
    const a = await account('pastDue');
    expect(a.status, JSON.stringify({ ...a, ledger: undefined, schedule: a.schedule.slice(0, 3) })).toBe('pastDue');
    expect(a.days_past_due).toBeGreaterThan(10);
    expect(Number(a.past_due)).toBeGreaterThan(0);
    const fees = a.ledger.filter((e: { kind: string; fee_kind: string }) => e.kind === 'fee' && e.fee_kind === 'late');
    expect(fees).toHaveLength(1);
    expect(a.fees_owed).toBe(fees[0].amount);
  });

  it('paid out and purchased early leases are owned with nothing left to pay', async () => {
    const paidOut = await account('paidOut');
    expect(paidOut).toMatchObject({ status: 'paidOut', owned: true, balance: '0.00', payoff: null });
    expect(paidOut.paid_to_date).toBe(paidOut.total_of_payments);
    const early = await account('purchasedEarly');
    expect(early).toMatchObject({ status: 'purchasedEarly', owned: true, balance: '0.00', payoff: null });
    expect(early.ledger.some((e: { kind: string }) => e.kind === 'payoff')).toBe(true);
    expect(Number(early.paid_to_date)).toBeLessThan(Number(early.total_of_payments));
  });

  it('the returned and the charged-off leases have ended, not owned', async () => {
    expect(await account('returned')).toMatchObject({ status: 'returned', owned: false, balance: '0.00' });
    const chargedOff = await account('chargedOff');
    expect(chargedOff).toMatchObject({ status: 'chargedOff', owned: false, balance: '0.00' });
    expect(chargedOff.ledger.some((e: { kind: string }) => e.kind === 'charge_off')).toBe(true);
  });

  it('a demo lessee signs in to the account with the documented e-mail and a code from the sandbox mailbox', async () => {
    const lessee = new StaffClient(server.baseUrl);
    const email = DEMO_ACCOUNT_EMAILS.pastDue;
    const sentTo = async () =>
      ((await lessee.get('/sandbox/messages')).body.data as { to: string; body: string }[])
        .filter((m) => m.to === email)
        .map((m) => m.body);
    const before = new Set(await sentTo());
    expect((await lessee.post('/customer/api/auth/code', { email })).status).toBe(200);
    let code: string | undefined;
    for (let i = 0; i < 50 && !code; i++) {
      code = /\b(\d{5})\b/.exec((await sentTo()).find((body) => !before.has(body)) ?? '')?.[1];
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    expect(code).toMatch(/^\d{5}$/);
    const verified = await lessee.post('/customer/api/auth/verify', { code });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const mine = await lessee.get('/customer/api/leases');
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body.data)).toContain(leases.pastDue);
  });
});
