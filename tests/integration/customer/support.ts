import { request } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { createApplication } from '../../../functions/data/applications.ts';
import { appendConsent } from '../../../functions/data/consents.ts';
import { createLease, syncSearchTerms } from '../../../functions/data/leases.ts';
import { createAccount, putDue, type LeaseAccountData } from '../../../functions/data/servicing.ts';
import type { Deps } from '../../../functions/platform/deps.ts';
import { createLogger } from '../../../functions/platform/logger.ts';
import { listSandboxMessages } from '../../../functions/providers/messaging/sandbox.ts';
import { searchTermHmac } from '../../../functions/services/leases/sync.ts';
import { initialSummary } from '../../../functions/services/servicing/account-figures.ts';
import { openedStatus } from '../../../functions/services/servicing/account-state.ts';
import { addDays } from '../../../machines/domain/payment-frequency.ts';
import type { ConsentEntry } from '../../../machines/contracts/consents.ts';
import { initialLeaseStatus } from '../../../machines/lease-status/lease-status.machine.ts';
import { startInProcessServer, type InProcessServer } from '../../support/in-process-server.ts';
import { cookieHeader, jsonOr, keepCookies, readText } from '../../support/http.ts';

// The lessee's API on a server of its own in this process (a fresh dynalite, the real local server and handlers) with
// a clock the test moves, so that a code's expiry and the send window can be crossed without waiting. Lessees are
// seeded through the data layer the application and lease services write through (an application, its funded lease
// record and its search terms), and every lessee's browser has an IP address of its own (the code is limited per IP).

export interface CustomerServer extends InProcessServer {
  /** Moves the server's clock forward. */
  advance: (ms: number) => void;
}

export async function startCustomerServer(): Promise<CustomerServer> {
  let offset = 0;
  const server = await startInProcessServer({
    name: 'customer',
    clock: () => new Date(Date.now() + offset),
    log: createLogger('error', () => undefined),
    demoRetailerPage: '<!doctype html><title>x</title>',
  });
  return {
    ...server,
    advance: (ms) => {
      offset += ms;
    },
  };
}

/**
 * A customer server for the tests of the calling file, started before them and stopped after. Call it at the top
 * level; its members may be read only once started (in hooks and tests).
 */
