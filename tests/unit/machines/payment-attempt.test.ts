import { describe, expect, it } from 'vitest';
import { getAdjacencyMap } from 'xstate/graph';
import {
  applyAttemptEvent,
  attemptKey,
  attemptWhyNot,
  initialPaymentAttempt,
  MAX_CARD_RETRIES,
  PAYMENT_ATTEMPT_STATES,
  paymentAttemptMachine,
  paymentAttemptStateOf,
  persistPaymentAttempt,
  restorePaymentAttempt,
  type PaymentAttemptEvent,
  type PaymentAttemptSnapshot,
  type PaymentRail,
} from '../../../machines/payment-attempt/payment-attempt.machine.ts';
import { RETURN_CODES } from '../../../machines/domain/servicing/nacha.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import { coverage, definedTransitions, stateIds } from '../../support/machine-coverage.ts';

const input = (rail: PaymentRail) => ({
  leaseId: 'L-5',
  installment: 3,
  rail,
  amountCents: 11_000,
  scheduledFor: '2026-03-05',
});
const start = (rail: PaymentRail) => restorePaymentAttempt(initialPaymentAttempt(input(rail)));

function run(snapshot: PaymentAttemptSnapshot, ...events: PaymentAttemptEvent[]): PaymentAttemptSnapshot {
  let s = snapshot;
  for (const e of events) {
    const r = applyAttemptEvent(s, e);
    if (!r.accepted) throw new Error(`${e.type} refused: ${r.refusal.message}`);
    s = r.snapshot;
  }
  return s;
}

const submit = (date = '2026-03-05'): PaymentAttemptEvent => ({ type: 'attempt.submit', date });
const retryOn = (retryDate: string, newAuthorisation = false): PaymentAttemptEvent => ({
  type: 'attempt.schedule_retry',
  retryDate,
  newAuthorisation,
});

describe('payment attempt: model-based', () => {
  const events: PaymentAttemptEvent[] = [
    submit(),
    { type: 'attempt.settle', date: '2026-03-06' },
    ...RETURN_CODES.map((code): PaymentAttemptEvent => ({ type: 'attempt.return', code, date: '2026-03-08' })),
    { type: 'attempt.decline', code: 'insufficient_funds', date: '2026-03-05' },
    { type: 'attempt.decline', code: 'stolen_card', date: '2026-03-05' },
    retryOn('2026-03-12'),
    retryOn('2026-03-12', true),
    retryOn('2027-01-01'),
    { type: 'attempt.give_up' },
    { type: 'attempt.cancel' },
  ];
  it('reaches every state and takes every transition, by card and by bank', () => {
    const states = new Set<string>();
    const transitions = new Set<string>();
    for (const rail of ['card', 'ach'] as const) {
      const adjacency = getAdjacencyMap(paymentAttemptMachine, {
        input: input(rail),
        events,
        // Retries beyond the limit behave alike (a new authorisation allows more), so they count as one place.
        serializeState: (s) => `${JSON.stringify(s.value)}|${Math.min(s.context.retries, 3)}|${s.context.code}`,
      });
      const covered = coverage(paymentAttemptMachine, adjacency);
      covered.states.forEach((x) => states.add(x));
      covered.transitions.forEach((x) => transitions.add(x));
    }
    expect([...states].sort()).toEqual(stateIds(paymentAttemptMachine));
    expect([...transitions].sort()).toEqual([...definedTransitions(paymentAttemptMachine)].sort());
  });
});

