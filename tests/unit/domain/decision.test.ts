import { describe, expect, it } from 'vitest';
import {
  decide,
  genericDenial,
  highestOffer,
  paymentToIncomeCapCents,
  type DecisionInput,
} from '../../../machines/domain/decision.ts';
import {
  DEFAULT_SCORING_SETTINGS,
  isOptionEligible,
  type ScoringSettings,
} from '../../../machines/domain/scoring-settings.ts';
import { DECIDED_AT, TEXAS_APPLICANT } from '../fixtures.ts';

const NOW = DECIDED_AT;

// The arithmetic below is shown with every option open to every decile; option eligibility by decile (the
// defaults) has its own describe at the end.
const every = { min: 1, max: 10 };
const S: ScoringSettings = { ...DEFAULT_SCORING_SETTINGS, optionDeciles: { A: every, B: every, C: every, D: every } };

const base = TEXAS_APPLICANT;
const withInput = (patch: Partial<DecisionInput>): DecisionInput => ({ ...base, ...patch });

/** The decision for a customer who leased before (never denied), in good standing or not, with `patch` besides. */
const decideReturning = (
  standing: { inGoodStanding: boolean; hasOpenChargeOff: boolean },
  patch: Partial<DecisionInput> = {},
) =>
  decide(withInput({ ...patch, previousCustomer: { isPreviousCustomer: true, ...standing, lastDeniedAt: null } }), S);

describe('an approval, worked to the cent', () => {
  // matrix(decile 8, band 2) = $6,000.
  // payment-to-income: 25% of $3,500 = $875.00 a month; shortest term 12 months at 1.80x:
  //   largest cash price = 87,500 x 12 / 1.80 = 583,333 cents -> rounded down to $10 = $5,830.
  // approval = min($6,000 matrix, $8,000 cap, $5,830 PTI) = $5,830.
  const decision = decide(base, S);

  it('approves $5,830 at decile 8 (the payment-to-income cap binds)', () => {
    expect(decision.code).toBe('A');
    expect(decision.determination).toBe('approval');
    expect(decision.decile).toBe(8);
    expect(decision.approvalCents).toBe(583_000);
    expect(decision.trace).toMatchObject({
      matrixCents: 600_000,
      storeCapCents: 800_000,
      paymentToIncomeCapCents: 583_333,
    });
    expect(decision.reasons).toEqual([]);
  });

  it('offers A = approval, B = 90% rounded down to $10 (524,700 -> $5,240), C = approval, D not enabled', () => {
    expect(decision.offers).toEqual({ A: 583_000, B: 524_000, C: 583_000, D: 0 });
    expect(highestOffer(decision.offers)).toEqual({ option: 'A', amountCents: 583_000 });
  });

  it('expires 180 days later: 2025-03-10 + 180 days = 2025-09-06', () => {
    expect(decision.decidedAt).toBe(NOW);
    expect(decision.expiresAt).toBe('2025-09-06T15:00:00.000Z');
  });

  it('option D (20% down) offers 125% of the approval: 583,000 x 1.25 = 728,750 -> $7,280', () => {
    const d = decide(withInput({ store: { ...base.store, optionDEnabled: true } }), S);
    expect(d.offers.D).toBe(728_000);
  });
});

describe('caps', () => {
  // $6,000 a month, score 760 (decile 10): matrix $18,000; PTI 150,000 x 12 / 1.74 = 1,034,482 cents.
  const rich = withInput({ monthlyIncomeCents: 600_000, score: 760 });

  it('merchandise approvals stop at $8,000 (and option D at the cap too)', () => {
    const d = decide({ ...rich, store: { ...rich.store, optionDEnabled: true } }, S);
    expect(d.approvalCents).toBe(800_000);
    expect(d.offers).toEqual({ A: 800_000, B: 720_000, C: 800_000, D: 800_000 });
  });

  it('HVAC approvals may reach $18,000; here the payment-to-income cap gives $10,340', () => {
    const d = decide({ ...rich, store: { ...rich.store, isHvac: true } }, S);
    expect(d.trace?.storeCapCents).toBe(1_800_000);
    expect(d.approvalCents).toBe(1_034_000);
  });

  it('the state total-cost cap lowers the multiplier used for payment-to-income (CA 2.25x vs TX 2.5x)', () => {
    const steep: ScoringSettings = {
      ...S,
      multipliers: S.multipliers.map((row) =>
        row.decile === 8 ? { ...row, byTerm: { ...row.byTerm, '12': 2.5 } } : row,
      ),
    };
    // 87,500 x 12 / 2.25 = 466,666 in CA; 87,500 x 12 / 2.5 = 420,000 in TX
    expect(paymentToIncomeCapCents(350_000, 8, 'CA', steep)).toBe(466_666);
    expect(paymentToIncomeCapCents(350_000, 8, 'TX', steep)).toBe(420_000);
    expect(decide(withInput({ state: 'CA' }), steep).approvalCents).toBe(466_000);
  });
});

