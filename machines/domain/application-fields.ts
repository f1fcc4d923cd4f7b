// The fields of the application: their limits and lists of values, and the zod/mini builders the schemas
// (application-schema.ts) are made of.
import * as z from 'zod/mini';
import {
  APPLICATION_MESSAGES,
  FIELD_LABELS,
  invalidMessage,
  phoneMessage,
  tooLongMessage,
} from './application-messages.ts';
import { parseAmountToCents, type Cents } from './money.ts';

// ---------------------------------------------------------------------------------------------------------------
// Constants of the fields.

export const MAX_LENGTH = {
  name: 50,
  addressLine: 100,
  fullAddress: 200,
  city: 50,
  email: 100,
  identification: 30,
  employer: 100,
  titleDepartment: 100,
  bankName: 100,
  checkingAccount: 17,
  linkId: 100,
  promoCode: 50,
  utm: 100,
  product: 100,
  employeeType: 50,
  rawDigits: 30,
} as const;

export const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Dr'] as const;
export type Title = (typeof TITLES)[number];

/** The 50 states and DC. */
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;
export type UsState = (typeof US_STATES)[number];

export const INCOME_SOURCES = [
  'employment',
  'self-employed',
  'e3mil',
  'e4mil',
  'social-security',
  'disability',
  'retirement',
  'unemployment',
  'other',
] as const;
export type IncomeSource = (typeof INCOME_SOURCES)[number];
/** Sources whose employer, title/department and phone are required (seed 000 section 5). */
export const EMPLOYER_SOURCES: readonly IncomeSource[] = ['employment', 'other', 'self-employed', 'e3mil', 'e4mil'];
export const requiresEmployer = (source: unknown): boolean =>
  typeof source === 'string' && (EMPLOYER_SOURCES as readonly string[]).includes(source);

/** Largest gross income per pay period we accept: $1,000,000. */
export const MAX_GROSS_CENTS = 100_000_000;
/** Largest monthly mortgage payment we accept: $100,000. */
export const MAX_MORTGAGE_PAYMENT_CENTS = 10_000_000;

// ---------------------------------------------------------------------------------------------------------------
// Field builders. Every field accepts null/undefined without aborting the object, so that cross-field rules run
// together with field rules and a form sees all its errors at once.

const M = APPLICATION_MESSAGES;
export type Ctx = { issues: z.core.$ZodRawIssue[] };

export function fail(ctx: Ctx, message: string, input: unknown): never {
  ctx.issues.push({ code: 'custom', message, input, continue: true });
  return z.NEVER;
}

export const rawString = () => z._default(z.nullable(z.string(M.required)), null);

interface TextOptions {
  label: string;
  max: number;
  pattern?: RegExp;
  patternMessage?: string;
  requiredMessage?: string;
  normalize?: (value: string) => string;
  check?: (value: string) => string | undefined;
}

function checkText(value: string, o: TextOptions): string | undefined {
  if (value.length > o.max) return tooLongMessage(o.label, o.max);
  if (o.pattern && !o.pattern.test(value)) return o.patternMessage ?? invalidMessage(o.label);
  return o.check?.(value);
}

/** A required text: trimmed, not empty ('This field is required!'), at most `max` characters, optional format. */
export function requiredText(o: TextOptions) {
  return z.pipe(
    rawString(),
    z.transform((input: string | null, ctx) => {
      const trimmed = (input ?? '').trim();
      if (!trimmed) return fail(ctx, o.requiredMessage ?? M.required, input);
      const value = o.normalize ? o.normalize(trimmed) : trimmed;
      const problem = checkText(value, o);
      return problem ? fail(ctx, problem, input) : value;
    }),
  );
}

/** An optional text: empty becomes null; otherwise the same checks as a required text. */
export function optionalText(o: TextOptions) {
  return z.pipe(
    rawString(),
    z.transform((input: string | null, ctx): string | null => {
      const trimmed = (input ?? '').trim();
      if (!trimmed) return null;
      const value = o.normalize ? o.normalize(trimmed) : trimmed;
      const problem = checkText(value, o);
      return problem ? fail(ctx, problem, input) : value;
    }),
  );
}

/** One of a list of values; empty or unknown gives `message`. */
export function requiredChoice<T extends string>(values: readonly T[], message: string = M.required) {
  return z.pipe(
    rawString(),
    z.transform((input: string | null, ctx): T => {
      const value = (input ?? '').trim();
      return (values as readonly string[]).includes(value) ? (value as T) : fail(ctx, message, input);
    }),
  );
}

