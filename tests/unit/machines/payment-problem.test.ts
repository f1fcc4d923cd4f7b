import { describe, expect, it } from 'vitest';
import { RETURN_CODES } from '../../../machines/domain/servicing/nacha.ts';
import { HARD_CARD_DECLINES } from '../../../machines/payment-attempt/payment-attempt.machine.ts';
import {
  needsNewAuthorisation,
  nextStepOf,
  PAYMENT_PROBLEM_REASONS,
  problemReasonOf,
} from '../../../machines/payment-attempt/payment-problem.ts';
import { account } from '../../../machines/i18n/account.ts';

// A failed autopay debit in the lessee's words: every processor code a plain reason the catalogue words in both
// languages, and what happens next as the payment-attempt machine and NACHA decide it.

const facts = { today: '2026-03-01', autopayOn: true, machineState: 'retry_scheduled' as const };

describe('the reason of a failed debit', () => {
  it('maps every NACHA return code and the sandbox card declines to a plain reason, unknown codes to "other"', () => {
    for (const code of RETURN_CODES) expect(problemReasonOf('bank', code)).not.toBe('other');
    expect(problemReasonOf('bank', 'R01')).toBe('insufficient_funds');
    expect(problemReasonOf('bank', 'R10')).toBe('not_authorised');
    expect(problemReasonOf('bank', 'R08')).toBe('payment_stopped');
    expect(problemReasonOf('card', 'card_declined')).toBe('card_declined');
    expect(problemReasonOf('card', 'insufficient_funds')).toBe('insufficient_funds');
    expect(problemReasonOf('card', 'expired_card')).toBe('card_expired');
    for (const code of HARD_CARD_DECLINES) expect(problemReasonOf('card', code)).not.toBe('other');
    expect(problemReasonOf('card', 'something_new')).toBe('other');
    expect(problemReasonOf('bank', null)).toBe('other');
  });

  it('has every reason worded in English and Spanish', () => {
    for (const reason of PAYMENT_PROBLEM_REASONS) {
      expect(account.en[`account.problem.reason.${reason}`]).toBeTruthy();
      expect(account.es[`account.problem.reason.${reason}`]).toBeTruthy();
    }
  });
});

describe('what happens next', () => {
  it('a soft decline or an R01 return with a retry scheduled is tried again on its date', () => {
    expect(nextStepOf({ ...facts, channel: 'card', code: 'card_declined', retryOn: '2026-03-04' })).toEqual({
      step: 'retry',
      retryOn: '2026-03-04',
    });
    expect(nextStepOf({ ...facts, channel: 'bank', code: 'R01', retryOn: '2026-03-01' })).toEqual({
      step: 'retry',
      retryOn: '2026-03-01',
    });
  });

  it('an unauthorised, administrative or stopped return, or a hard decline, needs a new authorisation', () => {
    for (const code of ['R02', 'R03', 'R05', 'R07', 'R08', 'R10', 'R29', 'R51'])
      expect(nextStepOf({ ...facts, channel: 'bank', code, retryOn: null }).step).toBe('new_authorisation');
    expect(needsNewAuthorisation('bank', 'R01')).toBe(false);
    expect(needsNewAuthorisation('bank', 'R09')).toBe(false);
    expect(nextStepOf({ ...facts, channel: 'card', code: 'stolen_card', retryOn: null }).step).toBe(
      'new_authorisation',
    );
  });

  it('no retry left, autopay off, or a retry date gone by: the lessee pays it', () => {
    const given = { ...facts, channel: 'card' as const, code: 'card_declined' };
    expect(nextStepOf({ ...given, machineState: 'given_up', retryOn: null })).toEqual({
      step: 'pay_now',
      retryOn: null,
    });
    expect(nextStepOf({ ...given, autopayOn: false, retryOn: '2026-03-04' }).step).toBe('pay_now');
    expect(nextStepOf({ ...given, retryOn: '2026-02-27' }).step).toBe('pay_now');
  });
});
