import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../functions/http/routes.ts';
import { renderRetailerDocs } from '../../../functions/services/openapi/docs-page.ts';
import { buildRetailerOpenApi, MissingContractError } from '../../../functions/services/openapi/retailer-openapi.ts';
import { RETAILER_API, type RetailerApiOperation } from '../../../machines/contracts/retailer-api.ts';

// The generator's rules that the served document cannot show by itself: a route without a contract, a path schema
// that does not name the path's parameters, requests described as accepted (before normalization) and answers as
// sent (closed objects), and the docs page escaping what it shows.

const route = (name: string, path: string, method = 'POST', auth = 'retailer') => ({ name, path, method, auth });
const thing: RetailerApiOperation = {
  summary: 'A thing',
  description: 'Makes a thing.',
  tags: ['Checkouts'],
  path: z.object({ thing_id: z.string() }),
  body: z.object({
    code: z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/)),
    note: z.string().check(z.regex(/^n/)),
  }),
  idempotent: true,
  responses: { 200: { description: 'The thing.', data: z.object({ id: z.string() }) } },
};

describe('buildRetailerOpenApi', () => {
  it('refuses, when strict, a /retailer/v1 route without a contract, and leaves it out otherwise', () => {
    const table = [...routes, route('madeUpRoute', '/retailer/v1/made-up')];
    expect(() => buildRetailerOpenApi({ routes: table, strict: true })).toThrow(MissingContractError);
    expect(() => buildRetailerOpenApi({ routes: table, strict: true })).toThrow(
      /POST \/retailer\/v1\/made-up \(madeUpRoute\)/,
    );
    expect(buildRetailerOpenApi({ routes: table }).paths['/retailer/v1/made-up']).toBeUndefined();
  });

  it('refuses a path schema whose keys are not the path parameters', () => {
    const contracts = { ...RETAILER_API, thing };
    expect(() =>
      buildRetailerOpenApi({ routes: [route('thing', '/retailer/v1/things/{id}')], contracts, events: [] }),
    ).toThrow(/thing_id do not match id/);
    const doc = buildRetailerOpenApi({
      routes: [route('thing', '/retailer/v1/things/{thing_id}')],
      contracts,
      events: [],
    });
    expect(doc.paths['/retailer/v1/things/{thing_id}']!.post!.parameters).toContainEqual(
      expect.objectContaining({ name: 'thing_id', in: 'path', required: true }),
    );
  });

  it('describes a request field by what it accepts (a normalized field keeps no pattern) and an answer as closed', () => {
    const doc = buildRetailerOpenApi({
      routes: [route('thing', '/retailer/v1/things/{thing_id}')],
      contracts: { thing },
      events: [],
    });
    const schemas = (doc.components as any).schemas;
    expect(schemas.ThingRequest.properties.code.pattern).toBeUndefined(); // ' ny ' is accepted as NY
    expect(schemas.ThingRequest.properties.note.pattern).toBe('^n');
    expect(schemas.ThingRequest.additionalProperties).toBeUndefined(); // unknown fields are ignored, not refused
    expect(schemas.Thing200.additionalProperties).toBe(false);
    const op = doc.paths['/retailer/v1/things/{thing_id}']!.post as any;
    expect(Object.keys(op.responses)).toEqual(['200', '400', '401', '409', '413', '422', '429', '500']);
    expect(op.responses['422'].description).toMatch(/Idempotency-Key was already used/);
  });

  it('marks public routes as needing no token, with no 401 and no rate limit', () => {
    const doc = buildRetailerOpenApi({ routes });
    const op = doc.paths['/retailer/v1/openapi.json']!.get as any;
    expect(op.security).toEqual([]);
    expect(op.responses['401']).toBeUndefined();
    expect(op.responses['200'].headers['RateLimit-Limit']).toBeUndefined();
  });
});

describe('renderRetailerDocs', () => {
  it('escapes what the document says', () => {
    const evil: RetailerApiOperation = {
      ...thing,
      path: undefined,
      summary: '<img src=x onerror=alert(1)>',
      description: '"quoted" & <b>bold</b>',
    };
    const page = renderRetailerDocs(
      buildRetailerOpenApi({ routes: [route('evil', '/retailer/v1/evil')], contracts: { evil }, events: [] }),
    );
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<b>bold');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('&quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;');
  });
});
