import { DEFAULT_SCORING_SETTINGS, type ScoringSettings } from '../../machines/domain/scoring-settings.ts';
import { getScoringSettings, saveScoringSettings, type StoredScoringSettings } from '../data/scoring-settings.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError } from '../platform/errors.ts';
import { RecentValues } from '../platform/recent-values.ts';

// The scoring settings every decision reads. They are data (staff edit them), read from the table and kept per
// process (functions/platform/recent-values.ts): fresh for SETTINGS_CACHE_MS, then refreshed in the background while
// still answered for as long again, so a change reaches every function instance within seconds and this process at
// once (a save here clears it).

export const SETTINGS_CACHE_MS = 3_000;

const cache = new RecentValues<string, ScoringSettings>({ freshMs: SETTINGS_CACHE_MS, staleMs: SETTINGS_CACHE_MS });

export function clearScoringSettingsCache(): void {
  cache.clear();
}

/** The settings in force: stored ones, or the defaults (with a warning) when the table has none yet. */
export function loadScoringSettings(deps: Deps): Promise<ScoringSettings> {
  return cache.get(deps.db.tableName, async () => {
    const stored = await getScoringSettings(deps.db, deps.clock());
    if (!stored) deps.log.warn('scoring settings are not stored yet: deciding with the defaults');
    return stored?.settings ?? DEFAULT_SCORING_SETTINGS;
  });
}

export async function readScoringSettings(deps: Deps): Promise<StoredScoringSettings> {
  const stored = await getScoringSettings(deps.db, deps.clock());
  return stored ?? { settings: DEFAULT_SCORING_SETTINGS, v: 0, updatedAt: '', updatedBy: 'defaults' };
}

/** Replaces the stored settings (validated: 422 with the problems by path); the next decision uses them. */
export async function replaceScoringSettings(
  deps: Deps,
  settings: unknown,
  who: string,
  expectedV?: number,
): Promise<StoredScoringSettings> {
  let saved: StoredScoringSettings;
  try {
    saved = await saveScoringSettings(deps.db, settings, who, deps.clock(), expectedV);
  } catch (error) {
    if (
      error &&
      typeof error === 'object' &&
      'issues' in error &&
      Array.isArray((error as { issues: unknown[] }).issues)
    ) {
      const errors: Record<string, string[]> = {};
      for (const issue of (error as { issues: { path: (string | number)[]; message: string }[] }).issues) {
        const field = ['settings', ...issue.path.map(String)].join('.');
        (errors[field] ??= []).push(issue.message);
      }
      throw new AppError(422, 'The given data was invalid.', errors);
    }
    throw error;
  }
  clearScoringSettingsCache();
  return saved;
}
