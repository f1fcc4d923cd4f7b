import { daysBetween, addDays } from '../../../machines/domain/payment-frequency.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import { deleteItem, getItem, type StoredItem } from '../../data/items.ts';
import { duePk, dueSk, putDue, type LeaseAccountItem } from '../../data/servicing.ts';
import type { Deps } from '../../platform/deps.ts';
import { conflict, unprocessable } from '../../platform/errors.ts';
import { saveAccountChange } from '../servicing/accounts.ts';

// Moving a payment date (issue 22): the lessee moves their next installment, and the ones after it by as many days,
// within limits the lender sets. The limits are data (one settings item, pk SETTINGS#servicing / sk DUE_DATE_LIMITS,
// per state or '*'), with the default below when none is stored. Only a current account may move a date (a past due
// one pays first); the installments already paid keep their dates; the collection's due-date entries move with them.

export interface DueDateLimits {
  /** How many days later than scheduled the next installment may be moved. */
  maxDaysLater: number;
  /** How many days earlier. */
  maxDaysEarlier: number;
  /** The new date is at least this many days after today (a debit needs notice). */
  minDaysAhead: number;
  /** Changes allowed in any 365 days. */
  changesPerYear: number;
}

export const DEFAULT_DUE_DATE_LIMITS: DueDateLimits = {
  maxDaysLater: 14,
  maxDaysEarlier: 7,
  minDaysAhead: 3,
  changesPerYear: 2,
};

interface LimitsItem extends StoredItem {
  limits: Record<string, Partial<DueDateLimits>>;
}

/** The limits in force for a state: the stored ones for it, else the stored '*', else the default. */
export async function dueDateLimits(deps: Pick<Deps, 'db' | 'clock'>, state: string): Promise<DueDateLimits> {
  const item = await getItem<LimitsItem>(deps.db, { pk: 'SETTINGS#servicing', sk: 'DUE_DATE_LIMITS' }, deps.clock());
  return { ...DEFAULT_DUE_DATE_LIMITS, ...(item?.limits?.['*'] ?? {}), ...(item?.limits?.[state] ?? {}) };
}

const owed = (account: LeaseAccountItem, summary: LeaseAccountItem['summary'], n: number) =>
  Math.max(0, (account.schedule[n - 1]?.amountCents ?? 0) - (summary.paid[n - 1] ?? 0));

/** The installment that would move and the range its new date may take, or undefined when none may move now. */
export function dueDateWindow(
  account: LeaseAccountItem,
  summary: LeaseAccountItem['summary'],
  today: string,
  limits: DueDateLimits,
): { installment: number; current: string; earliest: string; latest: string } | undefined {
  if (summary.pastDueCents > 0) return undefined;
  const next = account.schedule.find((i) => !i.prepaid && owed(account, summary, i.number) > 0 && i.dueDate > today);
  if (!next) return undefined;
  const earliest = [addDays(today, limits.minDaysAhead), addDays(next.dueDate, -limits.maxDaysEarlier)].sort()[1]!;
  const latest = addDays(next.dueDate, limits.maxDaysLater);
  if (earliest > latest) return undefined;
  return { installment: next.number, current: next.dueDate, earliest, latest };
}

/** Changes recorded on the account (the days they were made), within the last 365 days of `today`. */
export const recentChanges = (account: LeaseAccountItem, today: string) =>
  ((account as { dueDateChanges?: string[] }).dueDateChanges ?? []).filter((d) => daysBetween(d, today) < 365);

/** Moves the next installment to `date` (and the later unpaid ones by as many days); the account after it. */
export async function moveDueDate(
  deps: Deps,
  account: LeaseAccountItem,
  input: { date: string; today: string; summary: LeaseAccountItem['summary']; lang: Lang },
): Promise<LeaseAccountItem> {
  const { lang, today, summary } = input;
  const limits = await dueDateLimits(deps, account.state);
  const window = dueDateWindow(account, summary, today, limits);
  if (!window) throw conflict(translate(lang, 'customer.due_date.unavailable'));
  if (recentChanges(account, today).length >= limits.changesPerYear)
    throw conflict(translate(lang, 'customer.due_date.noneLeft', { max: limits.changesPerYear }));
  if (Number.isNaN(Date.parse(`${input.date}T00:00:00Z`)) || addDays(input.date, 0) !== input.date)
    throw unprocessable({ due_date: ['customer.due_date.invalid'] }, 'customer.due_date.invalid');
  if (input.date < window.earliest || input.date > window.latest) {
    const message = translate(lang, 'customer.due_date.outOfRange', {
      earliest: window.earliest,
      latest: window.latest,
    });
    throw unprocessable({ due_date: [message] }, message);
  }
  if (input.date === window.current)
    throw unprocessable(
      { due_date: [translate(lang, 'customer.due_date.same')] },
      translate(lang, 'customer.due_date.same'),
    );
  const shift = daysBetween(window.current, input.date);
  const moving = account.schedule.filter(
    (i) => i.number >= window.installment && !i.prepaid && owed(account, summary, i.number) > 0,
  );
  // The collection's entries: the new dates first (put once), the account, then the old dates removed, so that a
  // crash in between leaves an installment listed twice (collection checks the account's date) rather than never.
  for (const i of moving) {
    const attempt = (account.attempts?.[String(i.number)] ?? 0) + 1;
    await putDue(deps.db, addDays(i.dueDate, shift), {
      leaseId: account.leaseId,
      installment: i.number,
      attempt,
      amountCents: owed(account, summary, i.number),
    });
  }
  const moved = new Set(moving.map((i) => i.number));
  const after = await saveAccountChange(deps, account, (a) => {
    // Re-checked on the account as read for the write: a concurrent change is never undone.
    if (a.schedule.find((i) => i.number === window.installment)?.dueDate !== window.current) return null;
    return {
      ...a,
      schedule: a.schedule.map((i) => (moved.has(i.number) ? { ...i, dueDate: addDays(i.dueDate, shift) } : i)),
      dueDateChanges: [...recentChanges(a, today), today],
    };
  });
  if (after.schedule.find((i) => i.number === window.installment)?.dueDate !== input.date)
    throw conflict(translate(lang, 'customer.due_date.unavailable'));
  for (const i of moving) {
    const attempt = (account.attempts?.[String(i.number)] ?? 0) + 1;
    await deleteItem(deps.db, { pk: duePk(i.dueDate), sk: dueSk(account.leaseId, i.number, attempt) });
  }
  return after;
}
