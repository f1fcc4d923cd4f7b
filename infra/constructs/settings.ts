import type { routes } from '../../functions/http/routes.ts';

/** One entry of the route table. */
export type Route = (typeof routes)[number];

/** Per-group Lambda sizing. Groups not listed get the defaults; add a group here when it needs more. */
export interface GroupSettings {
  /** Seconds; API Gateway HTTP APIs stop waiting at 30 s, so more is pointless. */
  timeoutSeconds: number;
  memoryMb: number;
}

export const DEFAULT_GROUP_SETTINGS: GroupSettings = { timeoutSeconds: 10, memoryMb: 512 };

/**
 * Groups whose handlers call third parties synchronously get 30 s (API Gateway's own limit): apply (bureau score and
 * decision), lookups (address and bank routing lookups), checkout (e-sign, card vault, payments). Add a group here
 * when its handlers start calling a vendor in the request path.
 */
export const VENDOR_CALLING_GROUPS: readonly string[] = [
  'apply',
  'lookups',
  'decision',
  'checkout',
  'retailer',
  'webhooks',
  'sandbox-vendors',
  'sandbox-checkout',
  'verification-flows',
  // the lessee's payments and payoff charge the card vault in the request
  'customer',
];

export const GROUP_SETTINGS: Readonly<Record<string, Partial<GroupSettings>>> = {
  ...Object.fromEntries(VENDOR_CALLING_GROUPS.map((group) => [group, { timeoutSeconds: 30 }])),
  // Mass Import reads xlsx files of up to 9 MB and writes every row of a table in the request.
  'staff-imports': { timeoutSeconds: 30, memoryMb: 1024 },
  // Uploads (files up to 9 MB, to S3) and the Store Application approval (retailer, store, user, invitation e-mail).
  signup: { timeoutSeconds: 30, memoryMb: 1024 },
  'staff-network': { timeoutSeconds: 30, memoryMb: 1024 },
};

export function settingsFor(group: string): GroupSettings {
  return { ...DEFAULT_GROUP_SETTINGS, ...GROUP_SETTINGS[group] };
}

/** The production stage never gets the sandbox vendors. */
export const isProductionStage = (stage: string) => stage === 'prod';

/** Sandbox routes (auth 'sandbox' or the 'sandbox' group) exist locally and in non-production stages only. */
export const isSandboxRoute = (route: Pick<Route, 'auth' | 'group'>) =>
  route.auth === 'sandbox' || route.group === 'sandbox';

/** The routes a stage deploys, in route-table order. */
export function routesForStage(all: readonly Route[], stage: string): Route[] {
  return all.filter((route) => !isProductionStage(stage) || !isSandboxRoute(route));
}

/** The Lambda groups a stage deploys: every group that still has a route. */
export function groupsForStage(all: readonly Route[], stage: string): string[] {
  return [...new Set(routesForStage(all, stage).map((route) => route.group))];
}
