import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { VerifyConfirmBody, VerifySendBody } from '../../machines/contracts/verify.ts';
import { BRANDS } from '../../machines/domain/brands.ts';
import { genericDenial } from '../../machines/domain/decision.ts';
import { buildResult, renderResult } from '../../machines/domain/result.ts';
import { translate } from '../../machines/i18n/catalogue.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import {
  attemptsLeft,
  canSend,
  isExpired,
  MAX_FAILED_ATTEMPTS,
  MAX_SENDS,
  nextSendAllowedAt,
  PIN_LENGTH,
  PIN_TTL_MS,
  pinFromRandom,
  registerSend,
} from '../../machines/pin/pin-rules.ts';
import { saveApplication, type ApplicationMeta, type ApplicationRecord } from '../data/applications.ts';
import { newEvent, type OutboxEvent } from '../data/items.ts';
import { getRecentStoreById } from '../data/stores.ts';
import type { ApplySession } from '../platform/sessions.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError, forbidden, notFound } from '../platform/errors.ts';
import {
  answerOf,
  APPLICATION_NOT_FOUND,
  readSessionApplication,
  sessionStore,
  type ApplicationAnswer,
} from './applications.ts';
import {
  decisionEventData,
  emptyPinState,
  hasContractInProgress,
  isLiveApproval,
  pinStateOf,
  readCheckoutFacts,
  resultContextOf,
  sameItems,
  type CheckoutFacts,
  type PinFlowState,
} from './decision-support.ts';
import { readPreviousCustomerSnapshot } from './previous-customer.ts';
import { loadScoringSettings } from './scoring.ts';
import { recordPinConsent } from './consents.ts';

// PIN verification (seed 000 sections 4, 7, 8; machines/pin/pin-rules.ts). Codes are 5 random digits
// (crypto.randomInt), stored only as sha256(salt:code) with a per-application salt, valid 10 minutes, single use.
// At most 3 sends per application in any 15 minutes (429), at most 5 failed confirmations per application, after
// which the application is maxed out: the generic denial (code G) becomes its result. All PIN state lives on the
// application aggregate and every change is a conditional write on its version, so two concurrent confirmations
// of one code cannot both succeed (the loser re-reads and finds the code used).
//
// When is the first PIN sent? Never implicitly: the verification screen calls verify/send when it opens (and on
// Resend PIN / switching SMS and e-mail); confirm (submit) before verification answers 409 { verify_required }.

const WRITE_RETRIES = 4;
const KEEP_VERIFIED_TOKENS = 5;

export const PIN_MESSAGES = {
  sent: 'pin.sent',
  sendFailed: 'pin.sendFailed',
  verified: 'pin.verified',
  failed: 'pin.failed',
  tooManySends: 'pin.tooManySends',
} as const;

const hashCode = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

