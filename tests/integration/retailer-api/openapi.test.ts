import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routes } from '../../../functions/http/routes.ts';
import { WEBHOOK_EVENTS } from '../../../machines/contracts/webhook-events.ts';
import { api, baseUrl, retailerApiValidator } from '../../support/api.ts';
import type { OpenApiValidator } from '../../support/openapi.ts';

// The retailer API's OpenAPI document as a new integrator meets it: served by the running server, accepted by a
// linter nobody on this project wrote (Redocly CLI, recommended rules, redocly.yaml), covering every /retailer/v1
// route of the route table and every webhook event, rendered at /docs/retailer; and the response validation that
// tests/support/api.ts runs on every retailer answer of the suite really refuses an answer the document does not
// describe.

const root = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const apiRoutes = routes.filter((r) => r.path.startsWith('/retailer/v1/'));

let doc: any;
let served: Response;

beforeAll(async () => {
  served = await fetch(`${baseUrl()}/retailer/v1/openapi.json`);
  doc = await served.clone().json();
});

describe('GET /retailer/v1/openapi.json', () => {
  it('is the raw OpenAPI 3.1 document, public, as JSON', () => {
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^application\/json/);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.status).toBeUndefined(); // no envelope
  });

  it('passes Redocly CLI lint (recommended rules) with no error and no warning', { timeout: 120_000 }, async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const result = await run(
      process.execPath,
      ['node_modules/@redocly/cli/bin/cli.js', 'lint', file, '--config', 'redocly.yaml', '--format', 'stylish'],
      {
        cwd: root,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        maxBuffer: 32 * 1024 * 1024,
      },
    ).catch((error: { stdout: string; stderr: string; code: number }) => error);
    const output = `${result.stdout}\n${result.stderr}`;
    expect('code' in result ? result.code : 0, output).toBe(0);
    expect(output).toMatch(/Your API description is valid/);
    expect(output, output).not.toMatch(/You have \d+ warnings?/);
  });

  it('has an operation for every /retailer/v1 route of the route table (a route without a contract fails here)', () => {
    const missing = apiRoutes
      .filter((r) => !doc.paths[r.path]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.path} (${r.name})`);
    expect(missing, 'add these routes to machines/contracts/retailer-api.ts').toEqual([]);
    const documented = Object.entries(doc.paths as Record<string, object>).flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(apiRoutes.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('describes bearer auth, its 401 and the rate limit on every authenticated operation, and Idempotency-Key on writes', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const route of apiRoutes.filter((r) => r.auth === 'retailer' && doc.paths[r.path]?.[r.method.toLowerCase()])) {
      const op = doc.paths[route.path][route.method.toLowerCase()];
      expect(Object.keys(op.responses), route.name).toEqual(expect.arrayContaining(['401', '429', '500']));
      expect(op.responses['429'].headers['Retry-After'], route.name).toBeDefined();
      expect(op.responses['401'].content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorEnvelope');
    }
    for (const name of ['createCheckout', 'cancelCheckout', 'confirmDelivery']) {
      const route = apiRoutes.find((r) => r.name === name)!;
      const op = doc.paths[route.path].post;
      expect(op.parameters.map((p: { $ref?: string }) => p.$ref)).toContain('#/components/parameters/IdempotencyKey');
      expect(op.responses['409'].description).toMatch(/Idempotency-Key/);
      expect(op.responses['422'].description).toMatch(/Idempotency-Key/);
    }
    expect(doc.components.schemas.ErrorEnvelope.required).toEqual(['status', 'code', 'data', 'message']);
  });

  it('has every webhook event type of the catalogue, with its example', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual(WEBHOOK_EVENTS.map((e) => e.type).sort());
    for (const event of WEBHOOK_EVENTS) {
      const media = doc.webhooks[event.type].post.requestBody.content['application/json'];
      expect(media.example, event.type).toEqual(event.example);
    }
  });
});

describe('response validation against the document', () => {
  let validator: OpenApiValidator;
  beforeAll(async () => {
    validator = await retailerApiValidator();
  });

  it('accepts real answers and refuses one with an undocumented field, a wrong type or an undocumented status', async () => {
    const token = inject('retailerApiToken');
    const list = await api('GET', '/retailer/v1/webhooks/deliveries?limit=1', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.status).toBe(200);
    const answer = {
      method: 'GET',
      path: '/retailer/v1/webhooks/deliveries?limit=1',
      status: 200,
      headers: list.headers,
      body: list.body,
    };
    expect(validator.problems(answer)).toEqual([]);
    expect(
      validator.problems({ ...answer, body: { ...list.body, data: { ...list.body.data, total: 3 } } }).join(),
    ).toMatch(/additional/);
    expect(
      validator.problems({ ...answer, body: { ...list.body, data: { ...list.body.data, cursor: 7 } } }).join(),
    ).toMatch(/cursor/);
    expect(validator.problems({ ...answer, status: 418 }).join()).toMatch(/status 418 is not documented/);
    expect(() => validator.assert({ ...answer, body: { status: 'yes' } })).toThrow(
      /does not match the OpenAPI document/,
    );

    // An error answer validates as the error envelope.
    const unauthorized = await api('GET', '/retailer/v1/webhooks/deliveries', {
      headers: { authorization: 'Bearer rt_not_a_token' },
    });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.body).toMatchObject({ status: false, code: 401, data: null });
  });
});

describe('GET /docs/retailer', () => {
  it('renders every operation, the error envelope and every webhook event, with nothing from elsewhere', async () => {
    const res = await fetch(`${baseUrl()}/docs/retailer`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await res.text();
    const missing = [
      ...apiRoutes.filter((r) => !page.includes(`<code>${r.path}</code>`)).map((r) => r.path),
      ...WEBHOOK_EVENTS.filter((e) => !page.includes(`id="event-${e.type.replace(/[^a-z0-9]+/g, '-')}"`)).map(
        (e) => e.type,
      ),
    ];
    expect(missing).toEqual([]);
    expect(page).toContain('ErrorEnvelope');
    expect(page).toContain('import { Webhook } from &#39;standardwebhooks&#39;');
    expect(page).toContain('LeaseToOwn.open(checkout');
    expect(page).not.toMatch(/<script|<link\b|<[a-z]+[^>]*\ssrc=/i);
    expect(page).not.toMatch(/url\(/i);
  });
});
