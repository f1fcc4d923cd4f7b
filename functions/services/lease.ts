import type { StoreView } from '../../machines/contracts/store.ts';
import type { Decision } from '../../machines/domain/decision.ts';
import { epoDays } from '../../machines/domain/early-purchase.ts';
import { minimumLeaseCents } from '../../machines/domain/lease-amount.ts';
import { centsToDecimal, parseAmountToCents } from '../../machines/domain/money.ts';
import {
  isPaymentFrequency,
  paymentFrequencyChoices,
  type PaymentFrequency,
} from '../../machines/domain/payment-frequency.ts';
import { computeLease, type LeaseComputation, type LeaseInput, type Language } from '../../machines/domain/pricing.ts';
import { LEASE_OPTIONS, type LeaseOption, type ScoringSettings } from '../../machines/domain/scoring-settings.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import type { ApplicationRecord } from '../data/applications.ts';
import type { CheckoutItem, StoredLease } from '../data/checkouts.ts';
import { getStoreById } from '../data/stores.ts';
import type { ApplySession } from '../platform/sessions.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError, conflict, unprocessable } from '../platform/errors.ts';
import { applyToCheckout, loadSessionCheckout, requireVerified, snapshotOf } from './checkout.ts';
import { leaseItemsOf } from './lease-items.ts';
import { contractDisclosure, contractFacts, contractLinks } from './contract.ts';
import { isLiveApproval } from './decision-support.ts';
import { loadScoringSettings } from './scoring.ts';
import { loadStateRule, withStateRule } from './state-rules.ts';
import { lenderToday } from './store-rules.ts';

// GET /apply-v2/checkout/{checkout_id}/lease: prices the checkout's cart for the approved application with the
// pricing engine (machines/domain/pricing.ts computeLease): the chosen option's offer bounds the leased amount (what
// exceeds it is paid at signing), the store's minimum lease, OCP flag and EPO window, the applicant's state (its
// total-cost cap), the primary income's frequency (which payment frequencies are allowed) and semi-monthly pay days,
// the delivery chosen (a one-cent price is free). The lease (its inputs and computation) is kept on the checkout
// with the `lease.created` event (status 5); recalculating replaces it until the contract is sent for signing.

export interface LeaseQuery {
  application_id?: string;
  option?: string;
  payment_frequency?: string;
  iframe?: string;
  ocp?: string;
  additional_down?: string;
  language?: string;
}

const truthy = (v: string | undefined) => v === '1' || v === 'true' || v === 'yes';

export function primaryIncome(app: ApplicationRecord) {
  const incomes = app.data.incomes ?? [];
  return incomes.find((i) => i.primary) ?? incomes[0];
}

/** Default option (seed 000 section 9: a, or c when option C is enabled) among the options offered. */
function defaultOption(decision: Decision, store: StoreView): LeaseOption {
  const preferred: LeaseOption = store.lease_program.option_c_enabled ? 'C' : 'A';
  if (decision.offers[preferred] > 0) return preferred;
  return LEASE_OPTIONS.reduce((best, o) => (decision.offers[o] > decision.offers[best] ? o : best), 'A' as LeaseOption);
}

export interface LeaseTerms {
  option: LeaseOption;
  paymentFrequency: PaymentFrequency;
  ocpIncluded: boolean;
  additionalDownCents: number;
  language: Language;
}

/** Reads and checks the shopper's choices; 422 with the field errors the page shows. */
export function leaseTerms(
  query: LeaseQuery,
  decision: Decision,
  store: StoreView,
  app: ApplicationRecord,
  fallbackLang: Lang,
): LeaseTerms {
  const errors: Record<string, string[]> = {};
  const optionText = (query.option ?? '').trim().toUpperCase();
  const option = (optionText ? optionText : defaultOption(decision, store)) as LeaseOption;
  if (!LEASE_OPTIONS.includes(option)) errors.option = ['The option must be one of a, b, c or d.'];
  else if (!(decision.offers[option] > 0)) errors.option = ['This lease option is not offered to you.'];
  const income = primaryIncome(app);
  const incomeFrequency = income?.frequency ?? 'monthly';
  const choices = paymentFrequencyChoices(incomeFrequency);
  const frequency = query.payment_frequency?.trim() || choices[0]!;
  if (!isPaymentFrequency(frequency) || !choices.includes(frequency)) {
    errors.payment_frequency = [`The payment frequency must be one of: ${choices.join(', ')}.`];
  }
  const additional = parseAmountToCents(query.additional_down?.trim() || '0');
  if (additional === undefined) errors.additional_down = ['Please enter a valid amount.'];
  else if (option === 'B' && additional > 0)
    errors.additional_down = ['Extra down payment cannot be added for an option B contract'];
  const language = (query.language ?? fallbackLang) === 'es' ? 'es' : 'en';
  if (Object.keys(errors).length) throw unprocessable(errors);
  return {
    option,
    paymentFrequency: frequency as PaymentFrequency,
    ocpIncluded: truthy(query.ocp),
    additionalDownCents: additional ?? 0,
    language,
  };
}

