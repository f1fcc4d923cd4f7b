import * as z from 'zod/mini';
import {
  RETAILER_API,
  RETAILER_API_TAGS,
  type RetailerApiOperation,
  type RetailerApiResponse,
} from '../../../machines/contracts/retailer-api.ts';
import { errorEnvelopeSchema } from '../../../machines/contracts/retailer-responses.ts';
import { WEBHOOK_EVENTS, type WebhookEventDefinition } from '../../../machines/contracts/webhook-events.ts';

// The OpenAPI 3.1 document of the retailer API, generated (never hand-kept) from the route table (every route under
// /retailer/v1), the contract map (machines/contracts/retailer-api.ts: schemas, examples, errors) and the webhook
// event catalogue (machines/contracts/webhook-events.ts, the `webhooks` section). The zod schemas become JSON Schema
// 2020-12 through zod's own converter: requests as the API accepts them (io 'input'), answers as it sends them
// (io 'output', closed objects, so an undocumented field fails the response validation of the integration tests).
// The document is pure: it is built once per server URL and kept.

export const RETAILER_API_PREFIX = '/retailer/v1';
/** Idempotency-Key: 8 to 128 letters, digits or _ . : - (functions/platform/idempotency.ts). */
const IDEMPOTENCY_KEY_PATTERN = '^[A-Za-z0-9_.:-]{8,128}$';

export interface OpenApiRoute {
  method: string;
  path: string;
  name: string;
  auth: string;
}

type Json = Record<string, unknown>;
export type OpenApiDocument = Json & {
  openapi: string;
  paths: Record<string, Record<string, Json>>;
  webhooks: Record<string, Json>;
  components: Json;
};

export class MissingContractError extends Error {}

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** Removes what JSON Schema needs standalone but a component must not carry, and zod's safe-integer noise. */
function tidy(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(tidy);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (key === '$schema' || key === '$id') continue;
    if (
      (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) ||
      (key === 'maximum' && value === Number.MAX_SAFE_INTEGER)
    )
      continue;
    out[key] =
      key === 'examples' || key === 'example' || key === 'const' || key === 'default' || key === 'enum'
        ? value
        : tidy(value);
  }
  return out;
}

/**
 * A request field normalized before it is checked (trim, upper-case, digits only...) accepts more than its
 * pattern says: on the way in, keep the length limits and drop the pattern and format (the description says what
 * the value means; the API answers 422 with a message for a value it cannot use).
 */
function inputOverride(ctx: { zodSchema: unknown; jsonSchema: Json }) {
  const checks =
    (ctx.zodSchema as { _zod?: { def?: { checks?: { _zod: { def: { check: string } } }[] } } })._zod?.def?.checks ?? [];
  if (checks.some((c) => c._zod.def.check === 'overwrite')) {
    delete ctx.jsonSchema.pattern;
    delete ctx.jsonSchema.format;
  }
}

/** Converts named zod schemas as components (one conversion, so a named schema inside another becomes a $ref). */
function convertNamed(named: Map<z.ZodMiniType, string>, io: 'input' | 'output'): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of named) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
    ...(io === 'input' ? { override: inputOverride } : {}),
  });
  if ('__shared' in schemas)
    throw new Error('OpenAPI: a shared zod schema without a name was extracted; name it in the contract map.');
  return Object.fromEntries(Object.entries(schemas).map(([id, s]) => [id, tidy(s)]));
}

const single = (schema: z.ZodMiniType, io: 'input' | 'output') =>
  tidy(
    z.toJSONSchema(schema, {
      io,
      target: 'draft-2020-12',
      unrepresentable: 'any',
      ...(io === 'input' ? { override: inputOverride } : {}),
    }),
  ) as Json;

// ---------- shared parts ----------

