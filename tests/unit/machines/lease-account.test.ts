import { describe, expect, it } from 'vitest';
import { createTestModel, getAdjacencyMap } from 'xstate/graph';
import {
  applyAccountEvent,
  CHARGE_OFF_MIN_DAYS_PAST_DUE,
  initialLeaseAccount,
  LEASE_ACCOUNT_EVENT_TYPES,
  LEASE_ACCOUNT_STATES,
  leaseAccountMachine,
  leaseAccountSnapshotAt,
  leaseAccountStateLabel,
  leaseAccountStateOf,
  persistLeaseAccount,
  restoreLeaseAccount,
  whyNot,
  type AccountFacts,
  type LeaseAccountContext,
  type LeaseAccountEvent,
  type LeaseAccountState,
} from '../../../machines/lease-account/lease-account.machine.ts';
import { coverage, definedTransitions, stateIds } from '../../support/machine-coverage.ts';

// The account's situations after a ledger change: current, a little late, long late, owned.
const CURRENT: AccountFacts = { daysPastDue: 0, pastDueCents: 0, remainingToOwnershipCents: 120_000 };
const LATE: AccountFacts = { daysPastDue: 12, pastDueCents: 11_000, remainingToOwnershipCents: 120_000 };
const LONG_LATE: AccountFacts = {
  daysPastDue: CHARGE_OFF_MIN_DAYS_PAST_DUE + 5,
  pastDueCents: 55_000,
  remainingToOwnershipCents: 120_000,
};
const OWNED: AccountFacts = { daysPastDue: 0, pastDueCents: 0, remainingToOwnershipCents: 0 };
const SITUATIONS = [CURRENT, LATE, LONG_LATE, OWNED];

function eventsUnder(facts: AccountFacts): LeaseAccountEvent[] {
  return [
    { type: 'account.payment_posted', ...facts },
    { type: 'account.day_closed', date: '2026-06-01', ...facts },
    { type: 'account.payment_reversed', ...facts },
    { type: 'account.payoff_paid', amountCents: 50_000, quoteCents: 50_000, ...facts },
    { type: 'account.payoff_paid', amountCents: 49_999, quoteCents: 50_000, ...facts },
    { type: 'account.return_accepted', ...facts },
    { type: 'account.charge_off', ...facts },
    { type: 'account.reinstate', reinstatementOpen: true, ...facts },
    { type: 'account.reinstate', reinstatementOpen: false, ...facts },
    { type: 'account.settle', ...facts },
    { type: 'account.refund_issued', amountCents: 1_000, overpaidCents: 1_000, ...facts },
    { type: 'account.refund_issued', amountCents: 1_001, overpaidCents: 1_000, ...facts },
  ];
}
const ALL_EVENTS = SITUATIONS.flatMap(eventsUnder);

const ctx = (over: Partial<LeaseAccountContext> = {}): LeaseAccountContext => ({
  leaseId: 'L-9',
  ...CURRENT,
  bucket: null,
  chargedOff: false,
  reinstatements: 0,
  ...over,
});
const at = (state: LeaseAccountState, over: Partial<LeaseAccountContext> = {}) =>
  leaseAccountSnapshotAt(state, ctx(over));
const apply = (state: LeaseAccountState, event: LeaseAccountEvent, over: Partial<LeaseAccountContext> = {}) =>
  applyAccountEvent(at(state, over), event);
const to = (state: LeaseAccountState, event: LeaseAccountEvent, over: Partial<LeaseAccountContext> = {}) => {
  const r = apply(state, event, over);
  return r.accepted ? r.to : `refused: ${r.refusal.message}`;
};

describe('lease account machine: model-based', () => {
  it('covers every event type', () => {
    expect(new Set(ALL_EVENTS.map((e) => e.type))).toEqual(new Set(LEASE_ACCOUNT_EVENT_TYPES));
  });
  it('reaches every state and takes every transition', () => {
    const adjacency = getAdjacencyMap(leaseAccountMachine, {
      input: { leaseId: 'L-9' },
      events: ALL_EVENTS,
      serializeState: (s) => `${JSON.stringify(s.value)}|${s.context.chargedOff}`,
    });
    const { states, transitions } = coverage(leaseAccountMachine, adjacency);
    expect([...states].sort()).toEqual(stateIds(leaseAccountMachine));
    expect([...transitions].sort()).toEqual([...definedTransitions(leaseAccountMachine)].sort());
  });
  it('the shortest paths to ownership are payments or a payoff', async () => {
    const model = createTestModel(leaseAccountMachine, {
      input: { leaseId: 'L-9' },
      events: ALL_EVENTS,
      // The place and whether it was charged off: the rest of the context is the last facts recorded.
      serializeState: (s) => `${JSON.stringify(s.value)}|${s.context.chargedOff}`,
    });
    for (const target of ['paid_out', 'purchased_early'] as const) {
      const paths = model.getShortestPaths({ toState: (s) => s.matches(target) });
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) {
        const last = path.steps.at(-1)!.event;
        expect([
          'account.payment_posted',
          'account.payment_reversed',
          'account.day_closed',
          'account.payoff_paid',
        ]).toContain(last.type);
        await path.test({});
      }
    }
  });
});

