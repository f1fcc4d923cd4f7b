// npm run smoke -- --base URL: a read-only and test-mode smoke of a running stage (npm start, or a deployed
// non-production stage's distribution URL). Each check prints one line; the exit code is the number of failures.
//   health -> the shopper shell -> a test-mode checkout through its decision to completed -> its webhooks received
//   and verified by the demo retailer's endpoint -> a staff sign-in.
// Credentials come from flags or the environment: --retailer-token / SMOKE_RETAILER_TOKEN (a test-mode API token),
// --staff-user / SMOKE_STAFF_USER (default admin), --staff-password / SMOKE_STAFF_PASSWORD.
import { parseArgs } from 'node:util';
import { call, newJourney, runToCompletion } from '../support/journey-driver.ts';

export interface SmokeOptions {
  base: string;
  retailerToken: string;
  staffUser: string;
  staffPassword: string;
  /** The whole run's limit. */
  timeoutMs?: number;
}

export interface SmokeCheck {
  name: string;
  ok: boolean;
  ms: number;
  detail?: string;
}

export async function smoke(options: SmokeOptions): Promise<SmokeCheck[]> {
  const base = options.base.replace(/\/+$/, '');
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const checks: SmokeCheck[] = [];
  const check = async (name: string, run: () => Promise<string | void>) => {
    const started = Date.now();
    try {
      const detail = await run();
      checks.push({ name, ok: true, ms: Date.now() - started, ...(detail ? { detail } : {}) });
    } catch (error) {
      checks.push({ name, ok: false, ms: Date.now() - started, detail: String(error) });
    }
  };
  const expectStatus = (what: string, status: number, wanted: number) => {
    if (status !== wanted) throw new Error(`${what} answered ${status}, expected ${wanted}`);
  };

  await check('health', async () => {
    const r = await call(base, 'GET', '/health');
    expectStatus('GET /health', r.status, 200);
  });
  await check('shopper shell', async () => {
    const res = await fetch(`${base}/`);
    expectStatus('GET /', res.status, 200);
    const html = await res.text();
    if (!html.includes('<div id="root">') || !/<script[^>]+src=/.test(html))
      throw new Error('GET / is not the SPA shell');
  });

  const journey = { ...newJourney('smoke', `${base}/demo/retailer/webhooks`), retailerToken: options.retailerToken };
  await check('test checkout through a decision to completed', async () => {
    await runToCompletion(base, journey, deadline);
    const decision = journey.acked.find((a) => a.step === 'decision');
    return `checkout ${journey.checkoutId}, decision ${decision?.detail ?? '?'}`;
  });
  await check('webhook received and verified', async () => {
    if (!journey.checkoutId) throw new Error('no checkout to wait for');
    while (Date.now() < deadline) {
      const r = await call(base, 'GET', '/demo/retailer/webhooks');
      expectStatus('GET /demo/retailer/webhooks', r.status, 200);
      const ours = (r.body.data.webhooks as { type: string; checkout_id: string | null; verified: boolean }[]).filter(
        (w) => w.checkout_id === journey.checkoutId,
      );
      const unverified = ours.filter((w) => !w.verified);
      if (unverified.length) throw new Error(`unverified signature on ${unverified.map((w) => w.type).join(', ')}`);
      if (ours.some((w) => w.type === 'checkout.completed')) return `${ours.length} webhooks, all verified`;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('checkout.completed was not delivered in time');
  });
  await check('staff sign-in', async () => {
    const r = await call(base, 'POST', '/staff/api/auth/login', {
      body: { username: options.staffUser, password: options.staffPassword },
    });
    expectStatus('POST /staff/api/auth/login', r.status, 200);
  });
  return checks;
}

async function main() {
  const { values } = parseArgs({
    options: {
      base: { type: 'string' },
      'retailer-token': { type: 'string' },
      'staff-user': { type: 'string' },
      'staff-password': { type: 'string' },
    },
  });
  const base = values.base ?? process.env.SMOKE_BASE_URL;
  const retailerToken = values['retailer-token'] ?? process.env.SMOKE_RETAILER_TOKEN;
  const staffPassword = values['staff-password'] ?? process.env.SMOKE_STAFF_PASSWORD;
  if (!base || !retailerToken || !staffPassword) {
    console.error(
      'Usage: npm run smoke -- --base https://<distribution> --retailer-token <test-mode API token> --staff-password <password> [--staff-user admin]\n(or SMOKE_BASE_URL, SMOKE_RETAILER_TOKEN, SMOKE_STAFF_PASSWORD, SMOKE_STAFF_USER)',
    );
    process.exit(2);
  }
  const checks = await smoke({
    base,
    retailerToken,
    staffPassword,
    staffUser: values['staff-user'] ?? process.env.SMOKE_STAFF_USER ?? 'admin',
  });
  for (const c of checks)
    console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name} (${c.ms} ms)${c.detail ? `: ${c.detail}` : ''}`);
  process.exitCode = checks.filter((c) => !c.ok).length;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
