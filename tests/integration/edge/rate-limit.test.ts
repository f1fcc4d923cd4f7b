import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startEdgeServer, TOKENS, type EdgeServer } from './support.ts';

// The retailer API's rate limit per API token, counted in DynamoDB (so every Lambda instance shares it), with the
// IETF RateLimit fields on every answer and 429 + Retry-After past the limit. A low limit through the environment:
// 4 requests per 10 s window for test tokens, 6 for live ones; the fixed clock sits 5 s into a window.

const saved = { ...process.env };
let edge: EdgeServer;
beforeAll(async () => {
  process.env.RETAILER_RATE_LIMIT_TEST = '4';
  process.env.RETAILER_RATE_LIMIT_LIVE = '6';
  process.env.RETAILER_RATE_LIMIT_WINDOW_SECONDS = '10';
  edge = await startEdgeServer();
}, 60_000);
afterAll(async () => {
  for (const name of ['RETAILER_RATE_LIMIT_TEST', 'RETAILER_RATE_LIMIT_LIVE', 'RETAILER_RATE_LIMIT_WINDOW_SECONDS']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await edge?.stop();
});

const deliveries = (token: string) => call(edge.base, 'GET', '/retailer/v1/webhooks/deliveries', { token });

describe('retailer API rate limit', () => {
  it('counts down in the RateLimit fields, then answers 429 with Retry-After and an envelope a person can act on', async () => {
    const remaining: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await deliveries(TOKENS.testA);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('4');
      expect(res.headers.get('ratelimit-reset')).toBe('5');
      expect(res.headers.get('retry-after')).toBeNull();
      remaining.push(res.headers.get('ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['3', '2', '1', '0']);

    const refused = await deliveries(TOKENS.testA);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-request-id')).toBeTruthy();
    expect(refused.body).toMatchObject({ status: false, code: 429, data: null });
    expect(refused.body.message).toMatch(/limit is 4 requests/);
    expect(refused.body.message).toMatch(/Wait 5 seconds/);
  });

  it('refuses any route past the limit, errors included, with the fields on the refusal', async () => {
    const res = await call(edge.base, 'GET', '/retailer/v1/checkouts/chk_none', { token: TOKENS.testA });
    expect(res.status).toBe(429);
    expect(res.headers.get('ratelimit-limit')).toBe('4');
  });

  it('leaves another token of the same retailer unaffected, and gives live tokens their own limit', async () => {
    const other = await deliveries(TOKENS.testB);
    expect(other.status).toBe(200);
    expect(other.headers.get('ratelimit-remaining')).toBe('3');
    const missing = await call(edge.base, 'GET', '/retailer/v1/checkouts/chk_none', { token: TOKENS.testB });
    // An error answer of an allowed request carries the fields too.
    expect(missing.status).toBe(404);
    expect(missing.headers.get('ratelimit-remaining')).toBe('2');
    const live = await deliveries(TOKENS.live);
    expect(live.status).toBe(200);
    expect(live.headers.get('ratelimit-limit')).toBe('6');
    expect(live.headers.get('ratelimit-remaining')).toBe('5');
  });

  it('keeps the count in the table, shared by every instance', async () => {
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const windowStart = Math.floor(new Date('2026-03-02T10:00:05.000Z').getTime() / 10_000) * 10;
    const item = await edge.deps.db.doc.send(
      new GetCommand({
        TableName: edge.deps.db.tableName,
        Key: { pk: 'RATELIMIT#ret-demo-electronics#tok-edge-testA', sk: `W#${windowStart}` },
      }),
    );
    // Four counted; the refused ones wrote nothing. The item expires a minute after its window.
    expect(item.Item).toMatchObject({ hits: 4, expiresAt: windowStart + 10 + 60 });
  });
});
