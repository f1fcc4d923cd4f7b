import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamEvent, ScheduledEvent, SQSEvent, SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialCheckoutSnapshot, persistCheckout } from '../../../machines/checkout/checkout.machine.ts';
import { createCheckout, getCheckout, type CheckoutRecord } from '../../../functions/data/checkouts.ts';
import { createDb, type Db } from '../../../functions/data/client.ts';
import { crmKey } from '../../../functions/data/crm.ts';
import { getItem, newEvent, putItem, type OutboxEvent, type StoredItem } from '../../../functions/data/items.ts';
import { claimReportEvent } from '../../../functions/data/reports.ts';
import { syncListEntries } from '../../../functions/data/staff/lists.ts';
import { getDelivery } from '../../../functions/data/webhook-deliveries.ts';
import type { EventPublisher } from '../../../functions/events/event-bus.ts';
import { checkoutConsumerHandler } from '../../../functions/events/checkout-consumer-lambda.ts';
import { leaseConsumerHandler } from '../../../functions/events/lease-consumer-lambda.ts';
import { outboxRelayHandler } from '../../../functions/events/outbox-relay-lambda.ts';
import { reportsConsumerHandler } from '../../../functions/events/reports-consumer-lambda.ts';
import { scheduledJobsHandler, SWEEP_AFTER_MS } from '../../../functions/events/scheduled-jobs-lambda.ts';
import { webhookDispatchHandler } from '../../../functions/events/webhook-dispatch-lambda.ts';
import { webhookRetryHandler } from '../../../functions/events/webhook-retry-lambda.ts';
import { ensureTable, startDynalite } from '../../../functions/local/dynalite.ts';
import { loadConfig } from '../../../functions/platform/config.ts';
import { createDeps } from '../../../functions/platform/create-deps.ts';
import type { Deps } from '../../../functions/platform/deps.ts';
import { pushDef, type PushItem } from '../../../functions/services/crm/mobile.ts';

// The Lambda entry points of functions/events, called with the event shapes AWS sends them (DynamoDB stream records,
// SQS batches of EventBridge events, EventBridge scheduled events), against dynalite and a real HTTP retailer.

let stopDb: () => Promise<void>;
let db: Db;
let raw: DynamoDBClient;
let deps: Deps;
/** The test's clock: moved forward to make retries and sweeps due. */
let nowMs = Date.parse('2026-03-02T15:00:00.000Z');

/** The retailer's webhook endpoint: answers what `answer` says, and records every POST. */
let retailer: Server;
let retailerUrl: string;
const received: { body: Record<string, unknown>; headers: IncomingMessage['headers'] }[] = [];
let answer = 200;

/** The bus the relay and the sweep publish to (EventBridge in AWS): records what was published. */
const published: OutboxEvent[] = [];
const bus: EventPublisher = { publish: async (events) => void published.push(...events) };

beforeAll(async () => {
  const server = await startDynalite(mkdtempSync(join(tmpdir(), 'lto-aws-')));
  await ensureTable(server.endpoint, 'aws-table');
  db = createDb({ tableName: 'aws-table', endpoint: server.endpoint });
  raw = new DynamoDBClient({
    region: 'us-east-1',
    endpoint: server.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  stopDb = async () => {
    db.doc.destroy();
    raw.destroy();
    await server.stop();
  };
  const config = loadConfig({
    STAGE: 'local',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lto-aws-data-')),
    LOG_LEVEL: 'silent',
    SANDBOX_LATENCY: 'off',
  });
  deps = createDeps(config, { db, clock: () => new Date(nowMs) });
  retailer = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      received.push({ body: JSON.parse(text) as Record<string, unknown>, headers: req.headers });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => retailer.listen(0, '127.0.0.1', resolve));
  retailerUrl = `http://127.0.0.1:${(retailer.address() as AddressInfo).port}/webhooks/lease`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => retailer.close(() => resolve()));
  await stopDb();
});

const lambdaDeps = () => Promise.resolve(deps);