export function customerServerForFile(): CustomerServer {
  let server: CustomerServer | undefined;
  beforeAll(async () => {
    server = await startCustomerServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  const started = () => {
    if (!server) throw new Error('the customer server has not started yet');
    return server;
  };
  return {
    get base() {
      return started().base;
    },
    get deps() {
      return started().deps;
    },
    stop: () => started().stop(),
    advance: (ms) => started().advance(ms),
  };
}

export interface Person {
  first_name: string;
  last_name: string;
  email: string;
  cell: string;
  language?: string;
}

let people = 0;
/** A person nobody else in the run has (their e-mail and phone are unique). */
export function newPerson(overrides: Partial<Person> = {}): Person {
  people += 1;
  const n = `${Date.now() % 1_000_000}${people}`.slice(-7).padStart(7, '0');
  return {
    first_name: `Lee${people}`,
    last_name: `Lessee${people}`,
    email: `lessee.${n}.${people}@example.com`,
    cell: `(312) ${n.slice(0, 3)}-${n.slice(3, 7)}`,
    ...overrides,
  };
}

/** An application with this applicant (and co-applicant), its lease record (funded or not) and its search terms. */
export async function seedLease(
  deps: Deps,
  applicant: Person,
  options: { coApplicant?: Person; funded?: boolean } = {},
): Promise<string> {
  const now = deps.clock();
  const app = await createApplication(
    deps.db,
    deps.crypto,
    { storeId: 'sto-main-street', retailerId: 'ret-demo-electronics', clientId: 'it-customer' },
    {
      applicant,
      ...(options.coApplicant ? { has_co_applicant: true, co_applicant: options.coApplicant } : {}),
    } as never,
    now,
    () => [],
  );
  const at = now.toISOString();
  await createLease(deps.db, {
    uuid: app.uuid,
    storeId: app.storeId,
    retailerId: app.retailerId,
    checkoutId: null,
    createdAt: at,
    updatedAt: at,
    status: initialLeaseStatus({ leaseId: app.uuid, name: `${applicant.first_name} ${applicant.last_name}` }),
    stateChangedAt: at,
    applied: [],
    timeline: [],
    claim: null,
    deliveryDate: null,
    rogDate: null,
    fundedAt: options.funded === false ? null : at,
    fundedCents: options.funded === false ? null : 100_000,
    infoRequest: null,
    signedByStaffAt: null,
    discardedRevision: null,
    row: null,
    searchKeys: [],
  });
  const terms: [string, string][] = [];
  for (const p of [applicant, options.coApplicant]) {
    if (!p) continue;
    terms.push(['email', p.email], ['phone', p.cell.replace(/\D/g, '')]);
  }
  const keys = await Promise.all(terms.map(([kind, value]) => searchTermHmac(deps, kind, value)));
  await syncSearchTerms(deps.db, app.uuid, app.createdAt, [], [...new Set(keys)]);
  return app.uuid;
}

export interface Reply {
  status: number;
  body: any;
  setCookies: string[];
}

let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `127.${60 + ((ipCounter >> 16) & 0x3f)}.${(ipCounter >> 8) & 0xff}.${ipCounter & 0xff || 1}`;
};

/** A lessee's browser: its own IP address, the cookies the server sets, the CSRF token echoed on mutations. */
export class Browser {
  readonly cookies = new Map<string, string>();
  csrf: string | undefined;
  constructor(
    readonly base: string,
    readonly ip = freshIp(),
  ) {}

  send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const payload =
      body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const url = new URL(this.base);
    const all: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(payload ? { 'content-length': String(payload.length) } : {}),
      ...(this.cookies.size ? { cookie: cookieHeader(this.cookies) } : {}),
      ...(method !== 'GET' && this.csrf ? { 'x-csrf-token': this.csrf } : {}),
      ...headers,
    };
    return new Promise((resolve, reject) => {
      const req = request(
        { host: url.hostname, port: Number(url.port), path, method, localAddress: this.ip, agent: false, headers: all },
        (res) => {
          readText(res).then((text) => {
            const setCookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
            keepCookies(this.cookies, setCookies);
            resolve({ status: res.statusCode ?? 0, body: jsonOr(text, text), setCookies });
          }, reject);
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  }

  get = (path: string, headers?: Record<string, string>) => this.send('GET', path, undefined, headers);
  post = (path: string, body: unknown = {}, headers?: Record<string, string>) => this.send('POST', path, body, headers);
}

/** The newest sign-in code sent to `to` (digits of a phone, or an e-mail address), if any. */
export async function codeSentTo(deps: Deps, to: string): Promise<string | undefined> {
  const messages = await listSandboxMessages(deps.db, deps.clock(), 200);
  const message = messages.find((m) => m.to === to && m.purpose === 'customer-sign-in');
  return message ? /\b(\d{5})\b/.exec(message.body)?.[1] : undefined;
}

/** Records a consent on the lease as the shopper gives it now: an e-sign consent in English unless `entry` says. */
export const giveConsent = (deps: Deps, leaseId: string, entry: Partial<ConsentEntry>) =>
  appendConsent(deps.db, leaseId, {
    kind: 'esign',
    lang: 'en',
    actor: 'shopper',
    at: deps.clock().toISOString(),
    ...entry,
  });

/** The sandbox's messages to `to` (an e-mail address or a phone number) for one purpose. */
export const messagesTo = async (deps: Deps, to: string, purpose: string) =>
  (await listSandboxMessages(deps.db, deps.clock(), 500)).filter((m) => m.to === to && m.purpose === purpose);

export const digits = (phone: string) => phone.replace(/\D/g, '');
export const wrong = (code: string) => String((Number(code) + 1) % 100_000).padStart(5, '0');

/** Asks for a code and signs in with it: the browser then holds the session and its CSRF token. */
export async function signIn(server: CustomerServer, browser: Browser, by: { email: string } | { phone: string }) {
  const asked = await browser.post('/customer/api/auth/code', by);
  if (asked.status !== 200) throw new Error(`code: ${asked.status} ${JSON.stringify(asked.body)}`);
  const to = 'email' in by ? by.email.toLowerCase() : digits(by.phone).slice(-10);
  const code = await codeSentTo(server.deps, to);
  if (!code) throw new Error(`no code sent to ${to}`);
  const verified = await browser.post('/customer/api/auth/verify', { code });
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
  browser.csrf = verified.body.data.csrf_token;
  return verified.body.data;
}

/** The installment of the accounts `seedServicingAccount` opens. */
export const INSTALLMENT_CENTS = 5000;

/**
 * A lease account as funding opens it: 4 installments of $50 every 14 days (the first paid at signing), with
 * installment 2 due on `debitDate` and queued for collection. Returns that due item.
 */
export async function seedServicingAccount(
  deps: Deps,
  leaseId: string,
  debitDate: string,
  account: Pick<LeaseAccountData, 'language' | 'paymentMethod' | 'autopay'> & { feesCents?: number },
) {
  const schedule = [0, 1, 2, 3].map((n) => ({
    number: n + 1,
    dueDate: addDays(debitDate, (n - 1) * 14),
    amountCents: INSTALLMENT_CENTS,
    prepaid: n === 0,
  }));
  await createAccount(deps.db, {
    leaseId,
    checkoutId: null,
    storeId: 'sto-main-street',
    retailerId: 'ret-demo-electronics',
    state: 'TX',
    timeZone: 'America/New_York',
    language: account.language,
    frequency: '14-day',
    leaseBeginsAt: addDays(debitDate, -14),
    termMonths: 2,
    totalPaymentCents: 4 * INSTALLMENT_CENTS,
    cashPriceCents: 12_000,
    epoFeeCents: 0,
    epoDays: 90,
    remainingPaymentsPercent: 50,
    openedAt: deps.clock().toISOString(),
    tranches: [],
    schedule,
    status: openedStatus(leaseId),
    statusName: 'current',
    paymentMethod: account.paymentMethod,
    autopay: account.autopay,
    summary: { ...initialSummary(schedule, 4 * INSTALLMENT_CENTS), feesCents: account.feesCents ?? 0 },
    attempts: {},
    applied: [],
    closedThrough: null,
    updatedAt: deps.clock().toISOString(),
  });
  const due = { leaseId, installment: 2, attempt: 1, amountCents: INSTALLMENT_CENTS };
  await putDue(deps.db, debitDate, due);
  return due;
}
