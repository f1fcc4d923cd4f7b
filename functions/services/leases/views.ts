import { checkoutStatusLabelKey, statusName } from '../../../machines/checkout/checkout-status.ts';
import { conceal } from '../../../machines/contracts/application.ts';
import type {
  ApplicationDetail,
  ApplicationRow,
  CheckoutRow,
  CheckoutView,
  DecisionView,
  FlowView,
  IncomeView,
  PaymentView,
  PersonView,
  PinView,
  RevealableField,
  StaffActionView,
  WebhookDeliveryView,
} from '../../../machines/contracts/staff-leases.ts';
import type { Decision } from '../../../machines/domain/decision.ts';
import { monthlyIncomeCents } from '../../../machines/domain/income.ts';
import { centsToDecimal } from '../../../machines/domain/money.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import {
  availableStaffActions,
  leaseActionPermission,
  leaseEvent,
  leasePlaceLabel,
  restoreLeaseStatus,
  STAFF_LEASE_ACTIONS,
  statusChangeConfirmation,
  LEASE_ACTIONS,
  type StaffLeaseActionId,
} from '../../../machines/lease-status/lease-status.machine.ts';
import { transition } from 'xstate';
import { leaseStatusMachine, isDelivered, leaseStatusOf } from '../../../machines/lease-status/lease-status.machine.ts';
import type { ApplicationRecord } from '../../data/applications.ts';
import type { CheckoutItem, PaymentAttempt } from '../../data/checkouts.ts';
import type { LeaseItem } from '../../data/leases.ts';
import { listCheckoutDeliveries } from '../../data/webhook-deliveries.ts';
import type { Deps } from '../../platform/deps.ts';
import type { StaffActor } from '../../platform/staff-types.ts';
import { pinStateOf } from '../decision-support.ts';
import { applicantNameOf, fundingFactsOf, leaseFactsOf, tranchesOf } from './facts.ts';
import { adjustmentView, fulfilmentOf } from '../fulfilment.ts';
import type { FulfilmentView } from '../../../machines/contracts/staff-leases.ts';

// What staff see of a lease record: PII concealed to its last 4 characters (the reveal permission shows one field at
// a time, audited), the decision with its reasons, the flows, the documents, the checkout, payments, webhooks and the
// timeline, and the actions the status machine allows now with the seed's confirmation text.

const money = (cents: number | null | undefined) => (typeof cents === 'number' ? centsToDecimal(cents) : null);
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** The inputs an action's form asks for. */
const ACTION_INPUTS: Partial<Record<StaffLeaseActionId, StaffActionView['inputs']>> = {
  'switch-store': ['store_id', 'note'],
  'update-delivery-date': ['delivery_date'],
  'request-info': ['note'],
  revoke: ['note'],
  'changed-mind': ['note'],
  'reject-funding': ['note'],
  'reset-to-approved': ['note'],
};
export const actionInputs = (id: StaffLeaseActionId) => ACTION_INPUTS[id] ?? [];

export function rowInLang(row: ApplicationRow, lang: Lang): ApplicationRow {
  return { ...row, status_label: leasePlaceLabel(lang, row.status, row.delivered) };
}

function person(
  p: Record<string, unknown> | null | undefined,
  location: Record<string, unknown> | null | undefined,
): PersonView | null {
  if (!p) return null;
  return {
    salutation: str(p.title),
    first_name: str(p.first_name),
    middle_name: str(p.middle_name),
    last_name: str(p.last_name),
    suffix: str(p.suffix),
    email: str(p.email),
    cell_phone: str(p.cell),
    home_phone: str(p.home_phone),
    preferred_contact: str(p.preferred_contact),
    language: str(p.language),
    social_security_number: conceal(str(p.social_security_number)),
    date_of_birth: conceal(str(p.date_of_birth)),
    identification: conceal(str(p.identification)),
    identification_type: str(p.identification_type),
    identification_state: str(p.identification_issuer),
    address: location
      ? {
          line_1: str(location.line_1),
          line_2: str(location.line_2),
          city: str(location.city),
          state: str(location.state),
          code: str(location.code),
        }
      : null,
  };
}

