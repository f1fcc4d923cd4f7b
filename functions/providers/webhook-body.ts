// What the vendors' callback parsers share: the error for a body that is not what the vendor sends, and its JSON.

export class MalformedWebhook extends Error {}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The body's JSON; MalformedWebhook when it is not JSON. */
export function parseWebhookJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new MalformedWebhook('not JSON');
  }
}
