// The staff lease operations API (seed 001 sections 2, 4, 6, 8): what the staff portal reads and sends. Lists use
// seed 001's paged envelope (`data` rows, `meta` paging with `filters`); money is in dollars as decimal strings
// ('1234.50'), dates are ISO 8601. PII is concealed to its last 4 characters ('•••••6789') unless revealed.
import * as z from 'zod/mini';
import type { LeaseStatusCode, StaffLeaseActionId } from '../lease-status/lease-status.machine.ts';

/** Where an application came from. */
export type ApplicationSource = 'portal' | 'checkout' | 'iframe';

/** A row of GET /staff/api/applications (and /leases, /contracts, /lease-queue). */
export interface ApplicationRow {
  id: string;
  uuid: string;
  applicant_name: string;
  store_id: string;
  store_name: string;
  retailer_id: string;
  retailer_name: string;
  /** When the application was created (ISO). */
  created_at: string;
  /** When it was submitted for a decision (ISO), or null. */
  submitted_at: string | null;
  /** The decision's result code ('A', 'D', ...) or null before a decision. */
  result_code: string | null;
  approval_amount: string | null;
  offers: { A: string; B: string; C: string; D: string } | null;
  /** The lease status code of machines/lease-status and its label ('(V) Approved/Pending Contract'). */
  status: LeaseStatusCode;
  status_label: string;
  delivered: boolean;
  /** When the status last changed (ISO): the queue's age. */
  state_changed_at: string;
  source: ApplicationSource;
  /** The shopper's step (seed 000 checkout step route, or the application step). */
  step: string;
  checkout_id: string | null;
  lease_number: string | null;
  loan_number: string;
  lease_amount: string | null;
  term_months: number | null;
  delivery_date: string | null;
  has_contract: boolean;
  /** The contract is calculated and waits for the shopper's signature. */
  requires_acceptance: boolean;
  claimed_by: { user_id: string; name: string; at: string } | null;
  /** Partial delivery (issue 13): some units delivered, others not yet (absent on rows written before it). */
  partially_delivered?: boolean;
  /** Delivered tranches not funded yet, in dollars (null when nothing is due). */
  funding_due?: string | null;
}

export interface StaffActionView {
  id: StaffLeaseActionId;
  label: string;
  /** The status the action leads to, its label, and seed 001's confirmation text. */
  to: LeaseStatusCode;
  to_label: string;
  confirm: string;
  /** The current user holds the action's permission. */
  permitted: boolean;
  /** Fields the action's body takes (switch-store: store_id; update-delivery-date: delivery_date; request-info and others: note). */
  inputs: ('store_id' | 'delivery_date' | 'note')[];
}

export interface TimelineEntry {
  at: string;
  /** 'status' (a status change), 'action' (a staff action without a status change), 'event' (shopper, retailer, vendor), 'note'. */
  kind: 'status' | 'action' | 'event' | 'note';
  /** Staff action id or event name (e.g. 'decision', 'esign.completed', 'payment.succeeded'). */
  name: string;
  from: LeaseStatusCode | null;
  to: LeaseStatusCode | null;
  actor: { type: 'staff' | 'shopper' | 'retailer' | 'system' | 'vendor'; id: string | null; name: string | null };
  note: string | null;
}

export interface PersonView {
  salutation: string | null;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  suffix: string | null;
  email: string | null;
  cell_phone: string | null;
  home_phone: string | null;
  preferred_contact: string | null;
  language: string | null;
  /** Concealed: last 4 only, unless revealed. */
  social_security_number: string | null;
  date_of_birth: string | null;
  identification: string | null;
  identification_type: string | null;
  identification_state: string | null;
  address: Record<string, string | null> | null;
}

export interface IncomeView {
  applicant: 'applicant' | 'co_applicant';
  primary: boolean;
  type: string | null;
  employer: string | null;
  title: string | null;
  frequency: string | null;
  gross: string | null;
  monthly_gross: string | null;
  last_pay_date: string | null;
  months_employed: number | null;
}

export interface DecisionView {
  code: string;
  decided_at: string | null;
  approval_amount: string;
  offers: { A: string; B: string; C: string; D: string };
  /** Machine-readable reasons (codes) with their plain-words text. */
  reasons: { code: string; text: string }[];
  score: number | null;
  decile: number | null;
  monthly_income: string | null;
  scoring_settings_version: string | number | null;
  bureau: { report_id: string | null; hit: boolean | null } | null;
}

export interface PinView {
  sent: number;
  failed: number;
  maxed: boolean;
  verified: boolean;
  last_sent_at: string | null;
  history: { at: string; kind: 'sent' | 'failed' | 'verified' | 'maxed'; channel: string | null }[];
}

