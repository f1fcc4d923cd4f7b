import { randomUUID } from 'node:crypto';
import {
  APPLICATION_SECTIONS,
  type ApplicationSection,
  type StoredApplication,
} from '../../machines/contracts/application.ts';
import type { ConsentEntry } from '../../machines/contracts/consents.ts';
import type { PreviousCustomerFacts } from '../../machines/domain/decision.ts';
import type { FieldCrypto } from '../platform/field-crypto.ts';
import type { Db } from './client.ts';
import { applicationKey } from './application-key.ts';
import { CONSENTS_WITH_APPLICATION } from './consents.ts';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conflict } from '../platform/errors.ts';
import {
  createItem,
  getItem,
  isConditionFailure,
  queryPartition,
  saveVersioned,
  STALE_WRITE_MESSAGE,
  type OutboxEvent,
  type StoredItem,
} from './items.ts';

// The application aggregate: one item (pk APP#uuid) holding the applicants, incomes, banking, home ownership, the
// flows' persisted machines and the result, written with single-item conditional writes on `v`.
// PII fields are encrypted one by one (AES-256-GCM envelopes); the retrieval key (last name + SSN + date of birth)
// and the SSN alone are kept only as keyed HMAC blind indexes.
//   gsi1: APPLICANT#<hmac(last name, ssn, dob)> / APP#<createdAt>#<uuid>   retrieval on the welcome screen
//   gsi2: SSN#<hmac(ssn)> / APP#<createdAt>#<uuid>                          previous-application and customer checks

export type ApplicationStatus = 'draft' | 'submitted' | 'approved' | 'denied';

export interface ApplicationMeta {
  uuid: string;
  storeId: string;
  retailerId: string;
  clientId: string;
  checkoutId?: string;
  status: ApplicationStatus;
  createdAt: string;
  updatedAt: string;
  submittedAt?: string;
  verified: boolean;
  /** Flow state of the PIN, bank link, identity check and payroll machines, by flow name. */
  flows?: Record<string, unknown>;
  /** The decision and result (issue: verification and decision). */
  decision?: unknown;
  result?: unknown;
  /** When the decision was made (the application is submitted once). */
  decidedAt?: string;
  /** Set when a retrieval moved an approval to another store: where it was approved. */
  originalStoreId?: string;
  utm?: Record<string, string | null> | null;
  app_origin?: string;
  /** The applicant's past with us as read when the PIN was proved (functions/services/previous-customer.ts). */
  previousCustomer?: PreviousCustomerSnapshot;
}

/** Previous-customer facts read for the SSN indexed under `partition`, at `at`. */
export interface PreviousCustomerSnapshot {
  partition: string;
  at: string;
  facts: PreviousCustomerFacts;
}

export interface ApplicationRecord extends ApplicationMeta {
  data: StoredApplication;
  v: number;
}

interface ApplicationItem extends StoredItem {
  entity: 'application';
  meta: ApplicationMeta;
  /** The application with its PII fields encrypted. */
  data: StoredApplication;
}

export { applicationKey };

const PERSON_PII = ['social_security_number', 'identification', 'date_of_birth'] as const;
const BANKING_PII = ['routing_number', 'checking_account'] as const;

type Transform = (value: string) => Promise<string>;

async function mapPii(app: StoredApplication, transform: Transform): Promise<StoredApplication> {
  const out: StoredApplication = structuredClone(app);
  const person = async (p: Record<string, unknown> | null | undefined) => {
    if (!p) return;
    for (const field of PERSON_PII) if (typeof p[field] === 'string' && p[field]) p[field] = await transform(p[field]);
  };
  await person(out.applicant);
  await person(out.co_applicant);
  if (out.banking) {
    const b = out.banking as Record<string, unknown>;
    // The confirmation only proves the shopper typed the number twice; it is never stored.
    delete b.checking_account_confirmation;
    for (const field of BANKING_PII) if (typeof b[field] === 'string' && b[field]) b[field] = await transform(b[field]);
  }
  return out;
}

export const sealApplication = (crypto: FieldCrypto, app: StoredApplication) => mapPii(app, (v) => crypto.encrypt(v));
export const openApplication = (crypto: FieldCrypto, app: StoredApplication) => mapPii(app, (v) => crypto.decrypt(v));

