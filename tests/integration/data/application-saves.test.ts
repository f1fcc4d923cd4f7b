import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countOperations, type Db } from '../../../functions/data/client.ts';
import {
  applicationKey,
  findApplicationsByApplicant,
  getApplication,
  saveApplication,
} from '../../../functions/data/applications.ts';
import { FieldCrypto, masterKeyProvider, type KeyProvider } from '../../../functions/platform/field-crypto.ts';
import { freshDb } from '../../support/dynalite.ts';
import { applicantWithPii, createTestApplication } from '../../support/application-records.ts';

// Saves of the application aggregate that keep its data (a PIN sent or confirmed, the decision) write the meta only:
// the stored PII is not encrypted again and its blind indexes (KMS GenerateMac calls in AWS) are not recomputed.
// Data changed in any way, even in place on the record read, is written in full.

let db: Db;
let stop: () => Promise<void>;
const calls = { mac: 0, generateDataKey: 0 };
const keys = masterKeyProvider(randomBytes(32));
const counting: KeyProvider = {
  generateDataKey: () => (calls.generateDataKey++, keys.generateDataKey()),
  unwrapDataKey: (wrapped) => keys.unwrapDataKey(wrapped),
  mac: (message) => (calls.mac++, keys.mac(message)),
};
const crypto = new FieldCrypto(counting);
const now = new Date('2026-11-21T12:00:00Z');
const who = { last_name: 'Lopez', social_security_number: '212710042', date_of_birth: '1988-04-12' };

const data = applicantWithPii;

const rawItem = async (uuid: string) =>
  (await db.doc.send(new GetCommand({ TableName: db.tableName, Key: applicationKey(uuid), ConsistentRead: true })))
    .Item!;

beforeAll(async () => {
  ({ db, stop } = await freshDb());
});
afterAll(async () => stop());

describe('saving the application aggregate', () => {
  it('writes only the meta when the data is unchanged: same ciphertexts and indexes, no MAC, one update', async () => {
    const created = await createTestApplication(db, crypto, data, now);
    const before = await rawItem(created.uuid);
    const read = (await getApplication(db, crypto, created.uuid, now))!;
    const ops = countOperations(db);
    const snapshot = ops.snapshot();
    const macs = calls.mac;
    const { data: kept, v: _v, ...meta } = read;
    const saved = await saveApplication(db, crypto, read, {
      meta: { ...meta, status: 'submitted', verified: true },
      data: kept,
    });

    expect(calls.mac).toBe(macs);
    expect(ops.since(snapshot)).toEqual({ UpdateItem: 1 });
    expect(saved).toMatchObject({ status: 'submitted', verified: true, v: read.v + 1 });
    const after = await rawItem(created.uuid);
    expect(after.data).toEqual(before.data);
    expect([after.gsi1pk, after.gsi2pk]).toEqual([before.gsi1pk, before.gsi2pk]);
    expect(after.meta.status).toBe('submitted');
    expect((await getApplication(db, crypto, created.uuid, now))!.data.applicant?.social_security_number).toBe(
      who.social_security_number,
    );
    expect((await findApplicationsByApplicant(db, crypto, who, now)).map((a) => a.uuid)).toContain(created.uuid);
  });

  it('writes data changed in place on the record read, with its new index', async () => {
    const created = await createTestApplication(db, crypto, data, now);
    const read = (await getApplication(db, crypto, created.uuid, now))!;
    read.data.applicant!.last_name = 'Perez';
    const { data: changed, v: _v, ...meta } = read;
    await saveApplication(db, crypto, read, { meta, data: changed });

    expect((await getApplication(db, crypto, created.uuid, now))!.data.applicant?.last_name).toBe('Perez');
    expect(
      (await findApplicationsByApplicant(db, crypto, { ...who, last_name: 'Perez' }, now)).map((a) => a.uuid),
    ).toEqual([created.uuid]);
    expect((await findApplicationsByApplicant(db, crypto, who, now)).map((a) => a.uuid)).not.toContain(created.uuid);
  });

  it('still refuses a save based on a stale read (409), with or without data changes', async () => {
    const created = await createTestApplication(db, crypto, data, now);
    const read = (await getApplication(db, crypto, created.uuid, now))!;
    const { data: kept, v: _v, ...meta } = read;
    await saveApplication(db, crypto, read, { meta: { ...meta, verified: true }, data: kept });
    await expect(
      saveApplication(db, crypto, read, { meta: { ...meta, status: 'denied' }, data: kept }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expect(saveApplication(db, crypto, read, { meta, data: { ...kept, promo_code: 'X' } })).rejects.toMatchObject(
      { statusCode: 409 },
    );
    expect((await getApplication(db, crypto, created.uuid, now))!).toMatchObject({
      verified: true,
      status: 'draft',
      v: read.v + 1,
    });
  });
});
