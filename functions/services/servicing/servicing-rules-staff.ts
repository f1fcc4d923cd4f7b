import {
  servicingRuleBody,
  servicingRuleOf,
  type ServicingRuleUpdate,
  type ServicingRuleView,
} from '../../../machines/contracts/servicing-rules.ts';
import { centsToDecimal } from '../../../machines/domain/money.ts';
import type { LateFeeTerms, ServicingStateRule } from '../../../machines/domain/servicing/state-servicing-rules.ts';
import { STATE_CODES, type StateCode } from '../../../machines/domain/state-rules.ts';
import {
  getServicingRule,
  listServicingRules,
  saveServicingRule,
  type StoredServicingRule,
} from '../../data/servicing-rules.ts';
import { auditBy } from '../staff/actor.ts';
import type { ResourceCtx } from '../staff/resource.ts';
import { clearServicingRulesCache, ruleInForce, type RulesDeps } from './servicing-rules.ts';

// The staff side of the servicing rules (issue 23 item 4): each state's row as staff read it with its version, and
// the save (409 on a stale version, audited) that clears the cache the close of business and the actions read.

const view = (state: StateCode, saved: StoredServicingRule | undefined): ServicingRuleView => ({
  state,
  ...servicingRuleBody(ruleInForce(state, saved)),
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
  await auditBy(c, 'rules.changed', `servicing-rule:${state}`, {
    before: summary(ruleInForce(state, before)),
    after: summary(rule),
    v: saved.v,
  });
  return view(state, saved);
}