const HEADERS = {
  'X-Request-Id': {
    description:
      'The id of this request (yours when you sent a well-formed X-Request-Id, otherwise ours). Quote it when you contact us.',
    schema: { type: 'string', examples: ['3c1f4a2e-9b7d-4c6e-8f1a-2b3c4d5e6f70'] },
  },
  'RateLimit-Limit': {
    description: 'Requests allowed in the current window.',
    schema: { type: 'integer', minimum: 0, examples: [100] },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    schema: { type: 'integer', minimum: 0, examples: [99] },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the window resets.',
    schema: { type: 'integer', minimum: 0, examples: [42] },
  },
  'Retry-After': {
    description: 'Seconds to wait before retrying.',
    required: true,
    schema: { type: 'integer', minimum: 0, examples: [42] },
  },
  'Idempotent-Replayed': {
    description: '`true` when this is the saved answer of an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};

const headerRef = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

function responseHeaders(limited: boolean, extra: (keyof typeof HEADERS)[] = []) {
  const names: (keyof typeof HEADERS)[] = [
    'X-Request-Id',
    ...(limited ? (['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'] as const) : []),
    ...extra,
  ];
  return Object.fromEntries(names.map((n) => [n, headerRef(n)]));
}

/** What each shared error status means, added to an operation's own reasons. */
const SHARED_ERRORS = {
  badJson: 'The body is not a JSON object.',
  badKey: 'The Idempotency-Key header is malformed (8 to 128 letters, digits or `_ . : -`).',
  keyRunning: 'A request with this Idempotency-Key is still being processed: retry in a moment.',
  keyReused: 'This Idempotency-Key was already used with a different body: use a new key for a new request.',
  tooLarge: 'The body is larger than 256 KB.',
  invalid: 'A field is invalid: `errors` has the messages per field.',
  unauthorized: 'No valid API token: send `Authorization: Bearer <token>`.',
  limited: 'Too many requests: wait `Retry-After` seconds.',
  server: 'Something failed on our side; the request can be retried (with the same Idempotency-Key for a write).',
};

const ERROR_EXAMPLES: Record<number, Json> = {
  400: { status: false, code: 400, data: null, message: 'The request body is not valid JSON. Send a JSON object.' },
  401: {
    status: false,
    code: 401,
    data: null,
    message: 'A valid API token is required: send Authorization: Bearer <token>.',
  },
  404: { status: false, code: 404, data: null, message: 'Checkout not found' },
  409: {
    status: false,
    code: 409,
    data: { code: 'E_STATUS', event: 'checkout.cancelled', status: 9, status_name: 'completed' },
    message: 'The checkout cannot take checkout.cancelled in status 9.',
  },
  413: { status: false, code: 413, data: null, message: 'The request body is too large.' },
  422: {
    status: false,
    code: 422,
    data: null,
    message: 'The given data was invalid.',
    errors: { 'cart.items.0.quantity': ['The quantity must be a whole number from 1 to 99.'] },
  },
  429: { status: false, code: 429, data: null, message: 'Too many requests. Retry in 42 seconds.' },
  500: { status: false, code: 500, data: null, message: 'Something went wrong. Please try again.' },
};

function errorResponse(status: number, reasons: string[], limited: boolean): Json {
  return {
    description: reasons.join(' Or: '),
    headers: responseHeaders(limited, status === 429 ? ['Retry-After'] : []),
    content: {
      'application/json': {
        schema: schemaRef('ErrorEnvelope'),
        example: ERROR_EXAMPLES[status] ?? { status: false, code: status, data: null, message: reasons[0] },
      },
    },
  };
}

// ---------- operations ----------

interface Named {
  requests: Map<z.ZodMiniType, string>;
  responses: Map<z.ZodMiniType, string>;
}

/** The component name of a zod schema: its `title` (z.meta) when it has one, else from the operation. */
function nameOf(map: Map<z.ZodMiniType, string>, schema: z.ZodMiniType, fallback: string): string {
  const existing = map.get(schema);
  if (existing) return existing;
  const title = z.globalRegistry.get(schema)?.title;
  let name = typeof title === 'string' && /^[A-Za-z0-9._-]+$/.test(title) ? title : fallback;
  while ([...map.values()].includes(name)) name = `${name}_`;
  map.set(schema, name);
  return name;
}

function parameters(location: 'path' | 'query', schema: z.ZodMiniObject | undefined, route: OpenApiRoute): Json[] {
  const names = location === 'path' ? [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!) : [];
  if (!schema) {
    if (names.length)
      throw new MissingContractError(
        `${route.method} ${route.path} (${route.name}): the contract has no path schema for ${names.join(', ')}`,
      );
    return [];
  }
  const json = single(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
  const keys = Object.keys(json.properties ?? {});
  if (location === 'path' && (keys.length !== names.length || names.some((n) => !keys.includes(n)))) {
    throw new MissingContractError(
      `${route.method} ${route.path} (${route.name}): path schema keys ${keys.join(', ')} do not match ${names.join(', ')}`,
    );
  }
  return keys.map((name) => {
    const { description, examples, ...rest } = json.properties![name]!;
    return {
      name,
      in: location,
      required: location === 'path' || (json.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: rest,
      ...(Array.isArray(examples) && examples.length ? { example: examples[0] } : {}),
    };
  });
}

function successResponse(
  op: RetailerApiOperation,
  route: OpenApiRoute,
  status: number,
  response: RetailerApiResponse,
  named: Named,
  limited: boolean,
): Json {
  const headers = responseHeaders(limited, op.idempotent ? ['Idempotent-Replayed'] : []);
  if (response.raw) {
    const schema = response.raw.schema
      ? single(response.raw.schema, 'output')
      : { type: response.raw.contentType.includes('json') ? 'object' : 'string' };
    return {
      description: response.description,
      headers,
      content: {
        [response.raw.contentType]: {
          schema,
          ...(response.example !== undefined ? { example: response.example } : {}),
        },
      },
    };
  }
  const data = response.data
    ? schemaRef(nameOf(named.responses, response.data, `${pascal(route.name)}${status}`))
    : { type: 'null' };
  return {
    description: response.description,
    headers,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: { status: { const: true }, code: { const: status }, data, message: { type: 'string' } },
          required: ['status', 'code', 'data'],
          additionalProperties: false,
        },
        ...(response.example !== undefined ? { example: { status: true, code: status, data: response.example } } : {}),
      },
    },
  };
}

function operation(route: OpenApiRoute, op: RetailerApiOperation, named: Named): Json {
  const isPublic = route.auth === 'public';
  const limited = !isPublic;
  const params: Json[] = [
    ...parameters('path', op.path, route),
    ...parameters('query', op.query, route),
    ...(op.idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
    { $ref: '#/components/parameters/RequestId' },
  ];
  const responses: Record<string, Json> = {};
  for (const [status, response] of Object.entries(op.responses))
    responses[status] = successResponse(op, route, Number(status), response, named, limited);

  const reasons = new Map<number, string[]>();
  const add = (status: number, reason: string) => reasons.set(status, [...(reasons.get(status) ?? []), reason]);
  if (op.body) add(400, SHARED_ERRORS.badJson);
  if (op.idempotent) add(400, SHARED_ERRORS.badKey);
  if (!isPublic) add(401, SHARED_ERRORS.unauthorized);
  for (const [status, reason] of Object.entries(op.errors ?? {})) add(Number(status), reason);
  if (op.idempotent) add(409, SHARED_ERRORS.keyRunning);
  if (op.body) add(413, SHARED_ERRORS.tooLarge);
  if (op.body && !op.errors?.[422]) add(422, SHARED_ERRORS.invalid);
  if (op.idempotent) add(422, SHARED_ERRORS.keyReused);
  if (limited) add(429, SHARED_ERRORS.limited);
  add(500, SHARED_ERRORS.server);
  for (const status of [...reasons.keys()].sort((a, b) => a - b))
    responses[String(status)] = errorResponse(status, reasons.get(status)!, limited);

  return {
    operationId: route.name,
    summary: op.summary,
    description: op.description,
    tags: [...op.tags],
    ...(isPublic ? { security: [] } : {}),
    parameters: params,
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: schemaRef(nameOf(named.requests, op.body, `${pascal(route.name)}Request`)),
                ...(op.bodyExample !== undefined ? { example: op.bodyExample } : {}),
              },
            },
          },
        }
      : {}),
    responses,
  };
}

