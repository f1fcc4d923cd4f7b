import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routeKey, type RouteDef } from '../../../functions/http/route.ts';
import { routes } from '../../../functions/http/routes.ts';
import { routeSamples, servicingLease, type RouteSample } from '../../support/route-samples.ts';
import { fundedLease } from '../servicing/support.ts';
import { applySession } from '../../support/api.ts';
import { asAdmin, type StaffClient } from '../staff/client.ts';
import { jsonOr, readText } from '../../support/http.ts';

// Bad input everywhere, generated from the route table: every route's path parameters, query string and JSON body
// (its text fields) get naughty strings (tests/fixtures/blns.json), wrong types, 1 MB and 10 MB bodies and 10,000
// levels of nesting. Never a 5xx; an accepted value comes back as sent (or trimmed: the schemas trim); a refused
// update of a record loses nothing (the record is read before and after). Real sessions: the staff admin, a shopper's
// apply token, the retailer's API token.
//
// Budget: the whole list on every field of ~300 routes is ~400,000 requests, far beyond a test run on a 2-core
// machine (a staff request costs several database reads and a session write). Each route and location gets the
// CORE strings (one of each kind of trouble: empty, words the code might mistake for values, whitespace, control
// characters, the longest, right-to-left, emoji, markup, SQL, paths, numbers) plus a rotating slice of the rest, so
// every string of the list is sent to many routes. BAD_INPUT_FULL=1 sends the whole list everywhere.

const blns: string[] = JSON.parse(readFileSync(new URL('../../fixtures/blns.json', import.meta.url), 'utf8'));
const FULL = process.env.BAD_INPUT_FULL === '1';
const SLICE = 3;
const IN_FLIGHT = 12;

const pick = (test: (s: string) => boolean) => blns.find(test);
const CORE = [
  ...new Set(
    [
      '',
      'undefined',
      'null',
      '__proto__',
      pick((s) => /^\s+$/.test(s) && s.length > 1),
      pick((s) => /[\u0000-\u0008]/.test(s)),
      [...blns].sort((a, b) => b.length - a.length)[0],
      pick((s) => /[\u0590-\u06ff]/.test(s)),
      pick((s) => /\p{Extended_Pictographic}/u.test(s)),
      pick((s) => /\u0300|\u0336|\u0489/.test(s)),
      pick((s) => s.includes('<script>')),
      pick((s) => /' OR|1=1|DROP TABLE/i.test(s)),
      pick((s) => s.includes('../')),
      pick((s) => s.includes('%') && s.includes('{')),
    ].filter((s): s is string => s !== undefined && blns.includes(s)),
  ),
];
let rotation = 0;
/** The strings of one series: the core ones and the next slice of the list. */
function seriesStrings(): string[] {
  if (FULL) return blns;
  const start = (rotation++ * SLICE) % blns.length;
  const slice = blns.slice(start, start + SLICE);
  return [...new Set([...CORE, ...slice])];
}

const QUERY_KEYS = [
  'lang',
  'search',
  'q',
  'sortBy',
  'sortDesc',
  'page',
  'perPage',
  'per_page',
  'limit',
  'cursor',
  'status',
  'type',
  'code',
  'id',
  'uuid',
  'from',
  'to',
];
const NOWHERE = 'no-such-thing';
const VOLATILE = /^(v|id|uuid|created_at|updated_at|deleted_at|last_login_at|.*_at)$/;

interface Reply {
  status: number;
  body: any;
}

const base = () => new URL(inject('baseUrl'));
const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
let ipCounter = Math.floor(Math.random() * 250) * 250;
/** Public routes count failures per address (login, sign-up): each of their requests comes from its own loopback address. */
const freshIp = () => {
  ipCounter += 1;
  return `127.${20 + ((ipCounter >> 16) & 0x3f)}.${(ipCounter >> 8) & 0xff}.${ipCounter & 0xff || 1}`;
};

function send(
  method: string,
  path: string,
  options: { body?: string | Buffer; headers?: Record<string, string>; ip?: string } = {},
): Promise<Reply> {
  const body =
    options.body === undefined ? undefined : Buffer.isBuffer(options.body) ? options.body : Buffer.from(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: Number(base().port),
        path,
        method,
        ...(options.ip ? { localAddress: options.ip, agent: false } : { agent }),
        headers: {
          'content-type': 'application/json',
          ...(body ? { 'content-length': String(body.length) } : {}),
          ...(options.headers ?? {}),
        },
      },
      (res) => {
        readText(res).then((text) => resolve({ status: res.statusCode ?? 0, body: jsonOr(text, text) }), reject);
      },
    );
    // A server that answers (413) before reading a large body may close the socket while we still write.
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET'
        ? resolve({ status: 0, body: String(error) })
        : reject(error),
    );
    if (body) req.write(body);
    req.end();
  });
}

