import {
  servicingRuleBody,
  servicingRuleOf,
  type ServicingRuleUpdate,
  type ServicingRuleView,
} from '../../../machines/contracts/servicing-rules.ts';
import { centsToDecimal } from '../../../machines/domain/money.ts';
import {
  servicingRuleFor,
  type LateFeeTerms,
  type ServicingStateRule,
} from '../../../machines/domain/servicing/state-servicing-rules.ts';
import { isStateCode, STATE_CODES, type StateCode } from '../../../machines/domain/state-rules.ts';
import {
  getServicingRule,
  listServicingRules,
  saveServicingRule,
  type StoredServicingRule,
} from '../../data/servicing-rules.ts';
import type { Deps } from '../../platform/deps.ts';
import { RecentValues } from '../../platform/recent-values.ts';
import { audit } from '../staff/actor.ts';
import type { ResourceCtx } from '../staff/resource.ts';

// The servicing rules as data (issue 23 item 4): what the close of business (late fees, return fees) and the servicing
// actions (reinstatement) read for an account's state. Stored rows (functions/data/servicing-rules.ts) override the
// code's rows (state-servicing-rules.ts servicingRuleFor); kept per process like the origination rules
// (services/state-rules.ts): fresh for a few seconds, cleared by a save here, so the next event reads the change.

export const SERVICING_RULES_CACHE_MS = 3_000;

type RulesDeps = Pick<Deps, 'db' | 'clock'>;

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
const effective = (state: string, saved: StoredServicingRule | undefined): ServicingStateRule =>
  saved ? { ...servicingRuleFor(state), ...saved.rule } : servicingRuleFor(state);

/** The servicing rule of an account's state (stored, or the code's row; an unknown code gets the default row). */
export async function loadServicingRule(deps: RulesDeps, state: string): Promise<ServicingStateRule> {
  if (!isStateCode(state)) return servicingRuleFor(state);
  return effective(state, (await stored(deps)).get(state));
}

/** Every state's rule in force (the close looks for the days late that some state's late fee starts on). */
export async function loadServicingRules(deps: RulesDeps): Promise<ServicingStateRule[]> {
  const saved = await stored(deps);
  return STATE_CODES.map((s) => effective(s, saved.get(s)));
}

const view = (state: StateCode, saved: StoredServicingRule | undefined): ServicingRuleView => ({
  state,
  ...servicingRuleBody(effective(state, saved)),
  v: saved?.v ?? 0,
  updated_at: saved?.updatedAt ?? null,
  updated_by: saved?.updatedBy ?? null,
});

/** Every state's servicing rule as staff read it, read fresh (no cache). */
export async function servicingRuleViews(deps: RulesDeps): Promise<Map<StateCode, ServicingRuleView>> {
  const saved = await listServicingRules(deps.db, deps.clock());
  return new Map(STATE_CODES.map((s) => [s, view(s, saved.get(s))]));
}

/** GET /staff/api/state-rules/{state}/servicing (read fresh). */
export async function servicingRuleView(deps: RulesDeps, state: StateCode): Promise<ServicingRuleView> {
  return view(state, await getServicingRule(deps.db, state, deps.clock()));
}

const feeSummary = (t: LateFeeTerms | null) =>
  t
    ? {
        from_days_late: t.fromDaysLate,
        percent_bp: t.percentBasisPoints,
        flat: t.flatCents === null ? null : centsToDecimal(t.flatCents),
        combine: t.combine,
        minimum: centsToDecimal(t.minimumCents),
      }
    : null;

/** What the audit entry shows of a row: the figures, and the statute's length (its text is in the row itself). */
const summary = (r: ServicingStateRule) => ({
  late_fee_weekly: feeSummary(r.lateFee.weekly),
  late_fee_monthly: feeSummary(r.lateFee.monthly),
  biweekly_class: r.biweeklyClass,
  return_fee_allowed: r.returnFeeAllowed,
  return_fee_max: centsToDecimal(r.returnFeeMaxCents),
  reinstatement: r.reinstatement,
  receipt_required: r.receiptRequired,
  statute_chars: r.statute.length,
  is_default: r.isDefault,
});

/**
 * PUT /staff/api/state-rules/{state}/servicing: saves the row read at `v` (409 when stale), audits the change and
 * clears this process's cache, so the next close of business or servicing action here uses it.
 */
export async function updateServicingRule(
  c: ResourceCtx,
  state: StateCode,
  body: ServicingRuleUpdate,
): Promise<ServicingRuleView> {
  const now = c.deps.clock();
  const before = await getServicingRule(c.deps.db, state, now);
  const rule = servicingRuleOf(state, body);
  const saved = await saveServicingRule(c.deps.db, rule, c.actor.username, now, body.v);
  clearServicingRulesCache();
  await audit(c.deps, 'rules.changed', {
    actor: c.actor,
    ip: c.ip,
    target: `servicing-rule:${state}`,
    detail: { before: summary(effective(state, before)), after: summary(rule), v: saved.v },
  });
  return view(state, saved);
}
