import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { PAGE_SIZE } from '../../machines/contracts/staff.ts';
import type { ApplicationRow, TimelineEntry } from '../../machines/contracts/staff-leases.ts';
import {
  leasePlaceLabel,
  leaseStatusSnapshotAt,
  persistLeaseStatus,
  type LeaseStatusCode,
} from '../../machines/lease-status/lease-status.machine.ts';
import { leaseKey } from '../../functions/data/leases.ts';
import { entrySortKey } from '../../functions/data/staff/list-anchors.ts';
import { listEntrySk, listPartitionName, rebuildListIndex } from '../../functions/data/staff/lists.ts';
import { DEMO_STORES } from '../../functions/local/demo-data.ts';
import { applicationScopes, loanNumberOf } from '../../functions/services/leases/facts.ts';
import { LIST_APPLICATIONS, searchTermHmac } from '../../functions/services/leases/sync.ts';
import { STORE_MANAGER_ROLE_ID } from '../../functions/services/staff/seed.ts';
import type { Deps } from '../../functions/platform/deps.ts';
import { batchWriter } from './batch-writer.ts';
import { staffLogin } from './staff-login.ts';
import { summarise, type Stats } from './stats.ts';

// The staff application list at 100,000 applications (staff lease operations issue: "p95 of a page <= 100 ms").
// Generates ApplicationRow list entries straight into the application list partitions (BatchWrite, as a bulk import
// would), with the pk/sk/gsi2pk/gsi2sk syncListEntries writes (entrySortKey), then recounts each partition filled
// (rebuildListIndex). By default only the partitions the cases read are filled, in full (see PARTITIONS). A few
// hundred rows also get their lease item (the row `q` reads) and their search items (keyed HMACs on gsi1, as
// syncSearchTerms writes them). Then times GET /staff/api/applications through the local server, as the admin and as
// a store user: median, p95, p99, their ratios to the dynalite GetItem floor of the same run, the process CPU time per
// request (the request's own cost, whatever the machine's load), and PASS/FAIL of each case's p95 against 100 ms.
// One request per case is profiled (DynamoDB calls, items and bytes read) so that a miss says where the time goes.
//   BENCH_APP_LISTS=0 skips it; BENCH_APP_ROWS (100000), BENCH_APP_SEARCH_ROWS (600), BENCH_APP_N (50 samples a case),
//   BENCH_APP_CASE_MS (10000: a slow case stops sampling after that), BENCH_APP_PARTITIONS (read | all, see below),
//   BENCH_APP_CASES (comma-separated parts of case names: only those cases are timed, e.g. "days,year");
//   with BENCH_DATA_DIR (run.ts) a database already loaded with the same settings is reused, without the bulk load.
const ROWS = Number(process.env.BENCH_APP_ROWS ?? 100_000);
const SEARCH_ROWS = Math.min(ROWS, Number(process.env.BENCH_APP_SEARCH_ROWS ?? 600));
const N = Number(process.env.BENCH_APP_N ?? 50);
/** A case stops sampling after this long (slow cases still get at least MIN_SAMPLES). */
const CASE_BUDGET_MS = Number(process.env.BENCH_APP_CASE_MS ?? 10_000);
const MIN_SAMPLES = 8;
const ONLY_CASES = (process.env.BENCH_APP_CASES ?? '')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const LIMIT_MS = 100;
const DAY_MS = 86_400_000;
const START = Date.UTC(2025, 0, 1);
const SPAN_DAYS = 365;

const STORES = [
  ...DEMO_STORES.map((s) => ({
    id: s.view.id,
    name: s.view.name,
    retailer_id: s.view.retailer.id,
    retailer_name: s.view.retailer.name,
  })),
  ...[1, 2, 3].map((n) => ({
    id: `bench-app-sto-${n}`,
    name: `Bench Home ${n}`,
    retailer_id: 'bench-app-ret',
    retailer_name: 'Bench Home Furnishings',
  })),
];
const STORE_USER_STORE = 'sto-main-street';
const STORE_FILTER = 'sto-express';
const STATUS_FILTER = 'L';
/**
 * Which list entries to write. 'read' (default): the partitions the cases below read, in full (created_at x *,
 * applicant_name x *, created_at x status=L, created_at x the two stores): ~2.5 entries a row, so that the load fits in
 * a few minutes (dynalite takes 600-2,000 items/s on 2 cores, depending on the load). 'all': every partition syncListEntries writes
 * (applicationScopes x both sort fields, ~9.3 entries a row; a few times longer). The partitions read are the same.
 */
