import { validateCompleteApplication } from '../../machines/contracts/application.ts';
import type {
  ScoringDraftView,
  ScoringPreview,
  ScoringPreviewChange,
  ScoringSettingsView,
  ScoringVersionRow,
  ScoringVersionView,
} from '../../machines/contracts/scoring-settings.ts';
import { PREVIEW_DEFAULT_LIMIT } from '../../machines/contracts/scoring-settings.ts';
import type { StoreView } from '../../machines/contracts/store.ts';
import { ageOn } from '../../machines/domain/age.ts';
import {
  decide,
  type Decision,
  type DecisionInput,
  type PreviousCustomerFacts,
} from '../../machines/domain/decision.ts';
import { monthlyIncomeCents, type IncomeAmount } from '../../machines/domain/income.ts';
import { centsToDecimal } from '../../machines/domain/money.ts';
import { scoringSettingsSchema, type ScoringSettings } from '../../machines/domain/scoring-settings.ts';
import { scoringSettingsProblems } from '../../machines/domain/scoring-settings-validation.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import { getApplication, type ApplicationRecord } from '../data/applications.ts';
import {
  deleteScoringDraft,
  getScoringDraft,
  getScoringHistory,
  listScoringHistory,
  saveScoringDraft,
  saveScoringSettings,
  type ScoringHistoryEntry,
  type StoredScoringDraft,
} from '../data/scoring-settings.ts';
import { readListPage, type ListRow } from '../data/staff/lists.ts';
import { getStoreById } from '../data/stores.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError, conflict, notFound, unprocessable } from '../platform/errors.ts';
import type { StaffActor } from '../platform/staff-types.ts';
import { applicationFormOf, storeFactsOf } from './decision-support.ts';
import { clearScoringSettingsCache, readScoringSettings } from './scoring.ts';
import { auditBy } from './staff/actor.ts';
import { applicationRules, lenderToday } from './store-rules.ts';

// Staff Scoring Settings (issue 11 "Underwriting as data"): one draft at a time, validated as underwriting (shape,
// then monotone bands, no gaps, amounts in range); a what-if preview re-scoring the latest decided applications with
// the published settings and with the draft; publish (its own permission, audited) makes the draft the settings in
// force under a new version label `v<n>` that every later decision records (trace.settingsVersion); any earlier
// version can be restored, which publishes a copy of it as a new version (the history is append-only).

export interface ScoringCtx {
  deps: Deps;
  actor: StaffActor;
  ip: string;
  lang: Lang;
}

/** The label a published history entry n carries (and every decision made with it records). */
export const versionLabel = (n: number) => `v${n}`;

const versionView = (
  n: number,
  settings: ScoringSettings,
  updatedAt: string,
  updatedBy: string,
): ScoringVersionView => ({
  id: n,
  version: settings.version,
  settings,
  updated_at: updatedAt,
  updated_by: updatedBy,
});

const draftView = (d: StoredScoringDraft): ScoringDraftView => ({
  settings: d.settings,
  v: d.v,
  based_on: d.basedOn,
  note: d.note,
  updated_at: d.updatedAt,
  updated_by: d.updatedBy,
});

export async function viewScoringSettings(c: ScoringCtx): Promise<ScoringSettingsView> {
  const [published, draft] = await Promise.all([
    readScoringSettings(c.deps),
    getScoringDraft(c.deps.db, c.deps.clock()),
  ]);
  return {
    published: versionView(published.v, published.settings, published.updatedAt, published.updatedBy),
    draft: draft ? draftView(draft) : null,
  };
}

/** Validates staff-edited settings: 422 with every problem keyed `settings.<path>`. */
export function validateDraftSettings(input: unknown): ScoringSettings {
  if (input === undefined || input === null) throw unprocessable({ settings: ['scoring.validation.settingsRequired'] });
  // The label is assigned on publish: a draft's own label is not a field staff edit.
  const candidate = typeof input === 'object' && !Array.isArray(input) ? { ...input, version: 'draft' } : input;
  const parsed = scoringSettingsSchema.safeParse(candidate);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = ['settings', ...issue.path.map(String)].join('.');
      (errors[field] ??= []).push(issue.message);
    }
    throw unprocessable(errors);
  }
  const problems = scoringSettingsProblems(parsed.data);
  if (Object.keys(problems).length > 0) throw unprocessable(problems);
  return parsed.data;
}

export async function saveDraft(
  c: ScoringCtx,
  body: { settings: unknown; note?: string | null; v?: number },
): Promise<ScoringDraftView> {
  const settings = validateDraftSettings(body.settings);
  const now = c.deps.clock();
  const published = await readScoringSettings(c.deps);
  const expected = body.v;
  if (expected === undefined) {
    // A new draft; one saved by someone else meanwhile must be read first (409 rather than overwritten).
    const existing = await getScoringDraft(c.deps.db, now);
    if (existing) throw conflict('This record was changed by someone else in the meantime. Reload it and try again.');
  }
  const saved = await saveScoringDraft(
    c.deps.db,
    { settings, basedOn: published.v, note: body.note ?? null, who: c.actor.username },
    now,
    expected,
  );
  return draftView(saved);
}

