// msw 2 handlers for the lessee's API (machines/contracts/customer-api.ts), for the account pages' component tests and
// a backend-less demo: sign-in by one-time code (GOOD_CODE signs in; a wrong code answers 422 with the attempts left;
// the fifth wrong one 429), the lessee's one lease with a 12-payment schedule, pay now (a token from the hosted
// fields; an amount above what is owed is a 422 on `amount`), the payoff quote and its payment, autopay with the
// Regulation E text, payment reminders, moving the next date within a range, and a return. State lives in the object made by
// `customerApi()`, so each test starts from its own.
import { http, HttpResponse } from 'msw';
import type {
  CustomerLeaseDetail,
  CustomerLeaseSummary,
  CustomerMe,
  PaymentResultView,
  PayoffQuoteView,
  ReceiptView,
  ScheduleEntryView,
} from '../machines/contracts/customer-api.ts';

export const GOOD_CODE = '24680';
export const LEASE_ID = 'lea_demo_1';
export const VAULT_ORIGIN = 'http://vault.test';
export const PAYOFF_CENTS = 61_250;
export const AUTOPAY_TEXT =
  'I authorize Keystone Lease-to-Own to debit $54.99 from my card ending in 4242 on each due date, every month, starting 02/01/2026.';

export const SMS_CONSENT_TEXT =
  'I agree to receive payment reminders by text message at the number on my lease. Message and data rates may apply. Reply STOP to stop.';

const ok = <T>(data: T, code = 200) => HttpResponse.json({ status: true, code, data }, { status: code });
const fail = (code: number, message: string, errors?: Record<string, string[]>) =>
  HttpResponse.json({ status: false, code, data: null, message, ...(errors ? { errors } : {}) }, { status: code });

function schedule(): ScheduleEntryView[] {
  return Array.from({ length: 12 }, (_, i) => ({
    number: i + 1,
    due_date: `2026-${String(i + 1).padStart(2, '0')}-01`,
    amount: 5_499,
    paid: i === 0 ? 5_499 : 0,
    status: i === 0 ? 'paid' : i === 1 ? 'due' : 'scheduled',
  }));
}

export interface CustomerApiState {
  signedIn: boolean;
  wrongCodes: number;
  lease: CustomerLeaseDetail;
  /** Bodies of the mutating calls, in order, with their Idempotency-Key and CSRF headers. */
  calls: { path: string; body: Record<string, unknown>; idempotencyKey: string | null; csrf: string | null }[];
}

export function demoLease(): CustomerLeaseDetail {
  const receipt: ReceiptView = {
    id: 'rct_1',
    paid_at: '2026-01-01T15:00:00.000Z',
    kind: 'payment',
    method: 'card',
    last4: '4242',
    amount_paid: 5_499,
    amount_due: 5_499,
    remaining_to_ownership: 60_489,
    fee_kind: null,
    fee_amount: 0,
  };
  return {
    id: LEASE_ID,
    lease_number: 'L-1001',
    status: 'current',
    retailer_name: 'Demo Electronics',
    store_name: 'Main Street',
    description: '55" TV, soundbar',
    balance: 60_489,
    past_due: 0,
    next_payment: { due_date: '2026-02-01', amount: 5_499, autopay: false },
    days_past_due: 0,
    frequency: 'monthly',
    total_of_payments: 65_988,
    total_paid: 5_499,
    fees_owed: 0,
    payment_problem: null,
    cash_price: 40_000,
    schedule: schedule(),
    receipts: [receipt],
    autopay: {
      enabled: false,
      changed_at: null,
      last4: '4242',
      authorisation_text: AUTOPAY_TEXT,
      authorisation_version: 'autopay-2026-11',
    },
    due_date_change: {
      allowed: true,
      reason: null,
      earliest: '2026-02-01',
      latest: '2026-02-15',
      changes_left: 2,
    },
    payoff_available: true,
    return_available: true,
    return_request: null,
    reminders: { sms: false, email: true, sms_consent_text: SMS_CONSENT_TEXT },
  };
}

const ME: CustomerMe = {
  first_name: 'Jane',
  signed_in_with: '•••• 0100',
  lang: 'en',
  lease_ids: [LEASE_ID],
  csrf_token: 'csrf-test-token',
  expires_at: '2026-01-01T16:00:00.000Z',
};

