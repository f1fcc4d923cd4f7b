import { parseScoringSettings, type ScoringSettings } from '../../machines/domain/scoring-settings.ts';
import type { Db } from './client.ts';
import { createItem, getItem, putItem, saveVersioned, type StoredItem } from './items.ts';

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
  return { settings: parseScoringSettings(item.settings), v: item.v, updatedAt: item.updatedAt, updatedBy: item.updatedBy };
}

/** Writes the settings only when none are stored (the seed): an edited value is never overwritten. */
export async function seedScoringSettings(db: Db, settings: ScoringSettings, now: Date): Promise<boolean> {
  if (await getItem(db, SCORING_SETTINGS_KEY, now)) return false;
  try {
    const valid = parseScoringSettings(settings);
    await createItem(db, { ...SCORING_SETTINGS_KEY, entity: 'scoringSettings', settings: valid, updatedAt: now.toISOString(), updatedBy: 'seed' });
    await putItem(db, { ...historyKey(1), entity: 'scoringSettingsHistory', v: 1, settings: valid, updatedAt: now.toISOString(), updatedBy: 'seed' });
    return true;
  } catch (error) {
    // Another process seeded it in between.
    if (error instanceof Error && 'statusCode' in error && (error as { statusCode: number }).statusCode === 409) return false;
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
): Promise<StoredScoringSettings> {
  const valid = parseScoringSettings(settings);
  const current = await getItem<ScoringSettingsItem>(db, SCORING_SETTINGS_KEY, now);
  const updatedAt = now.toISOString();
  if (!current) {
    await createItem(db, { ...SCORING_SETTINGS_KEY, entity: 'scoringSettings', settings: valid, updatedAt, updatedBy: who });
    await putItem(db, { ...historyKey(1), entity: 'scoringSettingsHistory', v: 1, settings: valid, updatedAt, updatedBy: who });
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
  await putItem(db, { ...historyKey(saved.v), entity: 'scoringSettingsHistory', v: 1, settings: valid, updatedAt, updatedBy: who });
  return { settings: valid, v: saved.v, updatedAt, updatedBy: who };
}
