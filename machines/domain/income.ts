import type { Cents } from './money.ts';

// Income frequencies of seed 000 section 3 and their periods per year (section 5).
export const INCOME_FREQUENCIES = ['weekly', 'bi-weekly', 'semi-monthly', 'monthly'] as const;
export type IncomeFrequency = (typeof INCOME_FREQUENCIES)[number];

export const PERIODS_PER_YEAR: Record<IncomeFrequency, number> = {
  weekly: 52,
  'bi-weekly': 26,
  'semi-monthly': 24,
  monthly: 12,
};

export const MAX_INCOMES_PER_APPLICANT = 2;

/** Minimum monthly income: $1200 standard, $2750 for HVAC and home improvement stores. */
export const MIN_MONTHLY_INCOME_CENTS = { standard: 120_000, hvac: 275_000 } as const;

export interface IncomeAmount {
  grossCents: Cents;
  frequency: IncomeFrequency;
}

/** Monthly income = gross x periods per year / 12, summed over the incomes, rounded down to the cent. */
export function monthlyIncomeCents(incomes: readonly IncomeAmount[]): Cents {
  const yearly = incomes.reduce((sum, income) => sum + income.grossCents * PERIODS_PER_YEAR[income.frequency], 0);
  return Math.floor(yearly / 12);
}

export function minimumMonthlyIncomeCents(store: { isHvac: boolean; isHomeImprovement?: boolean }): Cents {
  return store.isHvac || store.isHomeImprovement ? MIN_MONTHLY_INCOME_CENTS.hvac : MIN_MONTHLY_INCOME_CENTS.standard;
}
