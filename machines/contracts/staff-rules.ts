import * as z from 'zod/mini';
import type { LeaseStatusCode } from '../lease-status/lease-status.machine.ts';
import type { StateRule } from '../domain/state-rules.ts';
import { LEASE_QUEUE_IDS, LEASE_QUEUES, type LeaseQueueId } from './staff-leases.ts';
import type { ServicingRuleView } from './servicing-rules.ts';

// Route group 'staff-rules' (issue 11): state rules, Security Settings and Queue Management as stored, versioned
// settings that staff edit (seed 001 section 2 "Queue Management", "Security Settings").

/** GET /staff/api/state-rules: every state's rule with its version. */
export interface StateRuleView extends StateRule {
  v: number;
  updated_at: string | null;
  updated_by: string | null;
  /** The state's servicing terms (issue 23), versioned and edited apart (PUT /staff/api/state-rules/{state}/servicing). */
  servicing: ServicingRuleView;
}

// ---------- security settings ----------

const int = (min: number, max: number) =>
  z
    .int('staff.rules.validation.integer')
    .check(z.minimum(min, 'staff.rules.validation.range'), z.maximum(max, 'staff.rules.validation.range'));

/** An IPv4 or IPv6 address, optionally a CIDR block. */
export const IP_OR_CIDR =
  /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}(?:\/(?:3[0-2]|[12]?\d))?|[0-9a-fA-F:]{2,39}(?:\/(?:12[0-8]|1[01]\d|\d?\d))?)$/;