const summaryOf = (lease: CustomerLeaseDetail): CustomerLeaseSummary => ({
  id: lease.id,
  lease_number: lease.lease_number,
  status: lease.status,
  retailer_name: lease.retailer_name,
  store_name: lease.store_name,
  description: lease.description,
  balance: lease.balance,
  past_due: lease.past_due,
  next_payment: lease.next_payment,
  autopay: lease.autopay.enabled,
});

/** Applies a payment of `amount` cents to the schedule in order, as the server's allocation does. */
function applyPayment(lease: CustomerLeaseDetail, amount: number, kind: ReceiptView['kind']): ReceiptView {
  let left = amount;
  for (const entry of lease.schedule) {
    if (left <= 0) break;
    const open = entry.amount - entry.paid;
    if (open <= 0) continue;
    const part = Math.min(open, left);
    entry.paid += part;
    left -= part;
    entry.status = entry.paid === entry.amount ? 'paid' : 'partially_paid';
  }
  const due = lease.next_payment?.amount ?? 0;
  lease.balance -= amount;
  lease.total_paid += amount;
  const next = lease.schedule.find((e) => e.paid < e.amount);
  lease.next_payment = next
    ? { due_date: next.due_date, amount: next.amount - next.paid, autopay: lease.autopay.enabled }
    : null;
  const receipt: ReceiptView = {
    id: `rct_${lease.receipts.length + 1}`,
    paid_at: '2026-01-20T15:00:00.000Z',
    kind,
    method: 'card',
    last4: '4242',
    amount_paid: amount,
    amount_due: due,
    remaining_to_ownership: lease.balance,
    fee_kind: null,
    fee_amount: 0,
  };
  lease.receipts = [receipt, ...lease.receipts];
  return receipt;
}

