// The catalogue of webhook events we send to retailers: one entry per event type, with its version, a summary, the
// zod schema of its `data` and an example. The dispatcher (it sends only these types), the OpenAPI document
// (`webhooks`), the docs page and the retailer sandbox all read this list, so an event type exists in one place.
//
// Every delivery is a Standard Webhooks message (https://www.standardwebhooks.com): headers `webhook-id` (the event
// id, the same on every retry and replay), `webhook-timestamp`, `webhook-signature` (`v1,<base64 HMAC-SHA256>` over
// `<id>.<timestamp>.<body>` with the retailer's `whsec_` secret), and a JSON body, the envelope:
//   { id, type, version, created, livemode, simulated?, data }
// `data` never carries personal data: ids, statuses, the decision's result code and offers.
import * as z from 'zod/mini';
import {
  CHECKOUT_STATUS,
  CHECKOUT_STATUS_NAMES,
  type CheckoutStatus,
  type CheckoutStatusName,
} from '../checkout/checkout-status.ts';
import { LEASE_STATUS_CODES, type LeaseStatusCode } from '../lease-status/lease-status.machine.ts';

export interface WebhookEventDefinition {
  /** The event type, `<resource>.<what happened>`, e.g. `checkout.completed`, `lease.funded`. */
  type: string;
  /** The version of this type's payload; a breaking change gets a new version, never an edited one. */
  version: string;
  summary: string;
  /** The schema of the event's `data`. */
  data: z.ZodMiniType;
  /** A complete example body (`{ id, type, version, created, data }`). */
  example: Record<string, unknown>;
}

/** The payload version of every type today. Additive fields keep the version; anything else gets a new one. */
export const WEBHOOK_PAYLOAD_VERSION = '1';

// ---------- data schemas ----------

const checkoutStatusValue = z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(13)));
const statusNameValue = z.enum(CHECKOUT_STATUS_NAMES as [CheckoutStatusName, ...CheckoutStatusName[]]);
const decimal = z.string().check(z.regex(/^\d+\.\d{2}$/));

/** The application of the checkout (when there is one): its status, the decision's result code and offers. */
export const webhookApplicationSchema = z.object({
  id: z.string(),
  status: z.nullable(z.enum(['draft', 'submitted', 'approved', 'denied'])),
  /** A approved, D denied, G approved after a second look; null before the decision. */
  result_code: z.nullable(z.enum(['A', 'D', 'G'])),
  /** The amount offered per lease option (decimal dollars), null before the decision. */
  offer_amounts: z.nullable(z.record(z.string(), decimal)),
});

const leaseStatusValue = z.enum(LEASE_STATUS_CODES as unknown as [LeaseStatusCode, ...LeaseStatusCode[]]);

/** The lease record's status change (lease.* events only). */
export const webhookLeaseSchema = z.object({
  id: z.string(),
  /** The lender's status code (inProgress, S, I, N, V, Z, Y, G, L, C). */
  status: leaseStatusValue,
  /** The goods were delivered (status Y becomes `lease.delivered`). */
  delivered: z.boolean(),
  previous_status: z.nullable(leaseStatusValue),
  /** What moved it: a staff action or the shopper's or retailer's fact. */
  action: z.nullable(z.string()),
});

/** The lease account after a servicing event (lease.payment_*, lease.paid_off, ...). */
export const webhookAccountSchema = z.object({
  id: z.string(),
  /** current, pastDue, paidOut, purchasedEarly, returned, chargedOff. */
  status: z.string(),
  previous_status: z.string(),
  /** What is still owed (rent and fees), decimal dollars; 0.00 once the lease has ended. */
  balance: z.string().check(z.regex(/^\d+\.\d{2}$/)),
  days_past_due: z.number().check(z.int(), z.minimum(0)),
});

/** The payment a servicing event is about (never card or bank numbers). */
export const webhookPaymentSchema = z.object({
  id: z.optional(z.string()),
  amount: z.string().check(z.regex(/^\d+\.\d{2}$/)),
  channel: z.optional(z.nullable(z.string())),
  kind: z.optional(z.string()),
  installment: z.optional(z.number()),
  attempt: z.optional(z.number()),
  /** A card decline code or a NACHA return code (R01...), or `reversed`. */
  code: z.optional(z.nullable(z.string())),
  retry_on: z.optional(z.nullable(z.string())),
  /** When the ledger entry was made, on the lender's clock (issue 23: the reports count it on that business date). */
  at: z.optional(z.string()),
  /** The lender's business date of a failed debit or a reversal. */
  business_date: z.optional(z.string()),
  /** A reversed payment: the NACHA return code staff gave, when one. */
  return_code: z.optional(z.nullable(z.string())),
});