function incomes(list: unknown, who: IncomeView['applicant']): IncomeView[] {
  if (!Array.isArray(list)) return [];
  return (list as Record<string, unknown>[]).map((i, n) => ({
    applicant: who,
    primary: i.primary === true || (n === 0 && !list.some((x: { primary?: boolean }) => x?.primary)),
    type: str(i.source),
    employer: str(i.employer),
    title: str(i.title_department),
    frequency: str(i.frequency),
    gross: money(i.gross as number),
    monthly_gross:
      typeof i.gross === 'number' && typeof i.frequency === 'string'
        ? centsToDecimal(monthlyIncomeCents([{ grossCents: i.gross, frequency: i.frequency as never }]))
        : null,
    last_pay_date: str(i.pay_date),
    months_employed: typeof i.months_employed === 'number' ? i.months_employed : null,
  }));
}

export function decisionView(app: ApplicationRecord, lang: Lang): DecisionView | null {
  const d = app.decision as (Decision & { bureau?: { reportId?: string; hit?: boolean } }) | undefined;
  if (!d) return null;
  const list = [
    ...(app.data.incomes ?? []),
    ...(app.data.has_co_applicant ? (app.data.co_applicant?.incomes ?? []) : []),
  ];
  return {
    code: d.code,
    decided_at: app.decidedAt ?? d.decidedAt ?? null,
    approval_amount: centsToDecimal(d.approvalCents),
    offers: {
      A: centsToDecimal(d.offers.A),
      B: centsToDecimal(d.offers.B),
      C: centsToDecimal(d.offers.C),
      D: centsToDecimal(d.offers.D),
    },
    reasons: (d.reasons ?? []).map((r) => ({ code: r.code, text: r.key ? translate(lang, r.key, r.params) : r.text })),
    score: d.score,
    decile: d.decile,
    monthly_income: list.length
      ? centsToDecimal(monthlyIncomeCents(list.map((i) => ({ grossCents: i.gross, frequency: i.frequency }))))
      : null,
    scoring_settings_version: d.trace?.settingsVersion ?? null,
    bureau: d.bureau ? { report_id: d.bureau.reportId ?? null, hit: d.bureau.hit ?? null } : null,
  };
}

function pinView(app: ApplicationRecord): PinView {
  const pin = pinStateOf(app);
  const history: PinView['history'] = [];
  for (const at of pin?.sends ?? [])
    history.push({ at: new Date(at).toISOString(), kind: 'sent', channel: pin?.mode ?? null });
  if (pin?.verifiedAt) history.push({ at: pin.verifiedAt, kind: 'verified', channel: null });
  if (pin?.maxedAt) history.push({ at: pin.maxedAt, kind: 'maxed', channel: null });
  history.sort((a, b) => (a.at < b.at ? -1 : 1));
  return {
    sent: pin?.sends.length ?? 0,
    failed: pin?.failedAttempts ?? 0,
    maxed: Boolean(pin?.maxedAt),
    verified: app.verified || Boolean(pin?.verifiedAt),
    last_sent_at: pin?.sends.length ? new Date(Math.max(...pin.sends)).toISOString() : null,
    history,
  };
}

function flowViews(app: ApplicationRecord): FlowView[] {
  const flows = (app.flows ?? {}) as Record<
    string,
    { snapshot?: { value?: unknown; status?: string }; updatedAt?: string; refs?: Record<string, string> } | undefined
  >;
  const out: FlowView[] = [];
  for (const name of ['bank-link', 'identity-check', 'payroll'] as const) {
    const f =
      flows[name] ??
      flows[name.replace('-', '')] ??
      flows[name === 'bank-link' ? 'bankLink' : name === 'identity-check' ? 'identityCheck' : 'payroll'];
    const value = f?.snapshot?.value;
    out.push({
      name,
      state: f ? (typeof value === 'string' ? value : JSON.stringify(value ?? null)) : 'notStarted',
      updated_at: f?.updatedAt ?? null,
      detail: f ? { status: f.snapshot?.status ?? null, refs: Object.keys(f.refs ?? {}) } : {},
    });
  }
  return out;
}

export function paymentViews(
  checkout: CheckoutItem,
  names: { applicant: string; store: string; retailer: string },
): PaymentView[] {
  const refund = checkout.refundDueCents ? centsToDecimal(checkout.refundDueCents) : null;
  return checkout.payments.map((p: PaymentAttempt) => ({
    id: `${checkout.id}-${p.number}`,
    checkout_id: checkout.id,
    application_uuid: checkout.application_uuid,
    applicant_name: names.applicant,
    store_name: names.store,
    retailer_name: names.retailer,
    number: p.number,
    amount: centsToDecimal(p.amountCents),
    status: p.status,
    card_brand: p.card?.brand ?? null,
    card_last4: p.card?.last4 ?? null,
    card_funding: p.card?.funding ?? null,
    decline_code: p.declineCode ?? null,
    message: p.message ?? null,
    started_at: p.startedAt,
    settled_at: p.settledAt ?? null,
    refund_due: p.status === 'succeeded' ? refund : null,
  }));
}

