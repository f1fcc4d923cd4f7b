import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUEUE_CONFIG,
  DEFAULT_SECURITY_SETTINGS,
  mayClaimFrom,
  passwordProblems,
  queueConfigSchema,
  queuesForStatus,
  securitySettingsSchema,
} from '../../../machines/contracts/staff-rules.ts';
import { decide } from '../../../machines/domain/decision.ts';
import { TEXAS_APPLICANT } from '../fixtures.ts';
import { computeLease, type LeaseInput } from '../../../machines/domain/pricing.ts';
import { DEFAULT_SCORING_SETTINGS as S } from '../../../machines/domain/scoring-settings.ts';
import {
  DEFAULT_STATE_RULES,
  defaultStateRule,
  disclosureParagraphs,
  stateRuleUpdateSchema,
  stateTermsOf,
  statePathSchema,
} from '../../../machines/domain/state-rules.ts';

const input = TEXAS_APPLICANT;
const leaseBase: LeaseInput = {
  option: 'A',
  cashPriceCents: 500_000,
  decile: 1,
  paymentFrequency: 'monthly',
  state: 'TX',
  leaseBeginsAt: '2025-03-10',
};
const priced = (patch: Partial<LeaseInput>) => {
  const r = computeLease({ ...leaseBase, ...patch }, S);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.lease;
};

describe('default state rules', () => {
  it('cover the 50 states and DC, from the scoring settings defaults', () => {
    expect(DEFAULT_STATE_RULES).toHaveLength(51);
    expect(
      DEFAULT_STATE_RULES.filter((r) => !r.offered)
        .map((r) => r.state)
        .sort(),
    ).toEqual(['MN', 'NJ', 'VT', 'WI', 'WY']);
    expect(defaultStateRule('CA').cost_cap_multiplier).toBe(2.25);
    expect(defaultStateRule('NY').cost_cap_multiplier).toBe(2.25);
    expect(defaultStateRule('HI').cost_cap_multiplier).toBe(2);
    expect(defaultStateRule('WV').cost_cap_multiplier).toBe(2.4);
    expect(defaultStateRule('TX')).toEqual({
      state: 'TX',
      offered: true,
      cost_cap_multiplier: null,
      ocp_allowed: true,
      disclosures: '',
    });
  });
});

describe('the decision reads the state rule', () => {
  it('without a rule it is as before (the scoring settings decide)', () => {
    expect(decide(input, S).code).toBe('A');
    expect(decide({ ...input, state: 'MN' }, S).reasons.map((r) => r.code)).toEqual(['STATE_NOT_SERVED']);
  });

  it('a state marked not offered denies with the seed message', () => {
    const d = decide({ ...input, stateRule: stateTermsOf({ ...defaultStateRule('TX'), offered: false }) }, S);
    expect(d.code).toBe('D');
    expect(d.reasons[0]).toMatchObject({
      code: 'STATE_NOT_SERVED',
      text: "Sorry, we don't provide leasing services in your state",
    });
  });

  it('a rule may offer a state the settings do not serve', () => {
    expect(decide({ ...input, state: 'MN', stateRule: { offered: true, capMultiplier: null } }, S).code).toBe('A');
  });

  it("the rule's cap lowers the payment-to-income cap like a settings cap", () => {
    const uncapped = decide(input, S).trace!.paymentToIncomeCapCents!;
    const capped = decide({ ...input, stateRule: { offered: true, capMultiplier: 1.2 } }, S).trace!
      .paymentToIncomeCapCents!;
    expect(capped).toBeGreaterThan(uncapped);
  });
});

describe('the pricing reads the state cap', () => {
  it('undefined: the settings cap; a number: that cap; null: uncapped', () => {
    expect(priced({ state: 'CA' })).toMatchObject({ totalPayment: 1_125_000, stateCapApplied: true });
    expect(priced({ state: 'TX', stateCapMultiplier: 1.5 })).toMatchObject({
      totalPayment: 750_000,
      paymentAmount: 31_250,
      stateCapApplied: true,
    });
    expect(priced({ state: 'CA', stateCapMultiplier: null })).toMatchObject({
      totalPayment: 1_200_000,
      stateCapApplied: false,
    });
  });
});