/** The checkout's side of every event: its status now (or at the status change) and where the shopper is. */
const checkoutFields = {
  checkout_id: z.string().check(z.regex(/^chk_[A-Za-z0-9]{8,64}$/)),
  status: checkoutStatusValue,
  status_name: statusNameValue,
  previous_status: checkoutStatusValue,
  /** Where the shopper's portal is for this status: default, lease, sign, payment or complete. */
  step: z.enum(['default', 'lease', 'sign', 'payment', 'complete']),
  may_continue: z.boolean(),
  application: z.nullable(webhookApplicationSchema),
};

export const webhookCheckoutDataSchema = z.object(checkoutFields);

const unitsSchema = z.array(z.object({ sku: z.string(), quantity: z.number().check(z.int(), z.minimum(1)) }));

/** One delivery of some units (POST /retailer/v1/checkouts/{checkout_id}/delivery with `items`). */
export const webhookDeliveryRecordSchema = z.object({
  id: z.string(),
  items: unitsSchema,
  /** The share of the financed amount these units carry (their funding tranche). */
  amount: decimal,
  delivered_at: z.string(),
  recorded_at: z.string(),
  by: z.string(),
  /** Units still undelivered after this delivery. */
  remaining_units: z.number().check(z.int(), z.minimum(0)),
});

/** Undelivered units the retailer cancelled; they will be neither delivered nor funded. */
export const webhookCancellationSchema = z.object({
  id: z.string(),
  items: unitsSchema,
  amount: decimal,
  at: z.string(),
  by: z.string(),
  reason: z.nullable(z.string()),
});

/** How the lease changed after a cancellation (decimal dollars). */
export const webhookLeaseAdjustmentSchema = z.object({
  cancelled_cash_price: decimal,
  leased_before: decimal,
  leased_after: decimal,
  payment_before: decimal,
  payment_after: decimal,
  total_of_payments_before: decimal,
  total_of_payments_after: decimal,
  prepaid_credit: decimal,
  refund_due: decimal,
});

/** A funding tranche paid to the retailer (one per partial delivery). */
export const webhookTrancheSchema = z.object({
  ids: z.array(z.string()),
  /** What this payment was. */
  amount: decimal,
  /** What has been funded for the lease so far. */
  funded_amount: decimal,
});
export const webhookLeaseDataSchema = z.object({ ...checkoutFields, lease: webhookLeaseSchema });

/** A checkout status change's data: the status (and its name) the type says. */
function checkoutStatusData(status: CheckoutStatus, name: CheckoutStatusName) {
  return z.object({
    ...checkoutFields,
    status: status === null ? z.null() : z.literal(status),
    status_name: z.literal(name),
  });
}

function leaseStatusData(code: LeaseStatusCode, delivered: boolean | null) {
  return z.object({
    ...checkoutFields,
    lease: z.object({
      ...webhookLeaseSchema.shape,
      status: z.literal(code),
      delivered: delivered === null ? z.boolean() : z.literal(delivered),
    }),
  });
}

// ---------- the types ----------

