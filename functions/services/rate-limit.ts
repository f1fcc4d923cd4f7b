import { countRequest } from '../data/rate-limits.ts';
import type { Deps } from '../platform/deps.ts';
import type { RetailerCaller } from '../platform/sessions.ts';

// The retailer API's rate limit, per API token (or OAuth client), kept in DynamoDB so that every Lambda instance
// counts against the same window. In AWS live tokens get 100 requests per 10 seconds, test tokens 25 (a sandbox has
// no business with production volumes); the local runtime (STAGE unset or local) allows 100 times that, so the load
// and crash suites measure the platform rather than the limiter. RETAILER_RATE_LIMIT_LIVE, RETAILER_RATE_LIMIT_TEST
// and RETAILER_RATE_LIMIT_WINDOW_SECONDS override both (the edge integration tests use a low limit).

export interface RateLimitPolicy {
  live: number;
  test: number;
  windowSeconds: number;
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export function rateLimitPolicy(env: NodeJS.ProcessEnv = process.env): RateLimitPolicy {
  const scale = !env.STAGE || env.STAGE === 'local' ? 100 : 1;
  return {
    live: positive(env.RETAILER_RATE_LIMIT_LIVE, 100 * scale),
    test: positive(env.RETAILER_RATE_LIMIT_TEST, 25 * scale),
    windowSeconds: positive(env.RETAILER_RATE_LIMIT_WINDOW_SECONDS, 10),
  };
}

export interface RateLimitOutcome {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSeconds: number;
  /** The IETF RateLimit-* fields, and Retry-After when refused. */
  headers: Record<string, string>;
}

/** Counts one request of `caller`; refused (allowed false) once its window holds the limit. */
export async function checkRetailerRateLimit(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: RetailerCaller,
  policy: RateLimitPolicy = rateLimitPolicy(),
): Promise<RateLimitOutcome> {
  const nowSeconds = deps.clock().getTime() / 1000;
  const windowStart = Math.floor(nowSeconds / policy.windowSeconds) * policy.windowSeconds;
  const windowEnd = windowStart + policy.windowSeconds;
  const limit = caller.mode === 'test' ? policy.test : policy.live;
  // An OAuth access token counts against its client, an API token against itself.
  const hits = await countRequest(
    deps.db,
    `${caller.retailerId}#${caller.tokenId}`,
    windowStart,
    limit,
    windowEnd + 60,
  );
  const resetSeconds = Math.max(1, Math.ceil(windowEnd - nowSeconds));
  const remaining = hits === undefined ? 0 : Math.max(0, limit - hits);
  const headers: Record<string, string> = {
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(remaining),
    'ratelimit-reset': String(resetSeconds),
    'ratelimit-policy': `${limit};w=${policy.windowSeconds}`,
  };
  if (hits === undefined) headers['retry-after'] = String(resetSeconds);
  return { allowed: hits !== undefined, limit, remaining, resetSeconds, headers };
}
