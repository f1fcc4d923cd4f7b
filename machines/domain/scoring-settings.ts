import * as z from 'zod/mini';

// The decision engine's and the pricing's settings as data (seed 001 "Scoring Settings": Score Decile Matrix,
// Score Approval Amount Matrix, Score Multipliers, Score Lease Terms). Staff edit them; the engine only reads them,
// so every number a lender would tune lives here and nowhere in the rules. Money is integer cents; multipliers and
// percentages are plain decimals (2.25 = 2.25x) and are applied with integer basis-point arithmetic.

export const LEASE_OPTIONS = ['A', 'B', 'C', 'D'] as const;
export type LeaseOption = (typeof LEASE_OPTIONS)[number];

const cents = z.int().check(z.minimum(0));
const stateCode = z.string().check(z.regex(/^[A-Z]{2}$/, 'Use the two-letter state code'));
const decile = z.int().check(z.minimum(1), z.maximum(10));
const percent = z.number().check(z.minimum(0), z.maximum(100));

const decileRangeSchema = z.object({ decile, minScore: z.int(), maxScore: z.int() });

/** Inclusive range of deciles in which a lease option may be offered. */
const decileSpanSchema = z
  .object({ min: decile, max: decile })
  .check(z.refine((span) => span.min <= span.max, 'The lowest decile must not be above the highest'));

const approvalRowSchema = z.object({
  decile,
  /** One amount per income band, in the order of `incomeBandsMonthlyCents`. */
  amountsCents: z.array(cents),
});

const multiplierRowSchema = z.object({
  decile,
  /** term in months (as a string key, JSON objects have string keys) -> total-of-payments multiplier */
  byTerm: z.record(z.string().check(z.regex(/^\d+$/)), z.number().check(z.minimum(1), z.maximum(5))),
});

const leaseTermSchema = z.object({
  months: z.int().check(z.minimum(1), z.maximum(60)),
  /** The term is offered for leased amounts from this cash price up (small leases get short terms). */
  minCashPriceCents: cents,
});

export const scoringSettingsSchema = z
  .object({
    /** Shown in audit trails and sent as the payment calculator's modelVersion. */
    version: z.string().check(z.minLength(1)),
    /** A score below this is denied (SCORE_TOO_LOW) whatever its decile. */
    minimumScore: z.int(),
    decileMatrix: z.array(decileRangeSchema).check(z.minLength(1)),
    /** Lower bounds of the monthly income bands, ascending; the first band starts at 0. */
    incomeBandsMonthlyCents: z.array(cents).check(z.minLength(1)),
    approvalMatrix: z.array(approvalRowSchema).check(z.minLength(1)),
    multipliers: z.array(multiplierRowSchema).check(z.minLength(1)),
    leaseTerms: z.array(leaseTermSchema).check(z.minLength(1)),
    /** Largest monthly-equivalent lease payment as a percentage of monthly income. */
    paymentToIncomePercent: percent,
    caps: z.object({ merchandiseCents: cents, hvacCents: cents }),
    /** The smallest approval worth offering; below it the applicant is denied. */
    floorCents: cents,
    statesNotServed: z.array(stateCode),
    /** State -> largest total of payments as a multiple of the leased cash price. */
    stateTotalCostCaps: z.record(stateCode, z.number().check(z.minimum(1))),
    offerValidityDays: z.int().check(z.minimum(1)),
    /** Approvals (and offers) are rounded down to a multiple of this, so offers read as round numbers. */
    approvalRoundingCents: z.int().check(z.minimum(1)),
    options: z.object({
      /** Option B: the small fixed initial payment means more risk, so its offer is this share of the approval. */
      bOfferPercent: percent,
      bInitialPaymentCents: cents,
      /** Option D: a larger required down payment lets the offer exceed the approval by the same proportion. */
      dOfferPercent: z.number().check(z.minimum(0), z.maximum(200)),
      dRequiredDownPercent: percent,
    }),
    /**
     * The deciles in which each option may be offered (where the store enables it). Options differ in risk, so
     * they suit different parts of the book: B's only upfront money is the $49.95 initial payment, which makes it
     * the lease for thin and subprime files (lower and middle deciles) that could not afford A's first payment
     * and fees at signing; A is the standard lease for the middle and upper deciles; C spreads the lease over the
     * longest term (the most exposure), so only the upper deciles get it; D's 20% down carries its own risk, so
     * it reaches down to the lower-middle deciles.
     */
    optionDeciles: z.object({ A: decileSpanSchema, B: decileSpanSchema, C: decileSpanSchema, D: decileSpanSchema }),
    fees: z.object({
      /** Document Processing Fee, options A, C and D. */
      documentProcessingFeeCents: cents,
      /** Early purchase option fee added to the cash price inside the EPO window. */
      epoFeeCents: cents,
    }),
    ocp: z.object({
      /** The protection program's price for week-based frequencies. */
      weeklyCents: cents,
      /** The price for month-based frequencies (semi-monthly pays half). */
      monthlyCents: cents,
    }),
    earlyPurchase: z.object({
      /** EPO window when the store's lease program has no sac_days. */
      defaultSacDays: z.int().check(z.minimum(0)),
      /** After the window, payoff = this percentage of the remaining payments. */
      remainingPaymentsPercent: percent,
    }),
    previousCustomer: z.object({
      /** A denial this recent (days) is not re-decided: PREVIOUS_CUSTOMER_RECENT_DENIAL. */
      recentDenialDays: z.int().check(z.minimum(0)),
      /** Deciles added for a previous customer in good standing (capped at 10). */
      goodStandingDecileBonus: z.int().check(z.minimum(0), z.maximum(9)),
      /** Decile given to a previous customer in good standing without a bureau score; null denies NO_SCORE. */
      noScoreDecile: z.nullable(decile),
    }),
  })
  .check(
    z.refine(
      (s) => s.approvalMatrix.every((row) => row.amountsCents.length === s.incomeBandsMonthlyCents.length),
      'Every approval matrix row needs one amount per income band',
    ),
    z.refine(
      (s) => s.multipliers.every((row) => s.leaseTerms.every((term) => row.byTerm[String(term.months)] !== undefined)),
      'Every multiplier row needs a multiplier for every lease term',
    ),
  );