let checkoutCount = 0;
/** A checkout as the retailer API creates it: its record with the `checkout.created` event in its outbox. */
async function newCheckout(): Promise<{ id: string; event: OutboxEvent }> {
  const now = new Date(nowMs);
  const id = `chk_awstest${String(++checkoutCount).padStart(4, '0')}`;
  const record = {
    id,
    retailerId: 'ret-aws-test',
    storeId: 'sto-aws-test',
    storeSlug: 'aws-test-store',
    retailerSlug: 'aws-test',
    livemode: false,
    cart: { items: [{ sku: 'TV-1', description: 'Television', quantity: 1, unit_price: 89_900, required_parts: [] }] },
    return_url: 'https://retailer.example/done',
    return_url_failure: 'https://retailer.example/failed',
    callback_url: retailerUrl,
    prefillSealed: null,
    skip_verification: false,
    lang: 'en',
    machine: persistCheckout(initialCheckoutSnapshot({ checkout_id: id })),
    current_step: null,
    status_name: 'notStarted',
    may_continue: true,
    application_uuid: null,
    audit: [{ at: now.toISOString(), event: 'checkout.created', from: null, to: null, actor: 'retailer' }],
    delivery: null,
    lease: null,
    esign: null,
    payments: [],
    paidCents: 0,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    completedAt: null,
    cancelledAt: null,
  } as unknown as CheckoutRecord;
  const event = newEvent(
    'checkout.created',
    { type: 'checkout', id },
    { status: null, status_name: 'notStarted', previous_status: null, may_continue: true },
    now,
  );
  await createCheckout(db, record, [event]);
  return { id, event };
}

/** The stream record DynamoDB sends for a write: keys and the new image in attribute-value form. */
async function streamRecord(
  key: { pk: string; sk: string },
  sequence: string,
): Promise<DynamoDBStreamEvent['Records'][number]> {
  const item = await raw.send(
    new GetItemCommand({ TableName: 'aws-table', Key: { pk: { S: key.pk }, sk: { S: key.sk } } }),
  );
  return {
    eventID: `evt-${sequence}`,
    eventName: 'INSERT',
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'us-east-1',
    dynamodb: {
      ApproximateCreationDateTime: nowMs / 1000,
      Keys: { pk: { S: key.pk }, sk: { S: key.sk } },
      NewImage: item.Item as never,
      SequenceNumber: sequence,
      SizeBytes: 1024,
      StreamViewType: 'NEW_IMAGE',
    },
    eventSourceARN: 'arn:aws:dynamodb:us-east-1:123456789012:table/aws-table/stream/2026-03-02T00:00:00.000',
  };
}

let messageCount = 0;
/** An SQS message as the EventBridge rule delivers it: the body is the whole EventBridge event. */
function sqsRecord(body: string): SQSRecord {
  const n = ++messageCount;
  return {
    messageId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    receiptHandle: `handle-${n}`,
    body,
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: String(nowMs),
      SenderId: 'AIDAEXAMPLE',
      ApproximateFirstReceiveTimestamp: String(nowMs),
    },
    messageAttributes: {},
    md5OfBody: 'd41d8cd98f00b204e9800998ecf8427e',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:lease-to-own-dev-WebhookQueue',
    awsRegion: 'us-east-1',
  };
}

/** What the relay's PutEvents becomes on the queue (functions/events/eventbridge-bus.ts: Source, DetailType, Detail). */
const eventBridgeBody = (event: OutboxEvent) =>
  JSON.stringify({
    version: '0',
    id: `eb-${event.id}`,
    'detail-type': event.type,
    source: 'lease-to-own',
    account: '123456789012',
    time: event.occurredAt,
    region: 'us-east-1',
    resources: [],
    detail: event,
  });

const sqsEvent = (...records: SQSRecord[]): SQSEvent => ({ Records: records });

const scheduledEvent = (): ScheduledEvent => ({
  version: '0',
  id: `sched-${nowMs}`,
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: '123456789012',
  time: new Date(nowMs).toISOString(),
  region: 'us-east-1',
  resources: ['arn:aws:events:us-east-1:123456789012:rule/WebhookRetrySchedule'],
  detail: {},
});

const checkoutKey = (id: string) => ({ pk: `CHECKOUT#${id}`, sk: 'CHECKOUT' });

