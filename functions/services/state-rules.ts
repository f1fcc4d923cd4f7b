import {
  DEFAULT_STATE_RULES,
  defaultStateRule,
  isStateCode,
  type StateCode,
  type StateRule,
  type StateRuleUpdate,
} from '../../machines/domain/state-rules.ts';
import {
  DEFAULT_QUEUE_CONFIG,
  DEFAULT_SECURITY_SETTINGS,
  type StateRuleView,
} from '../../machines/contracts/staff-rules.ts';
import {
  listStateRules,
  saveStateRule,
  seedRuleSettings,
  seedStateRules,
  type StoredStateRule,
} from '../data/underwriting-rules.ts';
import type { LeaseInput } from '../../machines/domain/pricing.ts';
import type { Deps } from '../platform/deps.ts';
import { RecentValues } from '../platform/recent-values.ts';
import { auditBy } from './staff/actor.ts';
import { servicingRuleView, servicingRuleViews } from './servicing/servicing-rules-staff.ts';
import type { ServicingRuleView } from '../../machines/contracts/servicing-rules.ts';
import type { ResourceCtx } from './staff/resource.ts';

// State rules as data (issue 11): the decision (offered, cost cap), the lease pricing (cost cap, OCP) and the
// contract (disclosures) read the applicant's state's rule. They are read from the table and kept per process
// (functions/platform/recent-values.ts): fresh for STATE_RULES_CACHE_MS, then refreshed in the background while still
// answered for as long again, so a change reaches every function instance within seconds and this process at once
// (a save here clears it): the next decision uses it, no deploy.

export const STATE_RULES_CACHE_MS = 3_000;

const cache = new RecentValues<string, Map<string, StoredStateRule>>({
  freshMs: STATE_RULES_CACHE_MS,
  staleMs: STATE_RULES_CACHE_MS,
});

export function clearStateRulesCache(): void {
  cache.clear();
}

function cachedRules(deps: Deps): Promise<Map<string, StoredStateRule>> {
  return cache.get(deps.db.tableName, () => listStateRules(deps.db, deps.clock()));
}

/**
 * The rule of a state (stored, or the default when none is stored). A state code we do not know (a foreign address)
 * gets undefined: the engines then fall back to the scoring settings.
 */
export async function loadStateRule(deps: Deps, state: string | undefined | null): Promise<StateRule | undefined> {
  const code = (state ?? '').toUpperCase();
  if (!isStateCode(code)) return undefined;
  const stored = (await cachedRules(deps)).get(code);
  if (!stored) return defaultStateRule(code);
  const { v: _v, updatedAt: _a, updatedBy: _b, ...rule } = stored;
  return rule;
}

const view = (rule: StateRule, servicing: ServicingRuleView, stored?: StoredStateRule): StateRuleView => ({
  state: rule.state,
  offered: rule.offered,
  cost_cap_multiplier: rule.cost_cap_multiplier,
  ocp_allowed: rule.ocp_allowed,
  disclosures: rule.disclosures,
  v: stored?.v ?? 0,
  updated_at: stored?.updatedAt ?? null,
  updated_by: stored?.updatedBy ?? null,
  servicing,
});

/** GET /staff/api/state-rules: the 50 states and DC, in code order, with their servicing terms, read fresh (no cache). */
export async function listStateRuleViews(c: ResourceCtx): Promise<StateRuleView[]> {
  const [stored, servicing] = await Promise.all([
    listStateRules(c.deps.db, c.deps.clock()),
    servicingRuleViews(c.deps),
  ]);
  return DEFAULT_STATE_RULES.map((d) => {
    const s = stored.get(d.state);
    return s ? view(s, servicing.get(d.state)!, s) : view(d, servicing.get(d.state)!);
  });
}

/** PUT /staff/api/state-rules/{state}: saves the rule (409 on a stale `v`), audits the change, clears the cache. */
export async function updateStateRule(c: ResourceCtx, state: StateCode, body: StateRuleUpdate): Promise<StateRuleView> {
  const now = c.deps.clock();
  const before = (await listStateRules(c.deps.db, now)).get(state);
  const rule: StateRule = {
    state,
    offered: body.offered,
    cost_cap_multiplier: body.cost_cap_multiplier,
    ocp_allowed: body.ocp_allowed,
    disclosures: body.disclosures,
  };
  const saved = await saveStateRule(c.deps.db, rule, c.actor.username, now, body.v);
  clearStateRulesCache();
  const summary = (r?: StateRule) =>
    r
      ? {
          offered: r.offered,
          cost_cap_multiplier: r.cost_cap_multiplier,
          ocp_allowed: r.ocp_allowed,
          disclosures_chars: r.disclosures.length,
        }
      : null;
  await auditBy(c, 'rules.changed', `state-rule:${state}`, {
    before: summary(before ?? defaultStateRule(state)),
    after: summary(rule),
    v: saved.v,
  });
  return view(saved, await servicingRuleView(c.deps, state), saved);
}

/** The seed (`npm start`, idempotent): default state rules, security settings and queue configuration, never overwriting. */
export async function seedUnderwritingRules(deps: Deps): Promise<void> {
  const now = deps.clock();
  await seedStateRules(deps.db, now);
  await seedRuleSettings(deps.db, 'security', DEFAULT_SECURITY_SETTINGS, now);
  await seedRuleSettings(deps.db, 'queues', DEFAULT_QUEUE_CONFIG, now);
}

/**
 * A lease input with its state's rule applied: the rule's cost cap (kept on the stored input, so a recalculation
 * reproduces the figures) and OCP offered only where the state allows it. Without a rule the input is unchanged.
 */
export function withStateRule(input: LeaseInput, rule: StateRule | undefined): LeaseInput {
  if (!rule) return input;
  const ocpEnabled = Boolean(input.ocpEnabled) && rule.ocp_allowed;
  return { ...input, stateCapMultiplier: rule.cost_cap_multiplier, ocpEnabled };
}
