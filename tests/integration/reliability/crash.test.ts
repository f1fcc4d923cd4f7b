import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import {
  advance,
  call,
  checkoutView,
  COMPLETED_CHECKOUT_WEBHOOKS as EXPECTED_TYPES,
  newJourney,
  RETAILER_TOKEN,
  runToCompletion,
  type Journey,
} from '../../support/journey-driver.ts';
import { startServer, type RunningServer } from '../../support/server.ts';
import { jsonOr, readText } from '../../support/http.ts';

// Crash safety: checkout journeys run against a server of our own; while they are in flight (and while a webhook
// attempt is held open by the retailer's receiver) the server's whole process group is killed with SIGKILL. A new
// server on the same data directory must still have every write it acknowledged, every journey must go on to its
// completed lease, and every webhook must reach the retailer: each event id answered 2xx, none lost. What the
// platform guarantees is at-least-once delivery with a stable event id and body: an attempt cut off by the crash
// may have reached the receiver and is sent again (same id, same bytes), so a receiver that dedupes by event id sees
// each event exactly once; after the restart no event arrives twice, and the delivery log records one 2xx each.

const JOURNEYS = 4;

interface Receipt {
  id: string;
  type: string;
  checkoutId: string;
  body: string;
  phase: 'before-kill' | 'after-restart';
  answered: boolean;
}