async function requireDraft(c: ScoringCtx): Promise<StoredScoringDraft> {
  const draft = await getScoringDraft(c.deps.db, c.deps.clock());
  if (!draft) throw conflict('scoring.noDraft');
  return draft;
}

// ---------- what-if preview ----------

/** The previous-customer facts as they were at the decision, read back from what the stored decision shows. */
function previousCustomerOf(stored: Decision): PreviousCustomerFacts {
  const codes = new Set(stored.reasons.map((r) => r.code));
  const goodStanding = (stored.trace?.decileBonus ?? 0) > 0 || (stored.score === null && stored.code === 'A');
  return {
    isPreviousCustomer: goodStanding || codes.has('PREVIOUS_CUSTOMER_CHARGE_OFF'),
    inGoodStanding: goodStanding,
    hasOpenChargeOff: codes.has('PREVIOUS_CUSTOMER_CHARGE_OFF'),
    lastDeniedAt: codes.has('PREVIOUS_CUSTOMER_RECENT_DENIAL') ? stored.decidedAt : null,
  };
}

/** The engine's input of a decided application, rebuilt from the stored application and decision. */
export function decisionInputOf(record: ApplicationRecord, store: StoreView): DecisionInput | undefined {
  const stored = record.decision as Decision | undefined;
  if (!stored || !stored.decidedAt || (stored.code !== 'A' && stored.code !== 'D')) return undefined;
  const decidedAt = new Date(stored.decidedAt);
  const validated = validateCompleteApplication(applicationFormOf(record.data), applicationRules(store, decidedAt));
  if (!validated.success) return undefined;
  const app = validated.data;
  const incomes: IncomeAmount[] = [
    ...(app.incomes ?? []),
    ...(app.has_co_applicant ? (app.co_applicant?.incomes ?? []) : []),
  ].map((i) => ({
    grossCents: i.gross,
    frequency: i.frequency,
  }));
  return {
    ageYears: ageOn(app.applicant.date_of_birth, lenderToday(decidedAt)),
    monthlyIncomeCents: monthlyIncomeCents(incomes),
    state: app.location.state,
    score: stored.score,
    store: storeFactsOf(store),
    previousCustomer: previousCustomerOf(stored),
    now: stored.decidedAt,
  };
}

const outcome = (d: Decision) => ({ code: d.code, approval_amount: centsToDecimal(d.approvalCents) });

/** The newest decided applications (the staff list partition, newest first: Queries, never a Scan). */
async function recentDecided(deps: Deps, limit: number): Promise<ListRow[]> {
  const out: ListRow[] = [];
  const pageSize = 100;
  for (let page = 1; page <= 10 && out.length < limit; page++) {
    const { rows } = await readListPage(deps.db, {
      entity: 'application',
      field: 'created_at',
      scope: '*',
      page,
      limit: pageSize,
      descending: true,
    });
    for (const row of rows)
      if ((row.result_code === 'A' || row.result_code === 'D') && out.length < limit) out.push(row);
    if (rows.length < pageSize) break;
  }
  return out;
}

export async function previewDraft(c: ScoringCtx, limit = PREVIEW_DEFAULT_LIMIT): Promise<ScoringPreview> {
  const draft = await requireDraft(c);
  const published = await readScoringSettings(c.deps);
  const now = c.deps.clock();
  const rows = await recentDecided(c.deps, limit);
  const stores = new Map<string, Promise<StoreView | undefined>>();
  const storeOf = (id: string) => {
    if (!stores.has(id))
      stores.set(
        id,
        getStoreById(c.deps.db, id, now).then((s) => s?.view),
      );
    return stores.get(id)!;
  };
  const result: ScoringPreview = {
    sampled: 0,
    skipped: 0,
    decisions_changed: 0,
    amounts_changed: 0,
    approved_published: 0,
    approved_draft: 0,
    draft_version_based_on: draft.basedOn,
    changes: [],
    uuids: [],
  };
  const rescore = async (row: ListRow): Promise<ScoringPreviewChange | 'skip' | null> => {
    const uuid = String(row.uuid ?? row.id);
    try {
      const record = await getApplication(c.deps.db, c.deps.crypto, uuid, now);
      const store = record ? await storeOf(record.storeId) : undefined;
      const input = record && store ? decisionInputOf(record, store) : undefined;
      if (!record || !input) return 'skip';
      const before = decide(input, published.settings);
      const after = decide(input, draft.settings);
      result.sampled++;
      result.uuids.push(uuid);
      if (before.code === 'A') result.approved_published++;
      if (after.code === 'A') result.approved_draft++;
      if (before.code === after.code && before.approvalCents === after.approvalCents) return null;
      return {
        uuid,
        created_at: record.createdAt,
        decile: after.decile ?? before.decile,
        published: outcome(before),
        draft: outcome(after),
      };
    } catch (error) {
      c.deps.log.warn('scoring preview could not re-score an application', { uuid, error: String(error) });
      return 'skip';
    }
  };
  // A few at a time: each is two reads and two pure decisions.
  for (let i = 0; i < rows.length; i += 8) {
    const answers = await Promise.all(rows.slice(i, i + 8).map(rescore));
    for (const answer of answers) {
      if (answer === 'skip') result.skipped++;
      else if (answer) {
        if (answer.published.code !== answer.draft.code) result.decisions_changed++;
        else result.amounts_changed++;
        result.changes.push(answer);
      }
    }
  }
  return result;
}

