import {
  DEFAULT_QUEUE_CONFIG,
  DEFAULT_SECURITY_SETTINGS,
  IP_OR_CIDR,
  passwordProblems,
  queueConfigSchema,
  securitySettingsSchema,
  type QueueConfig,
  type SecuritySettings,
  type StoredSettingsView,
} from '../../../machines/contracts/staff-rules.ts';
import { getRecords } from '../../data/staff/records.ts';
import type { RoleItem } from '../../data/staff/roles.ts';
import {
  getRuleSettings,
  saveRuleSettings,
  type SettingsKind,
  type StoredSettings,
} from '../../data/underwriting-rules.ts';
import type { Deps } from '../../platform/deps.ts';
import { forbidden, unprocessable } from '../../platform/errors.ts';
import { staffSecurity, type StaffSecurityConfig } from '../../platform/staff-config.ts';
import { audit, auditBy } from './actor.ts';
import type { ResourceCtx } from './resource.ts';
import { RecentValues } from '../../platform/recent-values.ts';

// Security Settings and Queue Management (seed 001 section 2; issue 11) as stored, versioned settings. Read with a
// short per-process cache (fresh for RULE_SETTINGS_CACHE_MS, refreshed in the background; a save here clears it) and safe defaults when none are
// stored. Security: the staff auth reads the password policy, the session lengths, the sign-in throttling limits and
// the IP allow-list (empty = from anywhere) from here. Queues: which lease statuses feed which work queue and which
// roles may claim from it (read by the lease queue code).

export const RULE_SETTINGS_CACHE_MS = 3_000;

// Fresh for RULE_SETTINGS_CACHE_MS, then answered for as long again while one read refreshes them (no staff request
// waits on a refresh); a save here clears them at once (functions/platform/recent-values.ts).
const kept = new RecentValues<string, unknown>({ freshMs: RULE_SETTINGS_CACHE_MS, staleMs: RULE_SETTINGS_CACHE_MS });

export function clearRuleSettingsCache(): void {
  kept.clear();
}

async function cached<T>(deps: Deps, kind: SettingsKind, fallback: T, parse: (v: unknown) => T): Promise<T> {
  return kept.get(`${deps.db.tableName}#${kind}`, async () => {
    try {
      const stored = await getRuleSettings<unknown>(deps.db, kind, deps.clock());
      return stored ? parse(stored.settings) : fallback;
    } catch (error) {
      // A stored value that no longer parses (a bug: writes are validated) must not lock staff out: defaults apply.
      deps.log.error(`${kind} settings unreadable: using the defaults`, { error: String(error) });
      return fallback;
    }
  }) as Promise<T>;
}

export const loadSecuritySettings = (deps: Deps): Promise<SecuritySettings> =>
  cached(deps, 'security', DEFAULT_SECURITY_SETTINGS, (v) => securitySettingsSchema.parse(v));

export const loadQueueConfig = (deps: Deps): Promise<QueueConfig> =>
  cached(deps, 'queues', DEFAULT_QUEUE_CONFIG, (v) => queueConfigSchema.parse(v));

// ---------- security in force ----------

/**
 * The staff auth's limits: the stored settings over the defaults. An environment variable that sets a limit
 * (STAFF_SESSION_IDLE_SECONDS, ...; the tests' short-session server) wins over the stored value.
 */
export function effectiveSecurity(
  base: StaffSecurityConfig,
  stored: SecuritySettings,
  env: NodeJS.ProcessEnv = process.env,
): StaffSecurityConfig {
  const pick = (name: string, fromBase: number, fromStored: number) =>
    env[name] !== undefined && env[name] !== '' ? fromBase : fromStored;
  return {
    ...base,
    idleSeconds: pick('STAFF_SESSION_IDLE_SECONDS', base.idleSeconds, stored.session.idle_minutes * 60),
    absoluteSeconds: pick('STAFF_SESSION_ABSOLUTE_SECONDS', base.absoluteSeconds, stored.session.absolute_hours * 3600),
    loginUserLimit: pick('STAFF_LOGIN_USER_LIMIT', base.loginUserLimit, stored.throttle.user_limit),
    loginIpLimit: pick('STAFF_LOGIN_IP_LIMIT', base.loginIpLimit, stored.throttle.ip_limit),
    loginWindowSeconds: pick(
      'STAFF_LOGIN_WINDOW_SECONDS',
      base.loginWindowSeconds,
      stored.throttle.window_minutes * 60,
    ),
  };
}