describe('validation of an edited rule', () => {
  const ok = { offered: true, cost_cap_multiplier: 2.25, ocp_allowed: true, disclosures: 'x' };
  it('takes a cap from 1 to 5 or null', () => {
    expect(stateRuleUpdateSchema.safeParse(ok).success).toBe(true);
    expect(stateRuleUpdateSchema.safeParse({ ...ok, cost_cap_multiplier: null }).success).toBe(true);
    expect(stateRuleUpdateSchema.safeParse({ ...ok, cost_cap_multiplier: 0.5 }).success).toBe(false);
    expect(stateRuleUpdateSchema.safeParse({ ...ok, cost_cap_multiplier: 5.1 }).success).toBe(false);
    expect(stateRuleUpdateSchema.safeParse({ ...ok, disclosures: 'x'.repeat(5001) }).success).toBe(false);
  });
  it('takes only the 50 states and DC as codes', () => {
    expect(statePathSchema.safeParse({ state: 'DC' }).success).toBe(true);
    for (const bad of ['ca', 'XX', 'CAL', '', 'PR'])
      expect(statePathSchema.safeParse({ state: bad }).success).toBe(false);
  });
  it('splits disclosures into paragraphs at blank lines', () => {
    expect(disclosureParagraphs('One\nline two\n\n  \n\nThree\r\n\r\nFour ')).toEqual([
      'One\nline two',
      'Three',
      'Four',
    ]);
    expect(disclosureParagraphs('')).toEqual([]);
  });
});

describe('security settings', () => {
  it('defaults parse and allow everyone', () => {
    expect(securitySettingsSchema.parse(DEFAULT_SECURITY_SETTINGS)).toEqual(DEFAULT_SECURITY_SETTINGS);
    expect(DEFAULT_SECURITY_SETTINGS.ip_allow_list).toEqual([]);
  });
  it('checks a password against the policy', () => {
    const policy = {
      min_length: 12,
      require_upper: true,
      require_lower: true,
      require_digit: true,
      require_symbol: true,
    };
    expect(passwordProblems('short', policy)).toEqual([
      'staff.rules.password.tooShort',
      'staff.rules.password.upper',
      'staff.rules.password.digit',
      'staff.rules.password.symbol',
    ]);
    expect(passwordProblems('Long-enough-1', policy)).toEqual([]);
  });
  it('refuses a malformed allow-list entry', () => {
    expect(
      securitySettingsSchema.safeParse({ ...DEFAULT_SECURITY_SETTINGS, ip_allow_list: ['10.0.0.0/8', '::1'] }).success,
    ).toBe(true);
    expect(
      securitySettingsSchema.safeParse({ ...DEFAULT_SECURITY_SETTINGS, ip_allow_list: ['not an ip'] }).success,
    ).toBe(false);
    expect(
      securitySettingsSchema.safeParse({ ...DEFAULT_SECURITY_SETTINGS, ip_allow_list: ['300.1.1.1'] }).success,
    ).toBe(false);
  });
});

describe('queue configuration', () => {
  it('defaults to one status per queue, claimable by anyone allowed', () => {
    expect(queueConfigSchema.parse(DEFAULT_QUEUE_CONFIG)).toEqual(DEFAULT_QUEUE_CONFIG);
    expect(queuesForStatus(DEFAULT_QUEUE_CONFIG, 'S')).toEqual(['review']);
    expect(queuesForStatus(DEFAULT_QUEUE_CONFIG, 'Y.delivered')).toEqual(['funding']);
    expect(queuesForStatus(DEFAULT_QUEUE_CONFIG, 'L')).toEqual([]);
    expect(mayClaimFrom(DEFAULT_QUEUE_CONFIG, 'review', [])).toBe(true);
  });
  it('restricts claims to the listed roles', () => {
    const config = {
      queues: {
        ...DEFAULT_QUEUE_CONFIG.queues,
        review: { statuses: ['S', 'I'] as ('S' | 'I')[], claim_roles: ['role-underwriter'] },
      },
    };
    expect(queuesForStatus(config, 'I')).toEqual(['review', 'info']);
    expect(mayClaimFrom(config, 'review', ['role-admin'])).toBe(false);
    expect(mayClaimFrom(config, 'review', ['role-underwriter'])).toBe(true);
  });
  it('refuses an unknown status or an empty status list', () => {
    expect(
      queueConfigSchema.safeParse({
        queues: { ...DEFAULT_QUEUE_CONFIG.queues, info: { statuses: ['Q'], claim_roles: [] } },
      }).success,
    ).toBe(false);
    expect(
      queueConfigSchema.safeParse({
        queues: { ...DEFAULT_QUEUE_CONFIG.queues, info: { statuses: [], claim_roles: [] } },
      }).success,
    ).toBe(false);
  });
});