export interface FlowView {
  name: 'bank-link' | 'identity-check' | 'payroll';
  state: string;
  updated_at: string | null;
  detail: Record<string, unknown>;
}

export interface DocumentView {
  kind: 'contract' | 'signed-contract' | 'adverse-action' | 'consent-record';
  name: string;
  /** A staff URL (session cookie) that previews (HTML) or downloads (PDF) the document. */
  preview_url: string | null;
  download_url: string;
}

export interface CheckoutItemView {
  sku: string;
  description: string;
  quantity: number;
  unit_price: string;
}

export interface CheckoutView {
  id: string;
  status: number | null;
  status_name: string;
  status_label: string;
  items: CheckoutItemView[];
  total: string;
  return_url: string;
  return_url_failure: string;
  callback_url: string;
  created_at: string;
  completed_at: string | null;
  cancelled_at: string | null;
  audit: { at: string; event: string; from: number | null; to: number | null; actor: string; note?: string }[];
}

export interface PaymentView {
  id: string;
  checkout_id: string;
  application_uuid: string | null;
  applicant_name: string;
  store_name: string;
  retailer_name: string;
  number: number;
  amount: string;
  status: 'processing' | 'succeeded' | 'declined' | 'error';
  card_brand: string | null;
  card_last4: string | null;
  card_funding: string | null;
  decline_code: string | null;
  message: string | null;
  started_at: string;
  settled_at: string | null;
  /** Owed back to the shopper after a cancel (the down payment was taken but no lease followed). */
  refund_due: string | null;
}

export interface WebhookDeliveryView {
  event_id: string;
  type: string;
  status: 'pending' | 'delivered' | 'failed';
  url: string;
  created_at: string;
  delivered_at: string | null;
  attempts: { number: number; at: string; status_code: number | null; error: string | null; trigger: string }[];
}

export interface LeaseTermsView {
  lease_number: string;
  lease_amount: string;
  cash_price: string;
  term_months: number;
  payment_frequency: string;
  periodic_payment: string;
  number_of_payments: number;
  total_of_payments: string;
  option: string;
  initial_payment: string;
  initial_sales_tax: string | null;
  processing_fee: string | null;
  fees: { name: string; amount: string }[];
  ocp_included: boolean;
  delivery_date: string | null;
  rog_date: string | null;
  funded_at: string | null;
  funded_amount: string | null;
  stage: string;
  revision: number;
  created_at: string;
}

/** A contracted line and what became of its units. */
export interface FulfilmentLineView {
  sku: string;
  description: string;
  quantity: number;
  delivered: number;
  cancelled: number;
  undelivered: number;
}

/** A delivery confirmed by the retailer, and its funding tranche. */
export interface DeliveryTrancheView {
  id: string;
  items: { sku: string; quantity: number }[];
  delivered_at: string;
  recorded_at: string;
  by: string;
  amount: string;
  funded: boolean;
  funded_at: string | null;
  funded_by: string | null;
}

/** Partial delivery and funding per tranche (issue 13) on the lease record. */
export interface FulfilmentView {
  lines: FulfilmentLineView[];
  /** One tranche per delivery; a lease delivered without delivery records has one tranche, `whole`. */
  tranches: DeliveryTrancheView[];
  cancellations: {
    id: string;
    items: { sku: string; quantity: number }[];
    amount: string;
    at: string;
    reason: string | null;
  }[];
  financed_amount: string;
  delivered_amount: string;
  funded_amount: string;
  funding_due: string;
  undelivered_units: number;
  partially_delivered: boolean;
  /** The shopper's lease after cancelled items (null when nothing was cancelled). */
  adjustment: {
    cancelled_cash_price: string;
    payment_before: string;
    payment_after: string;
    total_of_payments_before: string;
    total_of_payments_after: string;
    prepaid_credit: string;
    refund_due: string;
  } | null;
}

/** GET /staff/api/applications/{uuid} and GET /staff/api/leases/{uuid}. */
export interface ApplicationDetail extends ApplicationRow {
  v: number;
  actions: StaffActionView[];
  applicant: PersonView | null;
  co_applicant: PersonView | null;
  incomes: IncomeView[];
  banking: {
    routing_number: string | null;
    account_number: string | null;
    bank_name: string | null;
    account_type: string | null;
  } | null;
  home_ownership: Record<string, string | number | boolean | null> | null;
  decision: DecisionView | null;
  pin: PinView;
  flows: FlowView[];
  documents: DocumentView[];
  lease: LeaseTermsView | null;
  checkout: CheckoutView | null;
  payments: PaymentView[];
  webhooks: WebhookDeliveryView[];
  timeline: TimelineEntry[];
  info_request: { note: string; at: string } | null;
  delivery_date: string | null;
  /** The fields the current user may reveal (POST .../reveal). */
  revealable: string[];
  /** Deliveries, funding tranches and cancellations (null before the lease has a contract). */
  fulfilment?: FulfilmentView | null;
}