// ---------- webhooks ----------

const WEBHOOK_HEADERS = [
  {
    name: 'webhook-id',
    description: 'The event id; the same on every retry and replay, so you can drop duplicates.',
    example: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
  },
  {
    name: 'webhook-timestamp',
    description:
      'Unix seconds when this attempt was signed; refuse timestamps more than 5 minutes away from your clock.',
    example: '1741964763',
  },
  {
    name: 'webhook-signature',
    description:
      'Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per valid secret (two while a rotated secret is still valid).',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
];

function webhook(event: WebhookEventDefinition): Json {
  const data = single(event.data, 'output');
  return {
    post: {
      operationId: `webhook.${event.type}`,
      summary: event.summary,
      description: `Event \`${event.type}\`, version \`${event.version}\`. Sent as a POST to the checkout's \`callback_url\`, signed per Standard Webhooks (verify with the \`standardwebhooks\` library and your \`whsec_...\` secret). Answer 2xx within 10 seconds; anything else is retried with backoff for 72 hours.`,
      tags: ['Webhooks'],
      parameters: WEBHOOK_HEADERS.map((h) => ({
        name: h.name,
        in: 'header',
        required: true,
        description: h.description,
        schema: { type: 'string' },
        example: h.example,
      })),
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                id: { type: 'string', description: 'The event id (as webhook-id).' },
                type: { const: event.type },
                version: { const: event.version },
                created: { type: 'string', description: 'When the event happened (ISO 8601).' },
                livemode: {
                  type: 'boolean',
                  description: 'False for events of test-mode checkouts (made with a test API token).',
                },
                simulated: { const: true, description: 'Present when you fired the event from the sandbox.' },
                data,
              },
              required: ['id', 'type', 'version', 'created', 'livemode', 'data'],
            },
            example: event.example,
          },
        },
      },
      responses: {
        '200': { description: 'Any 2xx acknowledges the event.' },
        default: {
          description:
            'Any other status (or no answer in 10 seconds) is retried with backoff until 72 hours after the event.',
        },
      },
    },
  };
}

// ---------- the document ----------

