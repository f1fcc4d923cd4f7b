import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_STATUS_NAMES, CHECKOUT_STATUS } from '../../../machines/checkout/checkout-status.ts';
import {
  checkoutStatusEventType,
  WEBHOOK_EVENTS,
  webhookDataProblems,
  webhookEnvelopeSchema,
  webhookEventTypes,
} from '../../../machines/contracts/webhook-events.ts';
import { LEASE_STATUS_CODES } from '../../../machines/lease-status/lease-status.machine.ts';
import { checkoutEventType } from '../../../functions/services/checkout.ts';
import { leaseEventType } from '../../../functions/services/leases/sync.ts';

// The catalogue is the list of webhook types: the dispatcher sends nothing else. So every type the code can emit
// to a retailer must be in it, and each entry's example must be what its schema says.

const root = resolve(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Outbox event types written as literals: newEvent('checkout.x', ...), including `a ? 'x' : 'y'` choices. */
function literalEventTypes(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(join(root, 'functions'))) {
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(/newEvent\(([^,]*?),\s*\{\s*type:\s*'(\w+)'/g)) {
      for (const literal of call[1]!.matchAll(/'([a-z_]+\.[a-z_]+)'/g))
        found.set(literal[1]!, `${file.slice(root.length + 1)} (aggregate ${call[2]})`);
    }
  }
  return found;
}

/** Internal events that are not about the retailer's checkout (never sent): the reason each is left out. */
const NOT_WEBHOOKS: Record<string, string> = {
  'application.updated': 'a draft saved again: no status change a retailer acts on',
  'application.moved': 'the application moved to another store of the shopper session; the checkout does not change',
};

describe('the webhook event catalogue', () => {
  it('names each type once, as <resource>.<snake_case>, with a version and a summary', () => {
    const types = webhookEventTypes();
    expect(new Set(types).size).toBe(types.length);
    for (const e of WEBHOOK_EVENTS) {
      expect(e.type).toMatch(/^(checkout|application|lease)\.[a-z]+(_[a-z]+)*$/);
      expect(e.version).toMatch(/^\d+$/);
      expect(e.summary.length).toBeGreaterThan(20);
    }
  });

  it('has every checkout status change, every lease status (and delivered), and the application decisions the code emits', () => {
    const emitted = new Set<string>([
      'checkout.created',
      'checkout.delivered',
      'application.created',
      'application.approved',
      'application.denied',
    ]);
    // a status change to `notStarted` cannot happen: it is only the initial state
    for (const name of CHECKOUT_STATUS_NAMES.filter((n) => n !== 'notStarted')) {
      emitted.add(checkoutEventType(CHECKOUT_STATUS[name]));
      expect(checkoutStatusEventType(name)).toBe(checkoutEventType(CHECKOUT_STATUS[name]));
    }
    for (const code of LEASE_STATUS_CODES)
      for (const delivered of [false, true]) emitted.add(leaseEventType(code, delivered));
    const missing = [...emitted].filter((t) => !webhookEventTypes().includes(t));
    expect(missing).toEqual([]);
  });

  it('has every checkout, application and lease event type written in functions/ (or says why one is not a webhook)', () => {
    const literals = literalEventTypes();
    // the scan finds the calls at all, including a choice between two literals
    expect([...literals.keys()]).toEqual(
      expect.arrayContaining(['checkout.created', 'application.approved', 'application.denied']),
    );
    const missing = [...literals.entries()]
      .filter(
        ([type]) =>
          /^(checkout|application|lease)\./.test(type) && !webhookEventTypes().includes(type) && !NOT_WEBHOOKS[type],
      )
      .map(([type, where]) => `${type} in ${where}`);
    expect(missing).toEqual([]);
    for (const type of Object.keys(NOT_WEBHOOKS)) expect(webhookEventTypes()).not.toContain(type);
  });

  it("has an example for each type that is a valid envelope of that type, whose data matches the type's schema", () => {
    for (const e of WEBHOOK_EVENTS) {
      expect(z.safeParse(webhookEnvelopeSchema, e.example).success, e.type).toBe(true);
      expect(e.example).toMatchObject({ type: e.type, version: e.version });
      expect(webhookDataProblems(e.type, e.example.data), e.type).toEqual([]);
    }
    expect(new Set(WEBHOOK_EVENTS.map((e) => e.example.id)).size).toBe(WEBHOOK_EVENTS.length);
  });

  it('refuses data that contradicts the type (a schema that cannot fail would document nothing)', () => {
    const completed = WEBHOOK_EVENTS.find((e) => e.type === 'checkout.completed')!;
    const data = completed.example.data as Record<string, unknown>;
    expect(webhookDataProblems('checkout.completed', { ...data, status: 12, status_name: 'cancelled' })).not.toEqual(
      [],
    );
    const funded = WEBHOOK_EVENTS.find((e) => e.type === 'lease.funded')!;
    const fundedData = funded.example.data as { lease: Record<string, unknown> };
    expect(
      webhookDataProblems('lease.funded', { ...fundedData, lease: { ...fundedData.lease, status: 'C' } }),
    ).not.toEqual([]);
    expect(
      webhookDataProblems('lease.delivered', {
        ...fundedData,
        lease: { ...fundedData.lease, status: 'Y', delivered: false },
      }),
    ).not.toEqual([]);
    expect(webhookDataProblems('checkout.exploded', {})).toEqual([
      'checkout.exploded is not an event type of the catalogue',
    ]);
  });
});
