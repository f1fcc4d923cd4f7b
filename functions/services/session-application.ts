import { applicationKey } from '../data/application-key.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The key of the application an apply request names (`uuid` in its JSON body), for the edge to read with the session
 * in one request (ApplySession.companion; functions/services/applications.ts readSessionApplication takes it);
 * undefined when the body names none.
 */
export function namedApplicationKey(body: unknown): { pk: string; sk: string } | undefined {
  const uuid = body && typeof body === 'object' ? (body as { uuid?: unknown }).uuid : undefined;
  return typeof uuid === 'string' && UUID.test(uuid.trim()) ? applicationKey(uuid.trim()) : undefined;
}
