import { DEFAULT_STATE_RULES, type StateCode, type StateRule } from '../../machines/domain/state-rules.ts';
import type { Db } from './client.ts';
import { conflict } from '../platform/errors.ts';
import { createItem, getItem, queryAll, saveVersioned, STALE_WRITE_MESSAGE, type StoredItem } from './items.ts';

// Underwriting rules as data (issue 11), each a versioned item (v = optimistic locking):
//   RULES#state / STATE#<XX>      one item per state (the 50 states and DC): offered, cost cap, OCP, disclosures
//   RULES#security / SETTINGS     staff security settings (password policy, session, throttling, IP allow-list)
//   RULES#queues / SETTINGS       queue management (which lease statuses feed which work queue, who may claim)

const STATE_PK = 'RULES#state';
const stateKey = (state: string) => ({ pk: STATE_PK, sk: `STATE#${state}` });

export interface StoredStateRule extends StateRule {
  v: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

interface StateRuleItem extends StoredItem {
  entity: 'stateRule';
  rule: StateRule;
  updatedAt: string;
  updatedBy: string;
}

const fromItem = (item: StateRuleItem): StoredStateRule => ({
  ...item.rule,
  v: item.v,
  updatedAt: item.updatedAt,
  updatedBy: item.updatedBy,
});

/** Every stored state rule, by state. */
export async function listStateRules(db: Db, now: Date): Promise<Map<string, StoredStateRule>> {
  const items = await queryAll<StateRuleItem>(db, { pk: STATE_PK, skPrefix: 'STATE#', now });
  return new Map(items.map((item) => [item.rule.state, fromItem(item)]));
}

export async function getStateRule(db: Db, state: StateCode, now: Date): Promise<StoredStateRule | undefined> {
  const item = await getItem<StateRuleItem>(db, stateKey(state), now);
  return item ? fromItem(item) : undefined;
}

/**
 * Writes a state's rule. `expectedV` is the version the editor read (0 = none stored yet); without it the current
 * version is used. 409 when someone saved in between.
 */
export async function saveStateRule(
  db: Db,
  rule: StateRule,
  who: string,
  now: Date,
  expectedV?: number,
): Promise<StoredStateRule> {
  const current = await getItem<StateRuleItem>(db, stateKey(rule.state), now);
  const updatedAt = now.toISOString();
  const next = { ...stateKey(rule.state), entity: 'stateRule' as const, rule, updatedAt, updatedBy: who };
  if (!current) {
    if (expectedV !== undefined && expectedV !== 0) return conflictStale();
    const created = await createItem(db, next);
    return fromItem(created);
  }
  const previous = expectedV === undefined ? current : { ...current, v: expectedV };
  const saved = await saveVersioned<StateRuleItem>(db, previous, { ...next, v: previous.v });
  return fromItem(saved);
}

function conflictStale(): never {
  // Same answer as saveVersioned's: the editor's copy is out of date.
  throw conflict(STALE_WRITE_MESSAGE);
}

/** Seeds the default rule of every state that has none (idempotent: a stored rule is never overwritten). */
export async function seedStateRules(db: Db, now: Date): Promise<number> {
  const stored = await listStateRules(db, now);
  let written = 0;
  for (const rule of DEFAULT_STATE_RULES) {
    if (stored.has(rule.state)) continue;
    try {
      await createItem(db, {
        ...stateKey(rule.state),
        entity: 'stateRule',
        rule,
        updatedAt: now.toISOString(),
        updatedBy: 'seed',
      });
      written++;
    } catch (error) {
      // Another process seeded it in between.
      if (!(
        error &&
        typeof error === 'object' &&
        'statusCode' in error &&
        (error as { statusCode: number }).statusCode === 409
      ))
        throw error;
    }
  }
  return written;
}

// ---------- single-document settings (security, queues) ----------

export type SettingsKind = 'security' | 'queues';
const settingsKey = (kind: SettingsKind) => ({ pk: `RULES#${kind}`, sk: 'SETTINGS' });

export interface StoredSettings<T> {
  settings: T;
  v: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

interface SettingsItem<T> extends StoredItem {
  entity: 'ruleSettings';
  settings: T;
  updatedAt: string;
  updatedBy: string;
}

export async function getRuleSettings<T>(
  db: Db,
  kind: SettingsKind,
  now: Date,
): Promise<StoredSettings<T> | undefined> {
  const item = await getItem<SettingsItem<T>>(db, settingsKey(kind), now);
  return item
    ? { settings: item.settings, v: item.v, updatedAt: item.updatedAt, updatedBy: item.updatedBy }
    : undefined;
}

/** Replaces the settings read at `expectedV` (0 = none stored yet; 409 when someone saved in between). */
export async function saveRuleSettings<T>(
  db: Db,
  kind: SettingsKind,
  settings: T,
  who: string,
  now: Date,
  expectedV?: number,
): Promise<StoredSettings<T>> {
  const current = await getItem<SettingsItem<T>>(db, settingsKey(kind), now);
  const updatedAt = now.toISOString();
  const next = { ...settingsKey(kind), entity: 'ruleSettings' as const, settings, updatedAt, updatedBy: who };
  if (!current) {
    if (expectedV !== undefined && expectedV !== 0) return conflictStale();
    await createItem(db, next);
    return { settings, v: 1, updatedAt, updatedBy: who };
  }
  const previous = expectedV === undefined ? current : { ...current, v: expectedV };
  const saved = await saveVersioned<SettingsItem<T>>(db, previous, { ...next, v: previous.v });
  return { settings, v: saved.v, updatedAt, updatedBy: who };
}

/** Writes the settings only when none are stored (the seed). */
export async function seedRuleSettings<T>(db: Db, kind: SettingsKind, settings: T, now: Date): Promise<boolean> {
  if (await getItem(db, settingsKey(kind), now)) return false;
  try {
    await createItem(db, {
      ...settingsKey(kind),
      entity: 'ruleSettings',
      settings,
      updatedAt: now.toISOString(),
      updatedBy: 'seed',
    });
    return true;
  } catch (error) {
    if (
      error &&
      typeof error === 'object' &&
      'statusCode' in error &&
      (error as { statusCode: number }).statusCode === 409
    )
      return false;
    throw error;
  }
}
