import { expect } from 'vitest';
import { loadConfig } from '../../functions/platform/config.ts';
import { AppError } from '../../functions/platform/errors.ts';
import type { HttpEvent } from '../../functions/platform/http-types.ts';

// What the unit tests of a checkout vendor's sandbox and of our intake of its webhooks share.

/** The configuration these tests run the sandboxes with: no latency, a fixed public URL, no log lines. */
export const sandboxTestConfig = () =>
  loadConfig({ SANDBOX_LATENCY: 'off', PUBLIC_URL: 'http://portal.test', LOG_LEVEL: 'silent' });

/** A vendor's POST of `body` to our webhook endpoint `path`, as API Gateway hands it to the handler. */
export const webhookPost = (path: string, body: string, headers: Record<string, string>): HttpEvent => ({
  version: '2.0',
  routeKey: `POST ${path}`,
  rawPath: path,
  rawQueryString: '',
  headers,
  body,
  isBase64Encoded: false,
  requestContext: {
    requestId: 'r1',
    timeEpoch: 0,
    http: { method: 'POST', path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 't' },
  },
});

/** Expects the intake to refuse (an AppError with `status`). */
export async function expectRefusal(intake: Promise<unknown>, status: number) {
  const error = await intake.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).statusCode).toBe(status);
}
