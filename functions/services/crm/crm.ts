import type {
  MobileNotification,
  MobileSlide,
  StaffCalculatorRequest,
  StaffCalculatorResult,
} from '../../../machines/contracts/crm.ts';
import { INCOME_FREQUENCIES } from '../../../machines/domain/income.ts';
import { centsToDecimal, parseAmountToCents } from '../../../machines/domain/money.ts';
import { calculatePayments } from '../../../machines/domain/payment-calculation.ts';
import { paymentFrequencyChoices } from '../../../machines/domain/payment-frequency.ts';
import { readListPage } from '../../data/staff/lists.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { getStoreById } from '../../data/stores.ts';
import { t, type ResourceCtx } from '../staff/resource.ts';
import { loadScoringSettings } from '../scoring.ts';
import { lenderToday } from '../store-rules.ts';
import { sendDuePush } from './push.ts';
import { pushDef, slidesDef } from './mobile.ts';

// Use cases of issue 12 beyond plain CRUD: the dashboard's open tasks and last updated leads, the staff Payment
// Calculator, due push notifications, and the mobile client API.

// The dashboard's readers live in ./dashboard.ts (the staff-leases function shows them without the CRM resources).
export { lastUpdatedLeads, openTasksFor, type LeadRow, type OpenTaskRow } from './dashboard.ts';

/** The staff Payment Calculator: the shopper calculator's pricing (machines/domain) for any amount, option, frequency. */
export async function staffCalculate(c: ResourceCtx, body: StaffCalculatorRequest): Promise<StaffCalculatorResult> {
  const cents = typeof body.amount === 'number' ? Math.round(body.amount * 100) : parseAmountToCents(body.amount);
  if (cents === null || cents === undefined || cents <= 0)
    throw new AppError(422, t(c, 'crm.calculator.invalid'), { amount: [t(c, 'crm.calculator.amount')] });
  const incomeFrequency = INCOME_FREQUENCIES.find((f) => paymentFrequencyChoices(f).includes(body.frequency))!;
  const settings = await loadScoringSettings(c.deps);
  const result = calculatePayments(
    {
      leaseAmountCents: cents,
      option: body.option,
      paymentFrequency: body.frequency,
      rating: null,
      decile: body.decile ?? 1,
      score: null,
      additionalDownCents: 0,
      incomeFrequency,
      companyState: (body.state ?? 'TX').toUpperCase(),
      zipCode: null,
      ocpIncluded: body.ocp === true,
      today: lenderToday(c.deps.clock()),
    },
    settings,
  );
  if (!result.ok) {
    const errors: Record<string, string[]> = {};
    const fieldOf: Record<string, string> = { leaseAmount: 'amount', paymentFrequency: 'frequency', score: 'decile' };
    for (const e of result.errors)
      (errors[fieldOf[e.field] ?? e.field] ??= []).push(
        t(c, e.key, e.params) === e.key ? e.message : t(c, e.key, e.params),
      );
    throw new AppError(422, t(c, 'crm.calculator.invalid'), errors);
  }
  const k = result.calculation;
  return {
    lease_amount: centsToDecimal(k.leaseAmountCents),
    term: k.term,
    num_payments: k.numPayments,
    payment_amount: centsToDecimal(k.paymentAmountCents),
    first_payment_date: k.firstPaymentDate,
    express_pay_3_month_total: centsToDecimal(k.expressPayCents[3]),
    express_pay_6_month_total: centsToDecimal(k.expressPayCents[6]),
    express_pay_9_month_total: centsToDecimal(k.expressPayCents[9]),
    disclosure: k.disclosure,
  };
}

/** Sends the push notifications that are due (called on read; a schedule may call it too). */
export const sendDuePushNotifications = (deps: Deps) => sendDuePush(deps, pushDef);

/**
 * GET /mobile/v1/notifications: sent notifications for everyone, for the device's retailer, or for its store,
 * newest first. A store names its retailer too. Public: the texts are marketing messages for every app user.
 */
export async function mobileNotifications(
  deps: Deps,
  query: { retailer?: string; store?: string; limit?: string },
): Promise<MobileNotification[]> {
  await sendDuePushNotifications(deps);
  const limit = Math.min(50, Math.max(1, Number(query.limit ?? 20)));
  let retailerId = query.retailer;
  if (query.store) {
    const store = await getStoreById(deps.db, query.store, deps.clock());
    retailerId = store?.view.retailer.id ?? retailerId;
  }
  const page = await readListPage(deps.db, {
    entity: pushDef.entity,
    field: 'sent_at',
    scope: 'status=sent',
    page: 1,
    limit: 100,
    descending: true,
  });
  return page.rows
    .filter(
      (r) =>
        r.target === 'all' ||
        (r.target === 'store' && query.store && r.store_id === query.store) ||
        (r.target === 'retailer' && retailerId && r.retailer_id === retailerId),
    )
    .slice(0, limit)
    .map((r) => ({ id: r.id, title: String(r.title), body: String(r.body), sent_at: String(r.sent_at) }));
}

/** GET /mobile/v1/slides: the active welcome slides in their order. */
export async function mobileSlides(deps: Deps): Promise<MobileSlide[]> {
  const page = await readListPage(deps.db, {
    entity: slidesDef.entity,
    field: 'position',
    scope: 'active=true',
    page: 1,
    limit: 50,
    descending: false,
  });
  return page.rows.map((r) => ({
    id: r.id,
    title: String(r.title),
    body: String(r.body ?? ''),
    image_id: (r.image_id as string | null) ?? null,
    image_url: null, // filled once the uploads service serves files publicly (docs/decisions.md)
    position: Number(r.position ?? 0),
  }));
}