const PARTITIONS = process.env.BENCH_APP_PARTITIONS === 'all' ? 'all' : 'read';
const READ_PARTITIONS = new Set([
  'created_at|*',
  'applicant_name|*',
  `created_at|status=${STATUS_FILTER}`,
  `created_at|store=${STORE_FILTER}`,
  `created_at|store=${STORE_USER_STORE}`,
  // a status within a store is a partition of its own (the admin's store + status, a store user's status filter)
  `created_at|status=${STATUS_FILTER}&store=${STORE_FILTER}`,
  `created_at|status=${STATUS_FILTER}&store=${STORE_USER_STORE}`,
]);
const writesPartition = (field: string, scope: string) =>
  PARTITIONS === 'all' || READ_PARTITIONS.has(`${field}|${scope}`);

// Status mix of a lender's book (per 100): many unfinished and declined, a fifth funded.
const STATUS_MIX: [LeaseStatusCode | 'Ydelivered', number][] = [
  ['inProgress', 18],
  ['S', 4],
  ['I', 2],
  ['N', 28],
  ['V', 10],
  ['Z', 5],
  ['Y', 3],
  ['Ydelivered', 3],
  ['G', 2],
  ['L', 20],
  ['C', 5],
];
const FIRST = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Karen',
  'Luis',
  'Nancy',
  'Ana',
  'Lisa',
  'Daniel',
  'Betty',
  'Jose',
  'Sandra',
  'Kevin',
  'Ashley',
];
const LAST = [
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Okafor',
];
/** A third of the rows with search items share this last name (a common-name search: ~SEARCH_ROWS/3 matches). */
const COMMON_LAST = 'Smith';

