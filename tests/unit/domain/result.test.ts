import { describe, expect, it } from 'vitest';
import { decide, genericDenial, type DecisionInput } from '../../../machines/domain/decision.ts';
import { buildResult, formatUsDate, renderResult } from '../../../machines/domain/result.ts';
import { DEFAULT_SCORING_SETTINGS } from '../../../machines/domain/scoring-settings.ts';
import { decision as messages } from '../../../machines/i18n/decision.ts';

const base: DecisionInput = {
  ageYears: 30,
  monthlyIncomeCents: 350_000,
  state: 'TX',
  score: 700,
  store: { isHvac: false, optionBEnabled: true, optionCEnabled: true, optionDEnabled: false },
  now: '2025-03-10T15:00:00.000Z',
};
// Every option open to every decile, so that one decision shows rows for A, B and C (option eligibility by decile
// is covered in decision.test.ts).
const every = { min: 1, max: 10 };
const S = { ...DEFAULT_SCORING_SETTINGS, optionDeciles: { A: every, B: every, C: every, D: every } };
const ctx = { firstName: 'Maria', brandPhone: '1-800-555-0100', storeName: 'Main Street Electronics', settings: S };

describe('approved result', () => {
  // decide(base) approves $5,830 (see decision.test.ts): A $5,830, B $5,240, C $5,830.
  const result = buildResult(decide(base, S), { ...ctx, step: 3 });

  it('has the seed shape: code, offerAmounts with 0.00 for not offered, score, payroll, reason, step', () => {
    expect(result.code).toBe('A');
    expect(result.offerAmounts).toEqual({ A: '5830.00', B: '5240.00', C: '5830.00', D: '0.00' });
    expect(result.score).toBe(700);
    expect(result.decile).toBe(8);
    expect(result.payroll).toEqual({ is_eligible: true, type: 'async' });
    expect(result.reason).toBeNull();
    expect(result.step).toBe(3);
  });

  it('keeps texts as i18n keys with params', () => {
    expect(result.message.title).toEqual({ key: 'result.approved.title', params: { name: 'Maria' } });
    expect(result.message.options.map((o) => o.option)).toEqual(['A', 'B', 'C']);
  });

  it('renders in English', () => {
    const en = renderResult(result, 'en');
    expect(en.message).toEqual({
      name: 'Maria',
      title: 'Congratulations, Maria!',
      sub_title1: 'You are approved for up to $5,830.00.',
      sub_title2: 'Your offer is valid for 180 days, until 09/06/2025.',
      sub_title3: 'Choose an option below and use the calculator to see your payments at Main Street Electronics.',
      sub_title4: 'Questions? Call 1-800-555-0100.',
      options: [
        { option: 'A', label: 'Option A', amount: '5830.00' },
        { option: 'B', label: 'Option B', amount: '5240.00', note: 'Start with a $49.95 initial payment' },
        { option: 'C', label: 'Option C', amount: '5830.00', note: 'Our lowest payments, over 24 months' },
      ],
    });
  });

  it('renders in Spanish', () => {
    const es = renderResult(result, 'es');
    expect(es.message.title).toBe('¡Felicidades, Maria!');
    expect(es.message.options[0]?.label).toBe('Opción A');
  });

  it('HVAC wording for HVAC stores', () => {
    const hvac = buildResult(decide({ ...base, store: { ...base.store, isHvac: true } }, S), { ...ctx, isHvac: true });
    expect(renderResult(hvac, 'en').message.sub_title3).toBe(
      'Choose an option below and use the calculator to see your payments for your new system from Main Street Electronics.',
    );
  });

  it('payroll is not eligible at the store cap ($8,000) or when payroll is off', () => {
    const capped = decide({ ...base, monthlyIncomeCents: 600_000, score: 760 }, S);
    expect(capped.approvalCents).toBe(800_000);
    expect(buildResult(capped, ctx).payroll.is_eligible).toBe(false);
    expect(buildResult(decide(base, S), { ...ctx, payrollEnabled: false }).payroll.is_eligible).toBe(false);
  });
});

describe('denied result', () => {
  it('shows the seed denial text with the brand number and no offers', () => {
    const result = buildResult(decide({ ...base, score: null }, S), ctx);
    const en = renderResult(result, 'en');
    expect(result.code).toBe('D');
    expect(result.reason).toBe('NO_SCORE');
    expect(result.score).toBe(0);
    expect(result.offerAmounts).toEqual({ A: '0.00', B: '0.00', C: '0.00', D: '0.00' });
    expect(result.payroll.is_eligible).toBe(false);
    expect(en.message.title).toBe('Thank you for applying, Maria.');
    expect(en.message.sub_title1).toBe(
      'Unfortunately, we were unable to approve you at this time. Please contact 1-800-555-0100, if you have any questions regarding your application.',
    );
    expect(en.message.sub_title2).toBe('You will receive a notice explaining the reasons for this decision.');
    expect(en.message.options).toEqual([]);
  });

  it('says so when the state is not served', () => {
    const en = renderResult(buildResult(decide({ ...base, state: 'NJ' }, S), ctx), 'en');
    expect(en.reason).toBe('STATE_NOT_SERVED');
    expect(en.message.sub_title2).toBe("Sorry, we don't provide leasing services in your state");
  });

  it('the generic denial (maxed PIN) is code G with score 0', () => {
    const result = buildResult(genericDenial(), ctx);
    expect(result).toMatchObject({ code: 'G', score: 0, reason: 'PIN_ATTEMPTS_EXCEEDED', expiresAt: null });
    expect(renderResult(result, 'en').message.sub_title1).toContain('Please contact 1-800-555-0100');
    expect(result.message.sub_title2).toBeNull();
  });
});

describe('decision messages', () => {
  it('have the same keys in English and Spanish', () => {
    expect(Object.keys(messages.es).sort()).toEqual(Object.keys(messages.en).sort());
  });

  it('dates read MM/DD/YYYY', () => {
    expect(formatUsDate('2025-09-06T15:00:00.000Z')).toBe('09/06/2025');
  });
});
