import type { AddressInfo } from 'node:net';
import { CHARGE_OFF_MIN_DAYS_PAST_DUE } from '../../machines/lease-account/lease-account.machine.ts';
import { createItem, getItem, putItem } from '../data/items.ts';
import { createDeps } from '../platform/create-deps.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError } from '../platform/errors.ts';
import { closeBusinessDay } from '../services/servicing/collection.ts';
import { accountView, openAccount } from '../services/servicing/accounts.ts';
import { lenderToday } from '../services/servicing/clock.ts';
import { cardToken, fundedLease, StaffSession } from './demo-accounts.ts';
import { storeApplication } from './demo-leases.ts';
import { createLocalServer } from './server.ts';

// A demo book with history for `npm start` (issue 23 item 7): a year of applications, approvals, funded leases and
// their payments, so that the dashboard, the reports and the collections queue show a lender's book on first look.
//
// Every record is made through the real HTTP API and services, as demo-leases.ts and demo-accounts.ts do, but served
// by a second, private server in this process whose clock starts a year ago and is moved forward a day at a time
// (docs/decisions.md, issue 23 item 7): applications, decisions, contracts, funding and ledger entries carry their
// dates in the past, and each lender date's close of business runs as it would have (autopay debits, ACH returns,
// past due, late fees). Lessees' behaviour comes from a seeded random plan, so every new data directory gets the same
// book (the people's names and ids come from the sandbox Fill, which is random by design).
// Runs once per data directory (a marker item claimed first, so a crash halfway never seeds twice), in the
// background after the named demo accounts; DEMO_LEASES=0 turns it off (tests), DEMO_HISTORY_LEASES sets its size.

const MARKER = { pk: 'SYSTEM#SEED', sk: 'DEMO_HISTORY' };
const DAY_MS = 86_400_000;
export const HISTORY_DAYS = 365;
export const DEFAULT_HISTORY_LEASES = 40;

/** How a demo lessee pays: the account states a lender's book shows after a year. */
export type Behaviour =
  | 'autopayCard' // pays every installment by card on file (leases funded early are paid out by now)
  | 'autopayBankReturns' // bank on file whose first debit of two comes back R01; the retry settles
  | 'paysLate' // no autopay; pays by phone some days after each due date (late fees posted)
  | 'purchasedEarly' // autopay, then buys the goods out with the payoff quote
  | 'returnedGoods' // autopay, then returns the goods
  | 'chargedOff' // autopay, then stops paying; charged off once far enough past due
  | 'delinquentNow'; // autopay, then stops paying recently: in the collections queue today

export interface PlannedLease {
  /** Days after the start of the history when the lease is funded. */
  fundOn: number;
  store: string;
  behaviour: Behaviour;
  /** The day its behaviour changes (payoff, return, autopay turned off): days after the start. */
  turnOn: number;
  /** Days late, for `paysLate` (fees included in what is then paid). */
  lateBy: number;
}

export interface PlannedApplication {
  on: number;
  retailer: string;
  store: string;
  profile: string;
}

/** A small deterministic generator (mulberry32): the same seed, the same book. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const WEIGHTS: [Behaviour, number][] = [
  ['autopayCard', 36],
  ['autopayBankReturns', 10],
  ['paysLate', 16],
  ['purchasedEarly', 10],
  ['returnedGoods', 6],
  ['chargedOff', 8],
  ['delinquentNow', 14],
];

/**
 * The plan of the history: leases spread over the year's first eleven months, each behaviour at least once (the
 * first ones go round the list, so a small book still shows every state), and applications that end without a lease
 * (approved but not taken, denied) at every demo store.
 */