const INTRO = [
  'Create lease-to-own checkouts for your shoppers, follow them, and receive signed webhooks as they move.',
  '',
  '**Authentication.** Every call carries `Authorization: Bearer <API token>` (tokens start with `rt_`). Test-mode tokens reach only sandbox vendors and create sandbox checkouts; live tokens create real ones.',
  '',
  '**Idempotency.** Writes take an `Idempotency-Key` header (8 to 128 letters, digits or `_ . : -`). The first request with a key runs and its answer is kept 24 hours; the same key with the same body answers that again (with `Idempotent-Replayed: true`); the same key with another body is refused (422); a key whose request is still running answers 409. A failed request keeps nothing, so it can be fixed and retried with the same key.',
  '',
  '**Answers.** JSON envelopes: `{ "status": true, "code": 200, "data": ... }` on success, `{ "status": false, "code", "data": null, "message", "errors"? }` on failure (`errors` per field with 422). Messages follow `Accept-Language` (en or es). Every answer carries `X-Request-Id`; API answers carry `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`, and a 429 carries `Retry-After`.',
  '',
  "**Webhooks.** Status changes are POSTed to the checkout's `callback_url`, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`); see `webhooks` for each event type and its body.",
].join('\n');

export interface BuildOptions {
  routes: readonly OpenApiRoute[];
  /** The API's origin; by default `/`, the origin the document is served from (the same for every environment). */
  serverUrl?: string;
  /** Defaults to the contract map and the event catalogue (tests pass their own). */
  contracts?: Readonly<Record<string, RetailerApiOperation>>;
  events?: readonly WebhookEventDefinition[];
  /**
   * Throw when a route has no contract. The served document leaves such a route out instead (a page that answers
   * beats a 500); the integration test (tests/integration/retailer-api/openapi.test.ts) fails on any left out.
   */
  strict?: boolean;
}

export function buildRetailerOpenApi(options: BuildOptions): OpenApiDocument {
  const contracts = options.contracts ?? RETAILER_API;
  const events = options.events ?? WEBHOOK_EVENTS;
  const named: Named = {
    requests: new Map(),
    responses: new Map([[errorEnvelopeSchema, 'ErrorEnvelope']]),
  };
  const apiRoutes = options.routes.filter((r) => r.path.startsWith(`${RETAILER_API_PREFIX}/`));
  const missing = apiRoutes.filter((r) => !contracts[r.name]);
  if (missing.length && options.strict) {
    throw new MissingContractError(
      `No contract in machines/contracts/retailer-api.ts for: ${missing.map((r) => `${r.method} ${r.path} (${r.name})`).join(', ')}`,
    );
  }

  const paths: Record<string, Record<string, Json>> = {};
  for (const route of apiRoutes) {
    const contract = contracts[route.name];
    if (contract) (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route, contract, named);
  }

  const requestSchemas = convertNamed(named.requests, 'input');
  const responseSchemas = convertNamed(named.responses, 'output');
  const usedTags = new Set([
    ...Object.values(paths).flatMap((p) => Object.values(p).flatMap((o) => o.tags as string[])),
    ...(events.length ? ['Webhooks'] : []),
  ]);

  return {
    openapi: '3.1.0',
    info: {
      title: 'Retailer API',
      version: '1.0.0',
      summary: 'Lease-to-own checkouts and webhooks for retailers.',
      description: INTRO,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: options.serverUrl ?? '/', description: 'The origin this document is served from.' }],
    security: [{ bearerAuth: [] }],
    tags: Object.entries(RETAILER_API_TAGS)
      .filter(([name]) => usedTags.has(name))
      .map(([name, description]) => ({ name, description })),
    paths,
    webhooks: Object.fromEntries(events.map((e) => [e.type, webhook(e)])),
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'rt_...',
          description:
            'An API token of your retailer account (test mode or live mode), sent as `Authorization: Bearer rt_...`.',
        },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Makes a write safe to retry: the same key with the same body gets the first answer again for 24 hours; with another body it is refused (422); while the first is still running, 409.',
          schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN },
          example: 'order-1042-create',
        },
        RequestId: {
          name: 'X-Request-Id',
          in: 'header',
          required: false,
          description:
            'Your id for this request (8 to 128 letters, digits or `. _ : -`); echoed in the answer and in our logs.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{8,128}$' },
        },
      },
      headers: HEADERS,
      schemas: { ...requestSchemas, ...responseSchemas },
    },
  };
}

const cache = new WeakMap<readonly OpenApiRoute[], OpenApiDocument>();

/** The document of a route table, built on first use (it depends only on code). */
export function retailerOpenApi(routes: readonly OpenApiRoute[]): OpenApiDocument {
  let doc = cache.get(routes);
  if (!doc) cache.set(routes, (doc = buildRetailerOpenApi({ routes })));
  return doc;
}
