import { describe, expect, it } from 'vitest';
import { DEFAULT_SECURITY_SETTINGS } from '../../../machines/contracts/staff-rules.ts';
import { loadStaffSecurityConfig } from '../../../functions/platform/staff-config.ts';
import { effectiveSecurity, ipAllowed, ipMatches } from '../../../functions/services/staff/rules-settings.ts';
import { withStateRule } from '../../../functions/services/state-rules.ts';
import { defaultStateRule } from '../../../machines/domain/state-rules.ts';

describe('IP allow-list', () => {
  it('matches addresses and CIDR blocks, IPv4 and IPv6', () => {
    expect(ipMatches('10.1.2.3', '10.0.0.0/8')).toBe(true);
    expect(ipMatches('11.1.2.3', '10.0.0.0/8')).toBe(false);
    expect(ipMatches('203.0.113.7', '203.0.113.7')).toBe(true);
    expect(ipMatches('::ffff:127.0.0.1', '127.0.0.1')).toBe(true);
    expect(ipMatches('::1', '::1')).toBe(true);
    expect(ipMatches('2001:db8::5', '2001:db8::/32')).toBe(true);
    expect(ipMatches('2001:db9::5', '2001:db8::/32')).toBe(false);
    expect(ipMatches('unknown', '10.0.0.0/8')).toBe(false);
  });
  it('an empty list lets everyone in', () => {
    expect(ipAllowed('198.51.100.1', [])).toBe(true);
    expect(ipAllowed('198.51.100.1', ['10.0.0.0/8'])).toBe(false);
  });
});

describe('security in force', () => {
  const base = loadStaffSecurityConfig({});
  it('the stored settings set the limits', () => {
    const stored = {
      ...DEFAULT_SECURITY_SETTINGS,
      session: { idle_minutes: 10, absolute_hours: 2 },
      throttle: { user_limit: 3, ip_limit: 9, window_minutes: 5 },
    };
    expect(effectiveSecurity(base, stored, {})).toMatchObject({
      idleSeconds: 600,
      absoluteSeconds: 7200,
      loginUserLimit: 3,
      loginIpLimit: 9,
      loginWindowSeconds: 300,
    });
  });
  it('an environment override wins (the short-session test server)', () => {
    const env = { STAFF_SESSION_IDLE_SECONDS: '5' };
    expect(effectiveSecurity(loadStaffSecurityConfig(env), DEFAULT_SECURITY_SETTINGS, env).idleSeconds).toBe(5);
  });
});

describe('a lease input with its state rule', () => {
  const input = {
    option: 'A' as const,
    cashPriceCents: 100_000,
    decile: 5,
    paymentFrequency: 'monthly' as const,
    state: 'CA',
    leaseBeginsAt: '2025-03-10',
    ocpEnabled: true,
  };
  it('carries the cap and turns OCP off where the state forbids it', () => {
    expect(withStateRule(input, { ...defaultStateRule('CA'), ocp_allowed: false })).toMatchObject({
      stateCapMultiplier: 2.25,
      ocpEnabled: false,
    });
    expect(withStateRule(input, defaultStateRule('CA'))).toMatchObject({ stateCapMultiplier: 2.25, ocpEnabled: true });
    expect(withStateRule(input, undefined)).toBe(input);
  });
});
