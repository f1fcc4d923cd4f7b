import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putApiToken } from '../../../functions/data/api-tokens.ts';
import { onApplicationEvent } from '../../../functions/events/checkout-consumer.ts';
import { inProcessBus } from '../../../functions/events/event-bus.ts';
import { onLeaseRelevantEvent } from '../../../functions/events/lease-consumer.ts';
import { relayOutbox } from '../../../functions/events/outbox-relay.ts';
import { seedDemoData } from '../../../functions/local/seed.ts';
import { createLocalServer } from '../../../functions/local/server.ts';
import { loadConfig } from '../../../functions/platform/config.ts';
import { createDeps } from '../../../functions/platform/create-deps.ts';
import type { Deps } from '../../../functions/platform/deps.ts';
import { sandboxCardVault } from '../../../functions/providers/card-vault/sandbox.ts';
import { freshDb } from '../../support/dynalite.ts';
import {
  advance,
  call,
  checkoutView,
  newJourney,
  RETAILER_TOKEN,
  runToCompletion,
  type Journey,
} from '../../support/journey-driver.ts';

// Test mode in production (issue 26, item 4): the sandbox checkout vendors' pages are deployed in every stage so that a
// test token's checkout finishes in production too, but there they open only a test checkout's envelope and card
// session; a live checkout's are as unknown as a missing one (404), and the rest of the sandbox stays closed.
// One runtime in this process (server, outbox relay, consumers) whose stage turns production half way: the journeys
// reach their signature where the sandbox mailbox and the Fill menu exist, then the stage is production.

const LIVE_TOKEN = 'rt_live_test_mode_pages_00000000000000';

let deps: Deps;
let base: string;
let stop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDb();
  const config = loadConfig({
    STAGE: 'local',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lto-test-mode-')),
    SANDBOX_LATENCY: 'off',
    LOG_LEVEL: 'error',
  });
  deps = createDeps(config, { db: fresh.db });
  await seedDemoData(deps, { DEMO_RETAILER_API_TOKEN: RETAILER_TOKEN, DEMO_ADMIN_PASSWORD: 'test-mode-admin-pw' });
  await putApiToken(deps.db, LIVE_TOKEN, {
    id: 'tok-test-mode-live',
    name: 'live',
    retailerId: 'ret-demo-electronics',
    created_at: deps.clock().toISOString(),
    last_four: LIVE_TOKEN.slice(-4),
    mode: 'live',
  });
  // The checkout follows its application through the outbox, as under `npm start`.
  const bus = inProcessBus();
  bus.subscribe((event) => onApplicationEvent(deps, event));
  bus.subscribe((event) => onLeaseRelevantEvent(deps, event));
  let relaying: Promise<unknown> | undefined;
  const relay = setInterval(() => {
    relaying ??= relayOutbox(deps.db, bus, deps.clock())
      .catch(() => undefined)
      .finally(() => (relaying = undefined));
  }, 100);
  const server: Server = createLocalServer({ deps, distDir: mkdtempSync(join(tmpdir(), 'lto-test-mode-dist-')) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Signing links and vendor callbacks point here.
  deps.config.publicUrl = base;
  stop = async () => {
    clearInterval(relay);
    // A pass under way finishes before the database stops.
    await relaying;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await fresh.stop();
  };
}, 120_000);
afterAll(async () => stop?.());

/** Drives a journey until its lease is made (status 5): the signature is next. */
async function toSignature(j: Journey) {
  const deadline = Date.now() + 60_000;
  while (!j.acked.some((a) => a.step === 'lease')) {
    if (Date.now() > deadline) throw new Error(`${j.name} did not reach its lease: ${JSON.stringify(j.acked)}`);
    await advance(base, j);
    await new Promise((r) => setTimeout(r, 50));
  }
  expect((await checkoutView(base, j)).status).toBe(5);
}

/** The checkout's signing link (our esign endpoint answers the vendor's URL). */
async function signingLink(j: Journey) {
  const res = await call(base, 'POST', `/apply-v2/checkout/${j.checkoutId}/esign`, {
    body: { checkout_id: j.checkoutId, iframe: false },
    headers: j.headers,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new URL(res.body.data.url as string);
}

const signAt = (link: URL, j: Journey) =>
  call(base, 'POST', link.pathname, {
    form: {
      view: link.searchParams.get('view')!,
      action: 'sign',
      consent: 'yes',
      signature: `${j.fill.applicant.first_name} ${j.fill.applicant.last_name}`,
    },
  });

describe('the sandbox checkout pages in production', () => {
  const test = newJourney('test-mode', 'https://retailer.invalid/hooks');
  const live = { ...newJourney('live-mode', 'https://retailer.invalid/hooks'), retailerToken: LIVE_TOKEN };

  it("opens a live checkout's signing page outside production (the sandbox is every checkout's vendor there)", async () => {
    await Promise.all([toSignature(test), toSignature(live)]);
    const link = await signingLink(live);
    const page = await fetch(`${base}${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Sign');
  }, 150_000);

  it("refuses a live checkout's signing page, signature and document in production, and signs nothing", async () => {
    deps.config.production = true;
    const link = await signingLink(live);
    const before = (await checkoutView(base, live)).status as number;
    const page = await fetch(`${base}${link.pathname}${link.search}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('This signing link is not valid');
    const signed = await signAt(link, live);
    expect(signed.status).toBe(404);
    const document = await fetch(`${base}${link.pathname}/document${link.search}`);
    expect(document.status).toBe(404);
    // Still waiting for its signature (5 lease made, 13 signature asked for).
    expect([5, 13]).toContain(before);
    expect((await checkoutView(base, live)).status).toBe(before);
  });

  it("refuses a live checkout's card form and its tokenize call in production", async () => {
    const vault = sandboxCardVault({ db: deps.db, clock: deps.clock, config: deps.config, log: deps.log });
    const session = await vault.createSession({
      amountCents: 5_000,
      currency: 'usd',
      reference: live.checkoutId!,
      flags: {
        is_prepaid_cards_allowed: true,
        are_credit_cards_allowed: true,
        are_debit_cards_allowed: true,
        is_foreign_cards_allowed: true,
      },
      parentOrigin: base,
    });
    const fields = await fetch(`${base}/sandbox/vault/fields/${session.sessionId}?origin=${encodeURIComponent(base)}`);
    expect(fields.status).toBe(404);
    const card = await call(base, 'POST', '/sandbox/vault/tokenize', {
      body: { sessionId: session.sessionId, number: '4242424242424242', expiry: '12/39', cvc: '123' },
    });
    expect(card.status).toBe(404);
    expect(card.body).toMatchObject({ status: false, code: 404 });
  });

  it('keeps the rest of the sandbox closed in production', async () => {
    expect((await call(base, 'GET', '/sandbox/messages')).status).toBe(404);
    expect((await call(base, 'GET', '/sandbox/messages.html')).status).toBe(404);
    const vendorConsole = await call(base, 'POST', '/sandbox/checkout-vendors/esign/getEnvelope', { body: {} });
    expect(vendorConsole.status).toBe(404);
  });

  it("finishes a test token's checkout in production: signed at the sandbox, paid with a test card, completed", async () => {
    expect(deps.config.production).toBe(true);
    await runToCompletion(base, test, Date.now() + 90_000);
    const view = await checkoutView(base, test);
    expect(view).toMatchObject({ status: 9, livemode: false });
    expect(test.acked.map((a) => a.step)).toEqual(expect.arrayContaining(['signed', 'paid']));
  }, 120_000);
});