export function planHistory(leases: number, seed = 23): { leases: PlannedLease[]; applications: PlannedApplication[] } {
  const random = seededRandom(seed);
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const total = WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
  const pick = (): Behaviour => {
    let r = random() * total;
    for (const [behaviour, weight] of WEIGHTS) if ((r -= weight) < 0) return behaviour;
    return 'autopayCard';
  };
  const planned: PlannedLease[] = [];
  for (let n = 0; n < leases; n++) {
    const behaviour = n < WEIGHTS.length ? WEIGHTS[n]![0] : pick();
    // Charge-offs need time: their leases are funded in the first months; today's delinquents stop paying lately.
    const fundOn =
      behaviour === 'chargedOff' ? between(0, 120) : behaviour === 'delinquentNow' ? between(30, 280) : between(0, 330);
    const turnOn =
      behaviour === 'chargedOff'
        ? fundOn + between(30, 60)
        : behaviour === 'delinquentNow'
          ? between(Math.max(fundOn + 20, HISTORY_DAYS - 110), HISTORY_DAYS - 35)
          : behaviour === 'purchasedEarly' || behaviour === 'returnedGoods'
            ? Math.min(HISTORY_DAYS - 2, fundOn + between(40, 200))
            : HISTORY_DAYS;
    planned.push({
      fundOn,
      store: random() < 0.7 ? 'main-street' : 'express',
      behaviour,
      turnOn,
      // Past the longest late-fee grace of the states (10 days): each late payment comes with its fee.
      lateBy: between(11, 25),
    });
  }
  const applications: PlannedApplication[] = [];
  const stores: [string, string][] = [
    ['demo-electronics', 'main-street'],
    ['demo-electronics', 'express'],
    ['demo-comfort', 'hvac-central'],
  ];
  const profiles = ['option-a', 'a-and-b', 'option-b', 'denied-with-score', 'denied-no-score'];
  for (let n = 0; n < Math.ceil(leases / 2); n++) {
    const [retailer, store] = stores[n % stores.length]!;
    applications.push({ on: between(0, HISTORY_DAYS - 1), retailer, store, profile: profiles[between(0, 4)]! });
  }
  planned.sort((a, b) => a.fundOn - b.fundOn);
  applications.sort((a, b) => a.on - b.on);
  return { leases: planned, applications };
}

/** A clock that starts at `start` and is moved by the seeder; real time passes between moves (timestamps ascend). */
function movableClock(start: number) {
  let base = start;
  let anchor = Date.now();
  return {
    now: () => new Date(base + (Date.now() - anchor)),
    moveTo(ms: number) {
      base = Math.max(ms, base + (Date.now() - anchor));
      anchor = Date.now();
    },
  };
}

type Json = Record<string, unknown>;

interface Running {
  plan: PlannedLease;
  leaseId: string;
  /** Set once the lease needs nothing more from the seeder (ended, or left to autopay). */
  done: boolean;
  payments: number;
}

export interface HistoryResult {
  leases: { leaseId: string; behaviour: Behaviour; store: string }[];
  applications: number;
  lenderDates: { from: string; to: string };
}

/**
 * Makes the history through a private server whose clock runs from a year ago to now, and returns what it made.
 * `base` is the running server (the retailer's pages and webhooks stay there); meant for a new data directory.
 */