/** The relay run on the INSERT records of these checkouts; sequence numbers are `batch`, then 1, 2... in 20 digits. */
async function relayInserts(publisher: EventPublisher, checkouts: { id: string }[], batch: string) {
  const records = [];
  for (const [i, { id }] of checkouts.entries()) {
    records.push(await streamRecord(checkoutKey(id), `${batch}${String(i + 1).padStart(20, '0')}`));
  }
  return outboxRelayHandler(lambdaDeps, publisher)({ Records: records });
}

describe('outbox relay on the DynamoDB stream', () => {
  it('publishes the events of INSERT records and empties their outboxes', async () => {
    const a = await newCheckout();
    const b = await newCheckout();
    published.length = 0;
    const result = await relayInserts(bus, [a, b], '1');
    expect(result.batchItemFailures).toEqual([]);
    expect(published.map((e) => e.id).sort()).toEqual([a.event.id, b.event.id].sort());
    const stored = await getItem<StoredItem & { outbox?: unknown[] }>(db, checkoutKey(a.id), new Date(nowMs));
    expect(stored?.outbox ?? []).toEqual([]);
  });

  it('reports the sequence number of exactly the record whose publish failed', async () => {
    const a = await newCheckout();
    const b = await newCheckout();
    const failingForB: EventPublisher = {
      publish: async (events) => {
        if (events.some((e) => e.id === b.event.id)) throw new Error('EventBridge refused 1 events');
        published.push(...events);
      },
    };
    const result = await relayInserts(failingForB, [a, b], '2');
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: '200000000000000000002' }]);
    // The failed one keeps its event for the retry (or the sweep).
    const kept = await getItem<StoredItem & { outbox?: OutboxEvent[] }>(db, checkoutKey(b.id), new Date(nowMs));
    expect(kept?.outbox?.map((e) => e.id)).toEqual([b.event.id]);
  });
});

describe('webhook dispatch on the SQS queue', () => {
  it('delivers each platform event and reports only the message that could not be consumed', async () => {
    const { id, event } = await newCheckout();
    received.length = 0;
    answer = 200;
    const good = sqsRecord(eventBridgeBody(event));
    const notJson = sqsRecord('{"version":"0","detail-type":');
    const notOurs = sqsRecord(
      JSON.stringify({
        version: '0',
        'detail-type': 'Object Created',
        source: 'aws.s3',
        detail: { bucket: { name: 'x' } },
      }),
    );
    const result = await webhookDispatchHandler(lambdaDeps)(sqsEvent(good, notJson, notOurs));
    expect(result.batchItemFailures).toEqual([
      { itemIdentifier: notJson.messageId },
      { itemIdentifier: notOurs.messageId },
    ]);
    expect(received).toHaveLength(1);
    expect(received[0]!.body).toMatchObject({
      type: 'checkout.created',
      data: expect.objectContaining({ checkout_id: id }),
    });
    expect(JSON.stringify(received[0]!.body)).toContain(event.id);
    expect((await getDelivery(db, event.id, new Date(nowMs)))?.status).toBe('delivered');
  });

  it('records a delivery once when SQS delivers the same message twice', async () => {
    const { event } = await newCheckout();
    received.length = 0;
    answer = 200;
    const handler = webhookDispatchHandler(lambdaDeps);
    expect((await handler(sqsEvent(sqsRecord(eventBridgeBody(event))))).batchItemFailures).toEqual([]);
    expect((await handler(sqsEvent(sqsRecord(eventBridgeBody(event))))).batchItemFailures).toEqual([]);
    expect(received).toHaveLength(1);
  });
});

describe('webhook retries on the schedule', () => {
  it('retries a failed delivery once it is due, and delivers it', async () => {
    const { event } = await newCheckout();
    received.length = 0;
    answer = 503;
    expect(
      (await webhookDispatchHandler(lambdaDeps)(sqsEvent(sqsRecord(eventBridgeBody(event))))).batchItemFailures,
    ).toEqual([]);
    const pending = await getDelivery(db, event.id, new Date(nowMs));
    expect(pending?.status).toBe('pending');
    expect(received).toHaveLength(1);

    // Not due yet: the first retry waits about 30 s.
    const retry = webhookRetryHandler(lambdaDeps);
    const context = { getRemainingTimeInMillis: () => 100_000 };
    expect((await retry(scheduledEvent(), context)).attempted).toBe(0);

    nowMs += 60_000;
    answer = 200;
    const run = await retry(scheduledEvent(), context);
    expect(run.attempted).toBe(1);
    expect(received).toHaveLength(2);
    const delivered = await getDelivery(db, event.id, new Date(nowMs));
    expect(delivered?.status).toBe('delivered');
    expect(delivered?.attempts.map((a) => a.trigger)).toEqual(['event', 'retry']);
  });
});