export type ScoringSettings = z.infer<typeof scoringSettingsSchema>;

/** Parses staff-edited settings; throws a ZodError listing every problem. */
export function parseScoringSettings(value: unknown): ScoringSettings {
  return scoringSettingsSchema.parse(value);
}

// Default deciles on a 300-850 bureau scale. Lease-to-own serves thin and subprime files, so the bands are finest
// between 500 and 700 where most applicants are; decile 10 (best) starts at 740.
const DECILES: [number, number, number][] = [
  [1, 300, 499],
  [2, 500, 529],
  [3, 530, 559],
  [4, 560, 589],
  [5, 590, 619],
  [6, 620, 649],
  [7, 650, 679],
  [8, 680, 709],
  [9, 710, 739],
  [10, 740, 850],
];

// Approval in whole dollars by decile (rows) and monthly income band (columns from: $0 (in practice the $1,200
// minimum income), $2,000, $3,000, $4,500, $6,000). The top cell reaches the HVAC cap; merchandise caps at $8,000.
const APPROVAL_DOLLARS: number[][] = [
  [500, 750, 1000, 1250, 1500],
  [750, 1000, 1500, 2000, 2500],
  [1000, 1500, 2000, 2500, 3000],
  [1250, 2000, 2500, 3000, 3500],
  [1500, 2500, 3000, 4000, 5000],
  [2000, 3000, 4000, 5000, 6000],
  [2500, 3500, 5000, 6500, 8000],
  [3000, 4000, 6000, 8000, 10000],
  [3500, 5000, 7500, 10000, 14000],
  [4000, 6000, 9000, 12000, 18000],
];

// Total-of-payments multipliers by decile for 12, 18 and 24 months: a better decile pays less, a longer term more.
// Typical lease-to-own pricing is about 1.7x-2.4x the cash price; state caps (CA/NY 2.25x, HI 2x) clip the top.
const MULTIPLIERS: [number, number, number][] = [
  [2.0, 2.2, 2.4],
  [1.98, 2.17, 2.36],
  [1.95, 2.14, 2.32],
  [1.92, 2.1, 2.28],
  [1.89, 2.06, 2.24],
  [1.86, 2.02, 2.2],
  [1.83, 1.98, 2.15],
  [1.8, 1.94, 2.1],
  [1.77, 1.9, 2.05],
  [1.74, 1.86, 2.0],
];

