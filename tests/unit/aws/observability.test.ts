import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lambdaHandler } from '../../../functions/http/dispatch.ts';
import {
  METRIC,
  METRICS_NAMESPACE,
  OUTCOME_DIMENSION,
  recordDecisionLatency,
  recordEventMetric,
  recordPayment,
  recordWebhook,
  serviceNameFor,
} from '../../../functions/platform/business-metrics.ts';
import { loadConfig } from '../../../functions/platform/config.ts';
import { createDeps } from '../../../functions/platform/create-deps.ts';
import type { HttpEvent } from '../../../functions/platform/http-types.ts';
import { emfMetrics, observed, powertoolsLogger } from '../../../functions/platform/observability.ts';
import { json } from '../../../functions/platform/response.ts';

// The AWS code path's logs (Powertools Logger) and business metrics (EMF), as CloudWatch would receive them on the
// function's stdout. The PII-at-rest test (tests/integration/reliability/pii-at-rest.test.ts) searches the local
// server's logs; this one searches the Lambda entry's for the same kinds of values.

const PII = {
  social_security_number: '587-71-2931',
  date_of_birth: '1963-08-27',
  identification_number: 'Q7319846',
  bank_account_number: '80417359264',
  routing_number: '293174581',
  email: 'quill@example.com',
  cell_phone: '(555) 201-7788',
};
const NEEDLES = [...Object.values(PII), '587712931', '5877 12931'];

let lines: string[] = [];
// Powertools writes INFO to stdout and WARN/ERROR to stderr; CloudWatch gets both.
const streams = [process.stdout, process.stderr] as const;
const originalWrites = streams.map((stream) => stream.write.bind(stream));
beforeEach(() => {
  lines = [];
  for (const stream of streams)
    stream.write = (chunk: string | Uint8Array) => {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      return true;
    };
});
afterEach(() => {
  streams.forEach((stream, i) => (stream.write = originalWrites[i]!));
});

const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, any>);

const lambdaContext = {
  functionName: 'lease-to-own-test-apply',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:lease-to-own-test-apply',
  memoryLimitInMB: '512',
  awsRequestId: 'c6af9ac6-7b61-11e6-9a41-93e812345678',
  logGroupName: '/aws/lambda/x',
  logStreamName: 'x',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;

function routeGroupEntry() {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lto-obs-')),
    LOG_LEVEL: 'debug',
    TABLE_NAME: 'test-table',
  });
  const deps = { ...createDeps(config), log: powertoolsLogger('debug'), metrics: emfMetrics() };
  // A handler that logs what a careless one might: the applicant's values, by name and inside free text.
  const entry = lambdaHandler(
    {
      health: async (_ctx, d) => {
        d.log.info('applicant received', { applicant: PII, note: `SSN ${PII.social_security_number} on file` });
        d.log.warn('bank details', { account: PII.bank_account_number, detail: `routing ${PII.routing_number}` });
        recordEventMetric(d.metrics, 'application.created');
        return json(200, { status: true, code: 200, data: { up: true } });
      },
    },
    Object.assign(async () => deps, { providers: [] as const }),
  );
  return entry as unknown as (event: HttpEvent, context?: Context) => Promise<{ statusCode: number }>;
}

const healthEvent = {
  routeKey: 'GET /health',
  rawPath: '/health',
  requestContext: { requestId: 'apigw-request-1', http: { method: 'GET' } },
  headers: { 'x-request-id': 'caller-request-0001' },
  isBase64Encoded: false,
} as unknown as HttpEvent;

describe('logs of a Lambda entry (Powertools Logger)', () => {
  it('writes one JSON object per line with the service, the Lambda request id, the request id and the route', async () => {
    const answer = await routeGroupEntry()(healthEvent, lambdaContext);
    expect(answer.statusCode).toBe(200);
    const logs = parsed().filter((l) => typeof l.message === 'string');
    expect(logs.map((l) => l.message)).toEqual(['applicant received', 'bank details', 'request']);
    for (const line of logs) {
      expect(line.service).toBe(serviceNameFor('local'));
      expect(line.function_request_id).toBe(lambdaContext.awsRequestId);
      expect(line.requestId).toBe('caller-request-0001');
      expect(line.route).toBe('GET /health');
      expect(line.level).toMatch(/^(INFO|WARN)$/);
    }
  });

  it('leaves no SSN, date of birth, identification, account, routing number, e-mail or phone in the lines', async () => {
    await routeGroupEntry()(healthEvent, lambdaContext);
    const output = lines.join('\n');
    for (const needle of NEEDLES) expect(output, needle).not.toContain(needle);
  });
});

describe('business metrics (CloudWatch embedded metric format)', () => {
  it('flushes the invocation’s metrics at its end, in the LeaseToOwn namespace with the service dimension', async () => {
    await routeGroupEntry()(healthEvent, lambdaContext);
    const emf = parsed().filter((l) => l._aws);
    expect(emf).toHaveLength(1);
    expect(emf[0]!._aws.CloudWatchMetrics[0].Namespace).toBe(METRICS_NAMESPACE);
    expect(emf[0]!._aws.CloudWatchMetrics[0].Dimensions).toEqual([['service']]);
    expect(emf[0]![METRIC.applications]).toBe(1);
  });

  it('counts decisions by outcome, decision latency, webhooks and payments; other events count nothing', async () => {
    const metrics = emfMetrics();
    await observed(async () => {
      recordEventMetric(metrics, 'application.approved');
      recordEventMetric(metrics, 'application.denied');
      recordEventMetric(metrics, 'application.updated');
      recordEventMetric(metrics, 'checkout.completed');
      recordDecisionLatency(metrics, 812.4);
      recordWebhook(metrics, 'delivered');
      recordWebhook(metrics, 'failed');
      recordPayment(metrics, 'returned');
    })(undefined);
    const emf = parsed().filter((l) => l._aws);
    const withOutcome = (name: string, outcome: string) =>
      emf.find((l) => l[name] !== undefined && l[OUTCOME_DIMENSION] === outcome);
    expect(withOutcome(METRIC.decisions, 'approved')?.[METRIC.decisions]).toBe(1);
    expect(withOutcome(METRIC.decisions, 'denied')?.[METRIC.decisions]).toBe(1);
    expect(withOutcome(METRIC.payments, 'returned')?.[METRIC.payments]).toBe(1);
    const batch = emf.find((l) => l[OUTCOME_DIMENSION] === undefined)!;
    expect(batch[METRIC.checkoutsCompleted]).toBe(1);
    expect(batch[METRIC.decisionLatency]).toBe(812);
    expect(batch[METRIC.webhooksDelivered]).toBe(1);
    expect(batch[METRIC.webhooksFailed]).toBe(1);
    expect(emf.flatMap((l) => Object.keys(l))).not.toContain('Applications');
  });
});