/** The retailer's webhook receiver: records every delivery by event id; can hold one attempt open (the trap). */
function receiver() {
  const receipts: Receipt[] = [];
  let phase: Receipt['phase'] = 'before-kill';
  let trap: ((r: Receipt) => void) | undefined;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void readText(req).then((body) => {
      // a body that is not JSON is recorded with an empty id: the assertions catch it
      const parsed: { id?: string; type?: string; data?: { checkout_id?: string } } = jsonOr(body, {});
      const receipt: Receipt = {
        id: parsed.id ?? '',
        type: parsed.type ?? '',
        checkoutId: parsed.data?.checkout_id ?? '',
        body,
        phase,
        answered: false,
      };
      receipts.push(receipt);
      if (trap) {
        // Never answered: the attempt is in flight when the server dies.
        const spring = trap;
        trap = undefined;
        spring(receipt);
        return;
      }
      res.on('finish', () => (receipt.answered = true));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  return {
    receipts,
    server,
    setPhase: (p: Receipt['phase']) => (phase = p),
    /** Resolves with the next delivery, which is held open and never answered. */
    holdNext: () => new Promise<Receipt>((resolve) => (trap = resolve)),
  };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function allDeliveries(base: string) {
  const out: any[] = [];
  let cursor: string | null = null;
  do {
    const r = await call(
      base,
      'GET',
      `/retailer/v1/webhooks/deliveries?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      {
        headers: { authorization: `Bearer ${RETAILER_TOKEN}` },
      },
    );
    expect(r.status).toBe(200);
    out.push(...r.body.data.deliveries);
    cursor = r.body.data.cursor;
  } while (cursor);
  return out;
}

let first: RunningServer | undefined;
let second: RunningServer | undefined;
let hooks: ReturnType<typeof receiver> | undefined;

afterAll(async () => {
  if (first && first.process.exitCode === null && first.process.signalCode === null)
    process.kill(-first.process.pid!, 'SIGKILL');
  if (second && second.process.exitCode === null) await second.stop();
  hooks?.server.close();
  if (first) rmSync(first.dataDir, { recursive: true, force: true });
});

describe('a crash in the middle of journeys', () => {
  it('keeps every acknowledged write, lets every journey finish and delivers every webhook once per event id', async () => {
    hooks = receiver();
    await new Promise<void>((r) => hooks!.server.listen(0, '127.0.0.1', () => r()));
    const callbackUrl = `http://127.0.0.1:${(hooks.server.address() as AddressInfo).port}/webhooks`;
    // The same port before and after: links the server gave out (e-sign, vendor callbacks) stay valid.
    const env = { PORT: String(await freePort()) };
    first = await startServer({ env, detached: true });
    const base = first.baseUrl;

    // Journeys in flight; the kill comes once a third of their steps are acknowledged and a webhook attempt is open.
    const journeys: Journey[] = Array.from({ length: JOURNEYS }, (_, i) => newJourney(`crash${i}`, callbackUrl));
    let killed = false;
    const errorsBeforeKill: string[] = [];
    const driving = journeys.map(async (j, i) => {
      await new Promise((r) => setTimeout(r, i * 300)); // staggered, so the journeys are at different steps
      while (!killed) {
        try {
          if (await advance(base, j)) return;
        } catch (error) {
          if (!killed) errorsBeforeKill.push(`${j.name}: ${String(error)}`);
          return;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    const ackedSteps = () => journeys.reduce((n, j) => n + j.acked.length, 0);
    while (ackedSteps() < JOURNEYS * 3 && errorsBeforeKill.length === 0) await new Promise((r) => setTimeout(r, 50));
    expect(errorsBeforeKill).toEqual([]);
    const held = await hooks.holdNext();

    const pid = first.process.pid!;
    const exited = new Promise((r) => first!.process.once('exit', r));
    killed = true;
    process.kill(-pid, 'SIGKILL');
    await exited;
    expect(first.process.signalCode).toBe('SIGKILL');
    await Promise.all(driving);
    // Nothing of the old server survives (its group is gone), so nothing but the new one touches the data.
    for (let i = 0; i < 50 && groupAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    expect(groupAlive(pid)).toBe(false);
    const ackedAtKill = journeys.map((j) => j.acked.map((a) => a.step));
    expect(ackedAtKill.flat().length).toBeGreaterThanOrEqual(JOURNEYS * 3);
    expect(
      ackedAtKill.some((steps) => !steps.includes('paid')),
      'some journey was still in flight at the kill',
    ).toBe(true);

    hooks.setPhase('after-restart');
    second = await startServer({ dataDir: first.dataDir, env, detached: true });
    expect(second.baseUrl).toBe(base);

    // Every acknowledged write is there.
    for (const j of journeys) {
      const steps = j.acked.map((a) => a.step);
      if (!steps.includes('checkout')) continue;
      const view = await checkoutView(base, j);
      expect(view.checkout_id).toBe(j.checkoutId);
      if (steps.includes('exchange'))
        expect((await call(base, 'GET', '/apply-v2/session', { headers: j.headers })).status, `${j.name} session`).toBe(
          200,
        );
      if (steps.includes('application')) {
        const own = await call(base, 'GET', '/apply-v2/application', { headers: j.headers });
        expect(own.body.data?.uuid, `${j.name} application`).toBe(j.uuid);
        if (steps.includes('decision')) expect(own.body.data.status, `${j.name} decision`).toBe('approved');
      }
      if (steps.includes('delivery')) expect(view.delivery.scheduled, `${j.name} delivery`).toBe(true);
      if (steps.includes('lease')) expect(view.lease, `${j.name} lease`).not.toBeNull();
      if (steps.includes('signed')) expect([6, 7, 8, 9], `${j.name} signed`).toContain(view.status);
      if (steps.includes('paid')) expect([8, 9], `${j.name} paid`).toContain(view.status);
    }

    // Every journey goes on to its completed lease (a journey not yet created starts now).
    try {
      await Promise.all(journeys.map((j) => runToCompletion(base, j, Date.now() + 60_000)));
    } catch (error) {
      // What the server said while the journey stood still is what the next person needs to see.
      const views = await Promise.all(
        journeys.map(
          async (j) => `${j.name}: ${j.checkoutId ? JSON.stringify(await checkoutView(base, j)) : 'no checkout'}`,
        ),
      );
      throw new Error(
        `${String(error)}\n${views.join('\n')}\nserver after the restart:\n${second.output().slice(-6000)}`,
      );
    }

    // Every webhook reaches the retailer: the log says delivered, and the receiver answered each id.
    const ours = new Set(journeys.map((j) => j.checkoutId));
    let log: any[] = [];
    const until = Date.now() + 70_000; // an attempt cut off by the crash is claimed for 30 s, then retried
    for (;;) {
      log = (await allDeliveries(base)).filter((d) => ours.has(d.checkout_id));
      const answered = new Set(hooks.receipts.filter((r) => r.answered).map((r) => r.id));
      const complete = journeys.every((j) =>
        EXPECTED_TYPES.every((t) => log.some((d) => d.checkout_id === j.checkoutId && d.type === t)),
      );
      if (complete && log.every((d) => d.status === 'delivered' && answered.has(d.event_id))) break;
      if (Date.now() > until) {
        const waiting = log
          .filter((d) => d.status !== 'delivered' || !answered.has(d.event_id))
          .map((d) => `${d.type} ${d.status} ${JSON.stringify(d.attempts)}`);
        throw new Error(`webhooks not delivered: ${waiting.join('\n')}`);
      }
      await new Promise((r) => setTimeout(r, 500));
    }

    const logIds = new Set(log.map((d) => d.event_id as string));
    const byId = new Map<string, Receipt[]>();
    for (const r of hooks.receipts) byId.set(r.id, [...(byId.get(r.id) ?? []), r]);
    // Nothing arrives that the log does not know, and nothing of the log is missing.
    expect([...byId.keys()].filter((id) => !logIds.has(id))).toEqual([]);
    const problems: string[] = [];
    for (const d of log) {
      const copies = byId.get(d.event_id) ?? [];
      const afterRestart = copies.filter((c) => c.phase === 'after-restart');
      if (!copies.some((c) => c.answered)) problems.push(`${d.event_id} ${d.type}: never answered`);
      if (afterRestart.length > 1)
        problems.push(`${d.event_id} ${d.type}: ${afterRestart.length} copies after the restart`);
      if (copies.length > 1 && !(copies.length === 2 && afterRestart.length === 1))
        problems.push(`${d.event_id} ${d.type}: ${copies.length} copies (${copies.map((c) => c.phase).join(', ')})`);
      if (new Set(copies.map((c) => c.body)).size > 1) problems.push(`${d.event_id} ${d.type}: copies differ`);
      const successes = (d.attempts as { status_code: number | null }[]).filter(
        (a) => a.status_code !== null && a.status_code >= 200 && a.status_code < 300,
      );
      if (successes.length !== 1)
        problems.push(`${d.event_id} ${d.type}: ${successes.length} successful attempts logged`);
    }
    expect(problems).toEqual([]);
    // The attempt held open at the kill was sent again after the restart, with the same id and body.
    const again = byId.get(held.id)!.filter((c) => c.phase === 'after-restart');
    expect(again).toHaveLength(1);
    expect(again[0]!.answered).toBe(true);
    expect(again[0]!.body).toBe(held.body);
    // Per checkout, every status reached the retailer.
    for (const j of journeys) {
      const types = new Set(
        hooks.receipts.filter((r) => r.checkoutId === j.checkoutId && r.answered).map((r) => r.type),
      );
      expect(
        EXPECTED_TYPES.filter((t) => !types.has(t)),
        j.name,
      ).toEqual([]);
    }
  }, 200_000);
});