export function optionalChoice<T extends string>(values: readonly T[], label: string) {
  return z.pipe(
    rawString(),
    z.transform((input: string | null, ctx): T | null => {
      const value = (input ?? '').trim();
      if (!value) return null;
      return (values as readonly string[]).includes(value) ? (value as T) : fail(ctx, invalidMessage(label), input);
    }),
  );
}

export const stripSeparators = (value: string) => value.replace(/[\s().-]/g, '');
const phoneDigits = (value: string) => {
  const digits = stripSeparators(value).replace(/^\+?1(?=\d{10}$)/, '');
  return digits;
};
const US_PHONE = /^[2-9]\d{2}[2-9]\d{6}$/;
export const NAME = /^[\p{L}][\p{L}\p{M} .'-]*$/u;
export const CITY = /^[\p{L}][\p{L}\p{M} .'-]*$/u;
export const ADDRESS = /^[\p{L}\p{M}\p{N} #.,'/&-]+$/u;
export const ZIP = /^\d{5}$/;
export const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const nameField = (label: string) => ({ label, max: MAX_LENGTH.name, pattern: NAME });
export const phoneField = (label: string): TextOptions => ({
  label,
  max: MAX_LENGTH.rawDigits,
  normalize: phoneDigits,
  pattern: US_PHONE,
  patternMessage: phoneMessage(label),
});
export const stateField = (label: string): TextOptions => ({
  label,
  max: 2,
  normalize: (s) => s.toUpperCase(),
  check: (s) => ((US_STATES as readonly string[]).includes(s) ? undefined : invalidMessage(label)),
});
export const zipField: TextOptions = {
  label: FIELD_LABELS.code,
  max: 10,
  requiredMessage: M.zipRequired,
  check: (s) => (ZIP.test(s) ? undefined : M.zipInvalid),
};

/** SSN or ITIN: nine digits, dashes and spaces accepted and removed; no 000/666 area, 00 group or 0000 serial. */
export function isValidSsn(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const area = digits.slice(0, 3);
  return area !== '000' && area !== '666' && digits.slice(3, 5) !== '00' && digits.slice(5) !== '0000';
}
export const normalizeSsn = (value: string) => stripSeparators(value);

/** Whether the co-applicant's SSN/ITIN is the applicant's own: both typed in full (a masked one compares as unknown). */
export function isSameSsn(applicantSsn: unknown, coApplicantSsn: unknown): boolean {
  if (typeof applicantSsn !== 'string' || typeof coApplicantSsn !== 'string') return false;
  const main = normalizeSsn(applicantSsn);
  return /^\d{9}$/.test(main) && main === normalizeSsn(coApplicantSsn);
}

function parseMoney(
  input: string | number | null,
  opts: { required: boolean; invalid: string; maxCents: number },
  ctx: Ctx,
): Cents | null {
  if (input === null || String(input).trim() === '') return opts.required ? fail(ctx, M.required, input) : null;
  const cents = parseAmountToCents(typeof input === 'number' ? input.toFixed(2) : input);
  if (cents === undefined || cents <= 0 || cents > opts.maxCents) return fail(ctx, opts.invalid, input);
  return cents;
}

const moneyInput = (invalid: string) => z._default(z.nullable(z.union([z.string(), z.number()], invalid)), null);

/** Money typed as '1,234.50', '$300' or 300 (dollars) -> integer cents, at least one cent and at most `maxCents`. */
export function requiredMoney(invalid: string, maxCents: number) {
  return z.pipe(
    moneyInput(invalid),
    z.transform((input: string | number | null, ctx): Cents =>
      parseMoney(input, { required: true, invalid, maxCents }, ctx)!,
    ),
  );
}

export function optionalMoney(invalid: string, maxCents: number) {
  return z.pipe(
    moneyInput(invalid),
    z.transform((input: string | number | null, ctx): Cents | null =>
      parseMoney(input, { required: false, invalid, maxCents }, ctx),
    ),
  );
}

/** A day of the month 1-31 typed as a number or a numeric string; empty gives null. */
export function dayOfMonth(label: string) {
  return z.pipe(
    z._default(z.nullable(z.union([z.string(), z.number()], invalidMessage(label))), null),
    z.transform((input: string | number | null, ctx): number | null => {
      if (input === null || String(input).trim() === '') return null;
      const day = Number(String(input).trim());
      return Number.isInteger(day) && day >= 1 && day <= 31 ? day : fail(ctx, invalidMessage(label), input);
    }),
  );
}

export const optionalBoolean = () => z.optional(z.nullable(z.boolean()));
