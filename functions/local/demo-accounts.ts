import { CHARGE_OFF_MIN_DAYS_PAST_DUE } from '../../machines/lease-account/lease-account.machine.ts';
import { getItem, putItem } from '../data/items.ts';
import type { Deps } from '../platform/deps.ts';
import { call, paidCheckout } from './demo-leases.ts';

// Demo funded leases in each account state for `npm start`, made like real records: a retailer checkout signed and
// paid by a shopper (demo-leases.ts), delivered and funded by staff through the staff API, then serviced through the
// staff servicing API (payments, payoff, postings, card on file and autopay) and the sandbox clock. Each lessee has a
// fixed e-mail (README, "Demo lessee accounts") to sign in to /account/ with a code from the sandbox mailbox.
// Past due and charged off need time to pass: those two are funded first, then the sandbox clock is moved past their
// first unpaid due date and its late fee's grace (the close of business of each day runs, as in real life); the other
// leases are funded after the move, so their schedules start on the moved date and they are current
// (docs/decisions.md, issue 22 item 10). Runs once, on a new data directory, after the demo lease records.

const MARKER = { pk: 'SYSTEM#SEED', sk: 'DEMO_ACCOUNTS' };

/** The demo lessees' e-mails by the account state their lease is left in. */
export const DEMO_ACCOUNT_EMAILS = {
  current: 'demo-current@example.com',
  currentAutopay: 'demo-autopay@example.com',
  pastDue: 'demo-past-due@example.com',
  paidOut: 'demo-paid-out@example.com',
  purchasedEarly: 'demo-purchased-early@example.com',
  returned: 'demo-returned@example.com',
  chargedOff: 'demo-charged-off@example.com',
} as const;

export type DemoAccountName = keyof typeof DEMO_ACCOUNT_EMAILS;

type Json = Record<string, any>;

