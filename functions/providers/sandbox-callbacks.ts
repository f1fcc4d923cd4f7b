import type { Db } from '../data/client.ts';
import type { Config } from '../platform/config.ts';
import type { Logger } from '../platform/logger.ts';

// What the checkout vendors' sandboxes (card vault, e-sign) are made with, their simulated latency, and the callback
// they POST to our own webhook, signed as the process's webhook reads it.

export interface CheckoutSandboxOptions {
  db: Db;
  clock: () => Date;
  config: Pick<Config, 'publicUrl' | 'checkoutVendors'>;
  log: Logger;
  /** Delivers a callback body to our webhook; the default signs it and POSTs it to `${publicUrl}/webhooks/<vendor>`. */
  deliver?: (body: string) => Promise<void>;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits `ms` where the sandboxes are configured to act slow, else not at all. */
export const sandboxLatency = (config: CheckoutSandboxOptions['config']) => (ms: number) =>
  config.checkoutVendors.sandboxLatency ? sleep(ms) : Promise.resolve();

/** `options.deliver`, or a POST of the body to `${publicUrl}/webhooks/<webhook>` with the `signature` headers. */
export const sandboxDelivery = (
  options: CheckoutSandboxOptions,
  webhook: string,
  signature: (body: string) => Record<string, string>,
): ((body: string) => Promise<void>) =>
  options.deliver ??
  (async (body: string) => {
    const res = await fetch(`${options.config.publicUrl}/webhooks/${webhook}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signature(body) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`webhook answered ${res.status}`);
  });
