import { describe, expect, it } from 'vitest';
import {
  contactRefusal,
  DEFAULT_CONTACT_HOURS,
  EMPTY_WORK,
  lesseeTimeZone,
  localTime,
  promiseProblem,
  promiseStatus,
  settleKeptPromise,
  type PromiseToPay,
} from '../../../machines/domain/servicing/collections-work.ts';

// Issue 23: the collections work rules: a promise to pay is kept by what is paid after it, broken once its date has
// passed without it; contact only on consented channels, never after a request to stop, within the contact hours in
// the lessee's time zone.

const promise: PromiseToPay = {
  date: '2026-06-10',
  amountCents: 10_000,
  paidBaselineCents: 50_000,
  madeAt: '2026-06-05T15:00:00Z',
  by: { id: 'u1', name: 'Ana' },
};

describe('promise to pay', () => {
  it('is pending through its date, kept once that much is paid after it, broken the day after without it', () => {
    expect(promiseStatus(promise, 50_000, '2026-06-10')).toBe('pending');
    expect(promiseStatus(promise, 59_999, '2026-06-10')).toBe('pending');
    expect(promiseStatus(promise, 60_000, '2026-06-09')).toBe('kept');
    expect(promiseStatus(promise, 59_999, '2026-06-11')).toBe('broken');
    expect(promiseStatus(promise, 60_000, '2026-06-11')).toBe('kept');
  });
  it('a kept promise is cleared into the history; a pending one stays', () => {
    const work = { ...EMPTY_WORK, promise };
    expect(settleKeptPromise(work, 55_000, '2026-06-08')).toBe(work);
    const kept = settleKeptPromise(work, 60_000, '2026-06-08');
    expect(kept.promise).toBeNull();
    expect(kept.history[0]).toMatchObject({ status: 'kept', resolvedOn: '2026-06-08', amountCents: 10_000 });
  });
  it('a new promise needs a real date from today to 60 days out and an amount above zero', () => {
    expect(promiseProblem({ date: '2026-02-30', amountCents: 100 }, '2026-02-01')?.field).toBe('date');
    expect(promiseProblem({ date: '2026-01-31', amountCents: 100 }, '2026-02-01')?.key).toBe(
      'collections.work.promiseDateRange',
    );
    expect(promiseProblem({ date: '2026-04-03', amountCents: 100 }, '2026-02-01')?.field).toBe('date');
    expect(promiseProblem({ date: '2026-02-01', amountCents: 0 }, '2026-02-01')?.field).toBe('amount');
    expect(promiseProblem({ date: '2026-04-02', amountCents: 1 }, '2026-02-01')).toBeNull();
  });
});

describe('contact rules', () => {
  const consent = { phone: true, sms: false, email: true };
  // 2026-01-15 13:30 UTC is 8:30 in New York and 5:30 in Los Angeles (standard time).
  const morning = new Date('2026-01-15T13:30:00Z');
  const rules = (timeZone: string, ceased: ('phone' | 'sms' | 'email')[] = []) => ({
    consent,
    ceased,
    now: morning,
    timeZone,
    hours: DEFAULT_CONTACT_HOURS,
  });

  it('the lessee time zone comes from the state on the lease', () => {
    expect(lesseeTimeZone('ny', 'America/Chicago')).toBe('America/New_York');
    expect(lesseeTimeZone('CA', 'America/New_York')).toBe('America/Los_Angeles');
    expect(lesseeTimeZone('ZZ', 'America/New_York')).toBe('America/New_York');
    expect(localTime(morning, 'America/New_York').text).toBe('08:30');
  });
  it('refuses outside the hours in the lessee zone, without consent, and after a request to stop', () => {
    expect(contactRefusal('phone', rules('America/New_York'))).toBeNull();
    expect(contactRefusal('phone', rules('America/Los_Angeles'))).toBe('outsideHours');
    expect(contactRefusal('sms', rules('America/New_York'))).toBe('noConsent');
    expect(contactRefusal('phone', rules('America/New_York', ['phone']))).toBe('ceased');
    // 9 pm is already too late: contact must end before the closing hour.
    const nine = { ...rules('America/New_York'), now: new Date('2026-01-16T02:00:00Z') };
    expect(contactRefusal('email', nine)).toBe('outsideHours');
  });
});
