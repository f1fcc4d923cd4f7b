import {
  buildNotice,
  noticeHtml,
  ADVERSE_ACTION_PATH,
  type Notice,
  type NoticeInput,
  type ReportingAgency,
} from '../../machines/domain/adverse-action.ts';
import { BRANDS } from '../../machines/domain/brands.ts';
import type { DecisionReason } from '../../machines/domain/decision.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import { getApplication, type ApplicationRecord } from '../data/applications.ts';
import { getNotice, keepNotice } from '../data/reports.ts';
import { getStoreById } from '../data/stores.ts';
import type { ApplySession } from '../platform/sessions.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError, notFound } from '../platform/errors.ts';
import type { StaffActor } from '../platform/staff-types.ts';
import { APPLICATION_NOT_FOUND, loadOwnApplication } from './applications.ts';
import { storedResultOf } from './decision-support.ts';
import { requireTenant } from './staff/actor.ts';

// The adverse-action notice of a denial (FCRA 615(a); issue 11 part 3). Its inputs (the machine-readable reasons,
// the bureau inquiry, the score, the agency, the lender) are kept with the application the first time the denial is
// seen (the reports consumer on `application.denied`, or the first read), pk APP#<uuid> sk ADVERSE#<decidedAt>, so
// the notice reads the same later whatever changes in the texts' inputs. It is shown, in English or Spanish, to the
// shopper (GET /apply-v2/application/adverse-action, apply token) and to staff (GET
// /staff/api/applications/{id}/adverse-action).

/**
 * The consumer reporting agency of the bureau port. The sandbox bureau stands in for a real one; a real adapter
 * replaces these details with its agency's (name, mailing address, toll-free number, web site).
 */
export const REPORTING_AGENCY: ReportingAgency = {
  name: 'Sandbox Consumer Reporting Agency',
  address: 'P.O. Box 0100, Springfield, IL 62701',
  phone: '(800) 555-0100',
  website: 'https://bureau.sandbox.example/consumer',
};

interface StoredDecisionShape {
  code: string;
  score: number | null;
  reasons: DecisionReason[];
  bureau: { reportId: string; hit: boolean; factors: string[] } | null;
}

const decisionOf = (record: ApplicationRecord) => record.decision as StoredDecisionShape | undefined;

/** The notice's inputs from a denied application and its store (pure but for the store read). */
async function noticeInputOf(deps: Deps, record: ApplicationRecord): Promise<NoticeInput> {
  const decision = decisionOf(record)!;
  const store = await getStoreById(deps.db, record.storeId, deps.clock());
  const brand = BRANDS[store?.view.brand ?? 'default'] ?? BRANDS.default;
  const firstName = storedResultOf(record)?.message.name ?? record.data.applicant?.first_name ?? '';
  return {
    uuid: record.uuid,
    decidedAt: record.decidedAt ?? record.submittedAt ?? record.updatedAt,
    applicantName: String(firstName ?? ''),
    lender: { name: brand.name, phone: brand.phone },
    storeName: store?.view.name ?? '',
    reasons: (decision.reasons ?? []).map((r) => ({ code: r.code, key: r.key, params: r.params ?? {} })),
    bureau: decision.bureau
      ? { reportId: decision.bureau.reportId, hit: decision.bureau.hit, factors: [...(decision.bureau.factors ?? [])] }
      : null,
    score: decision.bureau ? decision.score : null,
    agency: REPORTING_AGENCY,
  };
}

export const isDenied = (record: ApplicationRecord) => record.status === 'denied' && Boolean(decisionOf(record));

/** The kept notice inputs of a denied application (kept now if they were not yet). */
export async function ensureNotice(deps: Deps, record: ApplicationRecord): Promise<NoticeInput> {
  const decidedAt = record.decidedAt ?? record.submittedAt ?? record.updatedAt;
  const kept = await getNotice<NoticeInput>(deps.db, record.uuid, decidedAt);
  if (kept) return kept.input;
  const input = await noticeInputOf(deps, record);
  const stored = await keepNotice(deps.db, {
    uuid: record.uuid,
    decidedAt,
    storeId: record.storeId,
    retailerId: record.retailerId,
    createdAt: deps.clock().toISOString(),
    input,
  });
  return stored.input;
}

/** Keeps the notice of a denied application (the consumer of `application.denied`); nothing for others. */
export async function keepNoticeOf(deps: Deps, uuid: string): Promise<void> {
  const record = await getApplication(deps.db, deps.crypto, uuid, deps.clock());
  if (record && isDenied(record)) await ensureNotice(deps, record);
}

export interface RenderedNotice {
  notice: Notice;
  html: string;
}

function render(input: NoticeInput, lang: Lang, otherLangHref: string): RenderedNotice {
  const notice = buildNotice(input, lang);
  return { notice, html: noticeHtml(notice, otherLangHref) };
}

/** The shopper's notice: their own denied application (the apply session's), in `lang`. */
export async function shopperNotice(
  deps: Deps,
  session: ApplySession,
  uuid: string | undefined,
  lang: Lang,
  query: Record<string, string | undefined>,
): Promise<RenderedNotice> {
  const record = await loadOwnApplication(deps, session, uuid ?? session.applicationUuid ?? '');
  if (!isDenied(record)) throw notFound(APPLICATION_NOT_FOUND);
  const input = await ensureNotice(deps, record);
  const other = new URLSearchParams();
  other.set('uuid', record.uuid);
  other.set('lang', lang === 'en' ? 'es' : 'en');
  // The link to the other language keeps the query's token (the page is opened from a link, without headers).
  if (query.apply_token) other.set('apply_token', query.apply_token);
  if (query.client_id) other.set('client_id', query.client_id);
  return render(input, lang, `${ADVERSE_ACTION_PATH}?${other}`);
}

/** Staff: the notice of an application of their tenant (404 when it was not denied). */
export async function staffNotice(
  c: { deps: Deps; actor: StaffActor; ip: string },
  uuid: string,
  lang: Lang,
): Promise<RenderedNotice & { uuid: string; decided_at: string; reasons: string[]; url: string }> {
  const record = /^[0-9a-f-]{36}$/.test(uuid)
    ? await getApplication(c.deps.db, c.deps.crypto, uuid, c.deps.clock())
    : undefined;
  if (!record) throw new AppError(404, 'Application not found');
  await requireTenant(
    c.deps,
    c.actor,
    c.ip,
    { storeIds: [record.storeId], retailerIds: [record.retailerId] },
    `application:${uuid}`,
  );
  if (!isDenied(record)) throw new AppError(404, 'staff.reports.noNotice');
  const input = await ensureNotice(c.deps, record);
  const base = `/staff/api/applications/${uuid}/adverse-action?format=html`;
  const rendered = render(input, lang, `${base}&lang=${lang === 'en' ? 'es' : 'en'}`);
  return {
    ...rendered,
    uuid,
    decided_at: input.decidedAt,
    reasons: input.reasons.map((r) => r.code),
    url: `${base}&lang=${lang}`,
  };
}
