import * as z from 'zod/mini';
import { isValidSsn, normalizeSsn } from '../../machines/domain/application-fields.ts';
import { isValidIsoDate } from '../../machines/domain/age.ts';
import { scorePaymentsRequestSchema } from '../../machines/contracts/score-payments.ts';
import { verifyConfirmBody, verifySendBody } from '../../machines/contracts/verify.ts';
import { translate } from '../../machines/i18n/catalogue.ts';
import { AppError, badRequest, notFound } from '../platform/errors.ts';
import { ok } from '../platform/response.ts';
import { parseBody, parseWith, readJsonBody } from '../platform/validate.ts';
import { submitApplication } from '../services/decision.ts';
import { quotePayments } from '../services/payment-calculator.ts';
import { retrieveApplication } from '../services/retrieval.ts';
import { readScoringSettings, replaceScoringSettings } from '../services/scoring.ts';
import { confirmPin, PIN_MESSAGES, sendPin } from '../services/verification.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import { bureauProvider } from '../providers/bureau/provider.ts';
import { messagingProvider } from '../providers/messaging/provider.ts';
import type { HandlerMap } from './route.ts';

// Route group 'decision' (issue 4): PIN verification, submit and decision, retrieval, the payment calculator, and a
// non-production endpoint to read and replace the stored scoring settings.

const required = 'validation.required';

const ssn = z.pipe(
  z.string(required).check(z.maxLength(20, 'The social security number value must be valid.')),
  z.transform((value, ctx) => {
    const digits = normalizeSsn(value.trim());
    if (!isValidSsn(digits))
      ctx.issues.push({ code: 'custom', message: 'The social security number value must be valid.', input: value });
    return digits;
  }),
);

/** 'YYYY-MM-DD' or the summary's 'MM/DD/YYYY' -> 'YYYY-MM-DD'. */
const dateOfBirth = z.pipe(
  z.string(required).check(z.maxLength(10, 'Invalid date entered!')),
  z.transform((value, ctx) => {
    const text = value.trim();
    const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
    const iso = us ? `${us[3]}-${us[1]}-${us[2]}` : text;
    if (!isValidIsoDate(iso)) ctx.issues.push({ code: 'custom', message: 'Invalid date entered!', input: value });
    return iso;
  }),
);

const retrieveBody = z.object({
  last_name: z
    .string(required)
    .check(
      z.trim(),
      z.minLength(1, required),
      z.maxLength(100, 'The last name may not be greater than 100 characters.'),
    ),
  social_security_number: ssn,
  date_of_birth: dateOfBirth,
  store_id: z.pipe(
    z.union([z.string(required).check(z.maxLength(64, required)), z.number(required)], required),
    z.transform((v) => String(v)),
  ),
});

const confirmBody = z.looseObject({
  uuid: z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(64, 'The uuid value must be valid.')),
  submitted: z.optional(z.nullable(z.boolean('The submitted value must be valid.'))),
  terms_accepted: z.optional(
    z.nullable(
      z.union(
        [z.boolean(), z.literal(1), z.literal(0), z.literal('1'), z.literal('0')],
        'The terms accepted value must be valid.',
      ),
    ),
  ),
});

const settingsBody = z.object({
  settings: z.unknown(),
  v: z.optional(z.int().check(z.minimum(1))),
});

export const handlers: HandlerMap = {
  async verifySend(ctx, deps) {
    const body = parseBody(verifySendBody, ctx.event);
    return ok(
      await sendPin(deps, ctx.apply!, body, ctx.lang, ctx.event.requestContext.http?.sourceIp),
      translate(ctx.lang, PIN_MESSAGES.sent),
    );
  },

  async verifyConfirm(ctx, deps) {
    const body = parseBody(verifyConfirmBody, ctx.event);
    return ok(await confirmPin(deps, ctx.apply!, body, ctx.lang), translate(ctx.lang, PIN_MESSAGES.verified));
  },

  /** Submits the application once and answers the result (seed 000 section 3); a repeat answers the same result. */
  async confirm(ctx, deps) {
    const started = performance.now();
    const raw = readJsonBody(ctx.event);
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
      throw badRequest('The request body must be a JSON object.');
    const body = parseWith(confirmBody, raw);
    const terms = body.terms_accepted;
    const answer = await submitApplication(
      deps,
      ctx.apply!,
      {
        uuid: body.uuid,
        terms_accepted:
          terms === undefined || terms === null ? undefined : terms === true || terms === 1 || terms === '1',
      },
      ctx.lang,
      ctx.event.requestContext.http?.sourceIp,
    );
    return ok(answer.result, undefined, {
      headers: {
        'server-timing': `decision;desc="${answer.decidedNow ? 'decided' : 'stored'}";dur=${(performance.now() - started).toFixed(2)}`,
      },
    });
  },

  async retrieve(ctx, deps) {
    const body = parseBody(retrieveBody, ctx.event);
    return ok(await retrieveApplication(deps, ctx.apply!, body, ctx.lang));
  },

  async scorePayments(ctx, deps) {
    const body = parseBody(scorePaymentsRequestSchema, ctx.event);
    return ok(await quotePayments(deps, ctx.apply!, body));
  },

  /** GET /sandbox/scoring-settings (non-production): the settings in force and their version. */
  async sandboxScoringSettings(_ctx, deps) {
    if (deps.config.production) throw notFound('Requested resource was not found');
    return ok(await readScoringSettings(deps));
  },

  /** PUT /sandbox/scoring-settings (non-production): replaces the stored settings; the next decision uses them. */
  async sandboxReplaceScoringSettings(_ctx, deps) {
    if (deps.config.production) throw notFound('Requested resource was not found');
    const body = parseBody(settingsBody, _ctx.event);
    if (body.settings === undefined) throw new AppError(422, 'The given data was invalid.', { settings: [required] });
    return ok(await replaceScoringSettings(deps, body.settings, 'sandbox', body.v));
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps({ bureau: bureauProvider, messaging: messagingProvider }));