// ---------- publish, versions, restore ----------

async function publishSettings(
  c: ScoringCtx,
  settings: ScoringSettings,
  expectedPublishedV: number | undefined,
  meta: { action: 'publish' | 'restore'; note: string | null; restoredFrom?: number },
): Promise<ScoringVersionView> {
  const current = await readScoringSettings(c.deps);
  if (expectedPublishedV !== undefined && expectedPublishedV !== current.v) {
    throw conflict('This record was changed by someone else in the meantime. Reload it and try again.');
  }
  const n = current.v + 1;
  const labelled = { ...settings, version: versionLabel(n) };
  let saved;
  try {
    saved = await saveScoringSettings(
      c.deps.db,
      labelled,
      c.actor.username,
      c.deps.clock(),
      current.v === 0 ? undefined : current.v,
      meta,
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Validated before; a ZodError here means the stored version no longer fits the schema.
    if (error && typeof error === 'object' && 'issues' in error)
      throw unprocessable({ settings: ['The given data was invalid.'] });
    throw error;
  }
  // The next decision in this process uses it at once; other instances within SETTINGS_CACHE_MS.
  clearScoringSettingsCache();
  await auditBy(
    c,
    meta.action === 'publish' ? 'scoring.published' : 'scoring.restored',
    `scoring-settings/${saved.v}`,
    {
      version: labelled.version,
      previous: current.settings.version,
      note: meta.note,
      ...(meta.restoredFrom ? { restored_from: meta.restoredFrom } : {}),
    },
  );
  return versionView(saved.v, saved.settings, saved.updatedAt, saved.updatedBy);
}

export async function publishDraft(
  c: ScoringCtx,
  body: { v?: number; note?: string | null },
): Promise<ScoringVersionView> {
  const draft = await requireDraft(c);
  if (body.v !== undefined && body.v !== draft.v)
    throw conflict('This record was changed by someone else in the meantime. Reload it and try again.');
  // Re-validated: the rules may have grown since the draft was saved.
  const settings = validateDraftSettings(draft.settings);
  const published = await publishSettings(c, settings, draft.basedOn, {
    action: 'publish',
    note: body.note ?? draft.note,
  }).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 409) throw conflict('scoring.draftStale');
    throw error;
  });
  await deleteScoringDraft(c.deps.db, draft.v);
  return published;
}

export async function restoreVersion(
  c: ScoringCtx,
  id: number,
  body: { v?: number; note?: string | null },
): Promise<ScoringVersionView> {
  const entry = await getScoringHistory(c.deps.db, id, c.deps.clock());
  if (!entry) throw notFound('scoring.versionNotFound');
  return publishSettings(c, entry.settings, body.v, { action: 'restore', note: body.note ?? null, restoredFrom: id });
}

const versionRow = (e: ScoringHistoryEntry, currentN: number): ScoringVersionRow => ({
  id: e.n,
  version: e.settings.version,
  action: e.action,
  note: e.note,
  restored_from: e.restoredFrom,
  updated_at: e.updatedAt,
  updated_by: e.updatedBy,
  current: e.n === currentN,
});

/** The version history, newest first, in the staff paged shape. */
export async function listVersions(c: ScoringCtx, query: { page: number; limit: number }) {
  const now = c.deps.clock();
  const current = await readScoringSettings(c.deps);
  // The history number is dense (1..current), so the total is known and a page is one Query from its start.
  const total = current.v;
  const offset = (query.page - 1) * query.limit;
  const rows: ScoringVersionRow[] = [];
  if (offset < total) {
    const { entries } = await listScoringHistory(c.deps.db, { limit: offset + query.limit, now });
    rows.push(...entries.slice(offset, offset + query.limit).map((e) => versionRow(e, current.v)));
  }
  const lastPage = Math.max(1, Math.ceil(total / query.limit));
  return {
    data: rows,
    meta: {
      current_page: query.page,
      last_page: lastPage,
      per_page: query.limit,
      total,
      from: rows.length ? offset + 1 : null,
      to: rows.length ? offset + rows.length : null,
    },
  };
}
