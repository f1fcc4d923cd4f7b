// Schemas of the shopper application (seed 000 sections 3 and 5, seed 001 section 5), shared by the page and the
// server. Field names are the seed's snake_case names; errors are keyed by the dotted field path. The messages are in
// application-messages.ts, the fields' limits, value lists and builders in application-fields.ts.
import * as z from 'zod/mini';
import type { FieldErrors } from '../contracts/envelope.ts';
import { MINIMUM_AGE, ageOn, isValidIsoDate } from './age.ts';
import {
  ADDRESS,
  CITY,
  EMAIL,
  INCOME_SOURCES,
  MAX_GROSS_CENTS,
  MAX_LENGTH,
  MAX_MORTGAGE_PAYMENT_CENTS,
  NAME,
  TITLES,
  ZIP,
  dayOfMonth,
  fail,
  isSameSsn,
  isValidSsn,
  nameField,
  normalizeSsn,
  optionalBoolean,
  optionalChoice,
  optionalMoney,
  optionalText,
  phoneField,
  rawString,
  requiredChoice,
  requiredMoney,
  requiredText,
  requiresEmployer,
  stateField,
  stripSeparators,
  zipField,
  type Ctx,
} from './application-fields.ts';
import {
  APPLICATION_MESSAGES,
  FIELD_LABELS,
  invalidMessage,
  minimumIncomeMessage,
  tooLongMessage,
} from './application-messages.ts';
import { HOME_TYPES, LEASED_LAND_HOME, OWNERSHIP_TYPES, type HomeType, type OwnershipType } from './home-ownership.ts';
import {
  INCOME_FREQUENCIES,
  MAX_INCOMES_PER_APPLICANT,
  minimumMonthlyIncomeCents,
  monthlyIncomeCents,
} from './income.ts';
import type { Cents } from './money.ts';
import { isValidRoutingNumber } from './routing-number.ts';

const M = APPLICATION_MESSAGES;
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
