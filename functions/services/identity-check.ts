import { createHash, randomBytes } from 'node:crypto';
import {
  ALREADY_SENT_CODE,
  IDENTITY_CHECK_MACHINE_VERSION,
  identityCheckMachine,
  isIdentityPhone,
  maskPhone,
  type IdentityCheckPosition,
} from '../../machines/identity-check/identity-check.machine.ts';
import type { StoreView } from '../../machines/contracts/store.ts';
import { BRANDS } from '../../machines/domain/brands.ts';
import type { ApplicationRecord } from '../data/applications.ts';
import { createItem, getItem, type StoredItem } from '../data/items.ts';
import { getStoreById } from '../data/stores.ts';
import type { ApplySession } from '../platform/sessions.ts';
import { issueStoreApplyToken, isValidClientId } from '../platform/apply-tokens.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError, forbidden, notFound, unprocessable } from '../platform/errors.ts';
import type { VendorEvent } from '../providers/bank-link/vendor-kit.ts';
import type { IdentityCheckStatus } from '../providers/identity/port.ts';
import { loadOwnApplication, sessionStore } from './applications.ts';
import { applyVendorCallback, attemptedAnswer, attemptEffect, keepVendorRef, performEffect } from './async-flow.ts';
import {
  flowSpec,
  flowStateOf,
  loadApplicationByUuid,
  persistedFlowOf,
  sessionApplicationUuid,
  withOwnFlow,
  type FlowRun,
  type FlowWork,
} from './flow-runtime.ts';

// The identity check by mobile link (seed 000: /apply-v2/intellicheck/send, /verify, /exchange): the server runs the
// shared machine (machines/identity-check) on the application's persisted snapshot. Send texts a link to the mobile
// phone (code 208 when the check is already finished: the page goes straight to verify); verify reads the check at
// the vendor (completed, still pending = 202, failed or expired document = 422). Vendor callbacks finish the flow
// without waiting for the shopper's Continue.

type IdentityMachine = typeof identityCheckMachine;

export const identityCheckFlow = flowSpec('identity-check', identityCheckMachine, IDENTITY_CHECK_MACHINE_VERSION);

export const IDENTITY_CHECK_NOT_FOUND = 'Identity check not found';

const positionOf = (record: ApplicationRecord): IdentityCheckPosition =>
  record.status === 'draft' ? 'applicantInfo' : 'checkout';
const inputOf = (record: ApplicationRecord) => ({
  position: positionOf(record),
  phone: record.data.applicant?.cell ?? null,
  checkId: null,
});

const FINISHED_BAD: readonly IdentityCheckStatus[] = ['failed', 'expired-document'];

const flowFor = <T>(
  deps: Deps,
  session: ApplySession,
  work: (run: FlowRun<IdentityMachine>, record: ApplicationRecord) => Promise<FlowWork<T>>,
) => withOwnFlow(deps, session, sessionApplicationUuid(session), identityCheckFlow, inputOf, work);

// ---- POST send ------------------------------------------------------------------------------------------------------

export interface IdentitySendAnswer {
  /** 200: link sent; 208: the check is already finished (go straight to verify). */
  code: 200 | 208;
  id: string | null;
}