/** The blind indexes of an application's main applicant (none until the applicant is saved). */
export async function applicantIndexes(crypto: FieldCrypto, app: StoredApplication, createdAt: string) {
  const a = app.applicant;
  if (!a?.social_security_number || !a.last_name || !a.date_of_birth) return {};
  const sk = `APP#${createdAt}#${app.uuid}`;
  // Two MACs (KMS GenerateMac calls in AWS): asked together, not one after the other.
  const [applicant, ssn] = await Promise.all([
    crypto.blindIndex('applicant', a.last_name, a.social_security_number, a.date_of_birth),
    crypto.blindIndex('ssn', a.social_security_number),
  ]);
  return { gsi1pk: `APPLICANT#${applicant}`, gsi1sk: sk, gsi2pk: `SSN#${ssn}`, gsi2sk: sk };
}

/**
 * The JSON of the application data as it was read or written, by the opened object this module handed out. A save
 * whose data is still exactly that (a PIN, a verification, the decision: meta-only changes) writes the meta alone:
 * the PII is not encrypted again, the blind indexes (KMS GenerateMac calls in AWS) are not recomputed and the data is
 * not sent again. Data changed in place no longer matches its JSON and is written in full.
 */
const asStored = new WeakMap<StoredApplication, string>();

function remember(data: StoredApplication, json = JSON.stringify(data)): StoredApplication {
  asStored.set(data, json);
  return data;
}

/** The SSN partition (gsi2) each opened record's item is indexed under, by record. */
const ssnPartitions = new WeakMap<ApplicationRecord, string>();

/** The gsi2 partition of the application's SSN as stored with it (no MAC to compute), if it has one. */
export const ssnPartitionOf = (record: ApplicationRecord): string | undefined => ssnPartitions.get(record);

async function toRecord(crypto: FieldCrypto, item: ApplicationItem): Promise<ApplicationRecord> {
  const record = { ...item.meta, data: remember(await openApplication(crypto, item.data)), v: item.v };
  if (typeof item.gsi2pk === 'string' && item.gsi2pk.startsWith('SSN#')) ssnPartitions.set(record, item.gsi2pk);
  return record;
}

/** An application item read elsewhere (with the apply session, functions/platform/apply-tokens.ts), opened. */
export async function openApplicationItem(
  crypto: FieldCrypto,
  item: StoredItem | undefined,
): Promise<ApplicationRecord | undefined> {
  return item?.entity === 'application' ? toRecord(crypto, item as ApplicationItem) : undefined;
}

export async function getApplication(
  db: Db,
  crypto: FieldCrypto,
  uuid: string,
  now: Date,
): Promise<ApplicationRecord | undefined> {
  const item = await getItem<ApplicationItem>(db, applicationKey(uuid), now);
  return item ? toRecord(crypto, item) : undefined;
}

export async function createApplication(
  db: Db,
  crypto: FieldCrypto,
  meta: Omit<ApplicationMeta, 'uuid' | 'createdAt' | 'updatedAt' | 'status' | 'verified'>,
  data: Omit<StoredApplication, 'uuid'>,
  now: Date,
  events: (uuid: string) => OutboxEvent[],
  /** A caller-chosen id makes the create idempotent: a second create with it is a 409 (the record exists). */
  uuid: string = randomUUID(),
): Promise<ApplicationRecord> {
  const createdAt = now.toISOString();
  const full: StoredApplication = { ...data, uuid };
  const item = await createItem(
    db,
    {
      ...applicationKey(uuid),
      entity: 'application' as const,
      meta: { ...meta, uuid, createdAt, updatedAt: createdAt, status: 'draft' as const, verified: false },
      data: await sealApplication(crypto, full),
      ...(await applicantIndexes(crypto, full, createdAt)),
    },
    events(uuid),
  );
  return { ...item.meta, data: remember(full), v: item.v };
}