export function leaseInputFor(
  item: CheckoutItem,
  app: ApplicationRecord,
  store: StoreView,
  decision: Decision,
  terms: LeaseTerms,
  today: string,
): LeaseInput {
  const program = store.lease_program;
  const income = primaryIncome(app);
  const payDays =
    income?.frequency === 'semi-monthly' && income.first_pay_day && income.second_pay_day
      ? ([income.first_pay_day, income.second_pay_day] as [number, number])
      : undefined;
  return {
    option: terms.option,
    items: leaseItemsOf(item),
    deliveryCents: item.delivery?.priceCents ?? 0,
    additionalDownCents: terms.additionalDownCents,
    decile: decision.decile ?? 1,
    paymentFrequency: terms.paymentFrequency,
    ...(payDays ? { payDays } : {}),
    ocpIncluded: terms.ocpIncluded,
    ocpEnabled: program.ocp_enabled && store.record.identifier !== 'HVAC',
    state: (app.data.location?.state ?? store.shipping_address.state).toUpperCase(),
    leaseBeginsAt: today,
    primaryLanguage: terms.language,
    securityDepositCents: 0,
    optionLimitCents: decision.offers[terms.option],
    minimumLeaseCents: minimumLeaseCents(program.min_approval_amount),
    paidCents: item.paidCents,
  };
}

/** Field names of the pricing engine's errors -> the names of the lease request. */
const FIELD: Record<string, string> = {
  additionalDown: 'additional_down',
  ocpIncluded: 'ocp',
  termMonths: 'option',
  cashPrice: 'cart',
  actualDownPayment: 'additional_down',
};

export function priceLease(input: LeaseInput, settings: ScoringSettings): LeaseComputation {
  const result = computeLease(input, settings);
  if (!result.ok) {
    const errors: Record<string, string[]> = {};
    for (const e of result.errors) (errors[FIELD[e.field] ?? e.field] ??= []).push(e.message);
    throw unprocessable(errors);
  }
  return result.lease;
}

/** Money fields of the computation as two-decimal strings (the API's money format). */
export function leaseDecimals(c: LeaseComputation) {
  const m = centsToDecimal;
  return {
    cashPrice: m(c.cashPrice),
    numPayments: c.numPayments,
    totalPayment: m(c.totalPayment),
    reductionAmount: m(c.reductionAmount),
    nextPaymentAt: c.nextPaymentAt,
    leaseBeginsAt: c.leaseBeginsAt,
    additionalDown: m(c.additionalDown),
    delivery: m(c.delivery),
    waiver: m(c.waiver),
    effectiveCashPrice: m(c.effectiveCashPrice),
    documentProcessingFee: m(c.documentProcessingFee),
    leaseProcessFee: m(c.leaseProcessFee),
    securityDeposit: m(c.securityDeposit),
    actualDownPayment: m(c.actualDownPayment),
    downPayment: m(c.downPayment),
    prePaidPayments: c.prePaidPayments,
    remainingPaymentNeeded: m(c.remainingPaymentNeeded),
    leaseType: c.leaseType,
    primaryLanguage: c.primaryLanguage,
    paymentFrequency: c.paymentFrequency,
    epoFee: m(c.epoFee),
    termMonths: c.termMonths,
    paymentAmount: m(c.paymentAmount),
    paymentWithWaiver: m(c.paymentWithWaiver),
    costOfLease: m(c.totalPayment - c.effectiveCashPrice),
    items: c.items.map((i) => ({
      sku: i.sku,
      description: i.description,
      quantity: i.quantity,
      unitPrice: m(i.unitPriceCents),
      total: m(i.totalCents),
      requiredParts: (i.requiredParts ?? []).map((p) => ({
        sku: p.sku,
        description: p.description,
        quantity: p.quantity,
        unitPrice: m(p.unitPriceCents),
        total: m(p.totalCents),
      })),
    })),
  };
}

