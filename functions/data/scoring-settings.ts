import { parseScoringSettings, type ScoringSettings } from '../../machines/domain/scoring-settings.ts';
import type { Db } from './client.ts';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import {
  createItem,
  getItem,
  isConditionFailure,
  putItem,
  queryPartition,
  saveVersioned,
  type StoredItem,
} from './items.ts';

// The decision engine's scoring settings as data (seed 001 "Scoring Settings"): one versioned item
//   SETTINGS#scoring / SETTINGS        the settings in force (v = optimistic-locking version)
//   SETTINGS#scoring / HISTORY#<v>     every saved version, kept for audit (which settings decided an application
//                                      is also named on the decision by `settings.version`)

export const SCORING_SETTINGS_KEY = { pk: 'SETTINGS#scoring', sk: 'SETTINGS' } as const;
const historyKey = (v: number) => ({ pk: 'SETTINGS#scoring', sk: `HISTORY#${String(v).padStart(8, '0')}` });

export interface StoredScoringSettings {
  settings: ScoringSettings;
  /** The item's version (optimistic locking). */
  v: number;
  updatedAt: string;
  updatedBy: string;
}

interface ScoringSettingsItem extends StoredItem {
  entity: 'scoringSettings';
  settings: ScoringSettings;
  updatedAt: string;
  updatedBy: string;
}

/** The stored settings, validated (an invalid stored value is a bug: writes are validated); undefined when unseeded. */
export async function getScoringSettings(db: Db, now: Date): Promise<StoredScoringSettings | undefined> {
  const item = await getItem<ScoringSettingsItem>(db, SCORING_SETTINGS_KEY, now);
  if (!item) return undefined;
  return {
    settings: parseScoringSettings(item.settings),
    v: item.v,
    updatedAt: item.updatedAt,
    updatedBy: item.updatedBy,
  };
}

/** Writes the settings only when none are stored (the seed): an edited value is never overwritten. */
export async function seedScoringSettings(db: Db, settings: ScoringSettings, now: Date): Promise<boolean> {
  if (await getItem(db, SCORING_SETTINGS_KEY, now)) return false;
  try {
    const valid = parseScoringSettings(settings);
    await createItem(db, {
      ...SCORING_SETTINGS_KEY,
      entity: 'scoringSettings',
      settings: valid,
      updatedAt: now.toISOString(),
      updatedBy: 'seed',
    });
    await putItem(db, {
      ...historyKey(1),
      entity: 'scoringSettingsHistory',
      v: 1,
      settings: valid,
      updatedAt: now.toISOString(),
      updatedBy: 'seed',
    });
    return true;
  } catch (error) {
    // Another process seeded it in between.
    if (error instanceof Error && 'statusCode' in error && (error as { statusCode: number }).statusCode === 409)
      return false;
    throw error;
  }
}

/**
 * Replaces the settings read at version `expectedV` (409 when someone saved in between; without `expectedV` the
 * current version is used). The settings are validated first (a ZodError lists every problem).
 */
export async function saveScoringSettings(
  db: Db,
  settings: unknown,
  who: string,
  now: Date,
  expectedV?: number,
  history: HistoryMeta = {},
): Promise<StoredScoringSettings> {
  const valid = parseScoringSettings(settings);
  const current = await getItem<ScoringSettingsItem>(db, SCORING_SETTINGS_KEY, now);
  const updatedAt = now.toISOString();
  // Each saved version is also kept as a history entry of its own.
  const putHistory = (version: number) =>
    putItem(db, {
      ...historyKey(version),
      entity: 'scoringSettingsHistory',
      v: 1,
      settings: valid,
      updatedAt,
      updatedBy: who,
      ...historyAttributes(history),
    });
  if (!current) {
    await createItem(db, {
      ...SCORING_SETTINGS_KEY,
      entity: 'scoringSettings',
      settings: valid,
      updatedAt,
      updatedBy: who,
    });
    await putHistory(1);
    return { settings: valid, v: 1, updatedAt, updatedBy: who };
  }
  const previous = expectedV === undefined ? current : { ...current, v: expectedV };
  const saved = await saveVersioned<ScoringSettingsItem>(db, previous, {
    ...SCORING_SETTINGS_KEY,
    entity: 'scoringSettings',
    v: previous.v,
    settings: valid,
    updatedAt,
    updatedBy: who,
  });
  await putHistory(saved.v);
  return { settings: valid, v: saved.v, updatedAt, updatedBy: who };
}

// ---------- version history and the staff draft (issue 11) ----------
//   SETTINGS#scoring / HISTORY#<n>   also: action (seed, sandbox, publish, restore), note, restoredFrom
//   SETTINGS#scoring / DRAFT         the one staff draft (v = its own optimistic-locking version), basedOn = the
//                                    published n it was saved against