export const securitySettingsSchema = z.object({
  password: z.object({
    min_length: int(8, 128),
    require_upper: z.boolean(),
    require_lower: z.boolean(),
    require_digit: z.boolean(),
    require_symbol: z.boolean(),
  }),
  session: z.object({
    /** A session ends after this many minutes without a request. */
    idle_minutes: int(5, 24 * 60),
    /** ... and at the latest this many hours after sign-in. */
    absolute_hours: int(1, 72),
  }),
  throttle: z.object({
    /** Failed sign-ins allowed per user name, and per client IP, within the window. */
    user_limit: int(3, 100),
    ip_limit: int(5, 1000),
    window_minutes: int(1, 24 * 60),
  }),
  /** Staff may sign in and call the staff API only from these addresses or CIDR blocks; empty = from anywhere. */
  ip_allow_list: z
    .array(z.string().check(z.trim(), z.regex(IP_OR_CIDR, 'staff.rules.validation.ip')))
    .check(z.maxLength(200, 'staff.validation.tooMany')),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const securitySettingsUpdate = z.extend(securitySettingsSchema, { v: z.optional(z.int().check(z.minimum(0))) });

/** Safe defaults (the production values of functions/platform/staff-config.ts); the allow-list is empty. */
export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  password: { min_length: 10, require_upper: false, require_lower: false, require_digit: false, require_symbol: false },
  session: { idle_minutes: 30, absolute_hours: 12 },
  throttle: { user_limit: 5, ip_limit: 30, window_minutes: 15 },
  ip_allow_list: [],
};

/** The password policy's problems with a password (message keys), empty when it passes. */
export function passwordProblems(password: string, policy: SecuritySettings['password']): string[] {
  const problems: string[] = [];
  if (password.length < policy.min_length) problems.push('staff.rules.password.tooShort');
  if (policy.require_upper && !/\p{Lu}/u.test(password)) problems.push('staff.rules.password.upper');
  if (policy.require_lower && !/\p{Ll}/u.test(password)) problems.push('staff.rules.password.lower');
  if (policy.require_digit && !/\d/.test(password)) problems.push('staff.rules.password.digit');
  if (policy.require_symbol && !/[^\p{L}\d\s]/u.test(password)) problems.push('staff.rules.password.symbol');
  return problems;
}

// ---------- queue management ----------

/** Lease statuses a queue may be fed from: the status codes, and `Y.delivered` (delivered, awaiting funding). */
export const QUEUE_STATUSES = ['S', 'I', 'N', 'V', 'Z', 'Y', 'Y.delivered', 'G', 'L', 'C'] as const satisfies readonly (
  Exclude<LeaseStatusCode, 'inProgress'> | 'Y.delivered'
)[];
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

const queueRule = z.object({
  /** Lease statuses whose records are listed in this queue. */
  statuses: z
    .array(z.enum(QUEUE_STATUSES as unknown as [QueueStatus, ...QueueStatus[]], 'staff.rules.validation.status'))
    .check(z.minLength(1, 'staff.rules.validation.statusRequired'), z.maxLength(QUEUE_STATUSES.length)),
  /** Role ids whose users may claim from it (besides `lease-queue.claim`); empty = anyone with that permission. */
  claim_roles: z
    .array(z.string().check(z.minLength(1), z.maxLength(100)))
    .check(z.maxLength(50, 'staff.validation.tooMany')),
});

/** The collections queues (issue 23), one per delinquency bucket, and the lender's contact hours. */
export const COLLECTION_QUEUE_BUCKETS = ['1-30', '31-60', '61-90', '90+'] as const;
export type CollectionQueueBucket = (typeof COLLECTION_QUEUE_BUCKETS)[number];
const collectionBucketRule = z.object({
  /** Role ids whose users may claim accounts of this bucket (besides `collections.work`); empty = anyone with it. */
  claim_roles: z
    .array(z.string().check(z.minLength(1), z.maxLength(100)))
    .check(z.maxLength(50, 'staff.validation.tooMany')),
});
const hour = (min: number, max: number) =>
  z
    .int('collections.work.hourInvalid')
    .check(z.minimum(min, 'collections.work.hourInvalid'), z.maximum(max, 'collections.work.hourInvalid'));
export const collectionsQueueConfig = z.object({
  /** When collectors may call or message, in the lessee's own time zone (8 am to 9 pm by default, as the FDCPA). */
  contact_hours: z.object({ start_hour: hour(0, 23), end_hour: hour(1, 24) }),
  buckets: z.object({
    '1-30': collectionBucketRule,
    '31-60': collectionBucketRule,
    '61-90': collectionBucketRule,
    '90+': collectionBucketRule,
  } satisfies Record<CollectionQueueBucket, typeof collectionBucketRule>),
});
export type CollectionsQueueConfig = z.infer<typeof collectionsQueueConfig>;

export const DEFAULT_COLLECTIONS_QUEUE_CONFIG: CollectionsQueueConfig = {
  contact_hours: { start_hour: 8, end_hour: 21 },
  buckets: {
    '1-30': { claim_roles: [] },
    '31-60': { claim_roles: [] },
    '61-90': { claim_roles: [] },
    '90+': { claim_roles: [] },
  },
};

export const queueConfigSchema = z.object({
  queues: z.object({
    review: queueRule,
    info: queueRule,
    docs: queueRule,
    funding: queueRule,
  } satisfies Record<LeaseQueueId, typeof queueRule>),
  /** Optional so that a configuration saved before the collections queues still reads (the defaults apply). */
  collections: z.optional(collectionsQueueConfig),
});
export type QueueConfig = z.infer<typeof queueConfigSchema>;
export const queueConfigUpdate = z.extend(queueConfigSchema, { v: z.optional(z.int().check(z.minimum(0))) });

/** Today's queues (machines/contracts/staff-leases.ts LEASE_QUEUES): one status each, claimable by anyone allowed. */
export const DEFAULT_QUEUE_CONFIG: QueueConfig = {
  queues: {
    review: { statuses: [LEASE_QUEUES.review.status], claim_roles: [] },
    info: { statuses: [LEASE_QUEUES.info.status], claim_roles: [] },
    docs: { statuses: [LEASE_QUEUES.docs.status], claim_roles: [] },
    funding: { statuses: [LEASE_QUEUES.funding.status], claim_roles: [] },
  },
  collections: DEFAULT_COLLECTIONS_QUEUE_CONFIG,
};

/** The queues a lease status feeds (a lease in `Y` that is delivered has status key `Y.delivered`). */
export function queuesForStatus(config: QueueConfig, statusKey: string): LeaseQueueId[] {
  return LEASE_QUEUE_IDS.filter((id) => (config.queues[id].statuses as readonly string[]).includes(statusKey));
}

/** Whether a user with these roles may claim from a queue (the `lease-queue.claim` permission is checked apart). */
export function mayClaimFrom(config: QueueConfig, queue: LeaseQueueId, roleIds: readonly string[]): boolean {
  const roles = config.queues[queue].claim_roles;
  return roles.length === 0 || roles.some((r) => roleIds.includes(r));
}

export interface StoredSettingsView<T> {
  settings: T;
  v: number;
  updated_at: string | null;
  updated_by: string | null;
}
