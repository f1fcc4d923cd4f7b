import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../functions/data/client.ts';
import {
  applicationKey,
  findApplicationsByApplicant,
  getApplication,
  ssnPartitionOf,
} from '../../../functions/data/applications.ts';
import { putCustomer, recordCustomerLease } from '../../../functions/data/customers.ts';
import { findSsnHistory } from '../../../functions/data/ssn-history.ts';
import { FieldCrypto, masterKeyProvider } from '../../../functions/platform/field-crypto.ts';
import { freshDb } from '../../support/dynalite.ts';
import { applicantWithPii, createTestApplication } from '../../support/application-records.ts';

let db: Db;
let stop: () => Promise<void>;
const crypto = new FieldCrypto(masterKeyProvider(randomBytes(32)));
const now = new Date('2026-11-21T12:00:00Z');

beforeAll(async () => {
  ({ db, stop } = await freshDb());
});
afterAll(async () => stop());

const data = {
  ...applicantWithPii,
  banking: { ...applicantWithPii.banking, checking_account_confirmation: '000123456789' },
} as typeof applicantWithPii;

describe('the application aggregate at rest', () => {
  it('encrypts every PII field, drops the account confirmation, and decrypts on read', async () => {
    const created = await createTestApplication(db, crypto, data, now);
    const raw = (await db.doc.send(new GetCommand({ TableName: db.tableName, Key: applicationKey(created.uuid) })))
      .Item!;
    const text = JSON.stringify(raw);
    for (const secret of ['212710042', '1988-04-12', 'D7654321', '021000021', '000123456789'])
      expect(text).not.toContain(secret);
    expect(text).toContain('Lopez'); // names are not in the encrypted set, so staff can search them
    expect(raw.data.banking).not.toHaveProperty('checking_account_confirmation');
    const read = await getApplication(db, crypto, created.uuid, now);
    expect(read?.data.applicant?.social_security_number).toBe('212710042');
    expect(read?.data.banking?.checking_account).toBe('000123456789');
  });

  it('finds the applicant by last name, SSN and date of birth through the blind index only', async () => {
    const created = await createTestApplication(db, crypto, data, now);
    const found = await findApplicationsByApplicant(
      db,
      crypto,
      { last_name: ' LOPEZ ', social_security_number: '212710042', date_of_birth: '1988-04-12' },
      now,
    );
    expect(found.map((a) => a.uuid)).toContain(created.uuid);
    const wrongDob = await findApplicationsByApplicant(
      db,
      crypto,
      { last_name: 'Lopez', social_security_number: '212710042', date_of_birth: '1988-04-13' },
      now,
    );
    expect(wrongDob).toEqual([]);
  });

  it("reads an SSN's customer record and its applications, newest first, in one query, without their PII", async () => {
    const ssn = '212710077';
    const person = { ...data, applicant: { ...data.applicant!, social_security_number: ssn } } as typeof data;
    const first = await createTestApplication(db, crypto, person, now);
    const second = await createTestApplication(db, crypto, person, new Date(now.getTime() + 1000));
    expect(await findSsnHistory(db, crypto, { ssn }, now)).toEqual({
      applications: [expect.objectContaining({ uuid: second.uuid }), expect.objectContaining({ uuid: first.uuid })],
    });
    await putCustomer(db, crypto, ssn, { standing: 'charged-off', leases: 1, since: '2025-01-02' });
    const history = await findSsnHistory(db, crypto, { ssn }, now, 1);
    expect(history.customer).toEqual({ standing: 'charged-off', leases: 1, since: '2025-01-02' });
    expect(history.applications.map((a) => a.uuid)).toEqual([second.uuid]);
    expect(JSON.stringify(history)).not.toContain('Lopez');
    // Under the partition an opened application is indexed by: the same history, no MAC computed.
    const partition = ssnPartitionOf((await getApplication(db, crypto, first.uuid, now))!);
    expect(partition).toMatch(/^SSN#/);
    expect(await findSsnHistory(db, crypto, { partition: partition! }, now, 1)).toEqual(history);
    const stranger = await findSsnHistory(db, crypto, { ssn: '212710078' }, now);
    expect(stranger).toEqual({ applications: [] });
  });

  it('a funded lease makes a customer: each lease counted once in any order, the last date only moves forward, a standing kept', async () => {
    const ssn = '212710091';
    const customer = async () => (await findSsnHistory(db, crypto, { ssn }, now)).customer;
    await recordCustomerLease(db, crypto, ssn, { id: 'lease-2', fundedAt: '2026-03-01T10:00:00.000Z' });
    expect(await customer()).toEqual({
      standing: 'good',
      leases: 1,
      since: '2026-03-01T10:00:00.000Z',
      lastLeaseAt: '2026-03-01T10:00:00.000Z',
    });
    await recordCustomerLease(db, crypto, ssn, { id: 'lease-2', fundedAt: '2026-03-01T10:00:00.000Z' });
    await recordCustomerLease(db, crypto, ssn, { id: 'lease-1', fundedAt: '2026-01-01T10:00:00.000Z' });
    expect(await customer()).toMatchObject({ standing: 'good', leases: 2, lastLeaseAt: '2026-03-01T10:00:00.000Z' });
    const charged = '212710092';
    await putCustomer(db, crypto, charged, { standing: 'charged-off', leases: 1, since: '2025-01-02' });
    await recordCustomerLease(db, crypto, charged, { id: 'lease-3', fundedAt: '2026-03-02T10:00:00.000Z' });
    expect((await findSsnHistory(db, crypto, { ssn: charged }, now)).customer).toMatchObject({
      standing: 'charged-off',
      since: '2025-01-02',
      lastLeaseAt: '2026-03-02T10:00:00.000Z',
    });
  });
});