export async function createDemoHistory(
  deps: Deps,
  options: {
    base: string;
    adminPassword: string;
    retailerApiToken: string;
    leases?: number;
    onProgress?: (line: string) => void;
  },
): Promise<HistoryResult> {
  const plan = planHistory(options.leases ?? DEFAULT_HISTORY_LEASES);
  const realNow = deps.clock().getTime();
  // 14:00 UTC: the lender's morning in New York, whatever the season.
  const firstDay = Math.floor((realNow - HISTORY_DAYS * DAY_MS) / DAY_MS) * DAY_MS + 14 * 3_600_000;
  const clock = movableClock(firstDay);
  const config = { ...deps.config };
  const simDeps = createDeps(config, { db: deps.db, crypto: deps.crypto, log: deps.log, clock: clock.now });
  const server = createLocalServer({ deps: simDeps, distDir: '/nonexistent' });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolveListen());
  });
  const simBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  simDeps.config.publicUrl = simBase;
  try {
    const staff = new StaffSession(simBase);
    const signIn = () =>
      staff.call('POST', '/staff/api/auth/login', { username: 'admin', password: options.adminPassword });
    await signIn();
    const running: Running[] = [];
    let nextLease = 0;
    let nextApplication = 0;
    let from = '';
    let to = '';
    // Reads through the servicing service; changes through the staff API (permissions, audit, timeline).
    const account = async (leaseId: string) =>
      (await accountView(simDeps, leaseId, { lang: 'en', staff: true })) as Json;
    // The staff session ends after its idle time, which a day's move of the clock always passes: sign in again.
    const asStaff = async (work: () => Promise<Json>) => {
      try {
        return await work();
      } catch (error) {
        if (!String(error).includes(': 401 ')) throw error;
        await signIn();
        return work();
      }
    };
    const post = (leaseId: string, path: string, body: unknown, key: string) =>
      asStaff(() =>
        staff.call('POST', `/staff/api/leases/${leaseId}/account/${path}`, body, { 'idempotency-key': key }),
      );

    for (let day = 0; day < HISTORY_DAYS; day++) {
      clock.moveTo(firstDay + day * DAY_MS);
      // A day's work may take a while on a loaded machine; real time never runs past the present.
      if (clock.now().getTime() >= deps.clock().getTime()) break;
      const today = await lenderToday(simDeps);
      from ||= today;
      to = today;
      while (nextApplication < plan.applications.length && plan.applications[nextApplication]!.on <= day) {
        const a = plan.applications[nextApplication++]!;
        await storeApplication(simBase, a.retailer, a.store, a.profile).catch((error: unknown) =>
          deps.log.warn('a demo history application was not made', { error: String(error) }),
        );
      }
      while (nextLease < plan.leases.length && plan.leases[nextLease]!.fundOn <= day) {
        const p = plan.leases[nextLease++]!;
        // A new session first: a retry of the whole funding would make a second checkout.
        await signIn();
        const leaseId = await fundedLease(simBase, staff, options.retailerApiToken, undefined, {
          store: p.store,
          retailerBase: options.base,
        }).catch((error: unknown) => {
          deps.log.warn('a demo history lease was not made', { error: String(error) });
          return undefined;
        });
        if (!leaseId) continue;
        // The account opens on the funding event (the running server's consumer); opened here too (idempotent), so
        // that the lessee's first day does not wait for it.
        await openAccount(simDeps, leaseId);
        const r: Running = { plan: p, leaseId, done: false, payments: 0 };
        running.push(r);
        if (p.behaviour === 'paysLate') continue;
        const method =
          p.behaviour === 'autopayBankReturns'
            ? { kind: 'bank', routing_number: '021000021', account_number: '000000000111' }
            : { kind: 'card', token: await cardToken(simBase, '4242424242424242') };
        await post(leaseId, 'payment-method', method, `history-method-${leaseId}`);
        await post(leaseId, 'autopay', { enabled: true }, `history-autopay-${leaseId}`);
        if (p.behaviour === 'autopayCard' || p.behaviour === 'autopayBankReturns') r.done = true;
      }
      for (const r of running) {
        if (r.done) continue;
        // One lessee's step that fails (a refusal the plan did not foresee) ends that lessee's story, not the book's.
        await actOn(r, day, today).catch((error: unknown) => {
          deps.log.warn('a demo history step was skipped', { leaseId: r.leaseId, error: String(error) });
          r.done = true;
        });
      }
      // The day ends: its close of business (debits, returns and their retries, past due, late fees).
      await closeBusinessDay(simDeps, today);
      if (day % 30 === 29) options.onProgress?.(`demo history: ${today} closed, ${running.length} leases so far`);
    }
    return {
      leases: running.map((r) => ({ leaseId: r.leaseId, behaviour: r.plan.behaviour, store: r.plan.store })),
      applications: nextApplication,
      lenderDates: { from, to },
    };

    async function actOn(r: Running, day: number, today: string) {
      const { behaviour, turnOn, lateBy } = r.plan;
      if (behaviour === 'paysLate') {
        const a = await account(r.leaseId);
        if (Number(a.past_due) > 0 && (a.days_past_due as number) >= lateBy) {
          // What is past due, fees included when the balance allows (the service refuses more than is owed).
          const owed = Math.min(Number(a.past_due) + Number(a.fees_owed), Number(a.balance));
          await post(
            r.leaseId,
            'payments',
            { amount: owed.toFixed(2), source: { kind: 'phone', reference: `history-${today}` } },
            `history-pay-${r.leaseId}-${r.payments++}`,
          );
        }
        if (a.status !== 'current' && a.status !== 'pastDue') r.done = true;
        return;
      }
      if (day < turnOn) return;
      if (behaviour === 'purchasedEarly') {
        const quote = (await account(r.leaseId)).payoff as Json | null;
        if (quote)
          await post(
            r.leaseId,
            'payoff',
            { amount: quote.amount as string, source: { kind: 'cash', reference: `history-payoff-${today}` } },
            `history-payoff-${r.leaseId}`,
          );
        r.done = true;
      } else if (behaviour === 'returnedGoods') {
        await post(r.leaseId, 'postings', { kind: 'return', note: 'Goods returned.' }, `history-return-${r.leaseId}`);
        r.done = true;
      } else if (day === turnOn) {
        // Stops paying: autopay off (the lessee withdrew the authorisation).
        await post(r.leaseId, 'autopay', { enabled: false }, `history-autopay-off-${r.leaseId}`);
        if (behaviour === 'delinquentNow') r.done = true;
      } else if (behaviour === 'chargedOff' && (day - turnOn) % 7 === 0) {
        // Looked at once a week: the charge-off waits for the days past due the account machine asks for.
        const a = await account(r.leaseId);
        if ((a.days_past_due as number) > CHARGE_OFF_MIN_DAYS_PAST_DUE) {
          await post(
            r.leaseId,
            'postings',
            { kind: 'charge_off', note: 'No payment after collection.' },
            `history-charge-off-${r.leaseId}`,
          );
          r.done = true;
        }
      }
    }
  } finally {
    await new Promise<void>((resolveClose) => {
      server.close(() => resolveClose());
      server.closeAllConnections();
    });
  }
}

