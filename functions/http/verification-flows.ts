import * as z from 'zod/mini';
import { identitySendBody, identityVerifyBody } from '../../machines/identity-check/identity-check.machine.ts';
import { translate } from '../../machines/i18n/catalogue.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import { notFound } from '../platform/errors.ts';
import { json, ok } from '../platform/response.ts';
import { parseBody, parsePath, parseQuery } from '../platform/validate.ts';
import { loadOwnApplication } from '../services/applications.ts';
import {
  abandonBankLink,
  bankLinkStateOf,
  checkBankProfile,
  fetchAchNumbers,
  fetchBankAccounts,
  sendBankLink,
} from '../services/bank-link.ts';
import {
  exchangeIdentityToken,
  identityStateOf,
  issueIdentityExchange,
  sendIdentityLink,
  verifyIdentityCheck,
} from '../services/identity-check.ts';
import {
  payrollAffordability,
  payrollStateOf,
  refreshPayroll,
  restartPayroll,
  searchPayrollEmployers,
  startPayroll,
} from '../services/payroll.ts';
import { lambdaDeps } from './lambda-deps.ts';
import { verificationFlowProviders } from './verification-providers.ts';
import { routingProvider } from '../providers/routing/provider.ts';
import { lambdaHandler } from './dispatch.ts';
import type { HandlerMap } from './route.ts';

// Route group 'verification-flows' (issue 7): the shopper's calls of the bank link, identity check and payroll
// flows (seed 000 section 7). Each call is the effect of the flow's shared machine; the services advance the
// machine persisted on the application and answer 409 for a call its state does not allow.

const required = 'validation.required';
const id = (max = 100) => z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(max, required));

const applicantBody = z.object({ applicantId: id(64) });
const applicantQuery = z.object({ applicantId: id(64) });
const profileQuery = z.object({ profileId: id() });
const optionalProfileQuery = z.object({ profileId: z.optional(z.string().check(z.maxLength(100))) });
const accountQuery = z.object({ accountId: id() });
const appPath = z.object({ id: z.string().check(z.regex(/^[0-9a-f-]{36}$/i)) });
const flowPath = z.object({ flow: z.enum(['bank-link', 'identity-check', 'payroll']) });
const employersQuery = z.object({
  keyword: z.optional(z.string().check(z.maxLength(100))),
  fullSearch: z.optional(z.string().check(z.maxLength(10))),
});
const startBody = z.object({
  employerId: z.pipe(
    z.union([id(), z.number()]),
    z.transform((v) => String(v)),
  ),
  employerName: z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(200, required)),
});

const header = (headers: Record<string, string | undefined>, name: string) =>
  headers[name] ?? headers[name.toLowerCase()];

const t = (lang: Lang, key: string, params?: Record<string, string | number>) => translate(lang, key, params);