export async function sendIdentityLink(
  deps: Deps,
  session: ApplySession,
  body: { phone?: string | undefined; check_id?: string | null | undefined },
): Promise<IdentitySendAnswer> {
  const store = await sessionStore(deps, session);
  const attempt = await flowFor(deps, session, async (run, record) => {
    if (body.check_id && body.check_id !== run.context.checkId) throw notFound(IDENTITY_CHECK_NOT_FOUND);
    // Finished (or waiting for the verify a 208 asked for): already sent.
    if (run.status === 'done' || run.matches('verifying')) {
      const answer: IdentitySendAnswer = { code: ALREADY_SENT_CODE, id: run.context.checkId };
      return { answer: { answer } };
    }
    if (body.phone !== undefined) run.apply({ type: 'identity.phone.change', phone: body.phone });
    if (!isIdentityPhone(run.context.phone)) throw unprocessable({ phone: ['identity.phone.invalid'] });
    run.apply({ type: 'identity.link.send' });

    // A check that failed (or whose document was expired) cannot be sent again: a new check starts.
    let checkId: string | null = run.context.checkId;
    if (checkId) {
      const current = await deps.providers.identity.getStatus(checkId).catch(() => undefined);
      if (!current || FINISHED_BAD.includes(current.status)) checkId = null;
    }
    return attemptEffect(run, 'sendLink', async (): Promise<IdentitySendAnswer> => {
      const sent = await deps.providers.identity.sendLink({
        phone: run.context.phone,
        reference: record.uuid,
        checkId,
        brandName: BRANDS[store.brand]?.name ?? null,
      });
      await keepVendorRef(deps, run, { name: 'check', vendor: 'identity', objectId: sent.checkId }, record.uuid);
      const code = sent.state === 'already-completed' ? ALREADY_SENT_CODE : 200;
      run.complete('sendLink', { status: true, code, data: { id: sent.checkId } });
      return { code, id: sent.checkId };
    });
  });
  return attemptedAnswer(attempt, 'identity.linkFailed');
}

// ---- POST verify ----------------------------------------------------------------------------------------------------

export interface IdentityVerifyAnswer {
  /** 200 completed; 202 still pending (Continue again); 422 failed or expired document (send a new link). */
  code: 200 | 202 | 422;
  completed: boolean;
  status: IdentityCheckStatus | 'unknown';
}

const runVerify = (deps: Deps, run: FlowRun<IdentityMachine>, checkId: string): Promise<IdentityVerifyAnswer> =>
  performEffect(run, 'verifyCheck', async () => {
    const result = await deps.providers.identity.getStatus(checkId);
    const code = result.status === 'passed' ? 200 : result.status === 'pending' ? 202 : 422;
    run.complete('verifyCheck', { status: code === 200, code, data: { completed: code === 200 } });
    return { code, completed: code === 200, status: result.status };
  });

export async function verifyIdentityCheck(
  deps: Deps,
  session: ApplySession,
  checkIdParam: string,
): Promise<IdentityVerifyAnswer> {
  return flowFor(deps, session, async (run) => {
    const checkId = run.context.checkId as string | null;
    if (!checkId || checkId !== checkIdParam) throw notFound(IDENTITY_CHECK_NOT_FOUND);
    if (run.status === 'done') return { answer: { code: 200, completed: true, status: 'passed' } };
    if (run.isInvoking('verifyCheck') || run.tryApply({ type: 'identity.verify' }))
      return { answer: await runVerify(deps, run, checkId) };
    // The flow is back at the start (the check failed): the outcome is read, nothing changes.
    if (run.matches('idle')) {
      const result = await deps.providers.identity.getStatus(checkId);
      return { answer: { code: result.status === 'pending' ? 202 : 422, completed: false, status: result.status } };
    }
    run.apply({ type: 'identity.verify' });
    return { answer: { code: 422, completed: false, status: 'unknown' } };
  });
}

// ---- vendor callbacks (functions/services/identity-callbacks.ts) ----

/**
 * A finished check (passed, failed, expired document or link) is the verify the page would make when the shopper
 * presses Continue: the flow completes (or returns to the start) without waiting. A callback the flow's state does not
 * expect, of another check, or of an unknown application changes nothing.
 */
export async function applyIdentityCallback(deps: Deps, event: VendorEvent): Promise<string> {
  return applyVendorCallback(
    deps,
    { flow: identityCheckFlow, vendor: 'identity', event, echoed: event.data.reference },
    async () => inputOf,
    async (run): Promise<FlowWork<string>> => {
      if (run.context.checkId !== event.objectId) return { answer: 'other check' };
      if (!run.isInvoking('verifyCheck') && !run.tryApply({ type: 'identity.verify' }))
        return { answer: `ignored in ${run.stateName}` };
      await runVerify(deps, run, event.objectId).catch(() => undefined);
      return { answer: `applied: ${run.stateName}` };
    },
  );
}