/** The longest late-fee grace of any state (servicing rules): past it, the close of business has posted the fee. */
const LATE_FEE_GRACE_DAYS = 10;

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/** A staff member signed in to the staff API (session cookie, CSRF token echoed), as the staff portal is. */
export class StaffSession {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Json> {
    const csrf = this.cookies.get('csrf_token');
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(method !== 'GET' && csrf ? { 'x-csrf-token': csrf } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const cookie of res.headers.getSetCookie()) {
      const pair = cookie.split(';')[0]!;
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await res.text();
    const json = text ? (JSON.parse(text) as Json) : {};
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${json.message ?? text.slice(0, 200)}`);
    return json;
  }

  account = async (leaseId: string) => (await this.call('GET', `/staff/api/leases/${leaseId}/account`)).data as Json;

  /** A servicing request on the lease's account (its idempotency key fixed, so a retry records it once). */
  service = (leaseId: string, path: string, body: unknown) =>
    this.call('POST', `/staff/api/leases/${leaseId}/account/${path}`, body, {
      'idempotency-key': `demo-${path}-${leaseId}`,
    });
}

/** A paid checkout for `email`, then delivered and funded by staff: its lease id (the account opens at funding). */
export async function fundedLease(
  base: string,
  staff: StaffSession,
  apiToken: string,
  email?: string,
  options: Parameters<typeof paidCheckout>[3] = {},
): Promise<string> {
  const { uuid: leaseId } = await paidCheckout(base, apiToken, email, options);
  // The lease reaches "awaiting delivery authorization" once the down payment is processed.
  for (let i = 0; i < 100; i++) {
    if (((await staff.call('GET', `/staff/api/leases/${leaseId}`)).data as Json)?.status === 'Z') break;
    await new Promise((r) => setTimeout(r, 150));
  }
  for (const action of ['authorize-delivery', 'mark-delivered', 'fund', 'complete-funding'])
    await staff.call('POST', `/staff/api/leases/${leaseId}/actions/${action}`, {});
  return leaseId;
}

/** A card token from the sandbox vault's hosted fields (its session, then the fields' tokenize call). */
export async function cardToken(base: string, number: string): Promise<string> {
  const session = (
    await call(base, 'POST', '/sandbox/checkout-vendors/card-vault/createSession', {
      amountCents: 0,
      currency: 'usd',
      reference: 'demo-autopay',
      parentOrigin: base,
      flags: {
        is_prepaid_cards_allowed: true,
        are_credit_cards_allowed: true,
        are_debit_cards_allowed: true,
        is_foreign_cards_allowed: true,
      },
    })
  ).data as Json;
  const card = (
    await call(base, 'POST', '/sandbox/vault/tokenize', {
      sessionId: session.sessionId,
      number,
      expiry: '12/39',
      cvc: '123',
      first_name: 'Demo',
      last_name: 'Lessee',
      country: 'US',
    })
  ).data as Json;
  return card.token as string;
}

/**
 * Makes the demo funded leases through the running server's HTTP API and returns their lease ids by state. Moves the
 * sandbox clock forward (see the top of this file): meant for a new data directory.
 */
export async function createDemoAccounts(
  base: string,
  credentials: { adminPassword: string; retailerApiToken: string },
): Promise<Record<DemoAccountName, string>> {
  const staff = new StaffSession(base);
  await staff.call('POST', '/staff/api/auth/login', { username: 'admin', password: credentials.adminPassword });
  const fund = (name: DemoAccountName) =>
    fundedLease(base, staff, credentials.retailerApiToken, DEMO_ACCOUNT_EMAILS[name]);

  // Charged off, then past due: each funded, then the lender's date moved past its first unpaid due date: for the
  // charge-off, past the days the account machine asks for before one (CHARGE_OFF_MIN_DAYS_PAST_DUE); for past due,
  // past the late fee's grace. First the days not closed yet (on a new data directory none is), so that each move
  // closes every day it passes: the due date, then the late fee at the end of the grace.
  await call(base, 'POST', '/sandbox/clock', { advance_days: 0 });
  const moveClockPastFirstDue = async (lease: string, extraDays: number) => {
    const opened = await staff.account(lease);
    const days = dayNumber(opened.next_payment.due_date as string) + extraDays - dayNumber(opened.today as string);
    await call(base, 'POST', '/sandbox/clock', { advance_days: days });
  };
  const chargedOff = await fund('chargedOff');
  await moveClockPastFirstDue(chargedOff, CHARGE_OFF_MIN_DAYS_PAST_DUE + 1);
  await staff.service(chargedOff, 'postings', { kind: 'charge_off', note: 'Demo: no payment after collection.' });
  const pastDue = await fund('pastDue');
  await moveClockPastFirstDue(pastDue, LATE_FEE_GRACE_DAYS + 2);

  // Funded after the move: their schedules start on the lender's date, so they are current.
  const current = await fund('current');
  const currentAutopay = await fund('currentAutopay');
  await staff.service(currentAutopay, 'payment-method', {
    kind: 'card',
    token: await cardToken(base, '4242424242424242'),
  });
  await staff.service(currentAutopay, 'autopay', { enabled: true });

  const paidOut = await fund('paidOut');
  const toTerm = (await staff.account(paidOut)).balance as string;
  await staff.service(paidOut, 'payments', { amount: toTerm, source: { kind: 'cash', reference: 'demo-paid-out' } });

  const purchasedEarly = await fund('purchasedEarly');
  const quote = (await staff.account(purchasedEarly)).payoff as Json;
  await staff.service(purchasedEarly, 'payoff', {
    amount: quote.amount as string,
    source: { kind: 'cash', reference: 'demo-payoff' },
  });

  const returned = await fund('returned');
  await staff.service(returned, 'postings', { kind: 'return', note: 'Demo: items returned to the store.' });

  return { current, currentAutopay, pastDue, paidOut, purchasedEarly, returned, chargedOff };
}

/** `npm start`: once per data directory (a marker item holding the lease ids), never in tests (DEMO_LEASES=0). */
export async function seedDemoAccounts(
  deps: Deps,
  base: string,
  credentials: { adminPassword?: string; retailerApiToken?: string },
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  if (env.DEMO_LEASES === '0' || deps.config.stage === 'prod') return;
  const { adminPassword, retailerApiToken } = credentials;
  if (!adminPassword || !retailerApiToken) return;
  if (await getItem(deps.db, MARKER, deps.clock())) return;
  const leases = await createDemoAccounts(base, { adminPassword, retailerApiToken });
  await putItem(deps.db, { ...MARKER, entity: 'seedMarker', v: 1, at: deps.clock().toISOString(), leases });
}
