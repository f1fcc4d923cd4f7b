// POST /apply-v2/application: creates the application, or updates it when the body carries its uuid.
// The body holds one or more sections; each present section is validated on its own, so the single-page form can
// autosave one section at a time. Confirmation validates the whole application with `validateCompleteApplication`.
import * as z from 'zod/mini';
import { APPLICATION_MESSAGES } from '../domain/application-messages.ts';
import {
  buildApplicationSchemas,
  issuesToFieldErrors,
  type Applicant,
  type ApplicantInput,
  type Application,
  type ApplicationRules,
  type Banking,
  type BankingInput,
  type CoApplicant,
  type CoApplicantInput,
  type HomeOwnership,
  type HomeOwnershipInput,
  type Income,
  type IncomeInput,
  type Location,
  type LocationInput,
  type ValidationResult,
} from '../domain/application-schema.ts';
import { centsToDecimal, type Cents } from '../domain/money.ts';
import type { FieldErrors } from './envelope.ts';
import { isOneOf } from '../domain/one-of.ts';

export const APPLICATION_PATH = '/apply-v2/application';

/** The test applicants of the Fill menu (GET /apply-v2/application/fill?type=, not in production). */
export const FILL_PROFILES = [
  'option-a',
  'a-max',
  'option-b',
  'option-c',
  'a-and-b',
  'denied-no-score',
  'denied-with-score',
] as const;
export type FillProfile = (typeof FILL_PROFILES)[number];

/** The sections one request can save. `co_applicant_incomes` is `co_applicant.incomes`. */
export const APPLICATION_SECTIONS = [
  'applicant',
  'location',
  'home_ownership',
  'incomes',
  'banking',
  'has_co_applicant',
  'co_applicant',
  'co_applicant_incomes',
] as const;
export type ApplicationSection = (typeof APPLICATION_SECTIONS)[number];
export const isApplicationSection = isOneOf<ApplicationSection>(APPLICATION_SECTIONS);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The body as the page sends it (form values, before normalisation). */
export interface ApplicationRequestBody {
  uuid?: string;
  section?: ApplicationSection | ApplicationSection[];
  applicant?: ApplicantInput;
  location?: LocationInput;
  incomes?: IncomeInput[];
  banking?: BankingInput | null;
  home_ownership?: HomeOwnershipInput;
  has_co_applicant?: boolean;
  co_applicant?: (CoApplicantInput & { incomes?: IncomeInput[] }) | null;
  skipConfirmationCode?: boolean;
  product_selection_override?: string | null;
  promo_code?: string | null;
  utm?: { utm_source?: string | null; utm_medium?: string | null; utm_campaign?: string | null } | null;
  terms_accepted?: boolean;
  employee_type?: string | null;
  pandemic_question?: boolean | null;
  has_confirmed_information?: boolean | null;
}

/** The body after validation: only the saved sections, normalised (digits only, money in cents). */
export interface ApplicationRequest {
  uuid?: string;
  /** The sections this request saves, in form order. */
  sections: ApplicationSection[];
  applicant?: Applicant;
  location?: Location;
  incomes?: Income[];
  /** null: banking skipped (only when banking is optional). */
  banking?: Banking | null;
  home_ownership?: HomeOwnership;
  has_co_applicant?: boolean;
  co_applicant?: CoApplicant;
  co_applicant_incomes?: Income[];
  skipConfirmationCode: boolean;
  product_selection_override?: string | null;
  promo_code?: string | null;
  utm?: { utm_source: string | null; utm_medium: string | null; utm_campaign: string | null } | null;
  /** Always true on save (seed 000 section 3). */
  terms_accepted: true;
  employee_type?: string | null;
  pandemic_question?: boolean | null;
  has_confirmed_information?: boolean | null;
}

const sectionList = z.union(
  [
    z.enum(APPLICATION_SECTIONS, 'The section value is not in the allowed values.'),
    z
      .array(z.enum(APPLICATION_SECTIONS, 'The section value is not in the allowed values.'))
      .check(
        z.minLength(1, APPLICATION_MESSAGES.required),
        z.maxLength(APPLICATION_SECTIONS.length, 'The section value is not in the allowed values.'),
      ),
  ],
  'The section value is not in the allowed values.',
);

