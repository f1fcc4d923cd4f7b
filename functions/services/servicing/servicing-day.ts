import type { ServicingDayView } from '../../../machines/contracts/reports.ts';
import { centsToDecimal } from '../../../machines/domain/money.ts';
import { addDays } from '../../../machines/domain/reports.ts';
import {
  ACH_THRESHOLDS,
  achAlerts,
  achWindow,
  ACH_WINDOW_DAYS,
  PAYMENT_CHANNELS,
} from '../../../machines/domain/servicing-reports.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import { dueOn } from '../../data/servicing.ts';
import { readServicingDays } from '../../data/servicing-counters.ts';
import type { Deps } from '../../platform/deps.ts';
import type { StaffActor } from '../../platform/staff-types.ts';
import { lenderToday } from './clock.ts';
import { bucketTotals, COLLECTION_BUCKETS } from './collections-queue.ts';

// Issue 23: the dashboard's servicing day: what falls due today (the DUE#<date> partition), what was collected and
// what failed today (the servicing counters), the collections queue by bucket (counts of the collections index) and
// the ACH return rates of the last 60 days near NACHA's thresholds. Never a Scan. The lender's staff see the whole
// book; a store user its stores; a retailer user its retailers (the queue is kept per store, so none for them yet).

export interface DayCtx {
  deps: Deps;
  actor: StaffActor;
  lang: Lang;
}

function counterScopesOf(actor: StaffActor): string[] {
  if (actor.guard === 'system') return ['*'];
  if (actor.guard === 'store') return actor.storeIds.map((id) => `store=${id}`);
  return actor.retailerIds.map((id) => `retailer=${id}`);
}

async function dueToday(deps: Deps, today: string) {
  let count = 0;
  let cents = 0;
  let cursor: string | undefined;
  do {
    const page = await dueOn(deps.db, today, deps.clock(), cursor, 500);
    for (const item of page.items) {
      count += 1;
      cents += item.amountCents;
    }
    cursor = page.cursor;
  } while (cursor);
  return { count, amount: centsToDecimal(cents) };
}

export async function servicingDay(c: DayCtx): Promise<ServicingDayView> {
  const { deps, actor } = c;
  const today = await lenderToday(deps);
  const scopes = counterScopesOf(actor);
  const days = await Promise.all(
    scopes.map((scope) => readServicingDays(deps.db, scope, addDays(today, 1 - ACH_WINDOW_DAYS), today)),
  );
  // The scopes' days summed (a store user with several stores sees them together).
  const byDay = new Map<string, Record<string, number>>();
  for (const scopeDays of days)
    for (const [day, counts] of scopeDays) {
      const acc = byDay.get(day) ?? {};
      for (const [k, v] of Object.entries(counts)) acc[k] = (acc[k] ?? 0) + v;
      byDay.set(day, acc);
    }
  const now = byDay.get(today) ?? {};
  const queueScopes =
    actor.guard === 'system' ? ['*'] : actor.guard === 'store' ? actor.storeIds.map((id) => `store=${id}`) : [];
  const totals = await Promise.all(queueScopes.map((scope) => bucketTotals(c, scope, today)));
  const queues = COLLECTION_BUCKETS.map((bucket) => ({
    bucket,
    count: totals.reduce((sum, t) => sum + t[bucket].accounts, 0),
  }));
  const alerts = achAlerts(achWindow(byDay, today)).map((a) => ({
    ...a,
    threshold: ACH_THRESHOLDS[a.measure],
    text: translate(c.lang, `staff.reports.ach.${a.level}`, {
      measure: translate(c.lang, `staff.reports.ach.measure.${a.measure}`),
      threshold: ACH_THRESHOLDS[a.measure],
    }),
  }));
  return {
    date: today,
    due: actor.guard === 'system' ? await dueToday(deps, today) : null,
    collected: {
      count: PAYMENT_CHANNELS.reduce((sum, ch) => sum + (now[`collected_count_${ch}`] ?? 0), 0),
      amount: centsToDecimal(PAYMENT_CHANNELS.reduce((sum, ch) => sum + (now[`collected_cents_${ch}`] ?? 0), 0)),
    },
    failed: now.failed_count ?? 0,
    queues,
    ach_alerts: alerts,
  };
}
