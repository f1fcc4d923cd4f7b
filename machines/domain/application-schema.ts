// Schemas of the shopper application (seed 000 sections 3 and 5, seed 001 section 5), shared by the page and the
// server. Field names are the seed's snake_case names; errors are keyed by the dotted field path.
import * as z from 'zod/mini';
import type { FieldErrors } from '../contracts/envelope.ts';
import { INVALID_DATE_MESSAGE, MINIMUM_AGE, ageOn, isValidIsoDate } from './age.ts';
import { HOME_TYPES, LEASED_LAND_HOME, OWNERSHIP_TYPES, type HomeType, type OwnershipType } from './home-ownership.ts';
import {
  INCOME_FREQUENCIES,
  MAX_INCOMES_PER_APPLICANT,
  minimumMonthlyIncomeCents,
  monthlyIncomeCents,
} from './income.ts';
import { parseAmountToCents, type Cents } from './money.ts';
import { isValidRoutingNumber } from './routing-number.ts';

// ---------------------------------------------------------------------------------------------------------------
// Messages: the seeds' exact texts where they give one; the rest follow seed 001's '{_field_}' patterns with the
// English field label filled in. Each has an i18n key in machines/i18n/application.ts (`application.error.*`).

export const APPLICATION_MESSAGES = {
  required: 'This field is required!',
  invalidDate: INVALID_DATE_MESSAGE,
  invalidDateOfBirth: 'You have entered an invalid date of birth',
  minimumAge: 'Must be older than 18 years.',
  zipRequired: 'Zip code is required!',
  zipInvalid: 'Invalid zip code entered!',
  routingRequired: 'Routing number is required',
  routingInvalid: 'Invalid routing number',
  accountRequired: 'Checking account number is required',
  accountMismatch: "Checking account numbers don't match",
  frequencyRequired: 'The Frequency field is required',
  incomeInvalid: 'Invalid income',
  productRequired: 'Please select a product before continuing.',
  sameLocation: 'co-applicant must live at the same address',
  sameEmail: 'Please do not enter the same email address for different contacts',
  sameSsn: 'The co-applicant must be another person: their social security number is the same as the applicant\u2019s.',
  applicantRequired: 'Applicant details are required',
  tooManyIncomes: 'A maximum of 2 incomes is allowed',
} as const;

/** 'Income must be over $1200 per month' (the minimum in whole dollars, as the seed writes it). */
export function minimumIncomeMessage(minMonthlyIncomeCents: Cents): string {
  return `Income must be over ${formatMinimum(minMonthlyIncomeCents)} per month`;
}

/** 120000 -> '$1200'; 120050 -> '$1200.50' (no thousands separator, as in the seed's message). */
export function formatMinimum(cents: Cents): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest ? `$${whole}.${String(rest).padStart(2, '0')}` : `$${whole}`;
}

export const invalidMessage = (label: string) => `The ${label} value must be valid.`;
export const phoneMessage = (label: string) => `The ${label} value must be a phone number.`;
export const tooLongMessage = (label: string, max: number) => `The ${label} may not be greater than ${max} characters.`;

/** English labels used inside messages (the page shows its own translated labels). */
export const FIELD_LABELS = {
  title: 'Title',
  first_name: 'First Name',
  middle_name: 'Middle Name',
  last_name: 'Last Name',
  social_security_number: 'Social Security Number',
  identification: 'Identification Number',
  identification_issuer: 'Identification Issuer',
  date_of_birth: 'Date of Birth',
  cell: 'Cell Phone',
  email: 'Email',
  full_address: 'Full Address',
  line_1: 'Address Line 1',
  line_2: 'Address Line 2',
  city: 'City',
  state: 'State',
  code: 'Zip Code',
  gross: 'Gross Income',
  source: 'Income Source',
  employer: 'Employer',
  title_department: 'Title / Department',
  phone: 'Phone',
  ext: 'Ext',
  pay_date: 'Last Pay Date',
  first_pay_day: 'First Pay Day',
  second_pay_day: 'Second Pay Day',
  routing_number: 'Routing Number',
  bank_name: 'Bank Name',
  checking_account: 'Checking Account',
  bank_link_profile_id: 'Bank Link Profile',
  bank_link_account_id: 'Bank Link Account',
  home_type: 'Home Type',
  ownership_type: 'Ownership Type',
  name_of_landowner: 'Name of Landowner',
  phone_of_landowner: 'Phone of Landowner',
  name_on_property_deed: 'Name on Property Deed',
  mortgage_holder_name: 'Mortgage Holder Name',
  mortgage_holder_payment: 'Mortgage Payment',
  promo_code: 'Promo Code',
  utm: 'UTM',
  product_selection_override: 'Product',
  employee_type: 'Employee Type',
} as const;

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
type Ctx = { issues: z.core.$ZodRawIssue[] };

