import * as z from 'zod/mini';
import { US_STATES, type UsState } from './application-fields.ts';
import { DEFAULT_SCORING_SETTINGS } from './scoring-settings.ts';
import { isOneOf } from './one-of.ts';

// State rules as data (issue 11 "Underwriting as data"): per state (the 50 states and DC) whether leasing is
// offered, the cap on the total of payments as a multiple of the leased cash price, whether the protection plan (OCP)
// may be offered, and the disclosures the state requires in the agreement. Staff edit them; the decision and the
// lease pricing read the applicant's state's rule. Pure: shared by the server and the staff portal.

export const STATE_CODES = US_STATES;
export type StateCode = UsState;
export const isStateCode = isOneOf<StateCode>(US_STATES);

/** The total-cost cap may not be below the cash price (1x) nor above the highest multiplier the settings allow (5x). */
export const CAP_MIN = 1;
export const CAP_MAX = 5;
export const DISCLOSURES_MAX = 5_000;

export interface StateRule {
  state: StateCode;
  /** false: applicants from this state are denied with STATE_NOT_SERVED (seed: "Sorry, we don't provide ..."). */
  offered: boolean;
  /** Largest total of payments as a multiple of the leased cash price; null = no state cap. */
  cost_cap_multiplier: number | null;
  /** Whether the protection plan (OCP) may be offered in this state (the store must still enable it). */
  ocp_allowed: boolean;
  /** Disclosures the state requires, printed in the agreement (plain text, paragraphs separated by blank lines). */
  disclosures: string;
}

/** The editable part of a rule (PUT /staff/api/state-rules/{state}); `v` is the version read (optimistic locking). */
export const stateRuleUpdateSchema = z.object({
  offered: z.boolean('staff.stateRules.validation.boolean'),
  cost_cap_multiplier: z.nullable(
    z
      .number('staff.stateRules.validation.cap')
      .check(
        z.minimum(CAP_MIN, 'staff.stateRules.validation.cap'),
        z.maximum(CAP_MAX, 'staff.stateRules.validation.cap'),
      ),
  ),
  ocp_allowed: z.boolean('staff.stateRules.validation.boolean'),
  disclosures: z
    .string('staff.stateRules.validation.text')
    .check(z.maxLength(DISCLOSURES_MAX, 'staff.stateRules.validation.tooLong')),
  v: z.optional(z.int().check(z.minimum(0))),
});
export type StateRuleUpdate = z.infer<typeof stateRuleUpdateSchema>;

export const statePathSchema = z.object({
  state: z
    .string()
    .check(
      z.regex(/^[A-Z]{2}$/, 'staff.stateRules.validation.state'),
      z.refine(isStateCode, 'staff.stateRules.validation.state'),
    ),
});

/** Extra caps beyond the scoring settings' defaults (WV 2.4x, issue 11). */
const EXTRA_DEFAULT_CAPS: Partial<Record<StateCode, number>> = { WV: 2.4 };

/** The rule of a state when none is stored: the scoring settings' defaults (not served, caps), OCP allowed. */
export function defaultStateRule(state: StateCode): StateRule {
  const s = DEFAULT_SCORING_SETTINGS;
  const cap = s.stateTotalCostCaps[state] ?? EXTRA_DEFAULT_CAPS[state];
  return {
    state,
    offered: !s.statesNotServed.includes(state),
    cost_cap_multiplier: cap ?? null,
    ocp_allowed: true,
    disclosures: '',
  };
}

export const DEFAULT_STATE_RULES: StateRule[] = STATE_CODES.map(defaultStateRule);

/** What the pure engines take from a rule (decision: offered and cap; pricing: cap; OCP: allowed). */
export interface StateTerms {
  offered: boolean;
  /** Total-cost cap multiplier, null = uncapped. */
  capMultiplier: number | null;
  ocpAllowed: boolean;
}

export const stateTermsOf = (rule: Pick<StateRule, 'offered' | 'cost_cap_multiplier' | 'ocp_allowed'>): StateTerms => ({
  offered: rule.offered,
  capMultiplier: rule.cost_cap_multiplier,
  ocpAllowed: rule.ocp_allowed,
});

/** The cap in basis points of the leased cash price (2.25 -> 22500), or null when uncapped. */
export const capBasisPoints = (capMultiplier: number | null): number | null =>
  capMultiplier === null ? null : Math.round(capMultiplier * 10_000);

/** Disclosure paragraphs of a rule's text (blank lines separate paragraphs; empty ones dropped). */
export const disclosureParagraphs = (text: string): string[] =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