// A lone surrogate cannot be percent-encoded; it travels as U+FFFD, as a browser would send it.
const enc = (s: string) =>
  encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

function fillPath(route: RouteDef, params: Record<string, string>): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => enc(params[name] ?? NOWHERE));
}

/** Sets a dotted field path (`contacts.0.email`) in a body. */
function setPath(target: Record<string, any>, path: string, value: unknown) {
  const parts = path.split('.');
  let at: any = target;
  parts.slice(0, -1).forEach((part, i) => {
    if (at[part] === null || typeof at[part] !== 'object') at[part] = /^\d+$/.test(parts[i + 1]!) ? [] : {};
    at = at[part];
  });
  at[parts[parts.length - 1]!] = value;
}

/** The dotted paths of the string (and, with `numbers`, number) leaves of a sample. */
function stringLeaves(value: unknown, prefix = '', numbers = false): string[] {
  if (typeof value === 'string' || (numbers && typeof value === 'number')) return [prefix];
  if (Array.isArray(value))
    return value.flatMap((v, i) => stringLeaves(v, prefix ? `${prefix}.${i}` : String(i), numbers));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, prefix ? `${prefix}.${k}` : k, numbers));
  return [];
}

let admin: StaffClient;
let applyHeaders: Record<string, string>;
const failures: string[] = [];
let requests = 0;

function headersFor(route: RouteDef): { headers: Record<string, string>; ip?: string } {
  switch (route.auth) {
    case 'staff':
      return {
        headers: {
          cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-csrf-token': admin.csrf ?? '',
          accept: 'application/json',
        },
      };
    case 'apply':
    case 'apply-frame':
      return { headers: applyHeaders };
    case 'retailer':
      return { headers: { authorization: `Bearer ${inject('retailerApiToken')}` } };
    default:
      return { headers: {}, ip: freshIp() };
  }
}

