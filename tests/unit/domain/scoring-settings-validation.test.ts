import { describe, expect, it } from 'vitest';
import { DEFAULT_SCORING_SETTINGS, type ScoringSettings } from '../../../machines/domain/scoring-settings.ts';
import { scoringSettingsProblems } from '../../../machines/domain/scoring-settings-validation.ts';
import { catalogue } from '../../../machines/i18n/catalogue.ts';
import { validateDraftSettings } from '../../../functions/services/scoring-admin.ts';
import { AppError } from '../../../functions/platform/errors.ts';

const edit = (change: (s: ScoringSettings) => void): ScoringSettings => {
  const s = structuredClone(DEFAULT_SCORING_SETTINGS);
  change(s);
  return s;
};

function problemsOf(change: (s: ScoringSettings) => void) {
  return scoringSettingsProblems(edit(change));
}

describe('scoring settings validation (monotone bands, no gaps, amounts in range)', () => {
  it('accepts the defaults', () => {
    expect(scoringSettingsProblems(DEFAULT_SCORING_SETTINGS)).toEqual({});
  });

  it('refuses a gap and an overlap between decile ranges, and an inverted range', () => {
    expect(problemsOf((s) => (s.decileMatrix[3]!.minScore = 562))).toEqual({
      'settings.decileMatrix.3.minScore': ['scoring.validation.rangeGap'],
    });
    expect(problemsOf((s) => (s.decileMatrix[3]!.minScore = 550))).toEqual({
      'settings.decileMatrix.3.minScore': ['scoring.validation.rangeOverlap'],
    });
    expect(problemsOf((s) => (s.decileMatrix[9]!.maxScore = 700))).toHaveProperty(
      ['settings.decileMatrix.9.maxScore'],
      ['scoring.validation.rangeInverted'],
    );
  });

  it('refuses deciles out of order', () => {
    expect(problemsOf((s) => s.decileMatrix.reverse())).toHaveProperty(
      ['settings.decileMatrix.0.decile'],
      ['scoring.validation.decileOrder'],
    );
  });

  it('refuses income bands that do not start at 0 or do not ascend', () => {
    expect(problemsOf((s) => (s.incomeBandsMonthlyCents[0] = 100))).toEqual({
      'settings.incomeBandsMonthlyCents.0': ['scoring.validation.firstBandZero'],
    });
    expect(problemsOf((s) => (s.incomeBandsMonthlyCents[2] = 200_000))).toEqual({
      'settings.incomeBandsMonthlyCents.2': ['scoring.validation.bandsAscending'],
    });
  });

  it('refuses an approval matrix that is not monotone by income or by decile', () => {
    // Decile 6, band 3 below band 2: a higher income gets less.
    expect(
      problemsOf((s) => (s.approvalMatrix[5]!.amountsCents[3] = 300_000))['settings.approvalMatrix.5.amountsCents.3'],
    ).toContain('scoring.validation.amountByIncome');
    // Decile 7, band 0 below decile 6's: a better decile gets less.
    const byDecile = problemsOf((s) => (s.approvalMatrix[6]!.amountsCents[0] = 150_000));
    expect(byDecile['settings.approvalMatrix.6.amountsCents.0']).toContain('scoring.validation.amountByDecile');
  });

  it('refuses an amount above the largest cap, and accepts raising one decile within the monotone bounds', () => {
    expect(problemsOf((s) => (s.approvalMatrix[9]!.amountsCents[4] = 1_900_000))).toEqual({
      'settings.approvalMatrix.9.amountsCents.4': ['scoring.validation.amountAboveCap'],
    });
    expect(problemsOf((s) => (s.approvalMatrix[5]!.amountsCents[2] = 500_000))).toEqual({});
  });

  it('refuses multipliers that fall with a longer term or rise with a better decile', () => {
    expect(problemsOf((s) => (s.multipliers[0]!.byTerm['24'] = 2.1))).toHaveProperty(
      ['settings.multipliers.0.byTerm.24'],
      ['scoring.validation.multiplierByTerm'],
    );
    expect(problemsOf((s) => (s.multipliers[9]!.byTerm['12'] = 1.9))).toHaveProperty(
      ['settings.multipliers.9.byTerm.12'],
      ['scoring.validation.multiplierByDecile'],
    );
  });

  it('refuses lease terms out of order and option spans beyond the deciles', () => {
    expect(problemsOf((s) => (s.leaseTerms[1]!.months = 12))).toHaveProperty(['settings.leaseTerms.1.months']);
    expect(problemsOf((s) => (s.optionDeciles.C = { min: 7, max: 11 }))).toEqual({
      'settings.optionDeciles.C.max': ['scoring.validation.decileUnknown'],
    });
  });

  it('refuses a minimum lease of 0 or above a cap, a cap of 0 and a payment-to-income of 0', () => {
    expect(problemsOf((s) => (s.floorCents = 0))).toEqual({
      'settings.floorCents': ['scoring.validation.floorPositive'],
    });
    expect(problemsOf((s) => (s.floorCents = 900_000))).toEqual({
      'settings.floorCents': ['scoring.validation.floorAboveCap'],
    });
    expect(problemsOf((s) => (s.caps.merchandiseCents = 0))).toHaveProperty(
      ['settings.caps.merchandiseCents'],
      ['scoring.validation.capPositive'],
    );
    expect(problemsOf((s) => (s.paymentToIncomePercent = 0))).toEqual({
      'settings.paymentToIncomePercent': ['scoring.validation.percentPositive'],
    });
  });

  it('every message key is in the catalogue in English and Spanish', () => {
    const all = [
      (s: ScoringSettings) => (s.decileMatrix[3]!.minScore = 562),
      (s: ScoringSettings) => (s.incomeBandsMonthlyCents[0] = 100),
      (s: ScoringSettings) => (s.approvalMatrix[9]!.amountsCents[4] = 1_900_000),
      (s: ScoringSettings) => (s.floorCents = 0),
    ];
    for (const change of all) {
      for (const keys of Object.values(problemsOf(change))) {
        for (const key of keys) {
          expect(catalogue.en[key], key).toBeDefined();
          expect(catalogue.es[key], key).toBeDefined();
        }
      }
    }
  });
});

describe('validateDraftSettings (the 422 of PUT /staff/api/scoring-settings/draft)', () => {
  const fail = (input: unknown): AppError => {
    try {
      validateDraftSettings(input);
    } catch (error) {
      return error as AppError;
    }
    throw new Error('expected a 422');
  };

  it('answers the shape problems and the underwriting problems keyed by field', () => {
    expect(fail(undefined).errors).toEqual({ settings: ['scoring.validation.settingsRequired'] });
    const shape = fail({ ...DEFAULT_SCORING_SETTINGS, floorCents: -1 });
    expect(shape.statusCode).toBe(422);
    expect(Object.keys(shape.errors!)).toEqual(['settings.floorCents']);
    const bands = fail(edit((s) => (s.incomeBandsMonthlyCents = [0, 300_000, 200_000, 450_000, 600_000])));
    expect(bands.errors).toHaveProperty(['settings.incomeBandsMonthlyCents.2'], ['scoring.validation.bandsAscending']);
  });

  it('labels a draft "draft" whatever label it came with', () => {
    expect(validateDraftSettings({ ...DEFAULT_SCORING_SETTINGS, version: '<script>alert(1)</script>' }).version).toBe(
      'draft',
    );
  });
});