/** A deterministic 32-bit mix of (i, salt). */
function mix(i: number, salt: number): number {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function uuidOf(i: number): string {
  const h = createHash('sha1').update(`bench-application-${i}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function statusOf(i: number): { code: LeaseStatusCode; delivered: boolean } {
  let roll = mix(i, 3) % 100;
  for (const [code, weight] of STATUS_MIX) {
    if (roll < weight) return code === 'Ydelivered' ? { code: 'Y', delivered: true } : { code, delivered: false };
    roll -= weight;
  }
  return { code: 'L', delivered: false };
}

const money = (cents: number) => (cents / 100).toFixed(2);
/** Every SEARCH_STEP-th row gets a lease item and search items. */
const SEARCH_STEP = Math.max(1, Math.floor(ROWS / Math.max(1, SEARCH_ROWS)));
const searchable = (i: number) => i % SEARCH_STEP === 0 && i / SEARCH_STEP < SEARCH_ROWS;

interface Person {
  first: string;
  middle: string;
  last: string;
}

function personOf(i: number): Person {
  const k = i / SEARCH_STEP;
  const last = searchable(i) && k % 3 === 0 ? COMMON_LAST : LAST[mix(i, 2) % LAST.length]!;
  return { first: FIRST[mix(i, 1) % FIRST.length]!, middle: mix(i, 9) % 4 === 0 ? 'A' : '', last };
}

/** An ApplicationRow as rowOf (functions/services/leases/facts.ts) builds it. */
function applicationRow(i: number): { row: ApplicationRow; person: Person } {
  const uuid = uuidOf(i);
  const store = STORES[mix(i, 4) % STORES.length]!;
  const { code, delivered } = statusOf(i);
  const created = START + Math.floor((i * SPAN_DAYS * DAY_MS) / ROWS) + (mix(i, 5) % 60_000);
  const decided = code !== 'inProgress';
  const approved = decided && code !== 'N';
  const result = !decided ? null : code === 'N' ? 'D' : mix(i, 6) % 10 === 0 ? 'G' : 'A';
  const approval = approved ? 100_000 + (mix(i, 7) % 400) * 1_000 : 0;
  const hasCheckout = ['V', 'Z', 'Y', 'G', 'L', 'C'].includes(code);
  const hasContract = ['Z', 'Y', 'G', 'L'].includes(code);
  const checkoutId = hasCheckout ? `chk_${uuid.replace(/-/g, '').slice(0, 20)}` : null;
  const person = personOf(i);
  const row: ApplicationRow = {
    id: uuid,
    uuid,
    applicant_name: [person.first, person.middle, person.last].filter(Boolean).join(' '),
    store_id: store.id,
    store_name: store.name,
    retailer_id: store.retailer_id,
    retailer_name: store.retailer_name,
    created_at: new Date(created).toISOString(),
    submitted_at: decided ? new Date(created + 540_000).toISOString() : null,
    result_code: result,
    approval_amount: approved ? money(approval) : decided ? '0.00' : null,
    offers: decided
      ? { A: money(approval), B: money(Math.round(approval * 0.8)), C: money(Math.round(approval * 0.6)), D: '0.00' }
      : null,
    status: code,
    status_label: leasePlaceLabel('en', code, delivered),
    delivered,
    state_changed_at: new Date(created + (decided ? 600_000 + (mix(i, 8) % 5) * DAY_MS : 0)).toISOString(),
    source: !hasCheckout ? 'portal' : mix(i, 10) % 3 === 0 ? 'iframe' : 'checkout',
    step: hasContract ? 'sign' : decided ? 'result' : mix(i, 11) % 2 ? 'confirm' : 'application',
    checkout_id: checkoutId,
    lease_number: hasContract ? checkoutId : null,
    loan_number: loanNumberOf(uuid),
    lease_amount: hasContract ? money(Math.round(approval * 1.9)) : null,
    term_months: hasContract ? 12 : null,
    delivery_date: null,
    has_contract: hasContract,
    requires_acceptance: code === 'Z' && mix(i, 12) % 2 === 0,
    claimed_by:
      code === 'S' && mix(i, 13) % 3 === 0
        ? { user_id: 'usr-admin', name: 'Administrator', at: new Date(created + 900_000).toISOString() }
        : null,
  };
  return { row, person };
}

/** The lease item and the search items of a row (what syncLease and syncSearchTerms write). */
async function leaseAndSearchItems(
  deps: Deps,
  row: ApplicationRow,
  person: Person,
): Promise<Record<string, unknown>[]> {
  const terms: [string, string][] = [
    ['name', person.first],
    ['name', person.last],
    ['name', row.applicant_name],
    ['name', `${person.first} ${person.last}`],
    ['email', `${person.first}.${person.last}.${row.loan_number}@example.com`.toLowerCase()],
    ['phone', `614555${row.loan_number.replace(/\D/g, '').padEnd(4, '0').slice(0, 4)}`],
    ['ssn4', row.loan_number.replace(/\D/g, '').padEnd(4, '7').slice(-4)],
    ['number', row.loan_number],
    ['number', row.uuid],
    ...(row.lease_number ? [['number', row.lease_number] as [string, string]] : []),
    ...(row.checkout_id ? [['number', row.checkout_id] as [string, string]] : []),
  ];
  const hmacs = [...new Set(await Promise.all(terms.map(([kind, value]) => searchTermHmac(deps, kind, value))))];
  const actor = { type: 'system' as const, id: null, name: null };
  const timeline: TimelineEntry[] = [
    {
      at: row.created_at,
      kind: 'event',
      name: 'application.created',
      from: null,
      to: 'inProgress',
      actor: { type: 'shopper', id: null, name: null },
      note: null,
    },
    ...(row.submitted_at
      ? [
          {
            at: row.submitted_at,
            kind: 'status' as const,
            name: 'decision',
            from: 'inProgress' as const,
            to: row.status,
            actor,
            note: `${row.result_code}`,
          },
        ]
      : []),
  ];
  const lease = {
    ...leaseKey(row.uuid),
    entity: 'lease',
    v: 2,
    uuid: row.uuid,
    storeId: row.store_id,
    retailerId: row.retailer_id,
    checkoutId: row.checkout_id,
    createdAt: row.created_at,
    updatedAt: row.state_changed_at,
    status: persistLeaseStatus(
      leaseStatusSnapshotAt(row.status, { leaseId: row.uuid, name: row.applicant_name }, row.delivered),
    ),
    stateChangedAt: row.state_changed_at,
    applied: row.submitted_at ? [`decision:${row.submitted_at}`] : [],
    timeline,
    claim: row.claimed_by,
    deliveryDate: null,
    rogDate: null,
    fundedAt: null,
    fundedCents: null,
    infoRequest: null,
    signedByStaffAt: null,
    discardedRevision: null,
    row,
    searchKeys: hmacs,
  };
  const search = hmacs.map((k) => ({
    pk: `APP#${row.uuid}`,
    sk: `SEARCH#${k}`,
    entity: 'leaseSearch',
    v: 1,
    gsi1pk: `APPSEARCH#${k}`,
    gsi1sk: `${row.created_at}#${row.uuid}`,
  }));
  return [lease, ...search];
}