async function hit(
  route: RouteDef,
  label: string,
  path: string,
  body?: string | Buffer,
  extraHeaders: Record<string, string> = {},
): Promise<Reply> {
  const auth = headersFor(route);
  if (routeSamples[routeKey(route)]?.throwawaySession) {
    const own = await asAdmin();
    auth.headers = {
      ...auth.headers,
      cookie: [...own.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': own.csrf ?? '',
    };
  }
  requests++;
  const res = await send(route.method, path, { body, headers: { ...auth.headers, ...extraHeaders }, ip: auth.ip });
  if (res.status >= 500)
    failures.push(`${res.status} ${routeKey(route)} [${label}] ${JSON.stringify(res.body).slice(0, 200)}`);
  return res;
}

const isBodyRoute = (route: RouteDef, sample: RouteSample) =>
  route.method !== 'GET' && route.method !== 'DELETE' && !sample.noBody;

/** The text fields a route names when it refuses an empty body (its zod schema's required fields). */
async function discoverFields(route: RouteDef, sample: RouteSample, params: Record<string, string>): Promise<string[]> {
  const res = await hit(route, 'discover', fillPath(route, params), JSON.stringify({ ...sample.fixed }));
  const named =
    res.status === 422 && res.body?.errors
      ? Object.keys(res.body.errors).filter((k) => k !== '_' && !(sample.fixed && k in sample.fixed))
      : [];
  return [...new Set([...named, ...stringLeaves(sample.body ?? {})])];
}

function bodyWith(fields: string[], value: unknown, sample: RouteSample, extra: Record<string, unknown> = {}): string {
  const body: Record<string, any> = structuredClone(sample.body ?? {});
  // A copy per field: when both a nested object and one of its leaves are fields (`source`, `source.kind`), one shared
  // wrong-type object would be set inside itself (a circle JSON cannot send).
  for (const f of fields)
    setPath(body, f, typeof value === 'object' && value !== null ? structuredClone(value) : value);
  return JSON.stringify({ ...body, ...sample.fixed, ...extra });
}

const echoed = (sent: string, got: unknown) =>
  got === sent || got === sent.trim() || got === sent.normalize('NFC').trim();

/** Path, query and body series of a route that is not a record's update. */
function plainTasks(route: RouteDef, sample: RouteSample): (() => Promise<void>)[] {
  const tasks: (() => Promise<void>)[] = [];
  const params = sample.params ?? {};
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (names.length) {
    for (const s of seriesStrings()) {
      const naughty = Object.fromEntries(names.map((n) => [n, s]));
      tasks.push(
        async () =>
          void (await hit(
            route,
            `path ${JSON.stringify(s).slice(0, 60)}`,
            fillPath(route, naughty),
            isBodyRoute(route, sample) ? '{}' : undefined,
          )),
      );
    }
  }
  let fields: Promise<string[]> | undefined;
  const fieldsOnce = () =>
    (fields ??= isBodyRoute(route, sample) ? discoverFields(route, sample, params) : Promise.resolve([]));
  for (const s of seriesStrings()) {
    tasks.push(async () => {
      const query = QUERY_KEYS.map((k) => `${k}=${enc(s)}`).join('&');
      const f = await fieldsOnce();
      const body = isBodyRoute(route, sample) ? bodyWith(f, s, sample) : undefined;
      const res = await hit(
        route,
        `query+body ${JSON.stringify(s).slice(0, 60)} fields ${f.join(',')}`,
        `${fillPath(route, params)}?${query}`,
        body,
      );
      if (res.status >= 200 && res.status < 300 && body && res.body?.data && typeof res.body.data === 'object') {
        for (const field of f.filter((x) => !x.includes('.'))) {
          const got = res.body.data[field];
          if (typeof got === 'string' && got !== s && !echoed(s, got) && !got.includes('•'))
            failures.push(`changed ${routeKey(route)} ${field}: ${JSON.stringify(s)} -> ${JSON.stringify(got)}`);
        }
      }
    });
  }
  if (isBodyRoute(route, sample)) tasks.push(...shapeTasks(route, sample, () => fieldsOnce()));
  return tasks;
}

const HUGE_NUMBERS = ['123456789012345678901234567890123456789', '9'.repeat(96)];
// The deep object of 100,000 levels is 600 KB: above the body limit (413); the array of 100,000 is 200 KB, under it.
const DEPTHS = [5_000, 20_000, 100_000];
const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + 'null' + '}'.repeat(n);
const tenMbGroups = new Set<string>();

/** Wrong types, huge bodies, deep nesting and broken JSON. */
function shapeTasks(
  route: RouteDef,
  sample: RouteSample,
  fields: () => Promise<string[]>,
  params = sample.params ?? {},
): (() => Promise<void>)[] {
  const path = () => fillPath(route, params);
  const tasks: (() => Promise<void>)[] = [];
  for (const [label, value] of [
    ['number', -1.5e308],
    ['array', ['x']],
    ['object', { a: 'x' }],
    ['null', null],
  ] as const) {
    tasks.push(async () => void (await hit(route, `type ${label}`, path(), bodyWith(await fields(), value, sample))));
  }
  tasks.push(async () => {
    const f = await fields();
    const key = f[0] ?? 'name';
    await hit(route, '1 MB', path(), JSON.stringify({ ...sample.fixed, [key]: 'x'.repeat(1024 * 1024) }));
  });
  // 10 MB once per route group (the body limit lives at the edge, per group) and on every upload route.
  if (
    !tenMbGroups.has(route.group) ||
    route.group === 'staff-imports' ||
    ['signupUpload', 'staffFilesUpload'].includes(route.name)
  ) {
    tenMbGroups.add(route.group);
    tasks.push(async () => void (await hit(route, '10 MB', path(), Buffer.alloc(10 * 1024 * 1024, 'a'))));
  }
  // Amounts and quantities of 39 and 96 digits, as strings and as JSON numbers, in every field the route names and
  // every text or number field of its sample (money and quantity fields among them).
  const moneyAndCountFields = async () => [
    ...new Set([...(await fields()), ...stringLeaves(sample.body ?? {}, '', true)]),
  ];
  for (const digits of HUGE_NUMBERS) {
    tasks.push(async () => {
      const f = await moneyAndCountFields();
      await hit(route, `${digits.length}-digit string`, path(), bodyWith(f, digits, sample));
    });
    tasks.push(async () => {
      const f = await moneyAndCountFields();
      // A JSON number literal no double holds exactly (JSON.stringify cannot write it).
      const marker = '"__huge_number__"';
      await hit(
        route,
        `${digits.length}-digit number`,
        path(),
        bodyWith(f, '__huge_number__', sample).split(marker).join(digits),
      );
    });
  }
  // Bodies that are JSON but not an object.
  for (const scalar of ['null', '0', '-1', '"text"', 'true', `${HUGE_NUMBERS[1]}`]) {
    tasks.push(async () => void (await hit(route, `body ${scalar.slice(0, 12)}`, path(), scalar)));
  }
  for (const depth of DEPTHS) {
    tasks.push(async () => void (await hit(route, `deep array ${depth}`, path(), deepArray(depth))));
    tasks.push(async () => {
      const f = await fields();
      await hit(route, `deep object ${depth} in a field`, path(), `{"${f[0] ?? 'name'}":${deepObject(depth)}}`);
    });
  }
  tasks.push(async () => void (await hit(route, 'broken JSON', path(), '{"a": "b"')));
  tasks.push(async () => void (await hit(route, 'top-level array', path(), '["a", 1]')));
  tasks.push(
    async () =>
      void (await hit(route, 'form body', path(), 'a=b&c=%ZZ', {
        'content-type': 'application/x-www-form-urlencoded',
      })),
  );
  return tasks;
}

const FRESH: Record<string, () => Record<string, unknown>> = {
  users: () => {
    const n = `badinput_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    return {
      username: n,
      email: `${n}@example.com`,
      display_name: 'Bad Input',
      password: 'bad-input-password',
      guard: 'system',
    };
  },
  stores: () => ({
    name: 'Bad input store',
    slug: `bad-input-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    retailer_id: 'ret-demo-electronics',
  }),
  retailers: () => ({
    name: 'Bad input retailer',
    slug: `bad-input-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
  }),
  roles: () => ({
    name: `Bad input ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    guard: 'store',
  }),
};