/** `checkout.<snake_case status name>`, e.g. leaseCreated -> checkout.lease_created (functions/services/checkout.ts). */
export const checkoutStatusEventType = (name: CheckoutStatusName) =>
  `checkout.${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;

const CHECKOUT_SUMMARIES: Record<Exclude<CheckoutStatusName, 'notStarted'>, string> = {
  started: 'The shopper opened the checkout link (status 1).',
  applicationInProgress: 'The shopper started the application (status 2).',
  applicationComplete: 'The application was submitted and decided (status 3); see application.result_code.',
  identityChecked: 'The identity check passed (status 4).',
  leaseCreated: 'The lease terms were calculated for the cart and the chosen option (status 5).',
  leaseEsign: 'The lease was sent for e-signature (status 13).',
  esignCompleted: 'The shopper signed the lease (status 6).',
  paymentProcessing: 'The down payment is being processed (status 7).',
  paymentCompleted: 'The down payment was paid (status 8).',
  completed:
    'The checkout is complete: the lease is signed and paid; deliver the goods, then confirm delivery (status 9).',
  paymentFailed: 'The down payment failed; the shopper may try again (status 10).',
  voided: 'The checkout was voided (status 11); nothing more happens to it.',
  cancelled:
    'The checkout was cancelled by the shopper, the retailer or staff (status 12); nothing more happens to it.',
};

const LEASE_TYPES: { code: LeaseStatusCode; delivered: boolean | null; name: string; summary: string }[] = [
  {
    code: 'inProgress',
    delivered: null,
    name: 'in_progress',
    summary: 'The lease record is back in progress (the application is being completed).',
  },
  {
    code: 'S',
    delivered: null,
    name: 'awaiting_review',
    summary: 'The lease is waiting for a review by the lender (status S).',
  },
  {
    code: 'I',
    delivered: null,
    name: 'more_info_required',
    summary: 'The lender needs more information from the shopper (status I).',
  },
  { code: 'N', delivered: null, name: 'did_not_qualify', summary: 'The shopper did not qualify (status N).' },
  { code: 'V', delivered: null, name: 'approved', summary: 'The lease is approved (status V).' },
  {
    code: 'Z',
    delivered: null,
    name: 'awaiting_docs_or_payment',
    summary: 'The lease waits for the signed documents or the down payment (status Z).',
  },
  {
    code: 'Y',
    delivered: false,
    name: 'delivery_authorized',
    summary: 'The retailer may deliver the goods (status Y, not delivered yet).',
  },
  {
    code: 'Y',
    delivered: true,
    name: 'delivered',
    summary: 'The goods were delivered (status Y, delivered); funding follows.',
  },
  { code: 'G', delivered: null, name: 'funding_in_process', summary: 'The lender is funding the retailer (status G).' },
  { code: 'L', delivered: null, name: 'funded', summary: 'The retailer was funded for the lease (status L).' },
  {
    code: 'C',
    delivered: null,
    name: 'changed_mind',
    summary: 'The shopper changed their mind; the lease will not go ahead (status C).',
  },
];

// ---------- examples ----------

const EXAMPLE_CHECKOUT = 'chk_5f0c2a9e41b7d3c8a6e9f012';
const EXAMPLE_APPLICATION = '7d1f3c2a-9b4e-4f6a-8c1d-2e5b7a9c0f13';
const EXAMPLE_CREATED = '2026-11-02T15:04:05.000Z';
const exampleOffers = { A: '2500.00', B: '2000.00', C: '1500.00', D: '1000.00' };

const stepOf = (status: CheckoutStatus): 'default' | 'lease' | 'sign' | 'payment' | 'complete' => {
  if (status === null || status <= 3) return 'default';
  if (status === 4 || status === 5) return 'lease';
  if (status === 13) return 'sign';
  if (status === 6 || status === 7) return 'payment';
  return 'complete';
};

const exampleApplication = (status: CheckoutStatus) =>
  status === null || status === 1
    ? null
    : status === 2
      ? { id: EXAMPLE_APPLICATION, status: 'draft', result_code: null, offer_amounts: null }
      : { id: EXAMPLE_APPLICATION, status: 'approved', result_code: 'A', offer_amounts: exampleOffers };

function exampleData(status: CheckoutStatus, previous: CheckoutStatus) {
  const name = CHECKOUT_STATUS_NAMES.find((n) => CHECKOUT_STATUS[n] === status)!;
  return {
    checkout_id: EXAMPLE_CHECKOUT,
    status,
    status_name: name,
    previous_status: previous,
    step: stepOf(status),
    may_continue: status !== 11 && status !== 12,
    application: exampleApplication(status),
  };
}

/** A stable, readable event id per example (a v4-shaped UUID from the type's position). */
const exampleId = (n: number) => `0b6a4c1e-${String(n).padStart(4, '0')}-4d2f-9a7b-3c5e8f1a2d4b`;

function envelope(n: number, type: string, data: Record<string, unknown>) {
  return { id: exampleId(n), type, version: WEBHOOK_PAYLOAD_VERSION, created: EXAMPLE_CREATED, livemode: true, data };
}

const PREVIOUS: Partial<Record<Exclude<CheckoutStatusName, 'notStarted'>, CheckoutStatus>> = {
  started: null,
  applicationInProgress: 1,
  applicationComplete: 2,
  identityChecked: 3,
  leaseCreated: 4,
  leaseEsign: 5,
  esignCompleted: 13,
  paymentProcessing: 6,
  paymentCompleted: 7,
  completed: 8,
  paymentFailed: 7,
  voided: 5,
  cancelled: 3,
};

/** Each example's previous status and the action that moved it (a staff action or a shopper / retailer fact). */
const LEASE_EXAMPLE: Record<string, [LeaseStatusCode, string]> = {
  in_progress: ['I', 'lease.infoReceived'],
  awaiting_review: ['inProgress', 'lease.submit'],
  more_info_required: ['S', 'lease.requestInfo'],
  did_not_qualify: ['S', 'lease.decline'],
  approved: ['S', 'lease.approve'],
  awaiting_docs_or_payment: ['V', 'checkout.lease_created'],
  delivery_authorized: ['Z', 'checkout.completed'],
  delivered: ['Y', 'checkout.delivered'],
  funding_in_process: ['Y', 'lease.fund'],
  funded: ['G', 'lease.fundingCompleted'],
  changed_mind: ['V', 'lease.changedMind'],
};

// ---------- the catalogue ----------

function build(): WebhookEventDefinition[] {
  const out: WebhookEventDefinition[] = [];
  const add = (type: string, summary: string, data: z.ZodMiniType, exampleDataValue: Record<string, unknown>) =>
    out.push({
      type,
      version: WEBHOOK_PAYLOAD_VERSION,
      summary,
      data,
      example: envelope(out.length + 1, type, exampleDataValue),
    });

  add(
    'checkout.created',
    'You created a checkout; the shopper has not opened it yet (status null).',
    checkoutStatusData(null, 'notStarted'),
    exampleData(null, null),
  );
  for (const name of Object.keys(CHECKOUT_SUMMARIES) as (keyof typeof CHECKOUT_SUMMARIES)[]) {
    const status = CHECKOUT_STATUS[name];
    add(
      checkoutStatusEventType(name),
      CHECKOUT_SUMMARIES[name],
      checkoutStatusData(status, name),
      exampleData(status, PREVIOUS[name] ?? null),
    );
  }
  add(
    'checkout.partially_delivered',
    'You confirmed the delivery of some items of a completed checkout; others are still to come. `delivery` says which units and the funding tranche they carry.',
    z.object({ ...checkoutFields, delivery: webhookDeliveryRecordSchema }),
    {
      ...exampleData(9, 9),
      delivery: {
        id: 'dlv_3c1e5a7b9d',
        items: [{ sku: 'TV-55-4K', quantity: 1 }],
        amount: '548.99',
        delivered_at: '2026-11-03T10:00:00.000Z',
        recorded_at: '2026-11-03T10:02:11.000Z',
        by: 'retailer',
        remaining_units: 1,
      },
    },
  );
  add(
    'checkout.items_cancelled',
    'You cancelled undelivered items of a completed checkout; they will not be delivered nor funded. `lease_adjustment` is how the lease changed.',
    z.object({
      ...checkoutFields,
      cancellation: webhookCancellationSchema,
      lease_adjustment: z.nullable(webhookLeaseAdjustmentSchema),
    }),
    {
      ...exampleData(9, 9),
      cancellation: {
        id: 'cnl_8f2d4b6a0c',
        items: [{ sku: 'SB-200', quantity: 1 }],
        amount: '149.00',
        at: '2026-11-03T11:00:00.000Z',
        by: 'retailer',
        reason: 'Out of stock',
      },
      lease_adjustment: {
        cancelled_cash_price: '149.00',
        leased_before: '697.99',
        leased_after: '548.99',
        payment_before: '52.10',
        payment_after: '40.98',
        total_of_payments_before: '1354.60',
        total_of_payments_after: '1065.48',
        prepaid_credit: '0.00',
        refund_due: '0.00',
      },
    },
  );
  add(
    'checkout.delivered',
    'You confirmed the delivery of a completed checkout (POST /retailer/v1/checkouts/{checkout_id}/delivery).',
    webhookCheckoutDataSchema,
    exampleData(9, 9),
  );

  const appData = (
    status: 'draft' | 'approved' | 'denied',
    code: 'A' | 'D' | null,
    checkoutStatus: CheckoutStatus,
  ) => ({
    ...exampleData(checkoutStatus, null),
    application: {
      id: EXAMPLE_APPLICATION,
      status,
      result_code: code,
      offer_amounts:
        code === 'A' ? exampleOffers : code === 'D' ? { A: '0.00', B: '0.00', C: '0.00', D: '0.00' } : null,
    },
  });
  add(
    'application.created',
    'The shopper saved the application for the first time.',
    webhookCheckoutDataSchema,
    appData('draft', null, 2),
  );
  add(
    'application.approved',
    'The application was approved; application.offer_amounts holds the amount per lease option.',
    webhookCheckoutDataSchema,
    appData('approved', 'A', 3),
  );
  add(
    'application.denied',
    'The application was denied (the shopper receives the adverse-action notice).',
    webhookCheckoutDataSchema,
    appData('denied', 'D', 3),
  );

  for (const l of LEASE_TYPES) {
    add(`lease.${l.name}`, l.summary, leaseStatusData(l.code, l.delivered), {
      ...exampleData(9, null),
      lease: {
        id: EXAMPLE_APPLICATION,
        status: l.code,
        delivered: l.delivered ?? (l.code === 'G' || l.code === 'L'),
        previous_status: LEASE_EXAMPLE[l.name]![0],
        action: LEASE_EXAMPLE[l.name]![1],
      },
    });
  }
  add(
    'lease.tranche_funded',
    'The lender paid you a funding tranche (the share of one partial delivery); `tranche.funded_amount` is the total funded so far.',
    z.object({ ...checkoutFields, lease: webhookLeaseSchema, tranche: webhookTrancheSchema }),
    {
      ...exampleData(9, null),
      lease: {
        id: EXAMPLE_APPLICATION,
        status: 'G',
        delivered: false,
        previous_status: 'Y',
        action: 'complete-funding',
      },
      tranche: { ids: ['dlv_3c1e5a7b9d'], amount: '548.99', funded_amount: '548.99' },
    },
  );
  // Servicing after funding (issue 22): the lease account's payments and endings. `account` is the account after
  // the event; `payment` the payment it is about.
  const account = (status: string, previous: string, balance: string) => ({
    id: EXAMPLE_APPLICATION,
    status,
    previous_status: previous,
    balance,
    days_past_due: 0,
  });
  const accountData = z.object({
    ...checkoutFields,
    account: webhookAccountSchema,
    payment: z.optional(webhookPaymentSchema),
    payoff: z.optional(
      z.object({ amount: decimal, channel: z.optional(z.nullable(z.string())), at: z.optional(z.string()) }),
    ),
  });
  const payment = { id: 'pay_5f1c2e9a7b3d4c6e8a0b1c2d', amount: '52.10', channel: 'card', kind: 'payment' };
  add(
    'lease.payment_succeeded',
    'A lease payment was collected (scheduled debit, or paid by the lessee or by staff).',
    accountData,
    {
      ...exampleData(9, null),
      account: account('current', 'current', '1198.30'),
      payment,
    },
  );
  add(
    'lease.payment_failed',
    'A lease payment failed: a card declined, a bank debit returned (its NACHA code), or a payment reversed. `payment.retry_on` is the retry date when one is scheduled.',
    accountData,
    {
      ...exampleData(9, null),
      account: account('pastDue', 'current', '1250.40'),
      payment: { ...payment, code: 'R01', retry_on: '2026-12-04' },
    },
  );
  add('lease.paid_off', 'Every payment of the lease was made: the lessee owns the goods.', accountData, {
    ...exampleData(9, null),
    account: account('paidOut', 'current', '0.00'),
  });
  add('lease.purchased_early', 'The lessee paid the early purchase (payoff) quote: they own the goods.', accountData, {
    ...exampleData(9, null),
    account: account('purchasedEarly', 'current', '0.00'),
    payoff: { amount: '412.77' },
  });
  add('lease.returned', 'The lease ended by the return of the goods.', accountData, {
    ...exampleData(9, null),
    account: account('returned', 'pastDue', '0.00'),
  });
  add('lease.charged_off', 'The lender charged the lease off (a long delinquency).', accountData, {
    ...exampleData(9, null),
    account: account('chargedOff', 'pastDue', '0.00'),
  });
  return out;
}

export const WEBHOOK_EVENTS: readonly WebhookEventDefinition[] = build();

export const webhookEventTypes = (): string[] => WEBHOOK_EVENTS.map((e) => e.type);

export const webhookEvent = (type: string): WebhookEventDefinition | undefined =>
  WEBHOOK_EVENTS.find((e) => e.type === type);

/** The envelope of every delivery (the body the signature covers). */
export const webhookEnvelopeSchema = z.object({
  /** The event id; also the `webhook-id` header. The same on every retry and replay: dedupe on it. */
  id: z.string(),
  type: z.string(),
  version: z.string(),
  /** When the event happened (ISO 8601). */
  created: z.string(),
  /** False for events of test-mode checkouts (made with a test API token). */
  livemode: z.boolean(),
  /** True when you fired the event from the sandbox (POST /retailer/v1/sandbox/checkouts/{checkout_id}/events). */
  simulated: z.optional(z.literal(true)),
  data: z.record(z.string(), z.unknown()),
});

/** What is wrong with an event's data for its type (`path: message` each); empty when it matches the catalogue. */
export function webhookDataProblems(type: string, data: unknown): string[] {
  const definition = webhookEvent(type);
  if (!definition) return [`${type} is not an event type of the catalogue`];
  const result = z.safeParse(definition.data, data);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.') || '(data)'}: ${i.message}`);
}