/** POST /staff/api/applications/{uuid}/reveal. */
export const REVEALABLE_FIELDS = [
  'applicant.social_security_number',
  'applicant.date_of_birth',
  'applicant.identification',
  'co_applicant.social_security_number',
  'co_applicant.date_of_birth',
  'co_applicant.identification',
  'banking.account_number',
  'banking.routing_number',
] as const;
export type RevealableField = (typeof REVEALABLE_FIELDS)[number];
export const revealRequest = z.object({ field: z.enum(REVEALABLE_FIELDS, 'staff.lease.revealField') });

/** POST /staff/api/leases/{uuid}/actions/{action}: `v` is optional (the lease record's version, for a 409 when stale). */
export const leaseActionRequest = z.object({
  v: z.optional(z.number('staff.validation.version')),
  note: z.optional(z.string('staff.validation.text').check(z.maxLength(1000, 'staff.validation.tooLong'))),
  store_id: z.optional(
    z
      .string('staff.validation.required')
      .check(z.minLength(1, 'staff.validation.required'), z.maxLength(100, 'staff.validation.tooLong')),
  ),
  delivery_date: z.optional(
    z.string('staff.validation.date').check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'staff.validation.date')),
  ),
  /** complete-funding: the tranche (a delivery's id) to fund; without it every tranche due. */
  tranche_id: z.optional(
    z
      .string('staff.validation.text')
      .check(z.minLength(1, 'staff.validation.required'), z.maxLength(64, 'staff.validation.tooLong')),
  ),
});
export type LeaseActionRequest = z.infer<typeof leaseActionRequest>;

/** POST /staff/api/lease-queue/{uuid}/claim (no body) and /assign ({ user_id }). */
export const assignRequest = z.object({
  user_id: z
    .string('staff.validation.required')
    .check(z.minLength(1, 'staff.validation.required'), z.maxLength(200, 'staff.validation.tooLong')),
});

/** The work queues: which statuses feed them. */
export const LEASE_QUEUES = {
  review: { status: 'S', label: 'staff.queue.review' },
  info: { status: 'I', label: 'staff.queue.info' },
  docs: { status: 'Z', label: 'staff.queue.docs' },
  funding: { status: 'Y.delivered', label: 'staff.queue.funding' },
} as const;
export type LeaseQueueId = keyof typeof LEASE_QUEUES;
export const LEASE_QUEUE_IDS = Object.keys(LEASE_QUEUES) as LeaseQueueId[];

/** GET /staff/api/lease-queue?queue=review&page=&limit=: paged rows oldest first, with `meta.queues` counts. */
export interface LeaseQueueMeta {
  queue: LeaseQueueId;
  queues: { id: LeaseQueueId; label: string; count: number }[];
}

/** A row of GET /staff/api/checkouts. */
export interface CheckoutRow {
  id: string;
  retailer_id: string;
  retailer_name: string;
  store_id: string;
  store_name: string;
  status: number | null;
  status_name: string;
  status_label: string;
  application_uuid: string | null;
  applicant_name: string;
  total: string;
  paid: string;
  refund_due: string | null;
  created_at: string;
  updated_at: string;
}

/** GET /staff/api/dashboard. */
export interface DashboardView {
  today: {
    date: string;
    applications: number;
    approvals: number;
    denials: number;
    approval_rate: number;
    funded_count: number;
    funded_amount: string;
  };
  /** The last 14 days, oldest first, for the chart. */
  days: { date: string; applications: number; approvals: number; funded_amount: string }[];
  queues: { id: LeaseQueueId; label: string; count: number }[];
  /** Records claimed by the current user (open tasks). */
  my_claims: ApplicationRow[];
  /** The user's open tasks (Leads, Contacts and Tasks), soonest due first. */
  open_tasks: {
    id: string;
    title: string;
    due_at: string;
    overdue: boolean;
    repeats: boolean;
    assignee_name: string;
  }[];
  /** Recently updated applications. */
  recent_applications: ApplicationRow[];
  last_updated_stores: { id: string; name: string; retailer_name: string; updated_at: string }[];
  /** The leads updated last. */
  last_updated_leads: { id: string; name: string; updated_at: string }[];
}
