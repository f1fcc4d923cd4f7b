import { LEASE_OPTIONS, type ScoringSettings } from './scoring-settings.ts';

// The rules a staff-edited Scoring Settings draft must meet beyond its shape (scoringSettingsSchema): the tables
// have to make sense as underwriting, not only parse. Pure; every problem is reported with the path of the field
// (the editor shows it next to that input) and an i18n key (machines/i18n/scoring-settings.ts).
//  - Score Decile Matrix: deciles 1..N once each, in order, each range min <= max, no gaps, no overlaps, ascending.
//  - Income bands: start at $0, strictly ascending.
//  - Approval Amount Matrix: one row per decile; amounts within 0..the largest cap; monotone: a higher income band
//    or a better decile never gets less.
//  - Multipliers: one row per decile; a longer term never costs less; a better decile never pays more.
//  - Lease terms: ascending months, each once; the minimum cash price never falls as terms get longer.
//  - Option eligibility: every span inside the deciles.
//  - Caps and floor: the floor (minimum lease) is above 0 and below both caps; payment-to-income above 0%.

export type SettingsProblems = Record<string, string[]>;

/** Largest amount an approval matrix cell may hold: the largest store cap (more could never be approved). */
export const maxApprovalCellCents = (s: ScoringSettings) => Math.max(s.caps.merchandiseCents, s.caps.hvacCents);

/** Problems of settings that already match the schema; an empty object = valid. Paths are prefixed with `prefix`. */
export function scoringSettingsProblems(s: ScoringSettings, prefix = 'settings'): SettingsProblems {
  const out: SettingsProblems = {};
  const add = (path: string, key: string) => {
    const field = prefix ? `${prefix}.${path}` : path;
    const list = (out[field] ??= []);
    if (!list.includes(key)) list.push(key);
  };

  // Score Decile Matrix
  const deciles = s.decileMatrix.map((r) => r.decile);
  s.decileMatrix.forEach((row, i) => {
    if (row.decile !== i + 1) add(`decileMatrix.${i}.decile`, 'scoring.validation.decileOrder');
    if (row.minScore > row.maxScore) add(`decileMatrix.${i}.maxScore`, 'scoring.validation.rangeInverted');
    const prev = s.decileMatrix[i - 1];
    if (prev) {
      if (row.minScore <= prev.maxScore) add(`decileMatrix.${i}.minScore`, 'scoring.validation.rangeOverlap');
      else if (row.minScore !== prev.maxScore + 1) add(`decileMatrix.${i}.minScore`, 'scoring.validation.rangeGap');
    }
  });
  const lastDecile = deciles.length;
  if (s.minimumScore > (s.decileMatrix[lastDecile - 1]?.maxScore ?? 0))
    add('minimumScore', 'scoring.validation.minimumScoreRange');

  // Income bands
  s.incomeBandsMonthlyCents.forEach((lower, i) => {
    if (i === 0 && lower !== 0) add('incomeBandsMonthlyCents.0', 'scoring.validation.firstBandZero');
    if (i > 0 && lower <= s.incomeBandsMonthlyCents[i - 1]!)
      add(`incomeBandsMonthlyCents.${i}`, 'scoring.validation.bandsAscending');
  });

  // Approval Amount Matrix
  const maxCell = maxApprovalCellCents(s);
  const approvalByDecile = new Map(s.approvalMatrix.map((row) => [row.decile, row]));
  if (s.approvalMatrix.length !== lastDecile || deciles.some((d) => !approvalByDecile.has(d)))
    add('approvalMatrix', 'scoring.validation.rowPerDecile');
  s.approvalMatrix.forEach((row, i) => {
    if (row.amountsCents.length !== s.incomeBandsMonthlyCents.length)
      add(`approvalMatrix.${i}.amountsCents`, 'scoring.validation.cellPerBand');
    row.amountsCents.forEach((amount, j) => {
      const path = `approvalMatrix.${i}.amountsCents.${j}`;
      if (amount > maxCell) add(path, 'scoring.validation.amountAboveCap');
      if (j > 0 && amount < row.amountsCents[j - 1]!) add(path, 'scoring.validation.amountByIncome');
      const worse = approvalByDecile.get(row.decile - 1);
      if (worse && worse.amountsCents[j] !== undefined && amount < worse.amountsCents[j])
        add(path, 'scoring.validation.amountByDecile');
    });
  });

  // Multipliers
  const terms = s.leaseTerms.map((t) => t.months);
  const multiplierByDecile = new Map(s.multipliers.map((row) => [row.decile, row]));
  if (s.multipliers.length !== lastDecile || deciles.some((d) => !multiplierByDecile.has(d)))
    add('multipliers', 'scoring.validation.rowPerDecile');
  const sortedTerms = [...terms].sort((a, b) => a - b);
  s.multipliers.forEach((row, i) => {
    sortedTerms.forEach((term, k) => {
      const path = `multipliers.${i}.byTerm.${term}`;
      const value = row.byTerm[String(term)];
      if (value === undefined) {
        add(path, 'scoring.validation.multiplierMissing');
        return;
      }
      const shorter = k > 0 ? row.byTerm[String(sortedTerms[k - 1])] : undefined;
      if (shorter !== undefined && value < shorter) add(path, 'scoring.validation.multiplierByTerm');
      const worse = multiplierByDecile.get(row.decile - 1)?.byTerm[String(term)];
      if (worse !== undefined && value > worse) add(path, 'scoring.validation.multiplierByDecile');
    });
  });

  // Lease terms
  s.leaseTerms.forEach((term, i) => {
    const prev = s.leaseTerms[i - 1];
    if (prev && term.months <= prev.months) add(`leaseTerms.${i}.months`, 'scoring.validation.termsAscending');
    if (prev && term.minCashPriceCents < prev.minCashPriceCents)
      add(`leaseTerms.${i}.minCashPriceCents`, 'scoring.validation.termPriceAscending');
  });

  // Option eligibility by decile
  for (const option of LEASE_OPTIONS) {
    const span = s.optionDeciles[option];
    if (span.min > span.max) add(`optionDeciles.${option}.max`, 'scoring.validation.rangeInverted');
    if (span.max > lastDecile) add(`optionDeciles.${option}.max`, 'scoring.validation.decileUnknown');
  }

  // Caps, minimum lease, payment-to-income
  if (s.floorCents <= 0) add('floorCents', 'scoring.validation.floorPositive');
  if (s.floorCents > s.caps.merchandiseCents) add('floorCents', 'scoring.validation.floorAboveCap');
  if (s.floorCents > s.caps.hvacCents) add('floorCents', 'scoring.validation.floorAboveCap');
  if (s.caps.merchandiseCents <= 0) add('caps.merchandiseCents', 'scoring.validation.capPositive');
  if (s.caps.hvacCents <= 0) add('caps.hvacCents', 'scoring.validation.capPositive');
  if (s.paymentToIncomePercent <= 0) add('paymentToIncomePercent', 'scoring.validation.percentPositive');
  return out;
}