export function checkoutView(checkout: CheckoutItem, lang: Lang): CheckoutView {
  return {
    id: checkout.id,
    status: checkout.current_step,
    status_name: statusName(checkout.current_step),
    status_label: translate(lang, checkoutStatusLabelKey(checkout.current_step)),
    items: checkout.cart.items.map((i) => ({
      sku: i.sku,
      description: i.description,
      quantity: i.quantity,
      unit_price: centsToDecimal(i.unit_price),
    })),
    total: centsToDecimal(checkout.cart.items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0)),
    return_url: checkout.return_url,
    return_url_failure: checkout.return_url_failure,
    callback_url: checkout.callback_url,
    created_at: checkout.createdAt,
    completed_at: checkout.completedAt ?? null,
    cancelled_at: checkout.cancelledAt ?? null,
    audit: checkout.audit.map((a) => ({
      at: a.at,
      event: a.event,
      from: a.from,
      to: a.to,
      actor: a.actor,
      ...(a.note ? { note: a.note } : {}),
    })),
  };
}

export function checkoutRow(
  checkout: CheckoutItem,
  names: { applicant: string; store: string; retailer: string },
): CheckoutRow {
  return {
    id: checkout.id,
    retailer_id: checkout.retailerId,
    retailer_name: names.retailer,
    store_id: checkout.storeId,
    store_name: names.store,
    status: checkout.current_step,
    status_name: statusName(checkout.current_step),
    status_label: translate('en', checkoutStatusLabelKey(checkout.current_step)),
    application_uuid: checkout.application_uuid,
    applicant_name: names.applicant,
    total: centsToDecimal(checkout.cart.items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0)),
    paid: centsToDecimal(checkout.paidCents),
    refund_due: checkout.refundDueCents ? centsToDecimal(checkout.refundDueCents) : null,
    created_at: checkout.createdAt,
    updated_at: checkout.updatedAt,
  };
}

function webhookViews(list: Awaited<ReturnType<typeof listCheckoutDeliveries>>): WebhookDeliveryView[] {
  return list.map((d) => ({
    event_id: d.eventId,
    type: d.type,
    status: d.status,
    url: d.url,
    created_at: d.createdAt,
    delivered_at: d.deliveredAt ?? null,
    attempts: d.attempts.map((a) => ({
      number: a.number,
      at: a.at,
      status_code: a.statusCode,
      error: a.error,
      trigger: a.trigger,
    })),
  }));
}

/** The actions the machine allows now, with their labels, target status and the seed's confirmation. */
export function actionViews(
  lease: LeaseItem,
  checkout: CheckoutItem | undefined,
  name: string,
  actor: StaffActor,
  lang: Lang,
): StaffActionView[] {
  const snapshot = restoreLeaseStatus(lease.status);
  const facts = leaseFactsOf(checkout, lease);
  // Funding Completed funds every tranche due: its target is the status after that (funded, or still in process).
  const dueIds = tranchesOf(checkout, lease)
    .filter((x) => !x.funded)
    .map((x) => x.id);
  const afterFunding = fundingFactsOf(checkout, lease, dueIds);
  return availableStaffActions(snapshot, facts).map((id) => {
    const type = STAFF_LEASE_ACTIONS[id];
    const eventFacts = id === 'complete-funding' && afterFunding ? { ...facts, funding: afterFunding } : facts;
    const next = transition(leaseStatusMachine, snapshot, leaseEvent(type, eventFacts))[0];
    const to = leaseStatusOf(next);
    const toDelivered = isDelivered(next);
    return {
      id,
      label: translate(lang, LEASE_ACTIONS[type]),
      to,
      to_label: leasePlaceLabel(lang, to, toDelivered),
      confirm: statusChangeConfirmation(lang, name, lease.status.code, to, lease.status.delivered, toDelivered),
      permitted: actor.permissions.has(leaseActionPermission(id)),
      inputs: actionInputs(id),
    };
  });
}