function rows(data: any): any[] {
  if (Array.isArray(data)) return data;
  for (const key of ['data', 'items', 'rows', 'records']) if (Array.isArray(data?.[key])) return data[key];
  return [];
}

/** A record's update route: sequential, read before and after each request, put back at the end. */
async function recordSeries(route: RouteDef, sample: RouteSample): Promise<void> {
  const listPath = route.path.replace(/\/\{id\}$/, '');
  let id: string | undefined;
  if (sample.record === 'first') id = rows((await admin.get(listPath)).body.data)[0]?.id;
  else {
    const created = await admin.post(listPath, FRESH[sample.record!]!());
    if (created.status !== 201 && created.status !== 200)
      failures.push(
        `could not create a ${sample.record} record: ${created.status} ${JSON.stringify(created.body).slice(0, 200)}`,
      );
    id = created.body.data?.id;
  }
  if (!id) {
    failures.push(`${routeKey(route)}: no record to update under ${listPath}`);
    return;
  }
  const show = `${listPath}/${encodeURIComponent(id)}`;
  const read = async () => (await admin.get(show)).body.data as Record<string, unknown>;
  const original = await read();
  const fields = Object.keys(original).filter((k) => typeof original[k] === 'string' && !VOLATILE.test(k));
  // The record's other fields go along as they are, so only the text fields are wrong.
  const kept = Object.fromEntries(Object.entries(original).filter(([k]) => !VOLATILE.test(k)));
  let before = original;
  const params = { id };
  for (const s of seriesStrings()) {
    const res = await hit(
      route,
      `record ${JSON.stringify(s).slice(0, 60)}`,
      fillPath(route, params),
      bodyWith(fields, s, sample, { ...kept, ...Object.fromEntries(fields.map((f) => [f, s])), v: before.v }),
    );
    const after = await read();
    if (res.status >= 200 && res.status < 300) {
      for (const f of fields) {
        const got = after[f];
        if (typeof got === 'string' && !echoed(s, got) && got !== before[f])
          failures.push(`changed ${routeKey(route)} ${f}: ${JSON.stringify(s)} -> ${JSON.stringify(got)}`);
      }
    } else if (res.status < 500) {
      const strip = (r: Record<string, unknown>) => JSON.stringify(r, (k, v) => (k === 'updated_at' ? undefined : v));
      if (strip(after) !== strip(before))
        failures.push(
          `lost ${routeKey(route)} after a refused update (${res.status}) with ${JSON.stringify(s).slice(0, 60)}`,
        );
    }
    before = after;
  }
  for (const task of shapeTasks(route, sample, async () => fields, params)) await task();
  if (sample.record === 'first') {
    const current = await read();
    const changed = Object.keys(kept).some((k) => JSON.stringify(current[k]) !== JSON.stringify(kept[k]));
    // Put back only what an accepted update changed (a fulfilled order, say, refuses even its own items again).
    const restored = changed ? await admin.put(show, { ...kept, v: current.v }) : { status: 200, body: null };
    if (restored.status !== 200)
      failures.push(`could not put ${show} back: ${restored.status} ${JSON.stringify(restored.body).slice(0, 200)}`);
  }
}