const envelope = z.object(
  {
    uuid: z.optional(z.string('The uuid value must be valid.').check(z.regex(UUID, 'The uuid value must be valid.'))),
    section: z.optional(sectionList),
    applicant: z.optional(z.unknown()),
    location: z.optional(z.unknown()),
    incomes: z.optional(z.unknown()),
    banking: z.optional(z.unknown()),
    home_ownership: z.optional(z.unknown()),
    has_co_applicant: z.optional(z.unknown()),
    co_applicant: z.optional(z.unknown()),
    skipConfirmationCode: z.optional(z.boolean('The skipConfirmationCode value must be valid.')),
    product_selection_override: z.optional(z.unknown()),
    promo_code: z.optional(z.unknown()),
    utm: z.optional(z.unknown()),
    terms_accepted: z.optional(z.unknown()),
    employee_type: z.optional(z.unknown()),
    pandemic_question: z.optional(z.unknown()),
    has_confirmed_information: z.optional(z.unknown()),
  },
  'The request body must be a JSON object.',
);

type Issues = { issues: z.core.$ZodRawIssue[] };

/** Which sections a body saves: its `section` list, or else every section it carries. */
export function sectionsOf(
  body: { section?: ApplicationSection | ApplicationSection[] } & Record<string, unknown>,
): ApplicationSection[] {
  const listed = body.section === undefined ? undefined : Array.isArray(body.section) ? body.section : [body.section];
  const present = (section: ApplicationSection) => {
    if (section === 'co_applicant_incomes') {
      const co = body.co_applicant as { incomes?: unknown } | null | undefined;
      return co !== null && typeof co === 'object' && co.incomes !== undefined;
    }
    return body[section] !== undefined;
  };
  return APPLICATION_SECTIONS.filter((s) => (listed ? listed.includes(s) : present(s)));
}

const requestSchemaCache = new Map<string, ReturnType<typeof createApplicationRequestSchema>>();

/** The schema of the request body for one store and day (use with `parseBody`; memoised). */
export function buildApplicationRequestSchema(
  rules: ApplicationRules,
): ReturnType<typeof createApplicationRequestSchema> {
  const key = JSON.stringify(rules);
  let schema = requestSchemaCache.get(key);
  if (!schema) {
    if (requestSchemaCache.size >= 32) requestSchemaCache.clear();
    schema = createApplicationRequestSchema(rules);
    requestSchemaCache.set(key, schema);
  }
  return schema;
}