describe('checkout, lease and reports consumers on their queues', () => {
  it('hands each platform event to the checkout consumer and reports a message that is not one', async () => {
    const { id } = await newCheckout();
    const before = await getCheckout(db, id, new Date(nowMs));
    const appEvent = newEvent(
      'application.created',
      { type: 'application', id: 'app-not-yet-stored' },
      { checkout_id: id },
      new Date(nowMs),
    );
    const foreign = sqsRecord(
      JSON.stringify({ version: '0', 'detail-type': 'Scheduled Event', source: 'aws.events', detail: {} }),
    );
    const result = await checkoutConsumerHandler(lambdaDeps)(sqsEvent(sqsRecord(eventBridgeBody(appEvent)), foreign));
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: foreign.messageId }]);
    // An application that is not stored yet moves nothing (it catches up on a later event or read).
    expect((await getCheckout(db, id, new Date(nowMs)))?.v).toBe(before?.v);
  });

  it('keeps the staff rows of a checkout (lease consumer)', async () => {
    const { id, event } = await newCheckout();
    const result = await leaseConsumerHandler(lambdaDeps)(sqsEvent(sqsRecord(eventBridgeBody(event))));
    expect(result.batchItemFailures).toEqual([]);
    const rows = await getItem<StoredItem & { checkout?: { id?: string } }>(
      db,
      { pk: `CHECKOUT#${id}`, sk: 'STAFFROWS' },
      new Date(nowMs),
    );
    expect(rows?.checkout).toMatchObject({ id });
  });

  it('claims each counted event once (reports consumer)', async () => {
    const approved = newEvent(
      'application.approved',
      { type: 'application', id: 'app-aws-reports' },
      { checkout_id: null },
      new Date(nowMs),
    );
    const result = await reportsConsumerHandler(lambdaDeps)(sqsEvent(sqsRecord(eventBridgeBody(approved))));
    expect(result.batchItemFailures).toEqual([]);
    // Already claimed by the consumer: a redelivery would not count it again.
    expect(await claimReportEvent(db, approved.id, new Date(nowMs).toISOString())).toBe(false);
  });
});

describe('scheduled jobs', () => {
  it('sends the push notifications that are due and relays the outbox events the stream missed', async () => {
    const wall = (ms: number) => new Date(ms).toISOString().slice(0, 16);
    const at = new Date(nowMs).toISOString();
    const push = {
      ...crmKey('PUSH', 'psh-aws-due'),
      entity: pushDef.entity,
      v: 1,
      id: 'psh-aws-due',
      created_at: at,
      updated_at: at,
      created_by: 'usr-admin',
      title: 'Weekend event',
      body: 'Lease what you need this weekend.',
      target: 'all',
      retailer_id: null,
      retailer_name: null,
      store_id: null,
      store_name: null,
      send_at: wall(nowMs - 60_000),
      status: 'scheduled',
      sent_at: null,
    } as unknown as PushItem;
    await putItem(db, push);
    await syncListEntries(db, pushDef, pushDef.rowPk(push.id), undefined, {
      row: pushDef.row(push),
      scopes: pushDef.scopes(push),
    });

    const missed = await newCheckout();
    nowMs += SWEEP_AFTER_MS + 60_000;
    const fresh = await newCheckout();
    published.length = 0;

    const run = await scheduledJobsHandler(lambdaDeps, bus)(scheduledEvent());
    expect(run.pushNotificationsSent).toBe(1);
    expect((await getItem<PushItem>(db, crmKey('PUSH', push.id), new Date(nowMs)))?.status).toBe('sent');
    // The old outbox is relayed; the fresh one is left to the stream.
    const relayedIds = published.map((e) => e.id);
    expect(relayedIds).toContain(missed.event.id);
    expect(relayedIds).not.toContain(fresh.event.id);
    expect(run.outboxItemsRelayed).toBeGreaterThanOrEqual(1);
  });
});
