import type { Envelope, FieldErrors } from '../../machines/contracts/envelope.ts';

// What the shopper's and the lessee's fetch wrappers share: the error they throw (each its own subclass, so that a
// page tells its own calls' failures apart) and the reading of the answer's envelope.

/** A call that failed: the HTTP status, the server's message and the envelope's data and field errors. */
export class EnvelopeError extends Error {
  constructor(
    /** HTTP status (0 when the network failed). */
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    readonly errors: FieldErrors = {},
  ) {
    super(message);
  }
}

/** The answer's envelope, or undefined when the body is not one (an HTML error page, a cut-off answer). */
export async function readEnvelope<T>(response: Response): Promise<Envelope<T> | undefined> {
  try {
    const envelope = (await response.json()) as Envelope<T>;
    return typeof envelope === 'object' && envelope !== null && typeof envelope.status === 'boolean'
      ? envelope
      : undefined;
  } catch {
    return undefined;
  }
}

/** An EnvelopeError's arguments for an answer that was not one. */
export const notAnEnvelope = (response: Response) =>
  [response.status, response.ok ? 'error.invalidResponse' : 'error.unknown'] as const;

/** An EnvelopeError's arguments for a refused call: the server's message (or code) and its data and field errors. */
export const refusal = (response: Response, envelope: Envelope<unknown>) =>
  [
    response.status,
    envelope.message ?? envelope.error ?? 'error.unknown',
    envelope.data ?? null,
    envelope.errors ?? {},
  ] as const;