/** Deliveries, their funding tranches and cancellations of a lease (issue 13), null before it has a contract. */
export function fulfilmentView(checkout: CheckoutItem | undefined, lease: LeaseItem): FulfilmentView | null {
  if (!checkout?.lease) return null;
  const f = fulfilmentOf(checkout);
  const tranches = tranchesOf(checkout, lease);
  const sum = (list: typeof tranches) => list.reduce((n, x) => n + x.amountCents, 0);
  const adjustment = adjustmentView(f.adjustment);
  // Delivered whole without delivery records (staff marked it delivered): every unit is out.
  const wholeDelivered = !f.deliveries.length && tranches.length > 0;
  return {
    lines: f.lines.map((l) =>
      wholeDelivered
        ? {
            sku: l.sku,
            description: l.description,
            quantity: l.quantity,
            delivered: l.quantity,
            cancelled: 0,
            undelivered: 0,
          }
        : {
            sku: l.sku,
            description: l.description,
            quantity: l.quantity,
            delivered: l.delivered,
            cancelled: l.cancelled,
            undelivered: l.undelivered,
          },
    ),
    tranches: tranches.map((x) => ({
      id: x.id,
      items: x.items,
      delivered_at: x.deliveredAt ?? '',
      recorded_at: x.recordedAt ?? x.deliveredAt ?? '',
      by: x.by ?? 'staff',
      amount: centsToDecimal(x.amountCents),
      funded: x.funded,
      funded_at: x.fundedAt,
      funded_by: x.fundedBy,
    })),
    cancellations: f.cancellations.map((c) => ({
      id: c.id,
      items: c.items,
      amount: centsToDecimal(c.amountCents),
      at: c.at,
      reason: c.reason,
    })),
    financed_amount: centsToDecimal(f.financedCents),
    delivered_amount: centsToDecimal(f.deliveries.length ? f.deliveredCents : sum(tranches)),
    funded_amount: centsToDecimal(sum(tranches.filter((x) => x.funded))),
    funding_due: centsToDecimal(sum(tranches.filter((x) => !x.funded))),
    undelivered_units: wholeDelivered ? 0 : f.undelivered,
    partially_delivered: f.deliveries.length > 0 && f.undelivered > 0,
    adjustment: adjustment
      ? {
          cancelled_cash_price: adjustment.cancelled_cash_price,
          payment_before: adjustment.payment_before,
          payment_after: adjustment.payment_after,
          total_of_payments_before: adjustment.total_of_payments_before,
          total_of_payments_after: adjustment.total_of_payments_after,
          prepaid_credit: adjustment.prepaid_credit,
          refund_due: adjustment.refund_due,
        }
      : null,
  };
}

export const REVEAL_PERMISSION = 'applications.reveal';