function createApplicationRequestSchema(rules: ApplicationRules) {
  const s = buildApplicationSchemas(rules);
  const run = <S extends z.core.$ZodType>(schema: S, value: unknown, path: (string | number)[], ctx: Issues) => {
    const result = z.safeParse(schema, value);
    if (result.success) return result.data;
    for (const item of result.error.issues) {
      ctx.issues.push({
        code: 'custom',
        message: item.message,
        path: [...path, ...item.path],
        input: value,
        continue: true,
      });
    }
    return undefined;
  };
  return z.pipe(
    envelope,
    z.transform((body, ctx): ApplicationRequest => {
      const sections = sectionsOf(body);
      const out: ApplicationRequest = {
        sections,
        skipConfirmationCode: body.skipConfirmationCode ?? false,
        terms_accepted: true,
      };
      if (body.uuid) out.uuid = body.uuid;
      if (!body.uuid && !sections.includes('applicant')) {
        ctx.issues.push({
          code: 'custom',
          message: APPLICATION_MESSAGES.applicantRequired,
          path: ['applicant'],
          input: body,
          continue: true,
        });
      }
      const co = (body.co_applicant ?? undefined) as Record<string, unknown> | undefined;
      for (const section of sections) {
        switch (section) {
          case 'applicant':
            out.applicant = run(s.applicant, body.applicant, ['applicant'], ctx);
            break;
          case 'location':
            out.location = run(s.location, body.location, ['location'], ctx);
            break;
          case 'incomes':
            out.incomes = run(s.incomes, body.incomes, ['incomes'], ctx) as Income[] | undefined;
            break;
          case 'banking':
            out.banking =
              body.banking === null && !rules.bankingRequired ? null : run(s.banking, body.banking, ['banking'], ctx);
            break;
          case 'home_ownership':
            out.home_ownership = run(s.homeOwnership, body.home_ownership, ['home_ownership'], ctx);
            break;
          case 'has_co_applicant':
            out.has_co_applicant = run(s.hasCoApplicant, body.has_co_applicant, ['has_co_applicant'], ctx);
            break;
          case 'co_applicant': {
            const { incomes: _ignored, ...fields } = co ?? {};
            // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the cast names the section's type; run's type parameter is the schema
            out.co_applicant = run(s.coApplicant, co ? fields : undefined, ['co_applicant'], ctx) as
              CoApplicant | undefined;
            break;
          }
          case 'co_applicant_incomes':
            out.co_applicant_incomes = run(s.coApplicantIncomes, co?.incomes, ['co_applicant', 'incomes'], ctx) as
              Income[] | undefined;
            break;
        }
      }
      const isCreate = !body.uuid;
      if (isCreate || body.product_selection_override !== undefined) {
        const product = run(
          s.productSelectionOverride,
          body.product_selection_override,
          ['product_selection_override'],
          ctx,
        );
        if (product !== undefined) out.product_selection_override = product;
      }
      const rest = run(
        z.object({
          promo_code: s.applicationFields.promo_code,
          utm: s.applicationFields.utm,
          employee_type: s.applicationFields.employee_type,
          pandemic_question: s.applicationFields.pandemic_question,
          has_confirmed_information: s.applicationFields.has_confirmed_information,
        }),
        body,
        [],
        ctx,
      );
      if (rest) {
        for (const key of [
          'promo_code',
          'utm',
          'employee_type',
          'pandemic_question',
          'has_confirmed_information',
        ] as const) {
          if ((body as Record<string, unknown>)[key] !== undefined)
            (out as unknown as Record<string, unknown>)[key] = rest[key];
        }
      }
      return out;
    }),
  );
}

/** Validates a save request: field errors keyed by dotted path (`co_applicant.incomes.0.gross`). */
export function validateApplicationRequest(
  body: unknown,
  rules: ApplicationRules,
): ValidationResult<ApplicationRequest> {
  const result = z.safeParse(buildApplicationRequestSchema(rules), body);
  return result.success
    ? { success: true, data: result.data }
    : { success: false, errors: issuesToFieldErrors(result.error.issues) };
}

/** A uuid that stands for "the application exists" when sections are checked before it is created. */
const PLACEHOLDER_UUID = '00000000-0000-4000-8000-000000000000';

/**
 * Field errors of some sections of a draft, as the server would report them on save (null when valid); the
 * rules that apply only to the request that creates the application (applicant first, product chosen) are left out.
 */
export function sectionErrors(
  sections: readonly ApplicationSection[],
  draft: ApplicationDraft,
  rules: ApplicationRules,
): FieldErrors | null {
  const result = validateApplicationRequest({ ...buildSaveBody(sections, draft), uuid: PLACEHOLDER_UUID }, rules);
  return result.success ? null : result.errors;
}

/** Validates the whole application as confirmation submits it (every required section, cross-section rules). */
export function validateCompleteApplication(
  application: unknown,
  rules: ApplicationRules,
): ValidationResult<Application> {
  const result = z.safeParse(buildApplicationSchemas(rules).application, application);
  return result.success
    ? { success: true, data: result.data }
    : { success: false, errors: issuesToFieldErrors(result.error.issues) };
}

/** Builds the body that saves the given sections of a draft (the page's autosave and the wizard's Continue). */
export function buildSaveBody(
  sections: readonly ApplicationSection[],
  draft: ApplicationDraft,
  extra: { uuid?: string | undefined; skipConfirmationCode?: boolean; product_selection_override?: string | null } = {},
): ApplicationRequestBody {
  const body: ApplicationRequestBody = { section: [...sections] };
  if (extra.uuid) body.uuid = extra.uuid;
  if (extra.skipConfirmationCode !== undefined) body.skipConfirmationCode = extra.skipConfirmationCode;
  if (extra.product_selection_override !== undefined)
    body.product_selection_override = extra.product_selection_override;
  for (const section of sections) {
    if (section === 'co_applicant' || section === 'co_applicant_incomes') {
      const current = body.co_applicant ?? {};
      const { incomes, ...fields } = draft.co_applicant ?? {};
      body.co_applicant =
        section === 'co_applicant' ? { ...current, ...fields } : { ...current, incomes: incomes ?? [] };
    } else if (section === 'has_co_applicant') {
      if (draft.has_co_applicant !== null && draft.has_co_applicant !== undefined)
        body.has_co_applicant = draft.has_co_applicant;
    } else {
      (body as Record<string, unknown>)[section] = draft[section];
    }
  }
  return body;
}