/** Whether the application's identity check passed (for the checkout's intellicheck_required). */
export function identityCheckCompleted(record: Pick<ApplicationRecord, 'flows'>): boolean {
  const flow = persistedFlowOf(record, 'identity-check');
  return flow?.snapshot.status === 'done';
}

// ---- the exchange: a link that continues the identity check in another browser ---------------------------------

const EXCHANGE_TTL_SECONDS = 30 * 60;
const exchangeKey = (hash: string) => ({ pk: `IDEXCHANGE#${hash}`, sk: 'TOKEN' });
const usedKey = (hash: string) => ({ pk: `IDEXCHANGE#${hash}`, sk: 'USED' });
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

interface ExchangeItem extends StoredItem {
  applicationUuid: string;
  storeId: string;
  checkoutId: string | null;
}

/**
 * Issues a one-time exchange token for the session's application (30 minutes): the shopper opens
 * `#/intellicheck/exchange/<token>` in another browser (their phone) and continues the identity check there.
 */
export async function issueIdentityExchange(
  deps: Deps,
  session: ApplySession,
): Promise<{ token: string; url: string; expiresAt: string }> {
  const uuid = sessionApplicationUuid(session);
  const record = await loadOwnApplication(deps, session, uuid);
  const now = deps.clock();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = Math.floor(now.getTime() / 1000) + EXCHANGE_TTL_SECONDS;
  await createItem(deps.db, {
    ...exchangeKey(sha256(token)),
    entity: 'identityExchange',
    expiresAt,
    applicationUuid: record.uuid,
    storeId: record.storeId,
    checkoutId: record.checkoutId ?? session.checkoutId ?? null,
  });
  return {
    token,
    url: `${deps.config.publicUrl}/#/intellicheck/exchange/${token}`,
    expiresAt: new Date(expiresAt * 1000).toISOString(),
  };
}

export interface ExchangeAnswer {
  token: string;
  expiresAt: number;
  store: StoreView;
  lease: { application_uuid: string; checkout_id: string | null; intellicheck_completed: boolean };
}

/**
 * GET /apply-v2/intellicheck/exchange: the exchange token (sent as X-Apply-Token) for an apply token of this browser
 * (X-Client-Id). Unknown, expired or used tokens are 403 (the page shows Permission Denied).
 */
export async function exchangeIdentityToken(
  deps: Deps,
  token: string | undefined,
  clientId: string | undefined,
): Promise<ExchangeAnswer> {
  if (!token || token.length > 128) throw forbidden();
  if (!isValidClientId(clientId)) throw forbidden();
  const now = deps.clock();
  const hash = sha256(token);
  const item = await getItem<ExchangeItem>(deps.db, exchangeKey(hash), now);
  if (!item) throw forbidden();
  try {
    await createItem(deps.db, {
      ...usedKey(hash),
      entity: 'identityExchangeUsed',
      expiresAt: item.expiresAt,
      usedAt: now.toISOString(),
    });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) throw forbidden();
    throw error;
  }
  const store = await getStoreById(deps.db, item.storeId, now);
  if (!store || !store.active) throw new AppError(404, 'Store not found', undefined, { not_found: 'store' });
  const record = await loadApplicationByUuid(deps, item.applicationUuid);
  const issued = await issueStoreApplyToken(
    deps,
    store.view,
    { clientId, applicationUuid: record.uuid, ...(item.checkoutId ? { checkoutId: item.checkoutId } : {}) },
    now,
  );
  return {
    token: issued.token,
    expiresAt: issued.expiresAt,
    store: store.view,
    lease: {
      application_uuid: record.uuid,
      checkout_id: item.checkoutId,
      intellicheck_completed: identityCheckCompleted(record),
    },
  };
}

export const identityStateOf = (record: ApplicationRecord) =>
  flowStateOf(record, 'identity-check', {
    shownContext: (context) => ({
      ...context,
      phone: typeof context.phone === 'string' ? maskPhone(context.phone) : '',
    }),
  });
