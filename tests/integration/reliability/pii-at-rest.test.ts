import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findNeedles,
  levelEntries,
  scanDirectory,
  tableEntries,
  type ScannedText,
} from '../../support/leveldb-scan.ts';
import { call, newJourney, runToCompletion } from '../../support/journey-driver.ts';
import { startServer, type RunningServer } from '../../support/server.ts';
import { StaffClient } from '../staff/client.ts';
import { join } from 'node:path';
import { readdirSync, readFileSync, rmSync } from 'node:fs';

// No plaintext PII at rest or in logs: journeys with distinctive SSNs, identification, dates of birth, bank account
// and routing numbers go through a server of our own (debug logging), then every file of its data directory (LevelDB
// logs and tables, decompressed; every other file, deflated streams inflated) and everything it printed are searched
// for those values in every common spelling. Zero hits.

const PEOPLE = [
  {
    ssn: ['587', '71', '2931'],
    dob: ['1963', '08', '27'],
    id: 'Q7319846',
    account: '80417359264',
    routing: '293174581',
    last: 'Quillfeather',
  },
  {
    ssn: ['468', '71', '3057'],
    dob: ['1971', '11', '04'],
    id: 'Z5820377',
    account: '61930478215',
    routing: '264973151',
    last: 'Brightwater',
  },
];
const MERCHANT = { routing: '293174581', account: '70395128846' };

function spellings(p: (typeof PEOPLE)[number]): string[] {
  const [a, g, s] = p.ssn;
  const [y, m, d] = p.dob;
  return [
    `${a}-${g}-${s}`,
    `${a}${g}${s}`,
    `${a} ${g} ${s}`,
    `${y}-${m}-${d}`,
    `${m}/${d}/${y}`,
    `${m}-${d}-${y}`,
    `${y}/${m}/${d}`,
    `${y}${m}${d}`,
    `${m}${d}${y}`,
    p.id,
    p.account,
    p.routing,
  ];
}
const NEEDLES = [...new Set([...PEOPLE.flatMap(spellings), MERCHANT.account])];

let server: RunningServer;
let dataDir: string;
let logs = '';

beforeAll(async () => {
  server = await startServer({ env: { LOG_LEVEL: 'debug' } });
  dataDir = server.dataDir;
});

