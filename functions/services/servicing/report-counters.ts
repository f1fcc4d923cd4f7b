import { addDays } from '../../../machines/domain/reports.ts';
import {
  achReturnClass,
  bookSnapshot,
  isReportChannel,
  paidInTime,
} from '../../../machines/domain/servicing-reports.ts';
import type { OutboxEvent } from '../../data/items.ts';
import { addServicingCounters, pastDueRefs, setServicingCounters } from '../../data/servicing-counters.ts';
import type { Deps } from '../../platform/deps.ts';
import { counterScopes } from '../leases/sync.ts';
import { dateIn, LENDER_TIME_ZONE, lenderToday } from './clock.ts';

// Issue 23: the servicing counters behind the collections, ACH returns, roll rates and first-payment default reports
// and the dashboard's servicing day. Counted from the events the servicing posts write with their ledger entries and
// attempts (the reports consumer claims each event once, so a redelivery adds nothing), on the lender's business date
// of the payment; the book's buckets are a snapshot the close of business takes from the collections index.

type Data = Record<string, unknown>;
const obj = (v: unknown): Data => (v && typeof v === 'object' ? (v as Data) : {});
const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const cents = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
};

/** The lender's business date of a posting: given, or from its ledger time, or today's. */
async function businessDate(deps: Deps, item: Data): Promise<string> {
  const given = text(item.business_date);
  if (given) return given;
  const at = text(item.at);
  if (at && !Number.isNaN(Date.parse(at))) return dateIn(new Date(at), LENDER_TIME_ZONE);
  return lenderToday(deps);
}

/** The counters one servicing event adds, and on which business date; null when it counts nothing. */
export async function servicingCountsOf(
  deps: Deps,
  event: OutboxEvent,
): Promise<{ day: string; add: Record<string, number> } | null> {
  const d = event.data;
  const account = obj(d.account);
  if (event.type === 'lease.payment_succeeded' || event.type === 'lease.purchased_early') {
    const item = obj(event.type === 'lease.payment_succeeded' ? d.payment : d.payoff);
    const channel = text(item.channel);
    const amount = cents(item.amount);
    if (!isReportChannel(channel) || amount <= 0) return null;
    const add: Record<string, number> = {
      [`collected_cents_${channel}`]: amount,
      [`collected_count_${channel}`]: 1,
    };
    if (channel === 'bank') add.ach_debits = 1;
    if (account.previous_status === 'pastDue' && account.status === 'current') add.cured = 1;
    return { day: await businessDate(deps, item), add };
  }
  if (event.type === 'lease.payment_failed') {
    const item = obj(d.payment);
    const code = text(item.code) ?? '';
    if (code === 'reversed') {
      // A payment reversed by staff: an ACH return of a debit already counted when it was presented.
      const returnCode = text(item.return_code);
      if (item.channel !== 'bank' || !returnCode) return null;
      return { day: await businessDate(deps, item), add: achReturn(returnCode) };
    }
    const bank = item.channel === 'bank' || (item.channel === undefined && /^R\d\d$/.test(code));
    const add: Record<string, number> = { failed_count: 1 };
    if (bank) Object.assign(add, { ach_debits: 1 }, achReturn(code));
    return { day: await businessDate(deps, item), add };
  }
  if (event.type === 'lease.charged_off') return { day: await lenderToday(deps), add: { charged_off: 1 } };
  return null;
}

function achReturn(code: string): Record<string, number> {
  const kind = achReturnClass(code);
  return {
    ach_returns: 1,
    ...(kind === 'unauthorised' ? { ach_returns_unauthorised: 1 } : {}),
    ...(kind === 'administrative' ? { ach_returns_administrative: 1 } : {}),
  };
}

/** Adds a servicing event's counters to the lender's, its store's and its retailer's days. */
export async function countServicingEvent(deps: Deps, event: OutboxEvent): Promise<void> {
  const storeId = text(event.data.store_id);
  const retailerId = text(event.data.retailer_id);
  if (!storeId || !retailerId) return;
  const counted = await servicingCountsOf(deps, event);
  if (!counted) return;
  await addServicingCounters(deps.db, counterScopes(storeId, retailerId), counted.day, counted.add);
}

/**
 * Whether a recorded first payment counts as paid for the first-payment default report: paid (on the lender's date of
 * its ledger entry) by its due date plus the report's grace; a later payment leaves the first payment defaulted.
 */
export async function firstPaymentInTime(deps: Deps, event: OutboxEvent): Promise<boolean> {
  const due = text(event.data.due_date);
  if (!due) return false;
  const paidOn = await businessDate(deps, { at: event.data.paid_at });
  return paidInTime(due, paidOn);
}

/**
 * The book's buckets at the close of `date` (as of the next morning), for the roll rates: one pass over the
 * collections index, written with SET on the closed date of each scope, so a rerun of the close writes the same.
 */
export async function snapshotBook(deps: Pick<Deps, 'db'>, date: string): Promise<void> {
  const morning = addDays(date, 1);
  const byScope = new Map<string, string[]>([['*', []]]);
  for await (const page of pastDueRefs(deps.db)) {
    for (const ref of page) {
      for (const scope of counterScopes(ref.storeId, ref.retailerId)) {
        const list = byScope.get(scope) ?? [];
        list.push(ref.since);
        byScope.set(scope, list);
      }
    }
  }
  for (const [scope, dates] of byScope) await setServicingCounters(deps.db, scope, date, bookSnapshot(dates, morning));
}