/** The fees the lease summary lists, by option (seed 000 section 9). */
export function feeLines(c: LeaseComputation) {
  const lines: { key: string; label: string; amount: string }[] = [];
  if (c.leaseType === 'OptionB')
    lines.push({ key: 'leaseProcessFee', label: 'Lease Process Fee', amount: centsToDecimal(c.leaseProcessFee) });
  else
    lines.push({
      key: 'documentProcessingFee',
      label: 'Document Processing Fee',
      amount: centsToDecimal(c.documentProcessingFee),
    });
  if (c.securityDeposit > 0)
    lines.push({
      key: 'securityDeposit',
      label: 'Refundable Security Deposit',
      amount: centsToDecimal(c.securityDeposit),
    });
  return lines;
}

export async function leaseView(
  deps: Deps,
  item: CheckoutItem,
  store: StoreView,
  lease: StoredLease,
  settings: ScoringSettings,
) {
  const c = lease.computation;
  const links = await contractLinks(deps, item.id);
  // The cost disclosure: the agreement's own figures (the lease summary shows exactly what the contract will say).
  const facts = await contractFacts(deps, { ...item, lease }).catch(() => null);
  return {
    checkout_id: item.id,
    application_id: lease.applicationUuid,
    status: item.current_step,
    step: item.current_step,
    option: lease.input.option.toLowerCase(),
    payment_frequency: c.paymentFrequency,
    language: c.primaryLanguage,
    ocp: {
      available: Boolean(lease.input.ocpEnabled),
      included: c.waiver > 0,
      per_payment: centsToDecimal(c.waiver),
      weekly_price: centsToDecimal(settings.ocp.weeklyCents),
    },
    epo: {
      days: lease.epoDays,
      fee: centsToDecimal(c.epoFee),
      remaining_payments_percent: lease.remainingPaymentsPercent,
    },
    fees: feeLines(c),
    store: {
      name: store.name,
      label: store.label,
      phone: store.details.phone,
      address: store.billing_address.label,
      display_info: store.lease_program.display_store_info_contract_screen,
    },
    lease: leaseDecimals(c),
    /** The engine's output in cents and the exact input it was given (so anyone can recompute it). */
    lease_cents: c,
    inputs: lease.input,
    contract: links,
    disclosure: facts ? contractDisclosure(facts) : null,
    state: facts?.stateRule?.state ?? null,
    state_disclosures: facts?.stateRule?.disclosures ?? [],
  };
}

/** Computes (or recalculates) the checkout's lease and moves it to status 5. */
export async function createCheckoutLease(
  deps: Deps,
  session: ApplySession,
  checkoutId: string,
  query: LeaseQuery,
  lang: Lang,
) {
  const now = deps.clock();
  let item = await loadSessionCheckout(deps, session, checkoutId);
  const app = await requireVerified(deps, session, item);
  if (query.application_id && query.application_id !== app.uuid)
    throw new AppError(404, 'Application not found. Please create a new application.');
  if (!isLiveApproval(app, now))
    throw conflict('There is no approved application for this checkout.', { code: 'E_NOT_APPROVED' });
  const decision = app.decision as Decision;
  const storeItem = await getStoreById(deps.db, item.storeId, now);
  if (!storeItem) throw new AppError(404, 'Store not found', undefined, { not_found: 'store' });
  const store = storeItem.view;
  const context = snapshotOf(item).context;
  if (store.checkout_delivery_options_required && !context.delivery_scheduled) {
    throw conflict('Please choose the delivery options before the lease.', { code: 'E_DELIVERY_REQUIRED' });
  }
  const terms = leaseTerms(query, decision, store, app, lang);
  const settings = await loadScoringSettings(deps);
  const base = leaseInputFor(item, app, store, decision, terms, lenderToday(now));
  // The applicant's state's rule (state rules as data): its cost cap and whether OCP may be offered.
  const input = withStateRule(base, await loadStateRule(deps, base.state));
  const computation = priceLease(input, settings);
  const stored: StoredLease = {
    applicationUuid: app.uuid,
    input,
    computation,
    epoDays: epoDays(store.lease_program, settings.earlyPurchase.defaultSacDays),
    remainingPaymentsPercent: settings.earlyPurchase.remainingPaymentsPercent,
    createdAt: now.toISOString(),
    revision: (item.lease?.revision ?? 0) + 1,
  };
  item = await applyToCheckout(
    deps,
    checkoutId,
    {
      type: 'lease.created',
      option: terms.option,
      payment_frequency: terms.paymentFrequency,
      down_payment: computation.downPayment,
    },
    {
      actor: 'shopper',
      lang,
      mutate: (c) => ({
        lease: { ...stored, revision: (c.lease?.revision ?? 0) + 1 },
        application_uuid: c.application_uuid ?? app.uuid,
      }),
    },
  );
  return leaseView(deps, item, store, item.lease!, settings);
}