/** The application as a form holds it before it is valid. */
export interface ApplicationDraft {
  applicant?: ApplicantInput;
  location?: LocationInput;
  incomes?: IncomeInput[];
  banking?: BankingInput | null;
  home_ownership?: HomeOwnershipInput;
  has_co_applicant?: boolean | null;
  co_applicant?: (CoApplicantInput & { incomes?: IncomeInput[] }) | null;
  product_selection_override?: string | null;
  promo_code?: string | null;
  terms_accepted?: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// The named `saveSection` actor of the application machines posts one of these bodies.

/** What the named `saveSection` actor gets: the sections to save and the body of POST /apply-v2/application. */
export interface SaveSectionInput {
  sections: ApplicationSection[];
  body: ApplicationRequestBody;
}

/** What it answers: the application's uuid (new on the first save). */
export interface SaveSectionOutput {
  uuid: string;
}

/** A save that the server refused with field errors (422); other errors carry only a message. */
export class SaveSectionError extends Error {
  readonly fieldErrors: FieldErrors;
  constructor(message: string, fieldErrors: FieldErrors = {}) {
    super(message);
    this.name = 'SaveSectionError';
    this.fieldErrors = fieldErrors;
  }
}

export const SAVE_FAILED_KEY = 'application.saveFailed';

/** The message and field errors of a failed save, whatever was thrown. */
export function describeSaveError(error: unknown): { message: string; fieldErrors: FieldErrors } {
  const fieldErrors =
    error &&
    typeof error === 'object' &&
    'fieldErrors' in error &&
    error.fieldErrors &&
    typeof error.fieldErrors === 'object'
      ? (error.fieldErrors as FieldErrors)
      : {};
  const message = error instanceof Error && error.message ? error.message : SAVE_FAILED_KEY;
  return { message, fieldErrors };
}

// ---------------------------------------------------------------------------------------------------------------
// The response: `data` of the envelope. Sensitive values are concealed (last 4 characters only).

/** '123456789' -> '*****6789'; values of 4 characters or fewer are masked entirely. */
export function conceal(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return value === '' ? '' : null;
  const text = String(value);
  if (text.length <= 4) return '*'.repeat(text.length);
  return '*'.repeat(text.length - 4) + text.slice(-4);
}

/** A value as `conceal` answers it (stars, then at most the last 4 characters): it came from the server. */
export function isConcealed(value: unknown): boolean {
  return typeof value === 'string' && /^\*+[^*]{0,4}$/.test(value);
}

const STAND_INS = {
  social_security_number: '123456789',
  identification: 'A0000000',
  routing_number: '021000021',
  checking_account: '000000000',
} as const;

/**
 * The draft with concealed values (loaded back from the server, last 4 only) replaced by valid stand-ins, for the
 * page's validation only: the server holds the real values and validated them when they were saved. A save that
 * still carries a concealed value must not be sent (the page asks for the full value again).
 */
export function withConcealedStandIns(draft: ApplicationDraft): ApplicationDraft {
  const a = draft.applicant;
  const c = draft.co_applicant;
  const b = draft.banking;
  const any =
    isConcealed(a?.social_security_number) ||
    isConcealed(a?.identification) ||
    isConcealed(c?.social_security_number) ||
    isConcealed(c?.identification) ||
    isConcealed(b?.routing_number) ||
    isConcealed(b?.checking_account);
  if (!any) return draft;
  const person = <T extends { social_security_number?: unknown; identification?: unknown } | null | undefined>(
    p: T,
  ): T => {
    if (!p) return p;
    const out = { ...p } as Record<string, unknown>;
    for (const key of ['social_security_number', 'identification'] as const)
      if (isConcealed(out[key])) out[key] = STAND_INS[key];
    return out as T;
  };
  let banking = draft.banking;
  if (banking) {
    const b = { ...banking } as Record<string, unknown>;
    if (isConcealed(b.routing_number)) b.routing_number = STAND_INS.routing_number;
    if (isConcealed(b.checking_account)) {
      if (b.checking_account_confirmation === banking.checking_account || b.checking_account_confirmation == null) {
        b.checking_account_confirmation = STAND_INS.checking_account;
      }
      b.checking_account = STAND_INS.checking_account;
    }
    banking = b;
  }
  return { ...draft, applicant: person(draft.applicant), co_applicant: person(draft.co_applicant), banking };
}

export type ApplicantView = Omit<Applicant, 'social_security_number' | 'identification'> & {
  social_security_number: string;
  identification: string | null;
};
export type IncomeView = Omit<Income, 'gross'> & { gross: string };
export interface BankingView {
  routing_number: string;
  bank_name: string | null;
  checking_account: string;
  bank_link_used: boolean;
}
export type HomeOwnershipView = Omit<HomeOwnership, 'mortgage_holder_payment'> & {
  mortgage_holder_payment: string | null;
};
export type CoApplicantView = ApplicantView & {
  same_location: boolean;
  location: Location | null;
  incomes: IncomeView[];
};

export interface ApplicationView {
  uuid: string;
  has_co_applicant: boolean;
  product_selection_override: string | null;
  promo_code: string | null;
  applicant: ApplicantView | null;
  location: Location | null;
  incomes: IncomeView[];
  banking: BankingView | null;
  home_ownership: HomeOwnershipView | null;
  co_applicant: CoApplicantView | null;
  /** Sections saved so far (the single-page form gates its other sections on `applicant`). */
  saved_sections: ApplicationSection[];
}

/** The stored application as the service holds it (normalised values, money in cents). */
export interface StoredApplication {
  uuid: string;
  applicant?: Applicant | null;
  location?: Location | null;
  incomes?: Income[] | null;
  banking?: Banking | null;
  home_ownership?: HomeOwnership | null;
  has_co_applicant?: boolean | null;
  co_applicant?: (CoApplicant & { incomes?: Income[] | null }) | null;
  product_selection_override?: string | null;
  promo_code?: string | null;
  saved_sections?: ApplicationSection[];
}

const money = (cents: Cents | null | undefined) => (typeof cents === 'number' ? centsToDecimal(cents) : null);

function applicantView(a: Applicant): ApplicantView {
  return {
    ...a,
    social_security_number: conceal(a.social_security_number) ?? '',
    identification: conceal(a.identification),
  };
}

const incomeView = (i: Income): IncomeView => ({ ...i, gross: money(i.gross) ?? '0.00' });

/** The response view of a stored application: SSN, identification, routing and account numbers concealed. */
export function toApplicationView(app: StoredApplication): ApplicationView {
  const co = app.co_applicant ?? null;
  return {
    uuid: app.uuid,
    has_co_applicant: app.has_co_applicant === true,
    product_selection_override: app.product_selection_override ?? null,
    promo_code: app.promo_code ?? null,
    applicant: app.applicant ? applicantView(app.applicant) : null,
    location: app.location ?? null,
    incomes: (app.incomes ?? []).map(incomeView),
    banking: app.banking
      ? {
          routing_number: conceal(app.banking.routing_number) ?? '',
          bank_name: app.banking.bank_name ?? null,
          checking_account: conceal(app.banking.checking_account) ?? '',
          bank_link_used: app.banking.bank_link_used === true,
        }
      : null,
    home_ownership: app.home_ownership
      ? { ...app.home_ownership, mortgage_holder_payment: money(app.home_ownership.mortgage_holder_payment) }
      : null,
    co_applicant: co
      ? {
          ...applicantView(co),
          same_location: co.same_location === true,
          location: co.location ?? null,
          incomes: (co.incomes ?? []).map(incomeView),
        }
      : null,
    saved_sections: app.saved_sections ?? [],
  };
}

export type ApplicationResponseData = ApplicationView;