describe('knock-outs (all that apply are listed, for the adverse-action notice)', () => {
  it('AGE_UNDER_18', () => {
    const d = decide(withInput({ ageYears: 17 }), S);
    expect(d.code).toBe('D');
    expect(d.approvalCents).toBe(0);
    expect(d.offers).toEqual({ A: 0, B: 0, C: 0, D: 0 });
    expect(d.reasons.map((r) => [r.code, r.text])).toEqual([['AGE_UNDER_18', 'You must be 18 years or older']]);
  });

  it.each(['MN', 'NJ', 'VT', 'WI', 'WY', 'wy'])('STATE_NOT_SERVED in %s', (state) => {
    const d = decide(withInput({ state }), S);
    expect(d.code).toBe('D');
    expect(d.reasons[0]).toMatchObject({
      code: 'STATE_NOT_SERVED',
      key: 'decision.reason.STATE_NOT_SERVED',
      text: "Sorry, we don't provide leasing services in your state",
    });
  });

  it('INCOME_BELOW_MINIMUM: $1,199.99 a month at a merchandise store', () => {
    const d = decide(withInput({ monthlyIncomeCents: 119_999 }), S);
    expect(d.reasons.map((r) => r.text)).toEqual(['Income must be over $1200 per month']);
  });

  it('INCOME_BELOW_MINIMUM: $2,500 a month at an HVAC store (minimum $2,750)', () => {
    const d = decide(withInput({ monthlyIncomeCents: 250_000, store: { ...base.store, isHvac: true } }), S);
    expect(d.reasons[0]).toMatchObject({ code: 'INCOME_BELOW_MINIMUM', params: { min: '2750' } });
    expect(d.reasons[0]?.text).toBe('Income must be over $2750 per month');
  });

  it('several knock-outs at once, in a stable order', () => {
    const d = decide(withInput({ ageYears: 17, state: 'WI', monthlyIncomeCents: 100_000 }), S);
    expect(d.reasons.map((r) => r.code)).toEqual(['AGE_UNDER_18', 'STATE_NOT_SERVED', 'INCOME_BELOW_MINIMUM']);
  });

  it('PREVIOUS_CUSTOMER_CHARGE_OFF', () => {
    const d = decideReturning({ inGoodStanding: false, hasOpenChargeOff: true });
    expect(d.reasons.map((r) => r.code)).toEqual(['PREVIOUS_CUSTOMER_CHARGE_OFF']);
  });

  it('PREVIOUS_CUSTOMER_RECENT_DENIAL within 30 days (18 days ago), not after (40 days ago)', () => {
    const recent = {
      isPreviousCustomer: false,
      inGoodStanding: false,
      hasOpenChargeOff: false,
      lastDeniedAt: '2025-02-20T00:00:00Z',
    };
    const d = decide(withInput({ previousCustomer: recent }), S);
    expect(d.reasons.map((r) => r.text)).toEqual(['You were not approved within the last 30 days']);
    const old = { ...recent, lastDeniedAt: '2025-01-29T00:00:00Z' };
    expect(decide(withInput({ previousCustomer: old }), S).code).toBe('A');
  });
});

describe('score', () => {
  it('NO_SCORE when the bureau has no score', () => {
    const d = decide(withInput({ score: null }), S);
    expect(d.code).toBe('D');
    expect(d.decile).toBeNull();
    expect(d.reasons.map((r) => r.code)).toEqual(['NO_SCORE']);
  });

  it('SCORE_TOO_LOW below 450 (decile 1 still reported)', () => {
    const d = decide(withInput({ score: 449 }), S);
    expect(d.reasons.map((r) => r.code)).toEqual(['SCORE_TOO_LOW']);
    expect(d.decile).toBe(1);
    expect(d.score).toBe(449);
  });

  it('a score outside the matrix is too low to decide on', () => {
    expect(decide(withInput({ score: 120 }), S).reasons[0]?.code).toBe('SCORE_TOO_LOW');
  });

  it('score 450 (decile 1) at $3,500: matrix $1,000; B = $900', () => {
    const d = decide(withInput({ score: 450 }), S);
    expect(d.approvalCents).toBe(100_000);
    expect(d.offers).toEqual({ A: 100_000, B: 90_000, C: 100_000, D: 0 });
  });

  it('a previous customer in good standing gets +1 decile: 8 -> 9, matrix $7,500, PTI 87,500 x 12 / 1.77 = 593,220 -> $5,930', () => {
    const d = decideReturning({ inGoodStanding: true, hasOpenChargeOff: false });
    expect(d.decile).toBe(9);
    expect(d.trace?.decileBonus).toBe(1);
    expect(d.approvalCents).toBe(593_000);
  });

  it('a previous customer in good standing without a score is decided at decile 3: matrix $2,000', () => {
    const d = decideReturning({ inGoodStanding: true, hasOpenChargeOff: false }, { score: null });
    expect(d.code).toBe('A');
    expect(d.decile).toBe(3);
    expect(d.approvalCents).toBe(200_000);
  });
});