/** Saves a new state of an application read at `previous.v` (409 when someone saved in between). */
export async function saveApplication(
  db: Db,
  crypto: FieldCrypto,
  previous: ApplicationRecord,
  next: { meta: ApplicationMeta; data: StoredApplication },
  events: OutboxEvent[] = [],
  /** Consent entries recorded with this state (the submit's): appended to the application's consent record. */
  consents: readonly ConsentEntry[] = [],
): Promise<ApplicationRecord> {
  const prevItem = { ...applicationKey(previous.uuid), entity: 'application', v: previous.v } as StoredItem;
  const options = { returnItem: false, append: { [CONSENTS_WITH_APPLICATION]: consents } };
  const json = JSON.stringify(next.data);
  const dataUnchanged = asStored.get(previous.data) === json && next.meta.createdAt === previous.createdAt;
  let saved: ApplicationItem;
  if (dataUnchanged) {
    // The data and its indexes stay as stored (the write is conditional on the version they were read at).
    saved = await saveVersioned<ApplicationItem>(
      db,
      { ...prevItem, meta: null },
      { ...applicationKey(previous.uuid), entity: 'application', v: previous.v, meta: next.meta } as ApplicationItem,
      events,
      options,
    );
  } else {
    const [indexes, sealed] = await Promise.all([
      applicantIndexes(crypto, next.data, next.meta.createdAt),
      sealApplication(crypto, next.data),
    ]);
    saved = await saveVersioned<ApplicationItem>(
      db,
      { ...prevItem, meta: null, data: null, gsi1pk: null, gsi1sk: null, gsi2pk: null, gsi2sk: null },
      {
        ...applicationKey(previous.uuid),
        entity: 'application',
        v: previous.v,
        meta: next.meta,
        data: sealed,
        gsi1pk: indexes.gsi1pk,
        gsi1sk: indexes.gsi1sk,
        gsi2pk: indexes.gsi2pk,
        gsi2sk: indexes.gsi2sk,
      },
      events,
      options,
    );
  }
  return { ...saved.meta, data: remember(next.data, json), v: saved.v };
}

/** Applications whose main applicant has this last name, SSN and date of birth, newest first. */
export async function findApplicationsByApplicant(
  db: Db,
  crypto: FieldCrypto,
  who: { last_name: string; social_security_number: string; date_of_birth: string },
  now: Date,
): Promise<ApplicationRecord[]> {
  const index = await crypto.blindIndex('applicant', who.last_name, who.social_security_number, who.date_of_birth);
  const page = await queryPartition<ApplicationItem>(db, {
    index: 'gsi1',
    pk: `APPLICANT#${index}`,
    descending: true,
    limit: 20,
    now,
  });
  return Promise.all(page.items.map((item) => toRecord(crypto, item)));
}

/** The application with the bank link's banking section saved into it. */
export function withBankingSection(
  data: StoredApplication,
  banking: NonNullable<StoredApplication['banking']>,
): StoredApplication {
  const saved = new Set<ApplicationSection>([...(data.saved_sections ?? []), 'banking']);
  return { ...data, banking, saved_sections: APPLICATION_SECTIONS.filter((s) => saved.has(s)) };
}

/**
 * Saves one flow's persisted machine (meta.flows.<name>) with a conditional UpdateItem on the flow's own revision,
 * without bumping the aggregate's `v`, so a page's section saves never 409 against a background poll. The bank link
 * may also save the banking section it filled (sealed like every other PII field). 409 when another request saved the
 * flow in between.
 */
export async function saveApplicationFlow(
  db: Db,
  crypto: FieldCrypto,
  record: Pick<ApplicationRecord, 'uuid' | 'flows' | 'data'>,
  flow: { name: string; persisted: unknown; rev: number },
  banking?: NonNullable<StoredApplication['banking']>,
): Promise<void> {
  const names: Record<string, string> = { '#meta': 'meta', '#flows': 'flows' };
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  let condition: string;
  if (!record.flows || typeof record.flows !== 'object') {
    sets.push('#meta.#flows = :flows');
    values[':flows'] = { [flow.name]: flow.persisted };
    condition = 'attribute_not_exists(#meta.#flows)';
  } else if (flow.rev === 0) {
    names['#name'] = flow.name;
    sets.push('#meta.#flows.#name = :flow');
    values[':flow'] = flow.persisted;
    condition = 'attribute_exists(#meta.#flows) AND attribute_not_exists(#meta.#flows.#name)';
  } else {
    names['#name'] = flow.name;
    names['#rev'] = 'rev';
    sets.push('#meta.#flows.#name = :flow');
    values[':flow'] = flow.persisted;
    values[':rev'] = flow.rev;
    condition = '#meta.#flows.#name.#rev = :rev';
  }
  if (banking) {
    const sealed = await sealApplication(crypto, { uuid: record.uuid, banking });
    names['#data'] = 'data';
    names['#banking'] = 'banking';
    names['#saved'] = 'saved_sections';
    values[':banking'] = sealed.banking;
    values[':saved'] = withBankingSection(record.data, banking).saved_sections;
    sets.push('#data.#banking = :banking', '#data.#saved = :saved');
  }
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: applicationKey(record.uuid),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(STALE_WRITE_MESSAGE);
    throw error;
  }
}
