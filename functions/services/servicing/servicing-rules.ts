import { servicingRuleFor, type ServicingStateRule } from '../../../machines/domain/servicing/state-servicing-rules.ts';
import { isStateCode, STATE_CODES } from '../../../machines/domain/state-rules.ts';
import { listServicingRules, type StoredServicingRule } from '../../data/servicing-rules.ts';
import type { Deps } from '../../platform/deps.ts';
import { RecentValues } from '../../platform/recent-values.ts';

// The servicing rules as data (issue 23 item 4): what the close of business (late fees, return fees) and the servicing
// actions (reinstatement) read for an account's state. Stored rows (functions/data/servicing-rules.ts) override the
// code's rows (state-servicing-rules.ts servicingRuleFor); kept per process like the origination rules
// (services/state-rules.ts): fresh for a few seconds, cleared by a save here (servicing-rules-staff.ts), so the next
// event reads the change. Only the read side lives here: the close of business and the servicing functions load it
// without the staff portal's code.

export const SERVICING_RULES_CACHE_MS = 3_000;

export type RulesDeps = Pick<Deps, 'db' | 'clock'>;

const cache = new RecentValues<string, Map<string, StoredServicingRule>>({
  freshMs: SERVICING_RULES_CACHE_MS,
  staleMs: SERVICING_RULES_CACHE_MS,
});

export function clearServicingRulesCache(): void {
  cache.clear();
}

const stored = (deps: RulesDeps) => cache.get(deps.db.tableName, () => listServicingRules(deps.db, deps.clock()));

/**
 * A stored row over the code's row of its state: a field added to the row after the save reads its default rather
 * than nothing.
 */
export const ruleInForce = (state: string, saved: StoredServicingRule | undefined): ServicingStateRule =>
  saved ? { ...servicingRuleFor(state), ...saved.rule } : servicingRuleFor(state);

/** The servicing rule of an account's state (stored, or the code's row; an unknown code gets the default row). */
export async function loadServicingRule(deps: RulesDeps, state: string): Promise<ServicingStateRule> {
  if (!isStateCode(state)) return servicingRuleFor(state);
  return ruleInForce(state, (await stored(deps)).get(state));
}

/** Every state's rule in force (the close looks for the days late that some state's late fee starts on). */
export async function loadServicingRules(deps: RulesDeps): Promise<ServicingStateRule[]> {
  const saved = await stored(deps);
  return STATE_CODES.map((s) => ruleInForce(s, saved.get(s)));
}