/** What a history entry says about how it came to be. */
export interface HistoryMeta {
  action?: 'seed' | 'sandbox' | 'publish' | 'restore';
  note?: string | null;
  restoredFrom?: number | null;
}

const historyAttributes = (meta: HistoryMeta) => ({
  ...(meta.action ? { action: meta.action } : {}),
  ...(meta.note ? { note: meta.note } : {}),
  ...(meta.restoredFrom ? { restoredFrom: meta.restoredFrom } : {}),
});

export interface ScoringHistoryEntry {
  n: number;
  settings: ScoringSettings;
  updatedAt: string;
  updatedBy: string;
  action: string;
  note: string | null;
  restoredFrom: number | null;
}

interface HistoryItem extends StoredItem {
  settings: ScoringSettings;
  updatedAt: string;
  updatedBy: string;
  action?: string;
  note?: string;
  restoredFrom?: number;
}

const historyEntry = (item: HistoryItem): ScoringHistoryEntry => ({
  n: Number(item.sk.slice('HISTORY#'.length)),
  settings: item.settings,
  updatedAt: item.updatedAt,
  updatedBy: item.updatedBy,
  action: item.action ?? (item.updatedBy === 'seed' || item.updatedBy === 'sandbox' ? item.updatedBy : 'save'),
  note: item.note ?? null,
  restoredFrom: item.restoredFrom ?? null,
});

export async function getScoringHistory(db: Db, n: number, now: Date): Promise<ScoringHistoryEntry | undefined> {
  const item = await getItem<HistoryItem>(db, historyKey(n), now);
  return item ? historyEntry(item) : undefined;
}

/** History entries, newest first: one Query of the settings partition (never a Scan). */
export async function listScoringHistory(
  db: Db,
  options: { limit: number; cursor?: string; now: Date },
): Promise<{ entries: ScoringHistoryEntry[]; cursor?: string }> {
  const page = await queryPartition<HistoryItem>(db, {
    pk: SCORING_SETTINGS_KEY.pk,
    skPrefix: 'HISTORY#',
    descending: true,
    limit: options.limit,
    cursor: options.cursor,
    now: options.now,
  });
  return { entries: page.items.map(historyEntry), cursor: page.cursor };
}

export interface StoredScoringDraft {
  settings: ScoringSettings;
  v: number;
  basedOn: number;
  note: string | null;
  updatedAt: string;
  updatedBy: string;
}

interface DraftItem extends StoredItem {
  entity: 'scoringSettingsDraft';
  settings: ScoringSettings;
  basedOn: number;
  note?: string;
  updatedAt: string;
  updatedBy: string;
}

const DRAFT_KEY = { pk: SCORING_SETTINGS_KEY.pk, sk: 'DRAFT' } as const;

const draftOf = (item: DraftItem): StoredScoringDraft => ({
  settings: item.settings,
  v: item.v,
  basedOn: item.basedOn,
  note: item.note ?? null,
  updatedAt: item.updatedAt,
  updatedBy: item.updatedBy,
});

export async function getScoringDraft(db: Db, now: Date): Promise<StoredScoringDraft | undefined> {
  const item = await getItem<DraftItem>(db, DRAFT_KEY, now);
  return item ? draftOf(item) : undefined;
}

/**
 * Saves the draft (already validated by the caller). `expectedV` is the draft version read: undefined creates it
 * (409 when one exists), a number replaces it only at that version (409 when someone saved in between).
 */
export async function saveScoringDraft(
  db: Db,
  draft: { settings: ScoringSettings; basedOn: number; note: string | null; who: string },
  now: Date,
  expectedV?: number,
): Promise<StoredScoringDraft> {
  const body = {
    ...DRAFT_KEY,
    entity: 'scoringSettingsDraft' as const,
    settings: draft.settings,
    basedOn: draft.basedOn,
    note: draft.note ?? undefined,
    updatedAt: now.toISOString(),
    updatedBy: draft.who,
  };
  if (expectedV === undefined) {
    const { note, ...rest } = body;
    const created = await createItem(db, note === undefined ? rest : { ...rest, note });
    return draftOf(created);
  }
  const saved = await saveVersioned<DraftItem>(
    db,
    { ...DRAFT_KEY, entity: 'scoringSettingsDraft', v: expectedV },
    { ...body, v: expectedV },
  );
  return draftOf(saved);
}

/** Removes the draft read at `v` (after it was published); a draft saved meanwhile is kept. */
export async function deleteScoringDraft(db: Db, v: number): Promise<void> {
  try {
    await db.doc.send(
      new DeleteCommand({
        TableName: db.tableName,
        Key: DRAFT_KEY,
        ConditionExpression: '#v = :v',
        ExpressionAttributeNames: { '#v': 'v' },
        ExpressionAttributeValues: { ':v': v },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