afterAll(async () => {
  if (server && server.process.exitCode === null) await server.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('personal data at rest and in logs', () => {
  it('leaves no SSN, date of birth, identification, account or routing number in plaintext on disk or in the logs', async () => {
    const base = server.baseUrl;
    // 1. Whole checkout journeys (application, decision, lease, e-sign, payment, webhooks) with each person's values.
    const journeys = PEOPLE.map((p, i) =>
      newJourney(`pii${i}`, `${base}/demo/retailer/webhooks`, {
        applicant: {
          social_security_number: p.ssn.join(''),
          date_of_birth: p.dob.join('-'),
          identification: p.id,
          last_name: p.last,
        },
        banking: { routing_number: p.routing, checking_account: p.account, checking_account_confirmation: p.account },
      }),
    );
    await Promise.all(journeys.map((j) => runToCompletion(base, j)));

    // 2. The welcome screen's retrieval and the customer checks, which take the SSN and date of birth as lookups.
    const p = PEOPLE[0]!;
    const clientId = 'pii-retrieval-client';
    const initiated = await call(base, 'POST', '/apply-v2/retailer/demo-electronics/store/main-street/initiate', {
      body: {},
      headers: { 'x-client-id': clientId },
    });
    expect(initiated.status).toBe(200);
    const h = { 'x-apply-token': initiated.body.data.token, 'x-client-id': clientId };
    for (const ssn of [p.ssn.join(''), p.ssn.join('-')]) {
      const retrieved = await call(base, 'POST', '/apply-v2/application/retrieve', {
        body: {
          last_name: p.last,
          social_security_number: ssn,
          date_of_birth: p.dob.join('-'),
          store_id: initiated.body.data.store.id,
        },
        headers: h,
      });
      expect(retrieved.status, JSON.stringify(retrieved.body)).toBeLessThan(500);
    }
    expect(
      (await call(base, 'POST', '/api/v1/previousCustomerCheck', { body: { ssn: p.ssn.join('') }, headers: h })).status,
    ).toBeLessThan(500);
    expect(
      (
        await call(base, 'POST', '/api/v1/preapprovalCustomerCheck', {
          body: { ssn: PEOPLE[1]!.ssn.join(''), coapplicant_ssn: p.ssn.join('') },
          headers: h,
        })
      ).status,
    ).toBeLessThan(500);
    // Refused input that carries PII is not logged either.
    expect(
      (
        await call(base, 'POST', '/apply-v2/application/retrieve', {
          body: {
            last_name: p.last,
            social_security_number: `${p.ssn.join('-')}x`,
            date_of_birth: `${p.dob[1]}/${p.dob[2]}/${p.dob[0]}x`,
            store_id: 1,
          },
          headers: h,
        })
      ).status,
    ).toBe(422);

    // 3. A merchant's sign-up with its bank account.
    const draft = await call(base, 'POST', '/public/signup/draft', { body: {} });
    expect(draft.status).toBe(200);
    const tag = Date.now().toString(36);
    const signup = await call(base, 'POST', '/public/signup', {
      body: {
        draft: draft.body.data.draft,
        kind: 'contractor',
        business_name: `PII Air ${tag}`,
        dba_name: '',
        business_type: 'HVAC',
        email: `office-${tag}@example.com`,
        phone: '5125550100',
        website: 'https://piiair.example.com',
        address_line_1: '100 Congress Ave',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        contacts: [{ role: 'owner', name: 'Olivia Owner', email: `owner-${tag}@example.com`, phone: '5125550101' }],
        bank_account_name: 'PII Air LLC',
        routing_number: MERCHANT.routing,
        account_number: MERCHANT.account,
        documents: [],
      },
    });
    expect(signup.status, JSON.stringify(signup.body)).toBeLessThan(300);

    // 4. Staff read the records (and reveal the SSN on screen, which is audited): still nothing plaintext at rest.
    const staff = new StaffClient(base);
    await staff.login('admin', 'admin-password-for-tests');
    for (const j of journeys) {
      expect((await staff.get(`/staff/api/applications/${j.uuid}`)).status).toBe(200);
      const revealed = await staff.post(`/staff/api/applications/${j.uuid}/reveal`, {
        field: 'applicant.social_security_number',
      });
      expect(revealed.status, JSON.stringify(revealed.body)).toBeLessThan(500);
    }
    expect((await staff.get(`/staff/api/leases?search=${encodeURIComponent(p.last)}`)).status).toBe(200);

    // Give the outbox relay and the webhook attempts a moment to write what they write, then stop the server.
    await new Promise((r) => setTimeout(r, 1500));
    const exitCode = await server.stop();
    logs = server.output();
    expect(exitCode, logs.slice(-4000)).toBe(0);
    // At debug level every request is logged (info lines included): the logs really were written.
    expect(logs).toContain('"message":"request"');

    // The disk as written: raw bytes, the write-ahead logs record by record, any tables block by block.
    const asWritten = scanDirectory(dataDir);
    // Through LevelDB itself, then compacted into Snappy-compressed tables and read block by block again: values
    // that only ever lived in the write-ahead log are now in compressed table blocks.
    const dbDir = join(dataDir, 'db');
    const live = await levelEntries(dbDir);
    expect(live.length).toBeGreaterThan(100);
    const { ClassicLevel } = await import('classic-level');
    const db = new ClassicLevel(dbDir, { createIfMissing: false });
    await db.open();
    await db.compactRange('\u0000', '\uffff', { keyEncoding: 'utf8' });
    await db.close();
    const tables = readdirSync(dbDir).filter((f) => f.endsWith('.ldb'));
    expect(tables.length).toBeGreaterThan(0);
    const tableTexts: ScannedText[] = tables.flatMap((f) =>
      tableEntries(readFileSync(join(dbDir, f))).map((e) => ({
        source: `${f} entry`,
        bytes: Buffer.concat([e.key, e.value]),
      })),
    );
    // The reader really decodes the tables: a value we know is stored (a checkout id) is found in them.
    expect(findNeedles(tableTexts, [journeys[0]!.checkoutId!])).not.toEqual([]);

    const hits = [
      ...findNeedles(asWritten, NEEDLES),
      ...findNeedles(live, NEEDLES),
      ...findNeedles(tableTexts, NEEDLES),
      ...findNeedles([{ source: 'server output', bytes: Buffer.from(logs) }], NEEDLES),
    ];
    expect(hits).toEqual([]);
  }, 120_000);
});
