import { describe, expect, it } from 'vitest';
import {
  autopayDebitCents,
  earliestDebitAfterNotice,
  MAX_REINITIATIONS,
  regENoticeSatisfied,
  RETURN_CODE_RULES,
  RETURN_CODES,
  retryDecision,
  returnFeeDecision,
  type ReturnCode,
} from '../../../../machines/domain/servicing/nacha.ts';
import { translate } from '../../../../machines/i18n/catalogue.ts';

const retry = (code: ReturnCode, retriesSoFar = 0, retryDate = '2026-03-10', newAuthorisation = false) =>
  retryDecision({ code, retriesSoFar, originalSettlementDate: '2026-03-02', retryDate, newAuthorisation });

describe('NACHA return codes', () => {
  it('categorise each code', () => {
    expect(Object.fromEntries(RETURN_CODES.map((c) => [c, RETURN_CODE_RULES[c].category]))).toEqual({
      R01: 'nsf',
      R02: 'administrative',
      R03: 'administrative',
      R05: 'unauthorised',
      R07: 'unauthorised',
      R08: 'other',
      R09: 'nsf',
      R10: 'unauthorised',
      R29: 'unauthorised',
      R51: 'unauthorised',
    });
  });
  it('have a readable description in both languages', () => {
    for (const c of RETURN_CODES) {
      expect(translate('en', `servicing.returnCode.${c}`)).not.toBe(`servicing.returnCode.${c}`);
      expect(translate('es', `servicing.returnCode.${c}`)).not.toBe(translate('en', `servicing.returnCode.${c}`));
    }
  });
});

describe('reinitiation (retry) of a returned debit', () => {
  it('R01 and R09 are retried at most twice', () => {
    for (const code of ['R01', 'R09'] as const) {
      expect(retry(code, 0)).toEqual({ allowed: true });
      expect(retry(code, 1)).toEqual({ allowed: true });
      expect(retry(code, MAX_REINITIATIONS)).toEqual({ allowed: false, reason: 'tooManyRetries' });
    }
  });
  it('only within 180 days of the original settlement date', () => {
    expect(retry('R01', 0, '2026-08-29')).toEqual({ allowed: true });
    expect(retry('R01', 0, '2026-08-30')).toEqual({ allowed: false, reason: 'windowClosed' });
  });
  it('never after an unauthorised return or a stop payment without a new authorisation', () => {
    for (const code of ['R05', 'R07', 'R10', 'R29', 'R51', 'R08'] as const) {
      expect(retry(code)).toEqual({ allowed: false, reason: 'needsNewAuthorisation' });
      expect(retry(code, 0, '2026-03-10', true)).toEqual({ allowed: true });
    }
  });
  it('a closed or unknown account needs new account details (a new authorisation)', () => {
    for (const code of ['R02', 'R03'] as const) {
      expect(retry(code)).toEqual({ allowed: false, reason: 'needsNewAuthorisation' });
    }
  });
});

describe('return fee', () => {
  const fee = (code: ReturnCode, over: Partial<Parameters<typeof returnFeeDecision>[0]> = {}) =>
    returnFeeDecision({ code, noticeGiven: true, stateAllows: true, alreadyCharged: false, ...over });
  it('one at most per returned debit, only for an NSF return, only with notice, only where the state allows', () => {
    expect(fee('R01')).toEqual({ allowed: true });
    expect(fee('R09')).toEqual({ allowed: true });
    expect(fee('R01', { alreadyCharged: true })).toEqual({ allowed: false, reason: 'alreadyCharged' });
    expect(fee('R01', { noticeGiven: false })).toEqual({ allowed: false, reason: 'noNotice' });
    expect(fee('R01', { stateAllows: false })).toEqual({ allowed: false, reason: 'stateForbids' });
    for (const code of ['R02', 'R03', 'R05', 'R07', 'R08', 'R10', 'R29', 'R51'] as const)
      expect(fee(code)).toEqual({ allowed: false, reason: 'codeNotChargeable' });
  });
});

describe('Regulation E: a debit that differs from the schedule', () => {
  it('needs notice at least 10 days before; the scheduled amount needs none', () => {
    const base = { scheduledCents: 10_000, debitDate: '2026-04-15' };
    expect(regENoticeSatisfied({ ...base, debitCents: 10_000, noticeSentOn: null })).toBe(true);
    expect(regENoticeSatisfied({ ...base, debitCents: 10_500, noticeSentOn: null })).toBe(false);
    expect(regENoticeSatisfied({ ...base, debitCents: 10_500, noticeSentOn: '2026-04-05' })).toBe(true);
    expect(regENoticeSatisfied({ ...base, debitCents: 10_500, noticeSentOn: '2026-04-06' })).toBe(false);
    expect(earliestDebitAfterNotice('2026-04-05')).toBe('2026-04-15');
  });
});

describe('Regulation E: what an autopay debit takes', () => {
  const base = { installmentOwedCents: 10_000, debitDate: '2026-04-15' };
  it('takes a late fee with the installment only when that amount was noticed 10 days before', () => {
    const noticed = { amountCents: 10_500, sentOn: '2026-04-05' };
    expect(autopayDebitCents({ ...base, otherOwedCents: 500, notice: noticed })).toEqual({
      cents: 10_500,
      varied: true,
    });
    // Notice 9 days before: too late, the scheduled amount only.
    expect(autopayDebitCents({ ...base, otherOwedCents: 500, notice: { ...noticed, sentOn: '2026-04-06' } })).toEqual({
      cents: 10_000,
      varied: false,
    });
    // No notice at all, or a notice of another amount (the fees changed since): the scheduled amount only.
    expect(autopayDebitCents({ ...base, otherOwedCents: 500, notice: null })).toEqual({ cents: 10_000, varied: false });
    expect(autopayDebitCents({ ...base, otherOwedCents: 800, notice: noticed })).toEqual({
      cents: 10_000,
      varied: false,
    });
  });
  it('takes what is left of the installment when nothing else is owed, notice or not', () => {
    expect(autopayDebitCents({ ...base, otherOwedCents: 0, notice: null })).toEqual({ cents: 10_000, varied: false });
    expect(
      autopayDebitCents({ installmentOwedCents: 4_000, otherOwedCents: 0, debitDate: '2026-04-15', notice: null }),
    ).toEqual({ cents: 4_000, varied: false });
  });
});