export function customerApi(initial: Partial<CustomerApiState> = {}) {
  const state: CustomerApiState = { signedIn: false, wrongCodes: 0, lease: demoLease(), calls: [], ...initial };
  const record = async (request: Request, path: string) => {
    const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
    state.calls.push({
      path,
      body,
      idempotencyKey: request.headers.get('idempotency-key'),
      csrf: request.headers.get('x-csrf-token'),
    });
    return body;
  };
  const signedOut = () => fail(401, 'Please sign in.');
  const base = '/customer/api';
  const leasePath = `${base}/leases/:id`;
  const mine = (id: unknown) => id === state.lease.id;

  const handlers = [
    http.post(`${base}/auth/code`, async ({ request }) => {
      const body = await record(request, 'auth/code');
      if (!body.phone && !body.email) return fail(422, 'Enter a phone or an e-mail.', { phone: ['Required'] });
      return ok({ channel: body.phone ? 'sms' : 'email', expires_in: 600, resend_in: 30 });
    }),
    http.post(`${base}/auth/verify`, async ({ request }) => {
      const body = await record(request, 'auth/verify');
      if (state.wrongCodes >= 5) return fail(429, 'Too many wrong codes. Ask for a new code.');
      if (body.code !== GOOD_CODE) {
        state.wrongCodes += 1;
        const left = 5 - state.wrongCodes;
        return HttpResponse.json(
          {
            status: false,
            code: 422,
            data: { attempts_left: left },
            message: `That code is not right. ${left} attempts left.`,
            errors: { code: [`That code is not right. ${left} attempts left.`] },
          },
          { status: 422 },
        );
      }
      state.signedIn = true;
      return ok(ME);
    }),
    http.get(`${base}/me`, () => (state.signedIn ? ok(ME) : signedOut())),
    http.post(`${base}/auth/logout`, async ({ request }) => {
      await record(request, 'auth/logout');
      state.signedIn = false;
      return ok(null);
    }),
    http.get(`${base}/leases`, () => (state.signedIn ? ok([summaryOf(state.lease)]) : signedOut())),
    http.get(leasePath, ({ params }) => {
      if (!state.signedIn) return signedOut();
      return mine(params.id) ? ok(state.lease) : fail(404, 'Lease not found.');
    }),
    http.get(`${leasePath}/payoff`, ({ params }) => {
      if (!state.signedIn) return signedOut();
      if (!mine(params.id)) return fail(404, 'Lease not found.');
      const quote: PayoffQuoteView = {
        amount: PAYOFF_CENTS,
        valid_until: '2026-01-31',
        basis: 'early_purchase_window',
        remaining_scheduled: state.lease.balance,
      };
      return ok(quote);
    }),
    http.post(`${leasePath}/card-session`, async ({ request, params }) => {
      const body = await record(request, 'card-session');
      if (!mine(params.id)) return fail(404, 'Lease not found.');
      return ok({
        session_id: `vs_${state.calls.length}`,
        fields_url: `${VAULT_ORIGIN}/fields/vs_${state.calls.length}?amount=${String(body.amount)}`,
        expires_at: '2026-01-20T16:00:00.000Z',
      });
    }),
    http.post(`${leasePath}/payments`, async ({ request, params }) => {
      const body = await record(request, 'payments');
      if (!mine(params.id)) return fail(404, 'Lease not found.');
      const amount = Number(body.amount);
      if (amount > state.lease.balance)
        return fail(422, 'The amount is more than you owe.', { amount: ['The amount is more than you owe.'] });
      if (body.token === 'tok_declined') {
        return ok<PaymentResultView>(
          { payment_id: 'pay_x', status: 'declined', amount, receipt: null, lease: state.lease },
          201,
        );
      }
      const receipt = applyPayment(state.lease, amount, 'payment');
      return ok<PaymentResultView>(
        { payment_id: `pay_${state.calls.length}`, status: 'settled', amount, receipt, lease: state.lease },
        201,
      );
    }),
    http.post(`${leasePath}/payoff`, async ({ request, params }) => {
      const body = await record(request, 'payoff');
      if (!mine(params.id)) return fail(404, 'Lease not found.');
      if (state.lease.status === 'purchased_early') return fail(409, 'This lease is already paid off.');
      if (body.amount !== PAYOFF_CENTS) return fail(409, 'The payoff amount changed. Get a new quote.');
      const receipt = applyPayment(state.lease, Number(body.amount), 'payoff');
      state.lease = {
        ...state.lease,
        status: 'purchased_early',
        balance: 0,
        next_payment: null,
        payoff_available: false,
        return_available: false,
      };
      return ok<PaymentResultView>(
        { payment_id: 'pay_payoff', status: 'settled', amount: PAYOFF_CENTS, receipt, lease: state.lease },
        201,
      );
    }),
    http.post(`${leasePath}/autopay`, async ({ request, params }) => {
      const body = await record(request, 'autopay');
      if (!mine(params.id)) return fail(404, 'Lease not found.');
      if (body.enabled === true && body.accept_authorisation !== true)
        return fail(422, 'Agree to the authorization first.', {
          accept_authorisation: ['Agree to the authorization first.'],
        });
      state.lease = {
        ...state.lease,
        autopay: { ...state.lease.autopay, enabled: body.enabled === true, changed_at: '2026-01-20T15:00:00.000Z' },
        next_payment: state.lease.next_payment && { ...state.lease.next_payment, autopay: body.enabled === true },
      };
      return ok(state.lease);
    }),
    http.post(`${leasePath}/due-date`, async ({ request, params }) => {
      const body = await record(request, 'due-date');
      if (!mine(params.id)) return fail(404, 'Lease not found.');
      const { earliest, latest } = state.lease.due_date_change;
      const date = String(body.due_date);
      if (!earliest || !latest || date < earliest || date > latest)
        return fail(422, 'Pick a date within the range.', { due_date: ['Pick a date within the range.'] });
      const next = state.lease.schedule.find((e) => e.paid < e.amount);
      if (next) next.due_date = date;
      state.lease = {
        ...state.lease,
        next_payment: state.lease.next_payment && { ...state.lease.next_payment, due_date: date },
        due_date_change: { ...state.lease.due_date_change, changes_left: 1 },
      };
      return ok(state.lease);
    }),
    http.post(`${leasePath}/reminders`, async ({ request, params }) => {
      const body = await record(request, 'reminders');
      if (!mine(params.id)) return fail(404, 'Lease not found.');
      state.lease = {
        ...state.lease,
        reminders: {
          ...state.lease.reminders,
          sms: typeof body.sms === 'boolean' ? body.sms : state.lease.reminders.sms,
          email: typeof body.email === 'boolean' ? body.email : state.lease.reminders.email,
        },
      };
      return ok(state.lease);
    }),
    http.post(`${leasePath}/return`, async ({ request, params }) => {
      await record(request, 'return');
      if (!mine(params.id)) return fail(404, 'Lease not found.');
      state.lease = {
        ...state.lease,
        status: 'return_requested',
        return_available: false,
        payoff_available: false,
        return_request: {
          requested_at: '2026-01-20T15:00:00.000Z',
          instructions: 'We will call you within 2 business days to arrange the pickup.',
        },
      };
      return ok(state.lease);
    }),
  ];
  return { state, handlers };
}
