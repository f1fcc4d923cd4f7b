import { describe, expect, it } from 'vitest';
import {
  attemptStart,
  decideAttempt,
  returnFeeAllowed,
} from '../../../../functions/services/servicing/attempt-state.ts';
import { addDays } from '../../../../machines/domain/payment-frequency.ts';
import { servicingRuleFor } from '../../../../machines/domain/servicing/state-servicing-rules.ts';

// The collection job's attempts go through the payment-attempt machine: what a lessee's bank or card sees is one
// presentment per attempt, retried only as NACHA (or the card policy) allows.

const lease = '6f0c3a8e-0d1c-4f55-9b7e-1a2b3c4d5e6f';

function run(channel: 'card' | 'bank', codes: (string | null)[], first = '2026-03-01') {
  const out: { outcome: string; retryOn: string | null; state: string }[] = [];
  let previous: Parameters<typeof attemptStart>[0];
  let date = first;
  for (const code of codes) {
    const start = attemptStart(previous, { leaseId: lease, installment: 2, channel, amountCents: 5_210, date });
    const d = decideAttempt(
      start,
      date,
      code === null ? { ok: true } : { ok: false, channel, code, date },
      addDays(date, 3),
    );
    out.push({ outcome: d.outcome, retryOn: d.retryOn, state: d.persisted.state });
    previous = { machine: d.persisted };
    if (!d.retryOn) break;
    date = d.retryOn;
  }
  return out;
}

describe('collection attempts through the payment-attempt machine', () => {
  it('an R01 return is presented again at most twice, then given up', () => {
    const walk = run('bank', ['R01', 'R01', 'R01', 'R01']);
    expect(walk.map((s) => s.outcome)).toEqual(['returned', 'returned', 'returned']);
    expect(walk.map((s) => s.state)).toEqual(['retry_scheduled', 'retry_scheduled', 'given_up']);
    expect(walk[0]!.retryOn).toBe('2026-03-04');
  });

  it('an unauthorised return (R10) or a stop (R08) is never presented again', () => {
    for (const code of ['R10', 'R08', 'R05', 'R07', 'R29', 'R51'])
      expect(run('bank', [code])).toEqual([{ outcome: 'returned', retryOn: null, state: 'given_up' }]);
  });

  it('a retry that settles ends the debit as settled', () => {
    expect(run('bank', ['R09', null]).map((s) => s.state)).toEqual(['retry_scheduled', 'settled']);
  });

  it('a soft card decline is retried; a lost card never is', () => {
    expect(run('card', ['card_declined'])[0]).toMatchObject({ outcome: 'declined', state: 'retry_scheduled' });
    expect(run('card', ['lost_card'])[0]).toMatchObject({ outcome: 'declined', state: 'given_up', retryOn: null });
  });

  it('no return fee without notice in the authorisation, and never for an unauthorised return', () => {
    expect(returnFeeAllowed('R01', servicingRuleFor('TX'), false)).toBe(false);
    expect(returnFeeAllowed('R10', servicingRuleFor('TX'), false)).toBe(false);
  });
});
