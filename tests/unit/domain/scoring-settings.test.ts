import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCORING_SETTINGS as S,
  decileForScore,
  incomeBandIndex,
  matrixApprovalCents,
  multiplierBasisPoints,
  parseScoringSettings,
  scoringSettingsSchema,
  stateTotalCostCapBasisPoints,
  termsForCashPrice,
} from '../../../machines/domain/scoring-settings.ts';

describe('default scoring settings', () => {
  it('are valid against their own schema', () => {
    expect(scoringSettingsSchema.safeParse(S).success).toBe(true);
  });

  it('carry the business constants: caps $8,000 / $18,000, floor $300, 180-day offers', () => {
    expect(S.caps).toEqual({ merchandiseCents: 800_000, hvacCents: 1_800_000 });
    expect(S.floorCents).toBe(30_000);
    expect(S.offerValidityDays).toBe(180);
    expect(S.options.bInitialPaymentCents).toBe(4_995);
    expect(S.ocp).toEqual({ weeklyCents: 299, monthlyCents: 1_295 });
  });

  it('do not serve MN, NJ, VT, WI, WY and cap CA and NY at 2.25x, HI at 2x', () => {
    expect(S.statesNotServed).toEqual(['MN', 'NJ', 'VT', 'WI', 'WY']);
    expect(stateTotalCostCapBasisPoints('CA', S)).toBe(22_500);
    expect(stateTotalCostCapBasisPoints('ny', S)).toBe(22_500);
    expect(stateTotalCostCapBasisPoints('HI', S)).toBe(20_000);
    expect(stateTotalCostCapBasisPoints('TX', S)).toBeNull();
  });
});

describe('Score Decile Matrix', () => {
  it.each([
    [300, 1],
    [449, 1],
    [499, 1],
    [500, 2],
    [649, 6],
    [739, 9],
    [740, 10],
    [850, 10],
  ])('score %i is decile %i', (score, decile) => {
    expect(decileForScore(score, S)).toBe(decile);
  });

  it('a score outside every range has no decile', () => {
    expect(decileForScore(299, S)).toBeNull();
    expect(decileForScore(851, S)).toBeNull();
  });
});

describe('Score Approval Amount Matrix', () => {
  it('bands monthly income at $2,000, $3,000, $4,500 and $6,000', () => {
    expect([120_000, 199_999, 200_000, 350_000, 450_000, 600_000, 2_000_000].map((i) => incomeBandIndex(i, S))).toEqual(
      [0, 0, 1, 2, 3, 4, 4],
    );
  });

  it('decile 10 at $6,000 a month reaches $18,000; decile 1 at $1,200 gets $500', () => {
    expect(matrixApprovalCents(10, 600_000, S)).toBe(1_800_000);
    expect(matrixApprovalCents(1, 120_000, S)).toBe(50_000);
    expect(matrixApprovalCents(8, 350_000, S)).toBe(600_000);
  });
});

describe('Score Multipliers and Score Lease Terms', () => {
  it('multipliers are read in basis points: decile 1 at 12 months 2.00x, decile 6 at 18 months 2.02x', () => {
    expect(multiplierBasisPoints(1, 12, S)).toBe(20_000);
    expect(multiplierBasisPoints(6, 18, S)).toBe(20_200);
    expect(() => multiplierBasisPoints(6, 36, S)).toThrow(/No multiplier/);
  });

  it('terms by leased amount: 12 months always, 18 from $1,500, 24 from $4,000', () => {
    expect(termsForCashPrice(149_999, S)).toEqual([12]);
    expect(termsForCashPrice(150_000, S)).toEqual([12, 18]);
    expect(termsForCashPrice(400_000, S)).toEqual([12, 18, 24]);
  });
});

describe('scoringSettingsSchema rejects settings the engine could not use', () => {
  it('an approval row without one amount per income band', () => {
    const bad = { ...S, approvalMatrix: [{ decile: 1, amountsCents: [100] }] };
    expect(() => parseScoringSettings(bad)).toThrow(/one amount per income band/);
  });

  it('a multiplier row missing a lease term', () => {
    const bad = { ...S, multipliers: [{ decile: 1, byTerm: { '12': 2 } }] };
    expect(() => parseScoringSettings(bad)).toThrow(/every lease term/);
  });

  it('a lower-case state code and a decile out of 1..10', () => {
    expect(scoringSettingsSchema.safeParse({ ...S, statesNotServed: ['mn'] }).success).toBe(false);
    expect(
      scoringSettingsSchema.safeParse({ ...S, decileMatrix: [{ decile: 11, minScore: 0, maxScore: 1 }] }).success,
    ).toBe(false);
  });

  it('an option decile span upside down, or one option missing', () => {
    const upsideDown = { ...S, optionDeciles: { ...S.optionDeciles, B: { min: 7, max: 1 } } };
    expect(() => parseScoringSettings(upsideDown)).toThrow(/lowest decile must not be above the highest/);
    const { D: _d, ...three } = S.optionDeciles;
    expect(scoringSettingsSchema.safeParse({ ...S, optionDeciles: three }).success).toBe(false);
  });
});
