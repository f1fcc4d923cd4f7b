import { afterAll, beforeAll, expect } from 'vitest';
import type { Db } from '../../functions/data/client.ts';
import { loadConfig } from '../../functions/platform/config.ts';
import { AppError } from '../../functions/platform/errors.ts';
import type { HttpEvent } from '../../functions/platform/http-types.ts';
import { createLogger, type Logger } from '../../functions/platform/logger.ts';
import { freshDb } from './dynalite.ts';

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

/** What a checkout vendor's sandbox is made with. */
interface SandboxVendorOptions {
  db: Db;
  clock: () => Date;
  config: ReturnType<typeof sandboxTestConfig>;
  log: Logger;
  deliver: (body: string) => Promise<void>;
}

/**
 * A vendor's sandbox for the tests of the calling file (call it at the top level), made before them over a fresh
 * dynalite with the test configuration, a silent log and `clock`; the callbacks it sends are kept in `delivered`,
 * oldest first. `db` and `vendor` may be read only once made (in hooks and tests).
 */
export function sandboxVendorForFile<Vendor>(make: (options: SandboxVendorOptions) => Vendor, clock: () => Date) {
  const config = sandboxTestConfig();
  const log = createLogger('silent');
  const delivered: string[] = [];
  let made: { db: Db; vendor: Vendor; stop: () => Promise<void> } | undefined;
  beforeAll(async () => {
    const { db, stop } = await freshDb();
    made = { db, stop, vendor: make({ db, clock, config, log, deliver: async (body) => void delivered.push(body) }) };
  });
  afterAll(() => made?.stop());
  const ready = () => {
    if (!made) throw new Error('the sandbox is made before the tests only');
    return made;
  };
  return {
    config,
    log,
    delivered,
    get db() {
      return ready().db;
    },
    get vendor() {
      return ready().vendor;
    },
  };
}