export async function staffSecurityInForce(deps: Deps): Promise<StaffSecurityConfig> {
  return effectiveSecurity(staffSecurity(), await loadSecuritySettings(deps));
}

// ---------- IP allow-list ----------

function ipv4ToInt(ip: string): number | undefined {
  const parts = ip.split('.');
  if (parts.length !== 4) return undefined;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return undefined;
    n = n * 256 + Number(p);
  }
  return n;
}

function expandIpv6(ip: string): bigint | undefined {
  if (!/^[0-9a-fA-F:]+$/.test(ip)) return undefined;
  const [head, tail, extra] = ip.split('::');
  if (extra !== undefined) return undefined;
  const h = head ? head.split(':') : [];
  const t = tail !== undefined ? (tail ? tail.split(':') : []) : [];
  const missing = 8 - h.length - t.length;
  if (tail === undefined ? h.length !== 8 : missing < 1) return undefined;
  const groups = [...h, ...Array(tail === undefined ? 0 : missing).fill('0'), ...t];
  let n = 0n;
  for (const g of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return undefined;
    n = (n << 16n) + BigInt(parseInt(g, 16));
  }
  return n;
}

/** Whether `ip` matches an entry (an address or a CIDR block). IPv4-mapped IPv6 (::ffff:a.b.c.d) counts as IPv4. */
export function ipMatches(ipRaw: string, entry: string): boolean {
  const ip = ipRaw.replace(/^::ffff:/i, '');
  const [base, bitsText] = entry.trim().split('/');
  if (!base) return false;
  const v4 = ipv4ToInt(ip);
  const base4 = ipv4ToInt(base);
  if (v4 !== undefined && base4 !== undefined) {
    const bits = bitsText === undefined ? 32 : Number(bitsText);
    if (!(bits >= 0 && bits <= 32)) return false;
    if (bits === 0) return true;
    const mask = (0xffffffff << (32 - bits)) >>> 0;
    return (v4 & mask) >>> 0 === (base4 & mask) >>> 0;
  }
  const v6 = expandIpv6(ip);
  const base6 = expandIpv6(base);
  if (v6 === undefined || base6 === undefined) return false;
  const bits = bitsText === undefined ? 128 : Number(bitsText);
  if (!(bits >= 0 && bits <= 128)) return false;
  const shift = BigInt(128 - bits);
  return v6 >> shift === base6 >> shift;
}

export const ipAllowed = (ip: string, allowList: readonly string[]) =>
  allowList.length === 0 || allowList.some((e) => ipMatches(ip, e));

export const IP_REFUSED = 'staff.rules.ipRefused';

/** Refuses (403 with a clear message, audited) a staff sign-in or request from outside the allow-list. */
export async function requireAllowedIp(
  deps: Deps,
  ip: string,
  who?: { userId: string; username: string } | null,
): Promise<void> {
  const settings = await loadSecuritySettings(deps);
  if (ipAllowed(ip, settings.ip_allow_list)) return;
  await audit(deps, 'access.denied', { actor: who ?? null, ip, detail: { reason: 'ip-allow-list' } });
  throw forbidden(IP_REFUSED);
}

/** The password policy's problems (field errors under `field`), or nothing. */
export async function checkPasswordPolicy(deps: Deps, password: string, field = 'password'): Promise<void> {
  const problems = passwordProblems(password, (await loadSecuritySettings(deps)).password);
  if (problems.length) throw unprocessable({ [field]: problems });
}

// ---------- the admin screens ----------

const viewOf = <T>(stored: StoredSettings<T> | undefined, fallback: T): StoredSettingsView<T> => ({
  settings: stored?.settings ?? fallback,
  v: stored?.v ?? 0,
  updated_at: stored?.updatedAt ?? null,
  updated_by: stored?.updatedBy ?? null,
});

