import { createHash } from 'node:crypto';
import {
  APPLICATION_SECTIONS,
  toApplicationView,
  validateApplicationRequest,
  type ApplicationRequest,
  type ApplicationSection,
  type ApplicationView,
  type StoredApplication,
} from '../../machines/contracts/application.ts';
import { isSameSsn } from '../../machines/domain/application-fields.ts';
import { APPLICATION_MESSAGES } from '../../machines/domain/application-messages.ts';
import type { StoreView } from '../../machines/contracts/store.ts';
import {
  applicationKey,
  createApplication,
  getApplication,
  openApplicationItem,
  saveApplication,
  type ApplicationRecord,
} from '../data/applications.ts';
import { newEvent } from '../data/items.ts';
import { getRecentStoreById } from '../data/stores.ts';
import type { ApplySession } from '../platform/sessions.ts';
import { touchApplyToken } from '../platform/apply-tokens.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError, conflict, forbidden, notFound, unprocessable } from '../platform/errors.ts';
import { applicationRules } from './store-rules.ts';
import type { ApplicationResult } from '../../machines/domain/result.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import { hasContractInProgress, isLiveApproval, isSessionVerified, renderedResultOf } from './decision-support.ts';

export const APPLICATION_NOT_FOUND = 'Application not found. Please create a new application.';
export const ALREADY_SUBMITTED = 'This application was already submitted, so it can no longer be changed.';

export interface ApplicationAnswer extends ApplicationView {
  v: number;
  status: ApplicationRecord['status'];
  /** The PIN was proved for this application (in this apply session, when the session is known). */
  verified: boolean;
  store_id: string;
  /** Checkpoint flags (issue 4): submitted once decided; the result rendered in the request's language. */
  submitted: boolean;
  result: ApplicationResult<string> | null;
  hasApprovedApplication: boolean;
  hasContractInProgress: boolean;
  /** Where an approval moved from by a retrieval at another store, else null. */
  original_store_id: string | null;
}

export interface AnswerOptions {
  lang?: Lang;
  now?: Date;
  /** The asking session's token hash: `verified` is per session. */
  tokenHash?: string;
}

export function answerOf(record: ApplicationRecord, options: AnswerOptions = {}): ApplicationAnswer {
  return {
    ...toApplicationView(record.data),
    v: record.v,
    status: record.status,
    verified: isSessionVerified(record, options.tokenHash),
    store_id: record.storeId,
    submitted: record.status !== 'draft',
    result: renderedResultOf(record, options.lang ?? 'en'),
    hasApprovedApplication: isLiveApproval(record, options.now ?? new Date()),
    hasContractInProgress: hasContractInProgress(record),
    original_store_id: record.originalStoreId ?? null,
  };
}

export async function sessionStore(deps: Deps, session: ApplySession): Promise<StoreView> {
  const store = await getRecentStoreById(deps.db, session.storeId, deps.clock());
  if (!store || !store.active) throw new AppError(404, 'Store not found', undefined, { not_found: 'store' });
  return store.view;
}

/**
 * The session's own application, by uuid (the caller has checked it is the session's): the copy read with the session
 * when there is one (taken once: a retry after a concurrent write reads afresh), else read now.
 */
export async function readSessionApplication(
  deps: Deps,
  session: ApplySession,
  uuid: string,
): Promise<ApplicationRecord | undefined> {
  const companion = session.companion;
  if (companion && companion.key.pk === applicationKey(uuid).pk) {
    delete session.companion;
    return openApplicationItem(deps.crypto, companion.item);
  }
  return getApplication(deps.db, deps.crypto, uuid, deps.clock());
}

/**
 * Loads the application an apply session may touch: only the one bound to its token (on creation, or after a
 * retrieval proved who the shopper is). Knowing a uuid is not enough; another session gets 404.
 */
