import { randomUUID } from 'node:crypto';

// Every answer carries X-Request-Id: the caller's own id when it is well formed (so a retailer can follow one call
// through its logs and ours), otherwise one we make. The same id is in every log line of that request.

export const REQUEST_ID_HEADER = 'x-request-id';

/** Printable ASCII without spaces, quotes or separators, 8 to 128 characters (UUIDs, ULIDs, req_... ids). */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

export const isWellFormedRequestId = (value: string | undefined): value is string =>
  typeof value === 'string' && WELL_FORMED.test(value);

/** The id of this request: the caller's X-Request-Id when well formed, else `fallback` (API Gateway's id) or a new UUID. */
export function requestIdOf(headers: Record<string, string | undefined>, fallback?: string): string {
  const given = headers[REQUEST_ID_HEADER]?.trim();
  if (isWellFormedRequestId(given)) return given;
  return isWellFormedRequestId(fallback) ? fallback : randomUUID();
}