interface Generated {
  /** Rows per partition written (`field|scope`). */
  partitionRows: Map<string, number>;
  /** Last names of the rows with search items (the q case searches these). */
  searchLastNames: string[];
}

/** What a kept database (BENCH_DATA_DIR) must have been loaded with to be reused. */
const LOADED_KEY = { pk: 'BENCH#application-list', sk: 'LOADED' };
const loadedConfig = JSON.stringify({ version: 2, ROWS, SEARCH_ROWS, PARTITIONS });

async function generate(deps: Deps, say: (line: string) => void): Promise<Generated> {
  const loaded = await deps.db.doc.send(new GetCommand({ TableName: deps.db.tableName, Key: LOADED_KEY }));
  if (loaded.Item?.config === loadedConfig) {
    say(`  application list: reusing the ${ROWS} rows already loaded in this database (BENCH_DATA_DIR)`);
    const searchLastNames = new Set<string>();
    for (let i = 0; i < ROWS; i += SEARCH_STEP)
      if (searchable(i) && personOf(i).last !== COMMON_LAST) searchLastNames.add(personOf(i).last);
    return { partitionRows: new Map(), searchLastNames: [...searchLastNames] };
  }
  const started = performance.now();
  const writer = batchWriter(deps);
  const partitionRows = new Map<string, number>();
  const searchLastNames = new Set<string>();
  for (let i = 0; i < ROWS; i++) {
    const { row, person } = applicationRow(i);
    const pk = `APP#${row.uuid}`;
    const scopes = applicationScopes(row);
    for (const field of LIST_APPLICATIONS.sortFields) {
      for (const scope of scopes) {
        if (!writesPartition(field, scope)) continue;
        partitionRows.set(`${field}|${scope}`, (partitionRows.get(`${field}|${scope}`) ?? 0) + 1);
        await writer.put({
          pk,
          sk: listEntrySk(field, scope),
          entity: 'listEntry',
          v: 1,
          gsi2pk: listPartitionName(LIST_APPLICATIONS.entity, field, scope),
          gsi2sk: entrySortKey(row[field], row.id),
          row,
        });
      }
    }
    if (searchable(i)) {
      for (const item of await leaseAndSearchItems(deps, row, person)) await writer.put(item);
      if (person.last !== COMMON_LAST) searchLastNames.add(person.last);
    }
    if (i > 0 && i % 20_000 === 0)
      say(`  application list: ${i} rows written (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  const items = await writer.done();
  const writeSeconds = (performance.now() - started) / 1000;
  const t = performance.now();
  let rebuildAllMs = 0;
  for (const partition of partitionRows.keys()) {
    const [field, scope] = partition.split('|') as [string, string];
    const s = performance.now();
    const state = await rebuildListIndex(deps.db, LIST_APPLICATIONS.entity, field, scope);
    if (partition === 'created_at|*') rebuildAllMs = performance.now() - s;
    if (state.total < partitionRows.get(partition)!)
      throw new Error(`${partition}: ${state.total} entries, ${partitionRows.get(partition)} written`);
  }
  await deps.db.doc.send(
    new PutCommand({
      TableName: deps.db.tableName,
      Item: { ...LOADED_KEY, entity: 'bench', v: 1, config: loadedConfig },
    }),
  );
  say(
    `  application list: ${ROWS} rows, ${items} items (${PARTITIONS === 'all' ? 'every partition' : 'the partitions read'}: ${partitionRows.size}) written in ${writeSeconds.toFixed(0)} s ` +
      `(${(items / writeSeconds).toFixed(0)} items/s); recounting them took ${((performance.now() - t) / 1000).toFixed(1)} s (the ${ROWS}-row one ${rebuildAllMs.toFixed(0)} ms)`,
  );
  return { partitionRows, searchLastNames: [...searchLastNames] };
}

// ---------- sessions ----------

/** A store user (the seeded Store Manager role) of one store, created through the API by the admin. */
async function storeUser(base: string, admin: { cookie: string; csrf: string }) {
  const username = `bench_store_${Date.now().toString(36)}`;
  const password = 'bench-store-password-1';
  const res = await fetch(`${base}/staff/api/users`, {
    method: 'POST',
    headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      display_name: 'Bench store user',
      password,
      guard: 'store',
      roles: [STORE_MANAGER_ROLE_ID],
      stores: [STORE_USER_STORE],
    }),
  });
  if (res.status !== 200) throw new Error(`store user: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return staffLogin(base, username, password);
}

// ---------- profiling: the DynamoDB calls of one request ----------

interface Call {
  command: string;
  ms: number;
  items: number;
  bytes: number;
}

function installProfiler(deps: Deps) {
  let calls: Call[] | undefined;
  deps.db.doc.middlewareStack.add(
    (next, context) => async (args) => {
      if (!calls) return next(args);
      const record = calls;
      const t = performance.now();
      const out = await next(args);
      const o = out.output as Record<string, unknown>;
      const responses = o.Responses as Record<string, unknown[]> | undefined;
      const items =
        (o.Items as unknown[] | undefined) ?? (responses ? Object.values(responses).flat() : o.Item ? [o.Item] : []);
      record.push({
        command: String(context.commandName ?? 'command').replace(/Command$/, ''),
        ms: performance.now() - t,
        items: items.length,
        bytes: JSON.stringify(items).length,
      });
      return out;
    },
    { step: 'initialize', name: 'benchProfiler' },
  );
  return {
    async profile(op: () => Promise<unknown>): Promise<string> {
      const got: Call[] = (calls = []);
      const t = performance.now();
      try {
        await op();
      } finally {
        calls = undefined;
      }
      const total = performance.now() - t;
      const byCommand = new Map<string, { n: number; ms: number; items: number; bytes: number }>();
      for (const c of got) {
        const s = byCommand.get(c.command) ?? { n: 0, ms: 0, items: 0, bytes: 0 };
        byCommand.set(c.command, { n: s.n + 1, ms: s.ms + c.ms, items: s.items + c.items, bytes: s.bytes + c.bytes });
      }
      const parts = [...byCommand.entries()].map(
        ([k, s]) => `${k} x${s.n} (${s.items} items, ${(s.bytes / 1024).toFixed(0)} KB, ${s.ms.toFixed(0)} ms)`,
      );
      return `${got.length} DynamoDB calls, request ${total.toFixed(0)} ms: ${parts.join('; ')}`;
    },
  };
}

// ---------- timing ----------

/**
 * Samples `op` n times (after a warm-up), stopping early after the case's time budget. Besides the wall time it keeps
 * the process CPU time of each call (client, server and dynalite share this process): on a busy machine the wall time
 * includes waiting for a core, the CPU time does not, so it tells the request's own cost from the machine's load.
 */
async function timeCase(op: (i: number) => Promise<unknown>, n = N, warmup = 5): Promise<{ wall: Stats; cpu: Stats }> {
  for (let i = 0; i < warmup; i++) await op(-1 - i);
  const samples: number[] = [];
  const cpu: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    await op(i);
    const used = process.cpuUsage(c);
    samples.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
    if (samples.length >= MIN_SAMPLES && performance.now() - start > CASE_BUDGET_MS) break;
  }
  const wall = performance.now() - start;
  return { wall: summarise(samples, wall), cpu: summarise(cpu, wall) };
}

interface PageMeta {
  total: number;
  last_page: number;
}

export async function staffApplicationsBench(options: {
  deps: Deps;
  base: string;
  adminPassword: string;
  floorGetMs: number;
  floorPutMs: number;
  say?: (line: string) => void;
}) {
  const { deps, base, floorGetMs, floorPutMs } = options;
  const say = options.say ?? ((line: string) => process.stdout.write(line + '\n'));
  say(`application list bench: generating ${ROWS} application rows (${SEARCH_ROWS} with search items)...`);
  const generated = await generate(deps, say);
  const admin = await staffLogin(base, 'admin', options.adminPassword);
  const store = await storeUser(base, admin);
  const profiler = installProfiler(deps);

  const page = async (who: { cookie: string }, query: string): Promise<PageMeta & { rows: number }> => {
    const res = await fetch(`${base}/staff/api/applications?${query}`, { headers: { cookie: who.cookie } });
    const body = (await res.json()) as { data: unknown[]; meta: PageMeta };
    if (res.status !== 200)
      throw new Error(`GET applications?${query}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    if (!body.data.length) throw new Error(`GET applications?${query}: empty page`);
    return { ...body.meta, rows: body.data.length };
  };

  const all = await page(admin, '');
  const middle = Math.ceil(all.last_page / 2);
  const byName = await page(admin, 'sortBy=applicant_name&sortDesc=false');
  const STATUS = STATUS_FILTER;
  const status = await page(admin, `status=${STATUS}`);
  const storeFilter = STORE_FILTER;
  const storeMeta = await page(admin, `store=${storeFilter}`);
  const day = new Date(START + Math.floor(SPAN_DAYS / 2) * DAY_MS).toISOString().slice(0, 10);
  const dayMeta = await page(admin, `from=${day}&to=${day}`);
  const monthEnd = new Date(START + (Math.floor(SPAN_DAYS / 2) + 29) * DAY_MS).toISOString().slice(0, 10);
  const monthMeta = await page(admin, `from=${day}&to=${monthEnd}`);
  const dayOf = (n: number) => new Date(START + n * DAY_MS).toISOString().slice(0, 10);
  const yearFrom = dayOf(0);
  const yearTo = dayOf(SPAN_DAYS - 1);
  const yearMeta = await page(admin, `from=${yearFrom}&to=${yearTo}`);
  const names = generated.searchLastNames;
  const nameMeta = await page(admin, `q=${encodeURIComponent(names[0]!)}`);
  const commonMeta = await page(admin, `q=${COMMON_LAST}`);
  const storeUserMeta = await page(store, '');
  say(
    `  application list: ${all.total} rows (${all.last_page} pages); ${STATUS}: ${status.total}; store ${storeFilter}: ${storeMeta.total}; day ${day}: ${dayMeta.total}; ` +
      `q=${names[0]}: ${nameMeta.total}; q=${COMMON_LAST}: ${commonMeta.total}; store user (${STORE_USER_STORE}): ${storeUserMeta.total}`,
  );

  let seed = 11;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  // [name, who, query for sample i, required by the issue]
  const cases: [string, { cookie: string }, (i: number) => string, boolean][] = [
    [`first page (${all.total} rows, created_at desc)`, admin, () => '', true],
    [`middle page ${middle}`, admin, () => `page=${middle}`, true],
    [`last page ${all.last_page}`, admin, () => `page=${all.last_page}`, true],
    ['random pages', admin, () => `page=${1 + Math.floor(random() * all.last_page)}`, true],
    ['applicant_name, first page', admin, () => 'sortBy=applicant_name&sortDesc=false', true],
    [
      `applicant_name, page ${Math.ceil(byName.last_page / 2)}`,
      admin,
      () => `sortBy=applicant_name&sortDesc=false&page=${Math.ceil(byName.last_page / 2)}`,
      true,
    ],
    [`status=${STATUS} (${status.total}), first page`, admin, () => `status=${STATUS}`, true],
    [
      `status=${STATUS}, page ${Math.ceil(status.last_page / 2)}`,
      admin,
      () => `status=${STATUS}&page=${Math.ceil(status.last_page / 2)}`,
      true,
    ],
    [`store=${storeFilter} (${storeMeta.total}), first page`, admin, () => `store=${storeFilter}`, true],
    [`one day ${day} (${dayMeta.total}), first page`, admin, () => `from=${day}&to=${day}`, true],
    [
      `q=<last name> (~${nameMeta.total} matches)`,
      admin,
      (i) => `q=${encodeURIComponent(names[Math.abs(i) % names.length]!)}`,
      true,
    ],
    [`store user (${STORE_USER_STORE}, ${storeUserMeta.total}), first page`, store, () => '', true],
    // Date ranges up to a year (issue 24: staff filter by month all the time), counted from the rank anchors.
    [`30 days ${day}..${monthEnd} (${monthMeta.total}), first page`, admin, () => `from=${day}&to=${monthEnd}`, true],
    [
      `30 days, page ${Math.ceil(monthMeta.last_page / 2)}`,
      admin,
      () => `from=${day}&to=${monthEnd}&page=${Math.ceil(monthMeta.last_page / 2)}`,
      true,
    ],
    [
      `a year ${yearFrom}..${yearTo} (${yearMeta.total}), first page`,
      admin,
      () => `from=${yearFrom}&to=${yearTo}`,
      true,
    ],
    [
      'random ranges of 1-365 days, random pages',
      admin,
      () => {
        const length = 1 + Math.floor(random() * SPAN_DAYS);
        const first = Math.floor(random() * (SPAN_DAYS - length + 1));
        const expected = Math.ceil((ROWS * length) / SPAN_DAYS / PAGE_SIZE);
        return `from=${dayOf(first)}&to=${dayOf(first + length - 1)}&page=${1 + Math.floor(random() * Math.max(1, expected - 1))}`;
      },
      true,
    ],
    // Beyond the issue's list: what staff also do, reported so their cost is known.
    [`extra: q=${COMMON_LAST} (${commonMeta.total} matches)`, admin, () => `q=${COMMON_LAST}`, false],
    [
      `extra: store user, page ${Math.ceil(storeUserMeta.last_page / 2)}`,
      store,
      () => `page=${Math.ceil(storeUserMeta.last_page / 2)}`,
      false,
    ],
    [`extra: store=${storeFilter} + status=${STATUS}`, admin, () => `store=${storeFilter}&status=${STATUS}`, false],
    [`extra: store user + status=${STATUS}`, store, () => `status=${STATUS}`, false],
  ];

  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  say(`  application list: timing ${cases.length} cases (load average ${load()} on this machine)`);
  const results: { name: string; stats: Stats; cpu: Stats; required: boolean; profile: string }[] = [];
  const timed = ONLY_CASES.length ? cases.filter(([name]) => ONLY_CASES.some((part) => name.includes(part))) : cases;
  if (ONLY_CASES.length)
    say(
      `  application list: timing only ${timed.length} of ${cases.length} cases (BENCH_APP_CASES=${ONLY_CASES.join(',')})`,
    );
  for (const [name, who, query, required] of timed) {
    const profile = await profiler.profile(() => page(who, query(0)));
    const { wall: stats, cpu } = await timeCase((i) => page(who, query(i)));
    results.push({ name, stats, cpu, required, profile });
    say(
      `  ${name}: median ${stats.median.toFixed(1)} ms, p95 ${stats.p95.toFixed(1)} ms, cpu p95 ${cpu.p95.toFixed(1)} ms (n ${stats.n}) | ${profile}`,
    );
  }

  console.table(
    results.map(({ name, stats: s, cpu, required }) => ({
      case: name,
      n: s.n,
      'median ms': s.median.toFixed(1),
      'p95 ms': s.p95.toFixed(1),
      'p99 ms': s.p99.toFixed(1),
      'median / floor get': (s.median / floorGetMs).toFixed(1),
      'p95 / floor get': (s.p95 / floorGetMs).toFixed(1),
      'p99 / floor get': (s.p99 / floorGetMs).toFixed(1),
      'cpu median ms': cpu.median.toFixed(1),
      'cpu p95 ms': cpu.p95.toFixed(1),
      [`p95 <= ${LIMIT_MS} ms`]: s.p95 <= LIMIT_MS ? 'PASS' : required ? 'FAIL' : 'over (extra)',
    })),
  );
  const failed = results.filter((r) => r.required && r.stats.p95 > LIMIT_MS);
  say(`  application list: load average after timing ${load()}`);
  say(
    `  application list: floor get ${floorGetMs.toFixed(2)} ms, put ${floorPutMs.toFixed(2)} ms; budget p95 <= ${LIMIT_MS} ms per page (${(LIMIT_MS / floorGetMs).toFixed(0)} x floor get)`,
  );
  say(
    failed.length
      ? `  application list: FAIL ${failed.map((r) => `${r.name} p95 ${r.stats.p95.toFixed(1)} ms`).join('; ')}`
      : `  application list: PASS, every required case p95 <= ${LIMIT_MS} ms`,
  );
  if (failed.length) process.exitCode = 1;
  return results;
}