export async function loadOwnApplication(deps: Deps, session: ApplySession, uuid: string): Promise<ApplicationRecord> {
  if (session.applicationUuid !== uuid) throw notFound(APPLICATION_NOT_FOUND);
  const record = await readSessionApplication(deps, session, uuid);
  if (!record) throw notFound(APPLICATION_NOT_FOUND);
  if (record.storeId !== session.storeId) throw forbidden();
  return record;
}

/** Applies the saved sections of a request onto the stored application. */
export function mergeSections(current: StoredApplication, request: ApplicationRequest): StoredApplication {
  const next: StoredApplication = structuredClone(current);
  for (const section of request.sections) {
    switch (section) {
      case 'applicant':
        next.applicant = request.applicant ?? null;
        break;
      case 'location':
        next.location = request.location ?? null;
        break;
      case 'incomes':
        next.incomes = request.incomes ?? [];
        break;
      case 'banking':
        next.banking = request.banking ?? null;
        break;
      case 'home_ownership':
        next.home_ownership = request.home_ownership ?? null;
        break;
      case 'has_co_applicant':
        next.has_co_applicant = request.has_co_applicant ?? false;
        // Answering no removes the co-applicant (the page asked 'Are you sure you want to remove the Co-Applicant?').
        if (request.has_co_applicant === false) next.co_applicant = null;
        break;
      case 'co_applicant':
        next.co_applicant = {
          ...(request.co_applicant as NonNullable<StoredApplication['co_applicant']>),
          incomes: next.co_applicant?.incomes ?? [],
        };
        break;
      case 'co_applicant_incomes':
        next.co_applicant = {
          ...(next.co_applicant ?? ({} as NonNullable<StoredApplication['co_applicant']>)),
          incomes: request.co_applicant_incomes ?? [],
        };
        break;
    }
  }
  for (const key of ['product_selection_override', 'promo_code'] as const) {
    if (request[key] !== undefined) next[key] = request[key];
  }
  const saved = new Set<ApplicationSection>([...(current.saved_sections ?? []), ...request.sections]);
  if (next.has_co_applicant === false) {
    saved.delete('co_applicant');
    saved.delete('co_applicant_incomes');
  }
  if (next.banking === null && request.sections.includes('banking')) saved.add('banking');
  next.saved_sections = APPLICATION_SECTIONS.filter((s) => saved.has(s));
  return next;
}

/** The co-applicant is another person: a save that would hold the applicant's own SSN twice is refused on the field. */
function checkCoApplicant(data: StoredApplication) {
  if (
    data.has_co_applicant !== false &&
    data.co_applicant &&
    isSameSsn(data.applicant?.social_security_number, data.co_applicant.social_security_number)
  )
    throw unprocessable({ 'co_applicant.social_security_number': [APPLICATION_MESSAGES.sameSsn] });
}

function checkProduct(store: StoreView, request: ApplicationRequest) {
  const value = request.product_selection_override;
  if (value === undefined || value === null) return;
  const keys = store.lease_program.effective_product_selection_override.map((p) => p.key);
  if (keys.length && !keys.includes(value)) {
    throw unprocessable({ product_selection_override: ['The product value is not in the allowed values.'] });
  }
}

/**
 * One application per apply session, also across a crash: the id comes from the session, so a create whose answer
 * (and the session's link to it) was lost finds its record instead of making a second one, which the checkout (that
 * follows its first application) would never see decided.
 */