function fail(ctx: Ctx, message: string, input: unknown): never {
  ctx.issues.push({ code: 'custom', message, input, continue: true });
  return z.NEVER;
}

const rawString = () => z._default(z.nullable(z.string(M.required)), null);

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
function requiredText(o: TextOptions) {
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
function optionalText(o: TextOptions) {
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
function requiredChoice<T extends string>(values: readonly T[], message: string = M.required) {
  return z.pipe(
    rawString(),
    z.transform((input: string | null, ctx): T => {
      const value = (input ?? '').trim();
      return (values as readonly string[]).includes(value) ? (value as T) : fail(ctx, message, input);
    }),
  );
}

function optionalChoice<T extends string>(values: readonly T[], label: string) {
  return z.pipe(
    rawString(),
    z.transform((input: string | null, ctx): T | null => {
      const value = (input ?? '').trim();
      if (!value) return null;
      return (values as readonly string[]).includes(value) ? (value as T) : fail(ctx, invalidMessage(label), input);
    }),
  );
}

const stripSeparators = (value: string) => value.replace(/[\s().-]/g, '');
const phoneDigits = (value: string) => {
  const digits = stripSeparators(value).replace(/^\+?1(?=\d{10}$)/, '');
  return digits;
};
const US_PHONE = /^[2-9]\d{2}[2-9]\d{6}$/;
const NAME = /^[\p{L}][\p{L}\p{M} .'-]*$/u;
const CITY = /^[\p{L}][\p{L}\p{M} .'-]*$/u;
const ADDRESS = /^[\p{L}\p{M}\p{N} #.,'/&-]+$/u;
const ZIP = /^\d{5}$/;
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

const nameField = (label: string) => ({ label, max: MAX_LENGTH.name, pattern: NAME });
const phoneField = (label: string): TextOptions => ({
  label,
  max: MAX_LENGTH.rawDigits,
  normalize: phoneDigits,
  pattern: US_PHONE,
  patternMessage: phoneMessage(label),
});
const stateField = (label: string): TextOptions => ({
  label,
  max: 2,
  normalize: (s) => s.toUpperCase(),
  check: (s) => ((US_STATES as readonly string[]).includes(s) ? undefined : invalidMessage(label)),
});
const zipField: TextOptions = {
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
function requiredMoney(invalid: string, maxCents: number) {
  return z.pipe(
    moneyInput(invalid),
    z.transform((input: string | number | null, ctx): Cents =>
      parseMoney(input, { required: true, invalid, maxCents }, ctx)!,
    ),
  );
}

function optionalMoney(invalid: string, maxCents: number) {
  return z.pipe(
    moneyInput(invalid),
    z.transform((input: string | number | null, ctx): Cents | null =>
      parseMoney(input, { required: false, invalid, maxCents }, ctx),
    ),
  );
}

/** A day of the month 1-31 typed as a number or a numeric string; empty gives null. */
function dayOfMonth(label: string) {
  return z.pipe(
    z._default(z.nullable(z.union([z.string(), z.number()], invalidMessage(label))), null),
    z.transform((input: string | number | null, ctx): number | null => {
      if (input === null || String(input).trim() === '') return null;
      const day = Number(String(input).trim());
      return Number.isInteger(day) && day >= 1 && day <= 31 ? day : fail(ctx, invalidMessage(label), input);
    }),
  );
}

const optionalBoolean = () => z.optional(z.nullable(z.boolean()));

// ---------------------------------------------------------------------------------------------------------------
// The rules that depend on the store and the day.

export interface ApplicationRules {
  /** Today as 'YYYY-MM-DD' (the server's or the page's clock, passed in). */
  today: string;
  /** The store's minimum monthly income ($1200 standard, $2750 HVAC and home improvement). */
  minMonthlyIncomeCents: Cents;
  /** Banking must be given (otherwise the banking step may be skipped). */
  bankingRequired: boolean;
  /** Home ownership must be given (HVAC store with mortgage questions). */
  homeOwnershipRequired: boolean;
  /** A product must be chosen (lease program with product selection). */
  productSelectionRequired: boolean;
}

const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && !value.trim());

function issue(ctx: Ctx, path: (string | number)[], message: string, input: unknown) {
  ctx.issues.push({ code: 'custom', message, path, input, continue: true });
}

// The store's flags and the rules they imply.

/** The store's settings that shape the application (from the store and its lease program). */
export interface ApplicationStoreFlags {
  /** record.identifier 'HVAC'. */
  isHvac: boolean;
  isHomeImprovement?: boolean;
  /** lease_program.mortgage_questions_enabled. */
  mortgageQuestionsEnabled: boolean;
  /** lease_program.enable_product_selection. */
  productSelectionEnabled: boolean;
  productOptions?: { key: string; name: string }[];
  /** Session bankingRequired (default true): when false the banking step can be skipped. */
  bankingRequired: boolean;
  /** Identity check and where it happens: step 1 = at applicant info, step 2 = at confirmation (default). */
  identityCheck: { enabled: boolean; step: 1 | 2 };
  /** Overrides the minimum monthly income ($1200, or $2750 for HVAC and home improvement). */
  minMonthlyIncomeCents?: Cents;
}

export const DEFAULT_STORE_FLAGS: ApplicationStoreFlags = {
  isHvac: false,
  mortgageQuestionsEnabled: false,
  productSelectionEnabled: false,
  bankingRequired: true,
  identityCheck: { enabled: false, step: 2 },
};

/** Home ownership is asked only at HVAC stores with mortgage questions enabled. */
export const asksHomeOwnership = (store: ApplicationStoreFlags) => store.isHvac && store.mortgageQuestionsEnabled;

export function rulesFor(store: ApplicationStoreFlags, today: string): ApplicationRules {
  return {
    today,
    minMonthlyIncomeCents:
      store.minMonthlyIncomeCents ??
      minimumMonthlyIncomeCents({ isHvac: store.isHvac, isHomeImprovement: store.isHomeImprovement ?? false }),
    bankingRequired: store.bankingRequired,
    homeOwnershipRequired: asksHomeOwnership(store),
    productSelectionRequired: store.productSelectionEnabled,
  };
}

const schemaCache = new Map<string, ReturnType<typeof createApplicationSchemas>>();

/** Every schema of the application for one store and day (memoised: the schemas are immutable). */
export function buildApplicationSchemas(rules: ApplicationRules): ReturnType<typeof createApplicationSchemas> {
  const key = JSON.stringify([
    rules.today,
    rules.minMonthlyIncomeCents,
    rules.bankingRequired,
    rules.homeOwnershipRequired,
    rules.productSelectionRequired,
  ]);
  let schemas = schemaCache.get(key);
  if (!schemas) {
    if (schemaCache.size >= 32) schemaCache.clear();
    schemas = createApplicationSchemas(rules);
    schemaCache.set(key, schemas);
  }
  return schemas;
}

function createApplicationSchemas(rules: ApplicationRules) {
  const dateOfBirth = requiredText({
    label: FIELD_LABELS.date_of_birth,
    max: 10,
    check: (value) => {
      if (!isValidIsoDate(value)) return M.invalidDate;
      if (value > rules.today || value < '1900-01-01') return M.invalidDateOfBirth;
      return ageOn(value, rules.today) >= MINIMUM_AGE ? undefined : M.minimumAge;
    },
  });

  const applicantFields = {
    title: optionalChoice(TITLES, FIELD_LABELS.title),
    first_name: requiredText(nameField(FIELD_LABELS.first_name)),
    middle_name: optionalText(nameField(FIELD_LABELS.middle_name)),
    last_name: requiredText(nameField(FIELD_LABELS.last_name)),
    social_security_number: requiredText({
      label: FIELD_LABELS.social_security_number,
      max: MAX_LENGTH.rawDigits,
      normalize: normalizeSsn,
      check: (s) => (isValidSsn(s) ? undefined : invalidMessage(FIELD_LABELS.social_security_number)),
    }),
    identification: optionalText({
      label: FIELD_LABELS.identification,
      max: MAX_LENGTH.identification,
      pattern: /^[A-Za-z0-9-]+$/,
    }),
    identification_issuer: optionalText(stateField(FIELD_LABELS.identification_issuer)),
    date_of_birth: dateOfBirth,
    cell: requiredText(phoneField(FIELD_LABELS.cell)),
    email: requiredText({
      label: FIELD_LABELS.email,
      max: MAX_LENGTH.email,
      normalize: (s) => s.toLowerCase(),
      pattern: EMAIL,
    }),
  };

  const applicant = z.object(applicantFields, M.applicantRequired);

  const locationFields = {
    full_address: optionalText({ label: FIELD_LABELS.full_address, max: MAX_LENGTH.fullAddress }),
    line_1: requiredText({ label: FIELD_LABELS.line_1, max: MAX_LENGTH.addressLine, pattern: ADDRESS }),
    line_2: optionalText({ label: FIELD_LABELS.line_2, max: MAX_LENGTH.addressLine, pattern: ADDRESS }),
    city: requiredText({ label: FIELD_LABELS.city, max: MAX_LENGTH.city, pattern: CITY }),
    state: requiredText(stateField(FIELD_LABELS.state)),
    code: requiredText(zipField),
  };
  const location = z.object(locationFields, M.required);

  const income = z
    .object(
      {
        gross: requiredMoney(M.incomeInvalid, MAX_GROSS_CENTS),
        frequency: requiredChoice(INCOME_FREQUENCIES, M.frequencyRequired),
        source: requiredChoice(INCOME_SOURCES),
        employer: optionalText({ label: FIELD_LABELS.employer, max: MAX_LENGTH.employer }),
        title_department: optionalText({ label: FIELD_LABELS.title_department, max: MAX_LENGTH.titleDepartment }),
        phone: optionalText(phoneField(FIELD_LABELS.phone)),
        ext: optionalText({ label: FIELD_LABELS.ext, max: 6, pattern: /^\d+$/ }),
        primary: optionalBoolean(),
        show_additional_questions: optionalBoolean(),
        pay_date: optionalText({
          label: FIELD_LABELS.pay_date,
          max: 10,
          check: (s) => (!isValidIsoDate(s) || s > rules.today ? M.invalidDate : undefined),
        }),
        first_pay_day: dayOfMonth(FIELD_LABELS.first_pay_day),
        second_pay_day: dayOfMonth(FIELD_LABELS.second_pay_day),
      },
      M.required,
    )
    .check(
      z.superRefine((value, ctx) => {
        if (requiresEmployer(value.source)) {
          for (const field of ['employer', 'title_department', 'phone'] as const) {
            if (blank(value[field])) issue(ctx, [field], M.required, value[field]);
          }
        }
        if (value.frequency === 'semi-monthly') {
          for (const field of ['first_pay_day', 'second_pay_day'] as const) {
            if (blank(value[field])) issue(ctx, [field], M.required, value[field]);
          }
          if (typeof value.first_pay_day === 'number' && value.first_pay_day === value.second_pay_day) {
            issue(ctx, ['second_pay_day'], invalidMessage(FIELD_LABELS.second_pay_day), value.second_pay_day);
          }
        }
      }),
    );

  const incomeList = (minimumCents: Cents | null) =>
    z._default(z.nullable(z.array(income)), null).check(
      z.superRefine((list, ctx) => {
        if (!list || list.length === 0) return issue(ctx, [], M.required, list);
        if (list.length > MAX_INCOMES_PER_APPLICANT) return issue(ctx, [], M.tooManyIncomes, list);
        if (minimumCents === null) return;
        const amounts = list.map((i) => ({ grossCents: i?.gross, frequency: i?.frequency }));
        if (amounts.some((a) => typeof a.grossCents !== 'number' || !a.frequency)) return;
        const monthly = monthlyIncomeCents(amounts);
        if (monthly < minimumCents) issue(ctx, [0, 'gross'], minimumIncomeMessage(minimumCents), monthly);
      }),
    );
  /** The applicant's incomes: 1 or 2, together at least the store's minimum a month. */
  const incomes = incomeList(rules.minMonthlyIncomeCents);
  /** The co-applicant's incomes: 1 or 2; the minimum is the main applicant's (decision). */
  const coApplicantIncomes = incomeList(null);

  const banking = z
    .object(
      {
        routing_number: requiredText({
          label: FIELD_LABELS.routing_number,
          max: MAX_LENGTH.rawDigits,
          requiredMessage: M.routingRequired,
          normalize: stripSeparators,
          check: (s) => (isValidRoutingNumber(s) ? undefined : M.routingInvalid),
        }),
        bank_name: optionalText({ label: FIELD_LABELS.bank_name, max: MAX_LENGTH.bankName }),
        checking_account: requiredText({
          label: FIELD_LABELS.checking_account,
          max: MAX_LENGTH.rawDigits,
          requiredMessage: M.accountRequired,
          normalize: stripSeparators,
          check: (s) => (/^\d{4,17}$/.test(s) ? undefined : invalidMessage(FIELD_LABELS.checking_account)),
        }),
        checking_account_confirmation: z._default(z.nullable(z.string(M.accountMismatch)), null),
        bank_link_used: optionalBoolean(),
        bank_link_profile_id: optionalText({ label: FIELD_LABELS.bank_link_profile_id, max: MAX_LENGTH.linkId }),
        bank_link_account_id: optionalText({ label: FIELD_LABELS.bank_link_account_id, max: MAX_LENGTH.linkId }),
      },
      M.required,
    )
    .check(
      z.superRefine((value, ctx) => {
        const confirmation = stripSeparators(value.checking_account_confirmation ?? '');
        if (!confirmation) return issue(ctx, ['checking_account_confirmation'], M.required, confirmation);
        if (typeof value.checking_account === 'string' && confirmation !== value.checking_account) {
          issue(ctx, ['checking_account_confirmation'], M.accountMismatch, confirmation);
        }
      }),
    );

  const ownerAddress = z.object({
    line_1: optionalText({ label: FIELD_LABELS.line_1, max: MAX_LENGTH.addressLine, pattern: ADDRESS }),
    line_2: optionalText({ label: FIELD_LABELS.line_2, max: MAX_LENGTH.addressLine, pattern: ADDRESS }),
    city: optionalText({ label: FIELD_LABELS.city, max: MAX_LENGTH.city, pattern: CITY }),
    state: optionalText(stateField(FIELD_LABELS.state)),
    code: optionalText({ ...zipField, check: (s) => (ZIP.test(s) ? undefined : M.zipInvalid) }),
  });

  const homeOwnership = z
    .object(
      {
        home_type: requiredChoice<HomeType>(HOME_TYPES),
        ownership_type: optionalChoice<OwnershipType>(OWNERSHIP_TYPES, FIELD_LABELS.ownership_type),
        name_of_landowner: optionalText(nameField(FIELD_LABELS.name_of_landowner)),
        phone_of_landowner: optionalText(phoneField(FIELD_LABELS.phone_of_landowner)),
        name_on_property_deed: optionalText({ label: FIELD_LABELS.name_on_property_deed, max: 100, pattern: NAME }),
        is_co_owner: optionalBoolean(),
        owner_address: z.optional(z.nullable(ownerAddress)),
        mortgage_holder_name: optionalText({ label: FIELD_LABELS.mortgage_holder_name, max: 100 }),
        mortgage_holder_payment: optionalMoney(
          invalidMessage(FIELD_LABELS.mortgage_holder_payment),
          MAX_MORTGAGE_PAYMENT_CENTS,
        ),
      },
      M.required,
    )
    .check(
      z.superRefine((value, ctx) => {
        if (value.home_type === LEASED_LAND_HOME) {
          if (blank(value.name_of_landowner)) issue(ctx, ['name_of_landowner'], M.required, null);
          if (blank(value.phone_of_landowner)) issue(ctx, ['phone_of_landowner'], M.required, null);
        } else if (typeof value.home_type === 'string' && blank(value.ownership_type)) {
          issue(ctx, ['ownership_type'], M.required, null);
        }
        if (value.ownership_type === 'own-with-loan') {
          if (blank(value.name_on_property_deed)) issue(ctx, ['name_on_property_deed'], M.required, null);
          for (const field of ['line_1', 'code', 'city', 'state'] as const) {
            if (blank(value.owner_address?.[field])) issue(ctx, ['owner_address', field], M.required, null);
          }
        }
      }),
    );

  const sameLocation = z.pipe(
    z._default(z.nullable(z.boolean(M.sameLocation)), null),
    z.transform((input: boolean | null, ctx): true => (input === true ? true : fail(ctx, M.sameLocation, input))),
  );

  /** The co-applicant as one save sends it: applicant fields, the same-address confirmation, incomes optional. */
  const coApplicant = z.object(
    {
      ...applicantFields,
      same_location: sameLocation,
      location: z.optional(z.nullable(location)),
      incomes: z.optional(coApplicantIncomes),
    },
    M.required,
  );
  /** The co-applicant as a complete application needs it: with incomes. */
  const coApplicantComplete = z.object(
    {
      ...applicantFields,
      same_location: sameLocation,
      location: z.optional(z.nullable(location)),
      incomes: coApplicantIncomes,
    },
    M.required,
  );

  const utm = z.optional(
    z.nullable(
      z.object({
        utm_source: optionalText({ label: 'utm_source', max: MAX_LENGTH.utm }),
        utm_medium: optionalText({ label: 'utm_medium', max: MAX_LENGTH.utm }),
        utm_campaign: optionalText({ label: 'utm_campaign', max: MAX_LENGTH.utm }),
      }),
    ),
  );

  const productSelectionOverride = z.pipe(
    rawString(),
    z.transform((input: string | null, ctx): string | null => {
      const value = (input ?? '').trim();
      if (!value) return rules.productSelectionRequired ? fail(ctx, M.productRequired, input) : null;
      return value.length > MAX_LENGTH.product
        ? fail(ctx, tooLongMessage(FIELD_LABELS.product_selection_override, MAX_LENGTH.product), input)
        : value;
    }),
  );

  const applicationFields = {
    promo_code: optionalText({
      label: FIELD_LABELS.promo_code,
      max: MAX_LENGTH.promoCode,
      pattern: /^[A-Za-z0-9_-]+$/,
    }),
    utm,
    product_selection_override: productSelectionOverride,
    terms_accepted: optionalBoolean(),
    has_co_applicant: z._default(z.nullable(z.boolean(M.required)), null),
    employee_type: optionalText({ label: FIELD_LABELS.employee_type, max: MAX_LENGTH.employeeType }),
    pandemic_question: optionalBoolean(),
    has_confirmed_information: optionalBoolean(),
  };

  /** The has_co_applicant answer on its own (the co-applicant yes/no step). */
  const hasCoApplicant = z.pipe(
    z._default(z.nullable(z.boolean(M.required)), null),
    z.transform((input: boolean | null, ctx): boolean =>
      typeof input === 'boolean' ? input : fail(ctx, M.required, input),
    ),
  );

  /** A complete application, as confirmation submits it. */
  const application = z
    .object(
      {
        applicant,
        location,
        incomes,
        banking: rules.bankingRequired ? banking : z.optional(z.nullable(banking)),
        home_ownership: rules.homeOwnershipRequired ? homeOwnership : z.optional(z.nullable(homeOwnership)),
        co_applicant: z.optional(z.nullable(coApplicantComplete)),
        ...applicationFields,
      },
      M.required,
    )
    .check(
      z.superRefine((value, ctx) => {
        if (typeof value.has_co_applicant !== 'boolean') issue(ctx, ['has_co_applicant'], M.required, null);
        if (value.has_co_applicant && !value.co_applicant) issue(ctx, ['co_applicant'], M.required, null);
        const main = value.applicant?.email;
        const co = value.co_applicant?.email;
        if (value.has_co_applicant && main && co && main === co) issue(ctx, ['co_applicant', 'email'], M.sameEmail, co);
        if (
          value.has_co_applicant &&
          isSameSsn(value.applicant?.social_security_number, value.co_applicant?.social_security_number)
        )
          issue(ctx, ['co_applicant', 'social_security_number'], M.sameSsn, null);
      }),
    );

  return {
    rules,
    applicant,
    location,
    income,
    incomes,
    banking,
    homeOwnership,
    ownerAddress,
    coApplicant,
    coApplicantComplete,
    coApplicantIncomes,
    hasCoApplicant,
    productSelectionOverride,
    applicationFields,
    application,
  };
}

export type ApplicationSchemas = ReturnType<typeof createApplicationSchemas>;
export type Applicant = z.output<ApplicationSchemas['applicant']>;
export type ApplicantInput = z.input<ApplicationSchemas['applicant']>;
export type Location = z.output<ApplicationSchemas['location']>;
export type LocationInput = z.input<ApplicationSchemas['location']>;
export type Income = z.output<ApplicationSchemas['income']>;
export type IncomeInput = z.input<ApplicationSchemas['income']>;
export type Banking = z.output<ApplicationSchemas['banking']>;
export type BankingInput = z.input<ApplicationSchemas['banking']>;
export type HomeOwnership = z.output<ApplicationSchemas['homeOwnership']>;
export type HomeOwnershipInput = z.input<ApplicationSchemas['homeOwnership']>;
export type CoApplicant = z.output<ApplicationSchemas['coApplicant']>;
export type CoApplicantInput = z.input<ApplicationSchemas['coApplicant']>;
export type Application = z.output<ApplicationSchemas['application']>;
export type ApplicationInput = z.input<ApplicationSchemas['application']>;

// ---------------------------------------------------------------------------------------------------------------
// Running a schema: field errors keyed by the dotted path, optionally under a prefix ('co_applicant').

export type ValidationResult<T> = { success: true; data: T } | { success: false; errors: FieldErrors };

export function issuesToFieldErrors(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly (string | number)[] = [],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const item of issues) {
    const path = [...prefix, ...item.path].map(String);
    const key = path.length ? path.join('.') : '_';
    const list = (errors[key] ??= []);
    if (!list.includes(item.message)) list.push(item.message);
  }
  return errors;
}

export function validateWith<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  prefix: readonly (string | number)[] = [],
): ValidationResult<z.output<S>> {
  const result = z.safeParse(schema, value);
  return result.success
    ? { success: true, data: result.data }
    : { success: false, errors: issuesToFieldErrors(result.error.issues, prefix) };
}

/** The first message of each field: what a form shows under it. */
export function firstErrors(errors: FieldErrors): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).flatMap(([k, v]) => (v[0] ? [[k, v[0]]] : [])));
}