/** `npm start`: once per data directory (a marker claimed first), never in tests (DEMO_LEASES=0). */
export async function seedDemoHistory(
  deps: Deps,
  base: string,
  credentials: { adminPassword?: string; retailerApiToken?: string },
  say: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<HistoryResult | undefined> {
  if (env.DEMO_LEASES === '0' || deps.config.stage === 'prod') return undefined;
  const { adminPassword, retailerApiToken } = credentials;
  if (!adminPassword || !retailerApiToken) return undefined;
  if (await getItem(deps.db, MARKER, deps.clock())) return undefined;
  try {
    await createItem(deps.db, { ...MARKER, entity: 'seedMarker', v: 1, at: deps.clock().toISOString(), done: false });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) return undefined;
    throw error;
  }
  const size = Number(env.DEMO_HISTORY_LEASES ?? DEFAULT_HISTORY_LEASES);
  const started = Date.now();
  say(`Demo history: seeding a year of leases in the background (${size} leases) ...`);
  const result = await createDemoHistory(deps, {
    base,
    adminPassword,
    retailerApiToken,
    leases: Number.isInteger(size) && size > 0 ? size : DEFAULT_HISTORY_LEASES,
    onProgress: (line) => deps.log.info(line),
  });
  await putItem(deps.db, {
    ...MARKER,
    entity: 'seedMarker',
    v: 2,
    at: deps.clock().toISOString(),
    done: true,
    leases: result.leases,
  });
  say(
    `Demo history ready: ${result.leases.length} leases and ${result.applications} more applications from ` +
      `${result.lenderDates.from} to ${result.lenderDates.to} (${((Date.now() - started) / 1000).toFixed(0)} s).`,
  );
  return result;
}