async function pool(tasks: (() => Promise<void>)[], size: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < tasks.length) {
        const task = tasks[next++]!;
        try {
          await task();
        } catch (error) {
          failures.push(`request failed: ${String(error).slice(0, 200)}`);
        }
      }
    }),
  );
}

beforeAll(async () => {
  admin = await asAdmin();
  const session = await applySession();
  applyHeaders = { 'x-apply-token': session['x-apply-token'], 'x-client-id': session['x-client-id'] };
  // the servicing routes' samples name this lease (tests/support/route-samples.ts)
  servicingLease.id = (await fundedLease()).uuid;
  servicingLease.action = 'waive-fee';
}, 120_000);

describe('bad input on every route', () => {
  it('has a sample entry for every route of the route table (a new route must be added there)', () => {
    const keys = routes.map(routeKey);
    expect(keys.filter((k) => !(k in routeSamples))).toEqual([]);
    expect(Object.keys(routeSamples).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('never answers 5xx, echoes what it accepts and loses nothing on a refused update', async () => {
    const started = Date.now();
    const plain: (() => Promise<void>)[] = [];
    const records: RouteDef[] = [];
    for (const route of routes) {
      const sample = routeSamples[routeKey(route)]!;
      if (sample.record) records.push(route);
      else plain.push(...plainTasks(route, sample));
    }
    // A record's update routes (PUT and POST share it) run one after another; the rest IN_FLIGHT at a time.
    const byResource = new Map<string, RouteDef[]>();
    for (const route of records) byResource.set(route.path, [...(byResource.get(route.path) ?? []), route]);
    const chains = [...byResource.values()].map((chain) => async () => {
      for (const route of chain) await recordSeries(route, routeSamples[routeKey(route)]!);
    });
    await Promise.all([pool(plain, IN_FLIGHT - 4), pool(chains, 4)]);
    // The staff session the suite ran on still works (nothing it sent locked the admin out).
    const me = await admin.get('/staff/api/auth/me');
    if (me.status !== 200) failures.push(`the admin session ended: ${me.status}`);
    console.info(
      `bad input: ${requests} requests to ${routes.length} routes in ${((Date.now() - started) / 1000).toFixed(0)} s (${FULL ? 'whole list' : `${CORE.length} core strings + ${SLICE} rotating per series`})`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});

describe('bad input that once cost a 5xx or a held connection', () => {
  const route = (key: string) => routes.find((r) => routeKey(r) === key)!;
  const checkout = (items: unknown[]) =>
    JSON.stringify({
      store: 'main-street',
      cart: { items },
      return_url: `${base().origin}/done`,
      return_url_failure: `${base().origin}/failed`,
      callback_url: `${base().origin}/demo/retailer/webhooks`,
    });
  const line = { sku: 'TV-1', description: 'Television', quantity: 1, unit_price: '649.99' };

  it.each(HUGE_NUMBERS)('refuses a %s unit price or quantity with a 422 on that field', async (digits) => {
    const post = route('POST /retailer/v1/checkouts');
    const cases: [unknown[], string][] = [
      [[{ ...line, unit_price: digits }], 'cart.items.0.unit_price'],
      [[{ ...line, unit_price: Number(digits) }], 'cart.items.0.unit_price'],
      [[{ ...line, quantity: digits }], 'cart.items.0.quantity'],
      [
        [{ ...line, required_parts: [{ sku: 'M-1', description: 'Mount', quantity: 1, unit_price: digits }] }],
        'cart.items.0.required_parts.0.unit_price',
      ],
    ];
    for (const [items, field] of cases) {
      const res = await hit(post, `checkout ${field}`, post.path, checkout(items), { 'idempotency-key': randomUUID() });
      expect(res.status, field).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), field).toEqual([field]);
    }
  });

  it('answers a body of null (or a scalar) to the demo retailer endpoint with a 4xx', async () => {
    const post = route('POST /demo/retailer/webhooks');
    for (const body of ['null', '1', '"x"', 'true']) {
      const res = await hit(post, `webhook ${body}`, post.path, body);
      expect(res.status, body).toBeGreaterThanOrEqual(400);
      expect(res.status, body).toBeLessThan(500);
    }
  });

  it('refuses deep nesting at the edge, at once and in the caller’s language', async () => {
    const cases: [string, string, string][] = [
      ['POST /api/v1/score/payments', '/api/v1/score/payments', deepObject(20_000)],
      ['POST /demo/retailer/webhooks', '/demo/retailer/webhooks', deepArray(5_000)],
      ['POST /staff/api/store-applications/{id}/clean', '/staff/api/store-applications/x/clean', deepArray(100_000)],
      ['POST /retailer/v1/checkouts', '/retailer/v1/checkouts', `{"cart":{"items":${deepArray(50_000)}}}`],
    ];
    for (const [key, path, body] of cases) {
      for (const lang of ['en', 'es'] as const) {
        const started = performance.now();
        const res = await hit(route(key), `deep ${lang}`, path, body, { 'x-lang': lang });
        const ms = performance.now() - started;
        expect(res.status, key).toBe(400);
        expect(res.body.message, key).toBe(
          lang === 'en'
            ? 'The request body is nested too deeply. Send the JSON object the API describes.'
            : 'El cuerpo de la solicitud tiene demasiados niveles anidados. Envíe el objeto JSON que describe la API.',
        );
        expect(ms, `${key} took ${ms.toFixed(0)} ms`).toBeLessThan(1000);
      }
    }
    expect(failures).toEqual([]);
  });
});