function applicationUuidOfSession(tokenHash: string): string {
  const hex = createHash('sha256').update(`application:${tokenHash}`).digest('hex');
  // Shaped as a version 4, variant 1 UUID, like the random ones.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * POST /apply-v2/application: creates the application (the request must carry the applicant) or saves sections of
 * the token's application. `expectedVersion`, when the page sends it, makes a save from a stale page a 409.
 */
export async function saveApplicationSections(
  deps: Deps,
  session: ApplySession,
  body: unknown,
  expectedVersion: number | undefined,
): Promise<ApplicationAnswer> {
  const now = deps.clock();
  const store = await sessionStore(deps, session);
  const validated = validateApplicationRequest(body, applicationRules(store, now));
  if (!validated.success) throw unprocessable(validated.errors);
  const request = validated.data;
  checkProduct(store, request);

  if (!request.uuid) {
    if (session.applicationUuid) {
      // One application per apply session: a second "create" from the same page saves onto the first.
      return saveApplicationSections(
        deps,
        session,
        { ...(body as object), uuid: session.applicationUuid },
        expectedVersion,
      );
    }
    const data = mergeSections({ uuid: '' }, request);
    checkCoApplicant(data);
    const { uuid: _placeholder, ...rest } = data;
    const uuid = applicationUuidOfSession(session.tokenHash);
    let record: ApplicationRecord;
    try {
      record = await createApplication(
        deps.db,
        deps.crypto,
        {
          storeId: store.id,
          retailerId: store.retailer.id,
          clientId: session.clientId,
          ...(session.checkoutId ? { checkoutId: session.checkoutId } : {}),
          utm: request.utm ?? null,
          app_origin: 'portal',
        },
        rest,
        now,
        (id) => [
          newEvent(
            'application.created',
            { type: 'application', id },
            { store_id: store.id, status: 'draft', checkout_id: session.checkoutId ?? null },
            now,
          ),
        ],
        uuid,
      );
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 409)) throw error;
      // This session's create landed before but its answer (and the session's link to it) was lost: adopt it.
      await touchApplyToken(deps.db, session, now, deps.config.applyTokenTtlSeconds, { applicationUuid: uuid });
      return saveApplicationSections(
        deps,
        { ...session, applicationUuid: uuid },
        { ...(body as object), uuid },
        expectedVersion,
      );
    }
    await touchApplyToken(deps.db, session, now, deps.config.applyTokenTtlSeconds, { applicationUuid: record.uuid });
    return answerOf(record);
  }

  // Read-modify-write: sections the request does not carry are kept as stored. Without an expected version a
  // concurrent save of other sections is retried once on the fresh copy, so neither tab loses its section.
  for (let attempt = 0; ; attempt++) {
    const current = await loadOwnApplication(deps, session, request.uuid);
    if (current.status !== 'draft') throw conflict(ALREADY_SUBMITTED);
    if (expectedVersion !== undefined && expectedVersion !== current.v) {
      throw conflict('error.stale', { current: answerOf(current) });
    }
    const data = mergeSections(current.data, request);
    checkCoApplicant(data);
    const { data: _stored, v: _version, ...meta } = current;
    try {
      // The event keeps the staff list row (applicant name, step) in line with the shopper's saves.
      const saved = await saveApplication(
        deps.db,
        deps.crypto,
        current,
        { meta: { ...meta, updatedAt: now.toISOString() }, data },
        [
          newEvent(
            'application.updated',
            { type: 'application', id: current.uuid },
            { store_id: current.storeId, checkout_id: current.checkoutId ?? null },
            now,
          ),
        ],
      );
      return answerOf(saved, { now, tokenHash: session.tokenHash });
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409 && expectedVersion === undefined && attempt === 0)
        continue;
      if (error instanceof AppError && error.statusCode === 409) {
        const latest = await loadOwnApplication(deps, session, request.uuid);
        throw conflict('error.stale', { current: answerOf(latest) });
      }
      throw error;
    }
  }
}

export async function getOwnApplication(
  deps: Deps,
  session: ApplySession,
  uuid?: string,
  lang: Lang = 'en',
): Promise<ApplicationAnswer> {
  const id = uuid ?? session.applicationUuid;
  if (!id) throw notFound(APPLICATION_NOT_FOUND);
  return answerOf(await loadOwnApplication(deps, session, id), {
    lang,
    now: deps.clock(),
    tokenHash: session.tokenHash,
  });
}