export const DEFAULT_SCORING_SETTINGS: ScoringSettings = {
  version: 'default-2025-01',
  // 450 and up: the bottom of decile 1 (300-449) is too thin to lease to.
  minimumScore: 450,
  decileMatrix: DECILES.map(([d, minScore, maxScore]) => ({ decile: d, minScore, maxScore })),
  incomeBandsMonthlyCents: [0, 200_000, 300_000, 450_000, 600_000],
  approvalMatrix: APPROVAL_DOLLARS.map((row, i) => ({ decile: i + 1, amountsCents: row.map((d) => d * 100) })),
  multipliers: MULTIPLIERS.map(([m12, m18, m24], i) => ({
    decile: i + 1,
    byTerm: { '12': m12, '18': m18, '24': m24 },
  })),
  // 12 months for any lease, 18 from $1,500, 24 from $4,000 (HVAC systems and furniture sets).
  leaseTerms: [
    { months: 12, minCashPriceCents: 0 },
    { months: 18, minCashPriceCents: 150_000 },
    { months: 24, minCashPriceCents: 400_000 },
  ],
  // 25% of gross monthly income on the shortest term: the payment stays affordable on any term the shopper picks.
  paymentToIncomePercent: 25,
  caps: { merchandiseCents: 800_000, hvacCents: 1_800_000 },
  floorCents: 30_000,
  statesNotServed: ['MN', 'NJ', 'VT', 'WI', 'WY'],
  stateTotalCostCaps: { CA: 2.25, NY: 2.25, HI: 2 },
  offerValidityDays: 180,
  approvalRoundingCents: 1_000,
  options: { bOfferPercent: 90, bInitialPaymentCents: 4_995, dOfferPercent: 125, dRequiredDownPercent: 20 },
  // B for deciles 1-7 (scores 450-679), A for 5-10 (590 and up), C for 7-10 (650 and up), D for 3-10 (530 and up):
  // deciles 5-7 (590-679) get both A and B; 1-4 only B; 8-10 only A (with C and D where the store enables them).
  optionDeciles: {
    A: { min: 5, max: 10 },
    B: { min: 1, max: 7 },
    C: { min: 7, max: 10 },
    D: { min: 3, max: 10 },
  },
  fees: { documentProcessingFeeCents: 4_500, epoFeeCents: 2_500 },
  ocp: { weeklyCents: 299, monthlyCents: 1_295 },
  earlyPurchase: { defaultSacDays: 90, remainingPaymentsPercent: 60 },
  previousCustomer: { recentDenialDays: 30, goodStandingDecileBonus: 1, noScoreDecile: 3 },
};

// ---------- lookups used by the rules ----------

/** Decile of a score, or null when no range holds it. */
export function decileForScore(score: number, settings: ScoringSettings): number | null {
  const range = settings.decileMatrix.find((r) => score >= r.minScore && score <= r.maxScore);
  return range ? range.decile : null;
}

/** Index of the income band holding this monthly income (the last band whose lower bound it reaches). */
export function incomeBandIndex(monthlyIncomeCents: number, settings: ScoringSettings): number {
  let index = 0;
  settings.incomeBandsMonthlyCents.forEach((lower, i) => {
    if (monthlyIncomeCents >= lower) index = i;
  });
  return index;
}

export function matrixApprovalCents(
  decileValue: number,
  monthlyIncomeCents: number,
  settings: ScoringSettings,
): number {
  const row = settings.approvalMatrix.find((r) => r.decile === decileValue);
  return row?.amountsCents[incomeBandIndex(monthlyIncomeCents, settings)] ?? 0;
}

/** Allowed terms in months, ascending. */
export function allowedTerms(settings: ScoringSettings): number[] {
  return settings.leaseTerms.map((t) => t.months).sort((a, b) => a - b);
}

/** Terms offered for a leased amount, ascending (always at least the shortest term). */
export function termsForCashPrice(cashPriceCents: number, settings: ScoringSettings): number[] {
  const terms = settings.leaseTerms
    .filter((t) => cashPriceCents >= t.minCashPriceCents)
    .map((t) => t.months)
    .sort((a, b) => a - b);
  return terms.length > 0 ? terms : allowedTerms(settings).slice(0, 1);
}

/** Multiplier in basis points (2.25 -> 22500) so that money stays in integer arithmetic. */
export function multiplierBasisPoints(decileValue: number, termMonths: number, settings: ScoringSettings): number {
  const row = settings.multipliers.find((r) => r.decile === decileValue);
  const value = row?.byTerm[String(termMonths)];
  if (value === undefined) throw new Error(`No multiplier for decile ${decileValue} and term ${termMonths}`);
  return Math.round(value * 10_000);
}

/** The state's cap on the total of payments in basis points of the cash price, or null when uncapped. */
export function stateTotalCostCapBasisPoints(state: string, settings: ScoringSettings): number | null {
  const cap = settings.stateTotalCostCaps[state.toUpperCase()];
  return cap === undefined ? null : Math.round(cap * 10_000);
}

/** True when `option` may be offered to an applicant of this decile (the store must still enable it). */
export function isOptionEligible(option: LeaseOption, decileValue: number, settings: ScoringSettings): boolean {
  const span = settings.optionDeciles[option];
  return decileValue >= span.min && decileValue <= span.max;
}

export function isStateServed(state: string, settings: ScoringSettings): boolean {
  return !settings.statesNotServed.includes(state.toUpperCase());
}