describe('floor', () => {
  it("APPROVAL_BELOW_MINIMUM when the approval ($1,000) is below the store's $1,500 minimum lease", () => {
    const d = decide(withInput({ score: 450, store: { ...base.store, minApprovalCents: 150_000 } }), S);
    expect(d.code).toBe('D');
    expect(d.reasons.map((r) => r.text)).toEqual(['The amount we could approve is below our minimum lease of $1500']);
  });

  it('an option offer below the floor is not offered: A $500, B 90% = $450 < $470 floor', () => {
    // $1,200 a month, score 450: matrix(decile 1, band 0) = $500; PTI 30,000 x 12 / 2.00 = 180,000
    const d = decide(
      withInput({ score: 450, monthlyIncomeCents: 120_000, store: { ...base.store, minApprovalCents: 47_000 } }),
      S,
    );
    expect(d.offers).toEqual({ A: 50_000, B: 0, C: 50_000, D: 0 });
  });
});

describe('genericDenial (maxed PIN attempts)', () => {
  it('is code G, score 0, determination denial, nothing offered', () => {
    const g = genericDenial();
    expect(g).toMatchObject({ code: 'G', score: 0, determination: 'denial', approvalCents: 0 });
    expect(g.offers).toEqual({ A: 0, B: 0, C: 0, D: 0 });
    expect(g.reasons.map((r) => r.code)).toEqual(['PIN_ATTEMPTS_EXCEEDED']);
  });
});

it('refuses a malformed decision time (the clock is an input)', () => {
  expect(() => decide(withInput({ now: 'yesterday' }), S)).toThrow(/ISO/);
});

it('every reason has the same English text in the decision catalogue, and a Spanish one', async () => {
  const { decision: messages } = await import('../../../machines/i18n/decision.ts');
  const { REASON_CODES, reasonTemplate } = await import('../../../machines/domain/decision.ts');
  for (const code of REASON_CODES) {
    expect(messages.en[`decision.reason.${code}`]).toBe(reasonTemplate(code));
    expect(messages.es[`decision.reason.${code}`]).toBeTruthy();
  }
});

describe('option eligibility by decile (default settings)', () => {
  const D = DEFAULT_SCORING_SETTINGS;
  const mainStreet = {
    isHvac: false,
    optionBEnabled: true,
    optionCEnabled: false,
    optionDEnabled: false,
    minApprovalCents: 30_000,
  };
  const express = { ...mainStreet, optionCEnabled: true };
  const at = (score: number, monthlyIncomeCents: number, store = mainStreet) =>
    decide(withInput({ score, monthlyIncomeCents, store }), D);

  it('B for deciles 1-7, A for 5-10, C for 7-10, D for 3-10', () => {
    const spans = (option: 'A' | 'B' | 'C' | 'D') =>
      Array.from({ length: 10 }, (_, i) => i + 1).filter((d) => isOptionEligible(option, d, D));
    expect(spans('A')).toEqual([5, 6, 7, 8, 9, 10]);
    expect(spans('B')).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(spans('C')).toEqual([7, 8, 9, 10]);
    expect(spans('D')).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('option-a (760, decile 10, $4,200): A only; PTI 105,000 x 12 / 1.74 = 724,137 -> $7,240', () => {
    expect(at(760, 420_000).offers).toEqual({ A: 724_000, B: 0, C: 0, D: 0 });
  });

  it('a-max (830, decile 10, $9,500): A at the $8,000 merchandise cap', () => {
    expect(at(830, 950_000).offers).toEqual({ A: 800_000, B: 0, C: 0, D: 0 });
  });

  it('option-b (520, decile 2, $2,600): B only, 90% of the $1,000 matrix approval', () => {
    const d = at(520, 260_000);
    expect(d.approvalCents).toBe(100_000);
    expect(d.offers).toEqual({ A: 0, B: 90_000, C: 0, D: 0 });
  });

  it('a-and-b (640, decile 6, $3,600): A $4,000 (matrix) and B $3,600', () => {
    expect(at(640, 360_000).offers).toEqual({ A: 400_000, B: 360_000, C: 0, D: 0 });
  });

  it('option-c (700, decile 8, $4,800) at a store with option C: A and C, no B', () => {
    // matrix $8,000; PTI 120,000 x 12 / 1.80 = 800,000; cap $8,000
    expect(at(700, 480_000, express).offers).toEqual({ A: 800_000, B: 0, C: 800_000, D: 0 });
  });

  it('denies NO_ELIGIBLE_OPTION when the store lacks every option the decile may have (decile 2 without B)', () => {
    const d = at(520, 260_000, { ...mainStreet, optionBEnabled: false });
    expect(d.code).toBe('D');
    expect(d.reasons.map((r) => r.code)).toEqual(['NO_ELIGIBLE_OPTION']);
  });

  it('is data: opening B to decile 10 gives option-a a B offer too', () => {
    const wider: ScoringSettings = { ...D, optionDeciles: { ...D.optionDeciles, B: { min: 1, max: 10 } } };
    expect(decide(withInput({ score: 760, monthlyIncomeCents: 420_000, store: mainStreet }), wider).offers.B).toBe(
      651_000,
    );
  });
});
