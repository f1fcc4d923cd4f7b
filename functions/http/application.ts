import * as z from 'zod/mini';
import { FILL_PROFILES } from '../../machines/contracts/application.ts';
import { normalizeSsn, isValidSsn } from '../../machines/domain/application-fields.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { ok } from '../platform/response.ts';
import { parseBody, parseQuery, readJsonBody } from '../platform/validate.ts';
import { getOwnApplication, saveApplicationSections, sessionStore } from '../services/applications.ts';
import { preapprovalCustomerCheck, previousCustomerCheck } from '../services/customer-checks.ts';
import { fillApplication } from '../services/fill.ts';
import { lambdaDeps } from './lambda-deps.ts';
import { lambdaHandler } from './dispatch.ts';
import type { HandlerMap } from './route.ts';

const ssn = (label: string) =>
  z.pipe(
    z.string(`The ${label} is required.`).check(z.maxLength(20, `The ${label} value must be valid.`)),
    z.transform((value, ctx) => {
      const digits = normalizeSsn(value);
      if (!isValidSsn(digits))
        ctx.issues.push({ code: 'custom', message: `The ${label} value must be valid.`, input: value });
      return digits;
    }),
  );

const fillQuery = z.object({
  type: z.enum(FILL_PROFILES, `Choose one of: ${FILL_PROFILES.join(', ')}.`),
  store_id: z.optional(z.string().check(z.maxLength(64))),
});
const getQuery = z.object({ uuid: z.optional(z.string().check(z.maxLength(64))) });
const previousBody = z.object({ ssn: ssn('social security number') });
const preapprovalBody = z.object({
  ssn: ssn('social security number'),
  coapplicant_ssn: z.optional(z.nullable(ssn('co-applicant social security number'))),
});

/** The version the page based its edit on, when it sends one (`v`), so a stale tab gets a 409. */
function expectedVersion(body: unknown): number | undefined {
  const v = body && typeof body === 'object' ? (body as { v?: unknown }).v : undefined;
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1)
    throw new AppError(422, 'The given data was invalid.', { v: ['The v value must be valid.'] });
  return v;
}

export const handlers: HandlerMap = {
  async saveApplication(ctx, deps) {
    const body = readJsonBody(ctx.event);
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw new AppError(400, 'The request body must be a JSON object.');
    return ok(await saveApplicationSections(deps, ctx.apply!, body, expectedVersion(body)));
  },

  async getApplication(ctx, deps) {
    const { uuid } = parseQuery(getQuery, ctx.event);
    return ok(await getOwnApplication(deps, ctx.apply!, uuid, ctx.lang));
  },

  /** Saves the applicant's address on its own (the address screen's debounced change). */
  async saveAddress(ctx, deps) {
    const body = readJsonBody(ctx.event);
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw new AppError(400, 'The request body must be a JSON object.');
    const uuid = ctx.apply!.applicationUuid;
    if (!uuid) throw notFound('Application not found. Please create a new application.');
    const { v, uuid: _ignored, ...location } = body as Record<string, unknown>;
    const saved = await saveApplicationSections(
      deps,
      ctx.apply!,
      { uuid, section: ['location'], location },
      expectedVersion({ v }),
    );
    return ok({ location: saved.location, v: saved.v });
  },

  async fill(ctx, deps) {
    if (deps.config.production) throw notFound('Requested resource was not found');
    const { type, store_id } = parseQuery(fillQuery, ctx.event);
    if (store_id && store_id !== ctx.apply!.storeId) throw new AppError(403, 'Permission Denied');
    const store = await sessionStore(deps, ctx.apply!);
    return ok(fillApplication(type, store, deps.clock()));
  },

  async previousCustomerCheck(ctx, deps) {
    const { ssn: value } = parseBody(previousBody, ctx.event);
    return ok(await previousCustomerCheck(deps, value));
  },

  async preapprovalCustomerCheck(ctx, deps) {
    const body = parseBody(preapprovalBody, ctx.event);
    const answer = await preapprovalCustomerCheck(deps, body.ssn, body.coapplicant_ssn ?? undefined);
    return {
      ...ok(answer),
      body: JSON.stringify({
        status: answer.eligible,
        code: 200,
        data: answer,
        ...(answer.message ? { message: answer.message } : {}),
      }),
    };
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps());
