import type { ServicingStateRule } from '../../machines/domain/servicing/state-servicing-rules.ts';
import type { StateCode } from '../../machines/domain/state-rules.ts';
import { conflict } from '../platform/errors.ts';
import type { Db } from './client.ts';
import { createItem, getItem, queryAll, saveVersioned, STALE_WRITE_MESSAGE, type StoredItem } from './items.ts';

// The servicing rule of a state as staff saved it (issue 23 item 4), one versioned item per state, apart from the
// origination rule (RULES#state) so that an edit of one never conflicts with an edit of the other:
//   RULES#servicing / STATE#<XX>   late fees, return fee, reinstatement, receipt, statute
// A state with no item reads the code's row (machines/domain/servicing/state-servicing-rules.ts).

const PK = 'RULES#servicing';
const keyOf = (state: string) => ({ pk: PK, sk: `STATE#${state}` });

export interface StoredServicingRule {
  rule: ServicingStateRule;
  v: number;
  updatedAt: string;
  updatedBy: string;
}

interface ServicingRuleItem extends StoredItem {
  entity: 'servicingRule';
  rule: ServicingStateRule;
  updatedAt: string;
  updatedBy: string;
}

const fromItem = (item: ServicingRuleItem): StoredServicingRule => ({
  rule: item.rule,
  v: item.v,
  updatedAt: item.updatedAt,
  updatedBy: item.updatedBy,
});

/** Every stored servicing rule, by state (one partition: at most 51 items). */
export async function listServicingRules(db: Db, now: Date): Promise<Map<string, StoredServicingRule>> {
  const items = await queryAll<ServicingRuleItem>(db, { pk: PK, skPrefix: 'STATE#', now });
  return new Map(items.map((item) => [item.rule.state, fromItem(item)]));
}

export async function getServicingRule(db: Db, state: StateCode, now: Date): Promise<StoredServicingRule | undefined> {
  const item = await getItem<ServicingRuleItem>(db, keyOf(state), now);
  return item ? fromItem(item) : undefined;
}

/**
 * Writes a state's servicing rule read at `expectedV` (0 = none stored yet; without it the current version). 409 when
 * someone saved in between, including a first save racing another first save.
 */
export async function saveServicingRule(
  db: Db,
  rule: ServicingStateRule,
  who: string,
  now: Date,
  expectedV?: number,
): Promise<StoredServicingRule> {
  const current = await getItem<ServicingRuleItem>(db, keyOf(rule.state), now);
  const next = {
    ...keyOf(rule.state),
    entity: 'servicingRule' as const,
    rule,
    updatedAt: now.toISOString(),
    updatedBy: who,
  };
  if (!current) {
    if (expectedV !== undefined && expectedV !== 0) throw conflict(STALE_WRITE_MESSAGE);
    try {
      return fromItem(await createItem(db, next));
    } catch (error) {
      // Another editor's first save came first: the same answer as a stale version.
      if (isConflict(error)) throw conflict(STALE_WRITE_MESSAGE);
      throw error;
    }
  }
  const previous = expectedV === undefined ? current : { ...current, v: expectedV };
  return fromItem(await saveVersioned<ServicingRuleItem>(db, previous, { ...next, v: previous.v }));
}

const isConflict = (error: unknown) =>
  Boolean(error && typeof error === 'object' && 'statusCode' in error && error.statusCode === 409);