function codeMatches(state: PinFlowState, code: string): boolean {
  if (!state.codeHash) return false;
  const a = Buffer.from(hashCode(state.salt, code), 'hex');
  const b = Buffer.from(state.codeHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function newPinCode(): string {
  return pinFromRandom(Array.from({ length: PIN_LENGTH }, () => randomInt(0, 10)));
}

/**
 * The application an apply session may verify: the one bound to its token. An approval from another store is
 * allowed here (retrieval moves it on success); anything else from another store is refused.
 */
async function loadBound(deps: Deps, session: ApplySession, uuid: string): Promise<ApplicationRecord> {
  if (session.applicationUuid !== uuid) throw notFound(APPLICATION_NOT_FOUND);
  const record = await readSessionApplication(deps, session, uuid);
  if (!record) throw notFound(APPLICATION_NOT_FOUND);
  if (record.storeId !== session.storeId && record.status !== 'approved') throw forbidden();
  return record;
}

const metaOf = (record: ApplicationRecord): ApplicationMeta => {
  const { data: _data, v: _v, ...meta } = record;
  return meta;
};

const withPin = (meta: ApplicationMeta, pin: PinFlowState): ApplicationMeta => ({
  ...meta,
  flows: { ...(meta.flows ?? {}), pin },
});

/**
 * Read-modify-write of the aggregate, retried on a concurrent write (each try re-reads and re-decides). `firstRead`,
 * when given, is the first try's read, already started by the caller (alongside its other reads).
 */
async function updateApplication<T>(
  deps: Deps,
  session: ApplySession,
  uuid: string,
  step: (record: ApplicationRecord) => Promise<{ meta?: ApplicationMeta; events?: OutboxEvent[]; answer: () => T }>,
  firstRead?: Promise<ApplicationRecord>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const record = attempt === 0 && firstRead ? await firstRead : await loadBound(deps, session, uuid);
    const outcome = await step(record);
    if (!outcome.meta) return outcome.answer();
    try {
      await saveApplication(
        deps.db,
        deps.crypto,
        record,
        { meta: outcome.meta, data: record.data },
        outcome.events ?? [],
      );
      return outcome.answer();
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409 && attempt < WRITE_RETRIES) continue;
      throw error;
    }
  }
}

function maxedError(
  record: Pick<ApplicationRecord, 'result'>,
  lang: Lang,
  result?: ReturnType<typeof buildResult>,
): AppError {
  const stored = result ?? (record.result as ReturnType<typeof buildResult> | undefined);
  return new AppError(422, PIN_MESSAGES.failed, undefined, {
    maxed: true,
    attemptsLeft: 0,
    result: stored ? renderResult(stored, lang) : null,
  });
}

export interface SendAnswer {
  mode: 'sms' | 'email';
  expires_at: string;
  sends_left: number;
}

/** POST /apply-v2/application/verify/send. */
export async function sendPin(
  deps: Deps,
  session: ApplySession,
  body: VerifySendBody,
  lang: Lang,
  ip?: string | null,
): Promise<SendAnswer> {
  let code = '';
  let record: ApplicationRecord | undefined;
  // The message names the brand of the application's store, nearly always the session's: read with the application.
  const sessionStoreRead = getRecentStoreById(deps.db, session.storeId, deps.clock());
  sessionStoreRead.catch(() => undefined);
  const answer = await updateApplication(deps, session, body.uuid.trim(), async (current) => {
    record = current;
    const nowMs = deps.clock().getTime();
    const pin = pinStateOf(current) ?? emptyPinState(randomBytes(16).toString('hex'));
    if (pin.maxedAt || pin.failedAttempts >= MAX_FAILED_ATTEMPTS) throw maxedError(current, lang);
    const applicant = current.data.applicant;
    const to = body.mode === 'sms' ? applicant?.cell : applicant?.email;
    if (!to) throw new AppError(422, PIN_MESSAGES.sendFailed, { mode: ['validation.required'] });
    if (!canSend(pin.sends, nowMs)) {
      const minutes = Math.max(1, Math.ceil((nextSendAllowedAt(pin.sends, nowMs) - nowMs) / 60_000));
      throw new AppError(429, translate(lang, PIN_MESSAGES.tooManySends, { minutes }), undefined, {
        retry_after_minutes: minutes,
      });
    }
    code = newPinCode();
    const sends = registerSend(pin.sends, nowMs);
    const next: PinFlowState = { ...pin, codeHash: hashCode(pin.salt, code), issuedAt: nowMs, mode: body.mode, sends };
    return {
      meta: withPin({ ...metaOf(current), updatedAt: new Date(nowMs).toISOString() }, next),
      answer: () => ({
        mode: body.mode,
        expires_at: new Date(nowMs + PIN_TTL_MS).toISOString(),
        sends_left: Math.max(0, MAX_SENDS - sends.length),
      }),
    };
  });

  // The code is stored (hashed) before it is sent: a send that fails still counts against the limit.
  // The shopper asked for the code on this channel: their consent to this message (TCPA) goes on the record first.
  const [store] = await Promise.all([
    record!.storeId === session.storeId ? sessionStoreRead : getRecentStoreById(deps.db, record!.storeId, deps.clock()),
    recordPinConsent(deps, session, record!.uuid, body.mode, { lang, ip }),
  ]);
  const brand = BRANDS[store?.view.brand ?? 'default'];
  const applicant = record!.data.applicant!;
  const params = { brand: brand.name, code, name: applicant.first_name };
  try {
    await deps.providers.messaging.send(
      body.mode === 'sms'
        ? { channel: 'sms', to: applicant.cell, body: translate(lang, 'pin.message.sms', params), purpose: 'pin' }
        : {
            channel: 'email',
            to: applicant.email,
            subject: translate(lang, 'pin.message.subject', params),
            body: translate(lang, 'pin.message.email', params),
            purpose: 'pin',
          },
    );
  } catch (error) {
    deps.log.warn('PIN could not be sent', { uuid: record!.uuid, mode: body.mode, error: String(error) });
    throw new AppError(503, PIN_MESSAGES.sendFailed);
  }
  return answer;
}