export async function detailView(
  deps: Deps,
  ctx: { app: ApplicationRecord; lease: LeaseItem; checkout: CheckoutItem | undefined },
  actor: StaffActor,
  lang: Lang,
): Promise<ApplicationDetail> {
  const { app, lease, checkout } = ctx;
  const row = lease.row!;
  const name = applicantNameOf(app);
  const deliveries = checkout ? await listCheckoutDeliveries(deps.db, checkout.id, deps.clock()) : [];
  const names = { applicant: name, store: row.store_name, retailer: row.retailer_name };
  const c = checkout?.lease?.computation;
  const co = app.data.has_co_applicant ? app.data.co_applicant : null;
  const banking = app.data.banking;
  const documents: ApplicationDetail['documents'] = [];
  if (checkout?.lease) {
    documents.push({
      kind: 'contract',
      name: translate(lang, 'staff.lease.document.contract'),
      preview_url: `/staff/api/leases/${app.uuid}/contract`,
      download_url: `/staff/api/leases/${app.uuid}/contract?format=pdf`,
    });
    if (checkout.esign?.status === 'completed' || lease.signedByStaffAt) {
      documents.push({
        kind: 'signed-contract',
        name: translate(lang, 'staff.lease.document.signed'),
        preview_url: `/staff/api/leases/${app.uuid}/contract?copy=signed`,
        download_url: `/staff/api/leases/${app.uuid}/contract?copy=signed&format=pdf`,
      });
    }
  }
  if (app.decidedAt || checkout?.lease) {
    // What the shopper consented to and was shown (functions/services/consents.ts), exportable for a regulator.
    const record = `/staff/api/applications/${app.uuid}/consents.pdf`;
    documents.push({
      kind: 'consent-record',
      name: translate(lang, 'staff.lease.document.consents'),
      preview_url: null,
      download_url: record,
    });
  }
  if (app.status === 'denied') {
    // The FCRA 615(a) notice kept with the denial (functions/services/adverse-action.ts).
    const notice = `/staff/api/applications/${app.uuid}/adverse-action?format=html&lang=${lang}`;
    documents.push({
      kind: 'adverse-action',
      name: translate(lang, 'staff.lease.document.adverseAction'),
      preview_url: notice,
      download_url: notice,
    });
  }
  return {
    ...rowInLang(row, lang),
    v: lease.v,
    actions: actionViews(lease, checkout, name, actor, lang),
    applicant: person(app.data.applicant, app.data.location),
    co_applicant: co
      ? person(
          co,
          ((co as { same_location?: boolean }).same_location
            ? app.data.location
            : (co as { location?: unknown }).location) as Record<string, unknown> | null,
        )
      : null,
    incomes: [...incomes(app.data.incomes, 'applicant'), ...incomes(co?.incomes, 'co_applicant')],
    banking: banking
      ? {
          routing_number: conceal(str(banking.routing_number)),
          account_number: conceal(str(banking.checking_account)),
          bank_name: str(banking.bank_name),
          account_type: 'checking',
        }
      : null,
    home_ownership: (app.data.home_ownership as Record<string, string | number | boolean | null> | null) ?? null,
    decision: decisionView(app, lang),
    pin: pinView(app),
    flows: flowViews(app),
    documents,
    lease:
      c && checkout?.lease
        ? {
            lease_number: checkout.id,
            lease_amount: centsToDecimal(c.totalPayment),
            cash_price: centsToDecimal(c.cashPrice),
            term_months: c.termMonths,
            payment_frequency: c.paymentFrequency,
            periodic_payment: centsToDecimal(c.paymentWithWaiver),
            number_of_payments: c.numPayments,
            total_of_payments: centsToDecimal(c.totalPayment),
            option: checkout.lease.input.option,
            initial_payment: centsToDecimal(c.actualDownPayment),
            initial_sales_tax: null,
            processing_fee: centsToDecimal(c.leaseProcessFee + c.documentProcessingFee),
            fees: [
              { name: translate(lang, 'staff.lease.fee.leaseProcessing'), amount: centsToDecimal(c.leaseProcessFee) },
              {
                name: translate(lang, 'staff.lease.fee.documentProcessing'),
                amount: centsToDecimal(c.documentProcessingFee),
              },
              { name: translate(lang, 'staff.lease.fee.epo'), amount: centsToDecimal(c.epoFee) },
            ],
            ocp_included: c.waiver > 0,
            delivery_date: lease.deliveryDate,
            rog_date: lease.rogDate,
            funded_at: lease.fundedAt,
            funded_amount: money(lease.fundedCents),
            stage: leasePlaceLabel(lang, lease.status.code, lease.status.delivered),
            revision: checkout.lease.revision,
            created_at: checkout.lease.createdAt,
          }
        : null,
    checkout: checkout ? checkoutView(checkout, lang) : null,
    payments: checkout ? paymentViews(checkout, names) : [],
    webhooks: webhookViews(deliveries),
    timeline: [...lease.timeline].reverse(),
    info_request: lease.infoRequest,
    delivery_date: lease.deliveryDate,
    revealable: actor.permissions.has(REVEAL_PERMISSION) ? revealableFields(app) : [],
    fulfilment: fulfilmentView(checkout, lease),
  };
}

function revealableFields(app: ApplicationRecord): RevealableField[] {
  const out: RevealableField[] = [];
  for (const f of [
    'applicant.social_security_number',
    'applicant.date_of_birth',
    'applicant.identification',
    'co_applicant.social_security_number',
    'co_applicant.date_of_birth',
    'co_applicant.identification',
    'banking.account_number',
    'banking.routing_number',
  ] as const) {
    if (revealValue(app, f)) out.push(f);
  }
  return out;
}

/** The full value of a concealed field (the reveal permission; the caller audits it). */
export function revealValue(app: ApplicationRecord, field: RevealableField): string | null {
  const [section, name] = field.split('.') as [string, string];
  if (section === 'banking') {
    const b = app.data.banking;
    return str(name === 'account_number' ? b?.checking_account : b?.routing_number);
  }
  const p = (
    section === 'applicant' ? app.data.applicant : app.data.has_co_applicant ? app.data.co_applicant : null
  ) as Record<string, unknown> | null | undefined;
  return str(p?.[name]);
}
