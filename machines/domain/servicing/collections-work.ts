// Issue 23: the collections queue's work on a past-due account (pure rules shared by the staff portal and the server):
// who works it, the lessee's promise to pay and whether it was kept or broken, and the contact rules a collector
// keeps: only channels the lessee agreed to, never after the lessee asked not to be contacted that way, and only
// within the lender's contact hours in the lessee's time zone (8 am to 9 pm by default, the FDCPA's presumption,
// 15 U.S.C. 1692c(a)(1); Regulation F, 12 CFR 1006.6(b)(1)(i)). Time comes in as an argument.
import { addDays } from '../payment-frequency.ts';

export const CONTACT_CHANNELS = ['phone', 'sms', 'email'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** What came of a contact attempt. `cease` records the lessee's request to stop contact on that channel. */
export const CONTACT_OUTCOMES = ['reached', 'no_answer', 'left_message', 'wrong_number', 'sent', 'cease'] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];

export interface PromiseToPay {
  /** The lender date by which the lessee promised to pay. */
  date: string;
  amountCents: number;
  /** What the lessee had paid in all (rent and fees) when the promise was made: payments after it count. */
  paidBaselineCents: number;
  madeAt: string;
  by: { id: string; name: string };
}

export type PromiseStatus = 'pending' | 'kept' | 'broken';

export interface CollectionWork {
  assignee: { id: string; name: string } | null;
  promise: PromiseToPay | null;
  /** Earlier promises with what came of them, newest first (at most 20 kept). */
  history: (PromiseToPay & { status: Exclude<PromiseStatus, 'pending'>; resolvedOn: string })[];
  /** Channels the lessee asked us to stop using (a `cease` outcome). */
  ceased: ContactChannel[];
}

export const EMPTY_WORK: CollectionWork = { assignee: null, promise: null, history: [], ceased: [] };

/** Paid since the promise was made, from the account's running totals. */
export const paidSincePromise = (promise: PromiseToPay, paidTotalCents: number) =>
  Math.max(0, paidTotalCents - promise.paidBaselineCents);

/**
 * A promise's status on the lender date `today`: kept once that much has been paid since it was made; broken when
 * its date has passed without it; pending otherwise (the lessee has until the end of the promised day).
 */
export function promiseStatus(promise: PromiseToPay, paidTotalCents: number, today: string): PromiseStatus {
  if (paidSincePromise(promise, paidTotalCents) >= promise.amountCents) return 'kept';
  return today > promise.date ? 'broken' : 'pending';
}

/** The work after a ledger change: a promise paid in full is settled as kept (so a later return finds none pending). */
export function settleKeptPromise(work: CollectionWork, paidTotalCents: number, today: string): CollectionWork {
  const p = work.promise;
  if (!p || promiseStatus(p, paidTotalCents, today) !== 'kept') return work;
  return {
    ...work,
    promise: null,
    history: [{ ...p, status: 'kept' as const, resolvedOn: today }, ...work.history].slice(0, 20),
  };
}

/** Why a new promise is refused (an i18n key), or null: a date from today to 60 days out, an amount above zero. */
export function promiseProblem(
  p: { date: string; amountCents: number },
  today: string,
): { field: 'date' | 'amount'; key: string } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(p.date) || addDays(p.date, 0) !== p.date)
    return { field: 'date', key: 'collections.work.promiseDate' };
  if (p.date < today || p.date > addDays(today, PROMISE_MAX_DAYS))
    return { field: 'date', key: 'collections.work.promiseDateRange' };
  if (!Number.isInteger(p.amountCents) || p.amountCents <= 0)
    return { field: 'amount', key: 'collections.work.promiseAmount' };
  return null;
}

/** How far out a promise may be dated (the account comes back to the queue after it in any case). */
export const PROMISE_MAX_DAYS = 60;

// ---------- contact hours ----------

export interface ContactHours {
  /** First hour of the day a contact may start, lessee's local time (0-23). */
  start_hour: number;
  /** Hour by which contact must end (1-24): 21 = before 9 pm. */
  end_hour: number;
}

export const DEFAULT_CONTACT_HOURS: ContactHours = { start_hour: 8, end_hour: 21 };

/**
 * The lessee's time zone from the state on the lease (the zone most of the state keeps; a state split between zones
 * uses its most populous one, and the lender's staff may contact later, never earlier, where in doubt).
 */
export const STATE_TIME_ZONES: Record<string, string> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
};

export const lesseeTimeZone = (state: string, fallback: string) => STATE_TIME_ZONES[state.toUpperCase()] ?? fallback;

/** The local hour and minute of an instant in a time zone. */
export function localTime(now: Date, timeZone: string): { hour: number; minute: number; text: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0) % 24;
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return { hour, minute, text: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}` };
}

/** Within the contact hours at this instant in the lessee's zone. */
export function withinContactHours(now: Date, timeZone: string, hours: ContactHours): boolean {
  const { hour } = localTime(now, timeZone);
  return hour >= hours.start_hour && hour < hours.end_hour;
}

/** What the lessee agreed to be contacted on (from the consent record and the requests to stop). */
export interface ContactConsent {
  /** Calls to the phone the lessee gave on the application (prior express consent for calls about the account). */
  phone: boolean;
  /** Text messages: only with the lessee's opt-in to texts (TCPA) and no STOP since. */
  sms: boolean;
  /** E-mail: the lessee agreed to electronic notices (E-SIGN) and did not withdraw e-mail messages. */
  email: boolean;
}

export type ContactRefusal = 'noConsent' | 'ceased' | 'outsideHours';

/** Why a contact on a channel may not be made now (an i18n key suffix), or null when it may. */
export function contactRefusal(
  channel: ContactChannel,
  o: { consent: ContactConsent; ceased: readonly ContactChannel[]; now: Date; timeZone: string; hours: ContactHours },
): ContactRefusal | null {
  if (!o.consent[channel]) return 'noConsent';
  if (o.ceased.includes(channel)) return 'ceased';
  if (!withinContactHours(o.now, o.timeZone, o.hours)) return 'outsideHours';
  return null;
}