export interface ConfirmAnswer {
  verified: boolean;
  requiresNewApp?: boolean;
  confirmDifferentCheckoutItems?: boolean;
  oldItems?: CheckoutFacts['items'];
  newItems?: CheckoutFacts['items'];
  application?: ApplicationAnswer;
  /** Set when this verification moved an approval from another store (retrieval). */
  originalStore?: { id: string; name: string; label: string } | null;
}

/** POST /apply-v2/application/verify/confirm. */
export async function confirmPin(
  deps: Deps,
  session: ApplySession,
  body: VerifyConfirmBody,
  lang: Lang,
): Promise<ConfirmAnswer> {
  if (String(body.store_id) !== session.storeId) throw forbidden();
  const uuid = body.uuid.trim();
  const code = body.code.trim();
  const checkoutId = body.checkout_id === undefined || body.checkout_id === null ? undefined : String(body.checkout_id);
  // The application is read alongside the session's store; the store's answer (404 when closed) still comes first.
  const firstRead = loadBound(deps, session, uuid);
  firstRead.catch(() => undefined);
  const sessionStoreView = await sessionStore(deps, session);

  return updateApplication<ConfirmAnswer>(
    deps,
    session,
    uuid,
    async (record) => {
      const now = deps.clock();
      const nowMs = now.getTime();
      const meta = metaOf(record);
      const pin = pinStateOf(record) ?? emptyPinState(randomBytes(16).toString('hex'));
      if (pin.maxedAt || pin.failedAttempts >= MAX_FAILED_ATTEMPTS) throw maxedError(record, lang);

      const good = !isExpired(pin, nowMs) && codeMatches(pin, code);
      if (!good) {
        const failed: PinFlowState = { ...pin, failedAttempts: pin.failedAttempts + 1 };
        if (failed.failedAttempts < MAX_FAILED_ATTEMPTS) {
          return {
            meta: withPin({ ...meta, updatedAt: now.toISOString() }, failed),
            answer: () => {
              throw new AppError(422, PIN_MESSAGES.failed, undefined, {
                maxed: false,
                attemptsLeft: attemptsLeft(failed),
              });
            },
          };
        }
        // Maxed out: the generic denial becomes the application's result (seed 000 section 3).
        const decision = genericDenial();
        const settings = await loadScoringSettings(deps);
        const store = (await getRecentStoreById(deps.db, record.storeId, now))?.view ?? sessionStoreView;
        const result = buildResult(decision, resultContextOf(store, record.data.applicant?.first_name ?? '', settings));
        const maxed: PinFlowState = { ...failed, codeHash: null, maxedAt: now.toISOString() };
        return {
          meta: withPin(
            {
              ...meta,
              status: 'denied',
              verified: false,
              decision: { ...decision, bureau: null },
              result,
              decidedAt: now.toISOString(),
              submittedAt: meta.submittedAt ?? now.toISOString(),
              updatedAt: now.toISOString(),
            },
            maxed,
          ),
          events: [
            newEvent(
              'application.denied',
              { type: 'application', id: record.uuid },
              decisionEventData(record, decision),
              now,
            ),
          ],
          answer: () => {
            throw maxedError(record, lang, result);
          },
        };
      }

      // The code is right. Which outcome?
      const elsewhere = record.storeId !== session.storeId;
      const originalStore = elsewhere ? (await getRecentStoreById(deps.db, record.storeId, now))?.view : undefined;
      const unusable =
        record.status === 'denied' ||
        (record.status === 'approved' && !isLiveApproval(record, now)) ||
        (elsewhere &&
          (!isLiveApproval(record, now) ||
            hasContractInProgress(record) ||
            originalStore?.rating === 22 ||
            Boolean(record.checkoutId)));
      const consumed: PinFlowState = { ...pin, codeHash: null, issuedAt: null };

      if (unusable) {
        // This application cannot be used for this purchase: the shopper starts a new one (the code is used up).
        return {
          meta: withPin({ ...meta, updatedAt: now.toISOString() }, consumed),
          answer: () => ({ verified: false, requiresNewApp: true }),
        };
      }

      // An approved application with a contract for other items: show old versus new items until the shopper accepts
      // the new ones (keep_checkout_items false); the code stays valid for that second confirmation.
      if (
        record.status === 'approved' &&
        checkoutId &&
        record.checkoutId &&
        checkoutId !== record.checkoutId &&
        body.keep_checkout_items !== false
      ) {
        const [before, after] = await Promise.all([
          readCheckoutFacts(deps.db, record.checkoutId, now),
          readCheckoutFacts(deps.db, checkoutId, now),
        ]);
        if (before && after && !sameItems(before.items, after.items)) {
          return {
            answer: () => ({
              verified: false,
              confirmDifferentCheckoutItems: true,
              oldItems: before.items,
              newItems: after.items,
            }),
          };
        }
      }

      const tokens = [...(pin.verifiedTokens ?? []).filter((t) => t !== session.tokenHash), session.tokenHash].slice(
        -KEEP_VERIFIED_TOKENS,
      );
      const verifiedPin: PinFlowState = { ...consumed, verifiedAt: now.toISOString(), verifiedTokens: tokens };
      const next: ApplicationMeta = { ...meta, verified: true, updatedAt: now.toISOString() };
      // The applicant's past with us, read once the code is right and kept with the proof: the submit that follows
      // decides on it without a read of its own (functions/services/previous-customer.ts). Facts that could not be
      // read are left to the decision, which then reads them itself.
      const past = await readPreviousCustomerSnapshot(deps, record, now).catch(() => undefined);
      if (past) next.previousCustomer = past;
      const events: OutboxEvent[] = [];
      if (checkoutId && checkoutId === session.checkoutId) next.checkoutId = checkoutId;
      if (elsewhere) {
        // Retrieval at another store: the approval moves here; where it was approved is kept.
        next.originalStoreId = record.originalStoreId ?? record.storeId;
        next.storeId = session.storeId;
        next.retailerId = session.retailerId;
        events.push(
          newEvent(
            'application.moved',
            { type: 'application', id: record.uuid },
            { uuid: record.uuid, from_store_id: record.storeId, to_store_id: session.storeId },
            now,
          ),
        );
      }
      const nextMeta = withPin(next, verifiedPin);
      return {
        meta: nextMeta,
        events,
        answer: () => ({
          verified: true,
          application: answerOf(
            { ...nextMeta, data: record.data, v: record.v + 1 },
            { lang, now, tokenHash: session.tokenHash },
          ),
          originalStore: originalStore
            ? { id: originalStore.id, name: originalStore.name, label: originalStore.label }
            : null,
        }),
      };
    },
    firstRead,
  );
}