export const handlers: HandlerMap = {
  // ---- bank link ---------------------------------------------------------------------------------------------------
  async bankLinkSendEmail(ctx, deps) {
    const { applicantId } = parseBody(applicantBody, ctx.event);
    const answer = await sendBankLink(deps, ctx.apply!, applicantId);
    const message = answer.profile_deleting
      ? t(ctx.lang, 'bank.profileDeleting')
      : answer.missing_data
        ? t(ctx.lang, 'bank.missingData', { fields: answer.missing_data.join(', ') })
        : undefined;
    return ok(answer, message);
  },

  async bankLinkCheckProfile(ctx, deps) {
    const { applicantId } = parseQuery(applicantQuery, ctx.event);
    const answer = await checkBankProfile(deps, ctx.apply!, applicantId);
    return ok(answer, answer.profileFound ? undefined : t(ctx.lang, 'bank.profile.notReady'));
  },

  async bankLinkFetchAccounts(ctx, deps) {
    const { profileId } = parseQuery(profileQuery, ctx.event);
    const answer = await fetchBankAccounts(deps, ctx.apply!, profileId);
    return ok(answer, answer.accounts.length ? undefined : t(ctx.lang, 'bank.accounts.none'));
  },

  async bankLinkFetchAchNumbers(ctx, deps) {
    const { accountId } = parseQuery(accountQuery, ctx.event);
    return ok(await fetchAchNumbers(deps, ctx.apply!, accountId, ctx.lang));
  },

  async bankLinkAbandon(ctx, deps) {
    const { profileId } = parseQuery(optionalProfileQuery, ctx.event);
    return ok(await abandonBankLink(deps, ctx.apply!, profileId || undefined));
  },

  // ---- identity check ------------------------------------------------------------------------------------------------
  async identitySend(ctx, deps) {
    const body = parseBody(identitySendBody, ctx.event);
    const answer = await sendIdentityLink(deps, ctx.apply!, body);
    return json(answer.code, {
      status: true,
      code: answer.code,
      data: { id: answer.id },
      message: t(ctx.lang, 'identity.linkSent'),
    });
  },

  async identityVerify(ctx, deps) {
    const body = parseBody(identityVerifyBody, ctx.event);
    const answer = await verifyIdentityCheck(deps, ctx.apply!, body.check_id);
    if (answer.code === 200) return ok({ completed: true }, t(ctx.lang, 'identity.completed'));
    if (answer.code === 202)
      return json(202, {
        status: true,
        code: 202,
        data: { completed: false },
        message: t(ctx.lang, 'identity.unableToComplete'),
      });
    return json(422, {
      status: false,
      code: 422,
      data: { completed: false, check: answer.status },
      message: t(ctx.lang, 'identity.unableToComplete'),
    });
  },

  /** The mobile link's token (sent as X-Apply-Token) for an apply token of this browser. */
  async identityExchange(ctx, deps) {
    const answer = await exchangeIdentityToken(
      deps,
      header(ctx.event.headers, 'x-apply-token'),
      header(ctx.event.headers, 'x-client-id'),
    );
    return ok(answer);
  },

  /** A one-time link that continues this application's identity check in another browser. */
  async identityExchangeToken(ctx, deps) {
    return ok(await issueIdentityExchange(deps, ctx.apply!));
  },

  // ---- payroll -------------------------------------------------------------------------------------------------------
  async payrollAffordability(ctx, deps) {
    const { id } = parsePath(appPath, ctx.event);
    const answer = await payrollAffordability(deps, ctx.apply!, id);
    return ok(answer, answer.is_eligible ? undefined : t(ctx.lang, 'payroll.notEligible'));
  },

  async payrollEmployers(ctx, deps) {
    const { keyword } = parseQuery(employersQuery, ctx.event);
    return ok(await searchPayrollEmployers(deps, keyword ?? ''));
  },

  async payrollStart(ctx, deps) {
    const { id } = parsePath(appPath, ctx.event);
    const body = parseBody(startBody, ctx.event);
    return ok(await startPayroll(deps, ctx.apply!, id, body), t(ctx.lang, 'payroll.initiated'));
  },

  async payrollRefresh(ctx, deps) {
    const { id } = parsePath(appPath, ctx.event);
    return ok(await refreshPayroll(deps, ctx.apply!, id, ctx.lang), t(ctx.lang, 'payroll.completed'));
  },

  async payrollRestart(ctx, deps) {
    const { id } = parsePath(appPath, ctx.event);
    return ok(await restartPayroll(deps, ctx.apply!, id), t(ctx.lang, 'payroll.linkSent'));
  },

  // ---- the flows' state (the page resumes from it; support reads it) -----------------------------------------------
  async flowState(ctx, deps) {
    const { flow } = parsePath(flowPath, ctx.event);
    const uuid = ctx.apply!.applicationUuid;
    if (!uuid) throw notFound('Application not found. Please create a new application.');
    const record = await loadOwnApplication(deps, ctx.apply!, uuid);
    const state =
      flow === 'bank-link'
        ? bankLinkStateOf(record)
        : flow === 'identity-check'
          ? identityStateOf(record)
          : payrollStateOf(record);
    return ok({ flow, v: record.v, ...(state ?? { state: null, status: null, context: null }) });
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps({ ...verificationFlowProviders, routing: routingProvider }));