/** Saves a settings kind (optimistic on expectedV), clears the read cache and audits the change before -> after. */
async function saveAudited<T>(
  c: ResourceCtx,
  kind: SettingsKind,
  subject: string,
  next: T,
  fallback: T,
  expectedV?: number,
): Promise<StoredSettingsView<T>> {
  const before = await getRuleSettings<T>(c.deps.db, kind, c.deps.clock());
  const saved = await saveRuleSettings(c.deps.db, kind, next, c.actor.username, c.deps.clock(), expectedV);
  clearRuleSettingsCache();
  await auditBy(c, 'rules.changed', subject, { before: before?.settings ?? fallback, after: next, v: saved.v });
  return viewOf(saved, fallback);
}

export async function readSecuritySettings(c: ResourceCtx): Promise<StoredSettingsView<SecuritySettings>> {
  return viewOf(
    await getRuleSettings<SecuritySettings>(c.deps.db, 'security', c.deps.clock()),
    DEFAULT_SECURITY_SETTINGS,
  );
}

export async function readQueueConfig(c: ResourceCtx): Promise<StoredSettingsView<QueueConfig>> {
  return viewOf(await getRuleSettings<QueueConfig>(c.deps.db, 'queues', c.deps.clock()), DEFAULT_QUEUE_CONFIG);
}

/**
 * Replaces the security settings. An allow-list that would shut out the editor's own address is refused (422), so
 * nobody locks the portal by mistake.
 */
export async function replaceSecuritySettings(
  c: ResourceCtx,
  settings: SecuritySettings,
  expectedV?: number,
): Promise<StoredSettingsView<SecuritySettings>> {
  const list = settings.ip_allow_list.map((e) => e.trim());
  const bad = list.findIndex((e) => !IP_OR_CIDR.test(e));
  if (bad >= 0) throw unprocessable({ [`ip_allow_list.${bad}`]: ['staff.rules.validation.ip'] });
  if (!ipAllowed(c.ip, list)) throw unprocessable({ ip_allow_list: ['staff.rules.validation.lockout'] });
  const next = { ...settings, ip_allow_list: list };
  return saveAudited(c, 'security', 'security-settings', next, DEFAULT_SECURITY_SETTINGS, expectedV);
}

/** Replaces the queue configuration; every claim role must be an existing system role (422 otherwise). */
export async function replaceQueueConfig(
  c: ResourceCtx,
  config: QueueConfig,
  expectedV?: number,
): Promise<StoredSettingsView<QueueConfig>> {
  const bucketRoles = Object.values(config.collections?.buckets ?? {}).flatMap((b) => b.claim_roles);
  const ids = [...new Set([...Object.values(config.queues).flatMap((q) => q.claim_roles), ...bucketRoles])];
  const roles = ids.length ? await getRecords<RoleItem>(c.deps.db, 'ROLE', ids) : [];
  const known = new Set(roles.filter((r) => r.guard === 'system').map((r) => r.id));
  const errors: Record<string, string[]> = {};
  for (const [queue, rule] of Object.entries(config.queues)) {
    rule.claim_roles.forEach((id, i) => {
      if (!known.has(id)) (errors[`queues.${queue}.claim_roles.${i}`] ??= []).push('staff.rules.validation.role');
    });
  }
  for (const [bucket, rule] of Object.entries(config.collections?.buckets ?? {})) {
    rule.claim_roles.forEach((id, i) => {
      if (!known.has(id))
        (errors[`collections.buckets.${bucket}.claim_roles.${i}`] ??= []).push('staff.rules.validation.role');
    });
  }
  const hours = config.collections?.contact_hours;
  if (hours && hours.start_hour >= hours.end_hour)
    (errors['collections.contact_hours.end_hour'] ??= []).push('collections.work.hoursOrder');
  if (Object.keys(errors).length) throw unprocessable(errors);
  return saveAudited(c, 'queues', 'queue-config', config, DEFAULT_QUEUE_CONFIG, expectedV);
}