describe('a bank debit under NACHA', () => {
  it('R01: retried at most twice, each attempt with its own idempotency key, then given up', () => {
    let s = run(start('ach'), submit(), {
      type: 'attempt.return',
      code: 'R01',
      date: '2026-03-09',
      settlementDate: '2026-03-06',
    });
    const keys = [attemptKey(s.context)];
    s = run(s, retryOn('2026-03-12'), submit('2026-03-12'), {
      type: 'attempt.return',
      code: 'R01',
      date: '2026-03-14',
    });
    keys.push(attemptKey(s.context));
    s = run(s, retryOn('2026-03-19'), submit('2026-03-19'), {
      type: 'attempt.return',
      code: 'R01',
      date: '2026-03-21',
    });
    keys.push(attemptKey(s.context));
    expect(keys).toEqual(['L-5:3:1', 'L-5:3:2', 'L-5:3:3']);
    expect(attemptWhyNot(s, retryOn('2026-03-26'))?.message).toBe(
      'This payment was already tried again 2 times, the most allowed.',
    );
    s = run(s, { type: 'attempt.give_up' });
    expect(paymentAttemptStateOf(s)).toBe('given_up');
    expect(s.context.history.map((h) => [h.attempt, h.outcome, h.code])).toEqual([
      [1, 'returned', 'R01'],
      [2, 'returned', 'R01'],
      [3, 'returned', 'R01'],
    ]);
    expect(s.context.originalSettlementDate).toBe('2026-03-06');
  });
  it('no retry more than 180 days after the original settlement', () => {
    const s = run(
      start('ach'),
      submit(),
      { type: 'attempt.settle', date: '2026-03-06' },
      {
        type: 'attempt.return',
        code: 'R09',
        date: '2026-03-09',
      },
    );
    expect(attemptWhyNot(s, retryOn('2026-09-02'))).toBeNull();
    expect(attemptWhyNot(s, retryOn('2026-09-03'))?.key).toBe('servicing.attempt.retry.windowClosed');
  });
  it('never after an unauthorised return without a new authorisation', () => {
    const s = run(start('ach'), submit(), { type: 'attempt.return', code: 'R10', date: '2026-03-20' });
    expect(attemptWhyNot(s, retryOn('2026-03-25'))?.message).toBe(
      'This debit cannot be tried again without a new authorization from the lessee (return code R10).',
    );
    expect(attemptWhyNot(s, retryOn('2026-03-25'), 'es')?.message).toContain('R10');
    expect(paymentAttemptStateOf(run(s, retryOn('2026-03-25', true)))).toBe('retry_scheduled');
  });
  it('a settled debit can still come back; a bank debit is never "declined"', () => {
    const settled = run(start('ach'), submit(), { type: 'attempt.settle', date: '2026-03-06' });
    expect(paymentAttemptStateOf(run(settled, { type: 'attempt.return', code: 'R07', date: '2026-04-20' }))).toBe(
      'returned',
    );
    const submitted = run(start('ach'), submit());
    expect(attemptWhyNot(submitted, { type: 'attempt.decline', code: 'x', date: '2026-03-05' })?.key).toBe(
      'servicing.attempt.error.achNotDeclined',
    );
  });
});

describe('a card payment', () => {
  it('a soft decline is retried up to the limit; a lost or stolen card is not', () => {
    let s = run(start('card'), submit(), { type: 'attempt.decline', code: 'insufficient_funds', date: '2026-03-05' });
    for (let i = 0; i < MAX_CARD_RETRIES; i += 1)
      s = run(s, retryOn('2026-03-08'), submit('2026-03-08'), {
        type: 'attempt.decline',
        code: 'insufficient_funds',
        date: '2026-03-08',
      });
    expect(attemptWhyNot(s, retryOn('2026-03-12'))?.key).toBe('servicing.attempt.retry.tooManyRetries');
    const stolen = run(start('card'), submit(), { type: 'attempt.decline', code: 'stolen_card', date: '2026-03-05' });
    expect(attemptWhyNot(stolen, retryOn('2026-03-08'))?.message).toBe(
      'This card cannot be charged again (stolen_card): a new card is needed.',
    );
    const submitted = run(start('card'), submit());
    expect(attemptWhyNot(submitted, { type: 'attempt.return', code: 'R01', date: '2026-03-06' })?.key).toBe(
      'servicing.attempt.error.cardNotReturned',
    );
  });
  it('is cancelled before it goes out (autopay turned off), and nothing happens after', () => {
    const s = run(start('card'), { type: 'attempt.cancel' });
    expect(paymentAttemptStateOf(s)).toBe('cancelled');
    expect(attemptWhyNot(s, submit())?.message).toBe('This cannot be done while the payment is "Cancelled".');
  });
  it('persists and restores; every state has a label in both languages', () => {
    const s = run(start('card'), submit(), { type: 'attempt.settle', date: '2026-03-05' });
    const restored = restorePaymentAttempt(persistPaymentAttempt(s));
    expect(paymentAttemptStateOf(restored)).toBe('settled');
    expect(restored.context).toEqual(s.context);
    for (const state of PAYMENT_ATTEMPT_STATES) {
      const en = translate('en', `servicing.attempt.state.${state}`);
      expect(en).not.toMatch(/^servicing/);
      expect(translate('es', `servicing.attempt.state.${state}`)).not.toBe(en);
    }
  });
});