describe('lease account: the ledger decides where it rests', () => {
  it('a missed collection makes it past due with days and bucket; paying makes it current; the last payment owned', () => {
    const late = apply('current', { type: 'account.day_closed', date: '2026-06-01', ...LATE });
    expect(late.accepted && late.to).toBe('past_due');
    expect(late.accepted && late.snapshot.context).toMatchObject({
      daysPastDue: 12,
      bucket: '1-30',
      pastDueCents: 11_000,
    });
    expect(to('past_due', { type: 'account.payment_posted', ...CURRENT })).toBe('current');
    expect(to('past_due', { type: 'account.payment_posted', ...OWNED })).toBe('paid_out');
  });
  it('a payment returned after ownership reopens the account', () => {
    expect(to('paid_out', { type: 'account.payment_reversed', ...LATE })).toBe('past_due');
    expect(to('purchased_early', { type: 'account.payment_reversed', ...CURRENT })).toBe('current');
  });
  it('charge-off only once long past due; payments still post and paying all makes the lessee the owner', () => {
    expect(to('past_due', { type: 'account.charge_off', ...LONG_LATE })).toBe('charged_off');
    expect(to('charged_off', { type: 'account.payment_posted', ...LONG_LATE }, { chargedOff: true })).toBe(
      'charged_off',
    );
    expect(to('charged_off', { type: 'account.payment_posted', ...OWNED }, { chargedOff: true })).toBe('paid_out');
    expect(to('settled', { type: 'account.payment_reversed', ...LONG_LATE }, { chargedOff: true })).toBe('charged_off');
  });
  it('a reinstatement within the window, with nothing past due, runs the lease again', () => {
    const r = apply('returned', { type: 'account.reinstate', reinstatementOpen: true, ...CURRENT });
    expect(r.accepted && r.to).toBe('reinstated');
    expect(r.accepted && r.snapshot.context.reinstatements).toBe(1);
    expect(to('reinstated', { type: 'account.day_closed', date: '2026-06-02', ...CURRENT })).toBe('current');
  });
  it('persists and restores', () => {
    const r = apply('current', { type: 'account.day_closed', date: '2026-06-01', ...LATE });
    if (!r.accepted) throw new Error('refused');
    const restored = restoreLeaseAccount(persistLeaseAccount(r.snapshot));
    expect(leaseAccountStateOf(restored)).toBe('past_due');
    expect(restored.context).toEqual(r.snapshot.context);
    expect(initialLeaseAccount({ leaseId: 'L-1' }).state).toBe('current');
    expect(initialLeaseAccount({ leaseId: 'L-1', facts: LATE }).state).toBe('past_due');
  });
});

describe('lease account: every refusal has a reason a person can read', () => {
  it('a short payoff names the amount', () => {
    const event: LeaseAccountEvent = { type: 'account.payoff_paid', amountCents: 100, quoteCents: 45_050, ...CURRENT };
    expect(whyNot(at('current'), event)?.message).toBe(
      'The payment does not cover the payoff amount of $450.50. Pay the full amount to own the goods.',
    );
    expect(whyNot(at('current'), event, 'es')?.message).toContain('$450.50');
  });
  it('a second payoff, a payment on an owned lease, a charge-off too early, a closed reinstatement window', () => {
    const payoff: LeaseAccountEvent = { type: 'account.payoff_paid', amountCents: 1, quoteCents: 1, ...OWNED };
    expect(whyNot(at('purchased_early'), payoff)?.key).toBe('servicing.account.error.purchased');
    expect(whyNot(at('paid_out'), { type: 'account.payment_posted', ...OWNED })?.key).toBe(
      'servicing.account.error.owned',
    );
    expect(whyNot(at('past_due'), { type: 'account.charge_off', ...LATE })?.message).toBe(
      'A lease can be charged off only after 120 days past due; this one is 12 days past due.',
    );
    expect(whyNot(at('returned'), { type: 'account.reinstate', reinstatementOpen: false, ...CURRENT })?.key).toBe(
      'servicing.account.error.reinstateWindowClosed',
    );
    expect(whyNot(at('returned'), { type: 'account.reinstate', reinstatementOpen: true, ...LATE })?.message).toBe(
      'Pay the $110.00 past due first; then the lease can be reinstated.',
    );
    expect(whyNot(at('current'), { type: 'account.settle', ...CURRENT })?.key).toBe(
      'servicing.account.error.settleNotDelinquent',
    );
    expect(whyNot(at('returned'), { type: 'account.return_accepted', ...CURRENT })?.key).toBe(
      'servicing.account.error.alreadyReturned',
    );
  });
  it('a refund gives back only what was paid ahead, and never on a past-due or ended account', () => {
    const refund = (amountCents: number): LeaseAccountEvent => ({
      type: 'account.refund_issued',
      amountCents,
      overpaidCents: 2_500,
      ...CURRENT,
    });
    expect(to('current', refund(2_500))).toBe('current');
    expect(whyNot(at('current'), refund(2_501))?.message).toBe(
      'Only an overpayment can be refunded: $25.00 was paid ahead of what is due, so $25.01 cannot be refunded.',
    );
    expect(whyNot(at('past_due'), refund(100))?.key).toBe('servicing.account.error.notAllowed');
    expect(whyNot(at('paid_out'), refund(100))?.key).toBe('servicing.account.error.owned');
    expect(whyNot(at('settled'), refund(100))?.key).toBe('servicing.account.error.settled');
  });
  it('every refusal anywhere is a translated sentence in English and Spanish, never a key', () => {
    for (const state of LEASE_ACCOUNT_STATES)
      for (const event of ALL_EVENTS)
        for (const lang of ['en', 'es'] as const) {
          const refusal = whyNot(at(state), event, lang);
          if (!refusal) continue;
          expect(refusal.message).not.toMatch(/^servicing\./);
          expect(refusal.message).not.toMatch(/\{\w+\}/);
        }
    for (const state of LEASE_ACCOUNT_STATES) {
      expect(leaseAccountStateLabel('en', state)).not.toMatch(/^servicing/);
      expect(leaseAccountStateLabel('es', state)).not.toBe(leaseAccountStateLabel('en', state));
    }
  });
});
