// The one table, defined once: the local runtime creates it from this, and infra/ provisions it from this.
//
// Named access patterns (add an index only with a pattern here):
//   gsi1  gsi1pk/gsi1sk  lookups by an alternate key: store by retailer (RETAILER#id / STORE#slug),
//                        applicant by blind index (APPLICANT#hmac / APP#uuid), user by name, checkout by retailer.
//   gsi2  gsi2pk/gsi2sk  staff lists sorted by a chosen attribute (LIST#entity#sortField / value#id); an SSN's
//                        applications and customer record (SSN#hmac / APP#createdAt#uuid, ~CUSTOMER); the ledger
//                        entries of a day across leases, for the accounting export (LEDGERDAY#date / time#entryId).
//   outbox outboxPk/outboxSk  sparse: aggregates holding unpublished events (OUTBOX / occurredAt#pk). Keys only: the
//                        relay reads each aggregate by its key anyway, and an index write is charged (and, in dynalite,
//                        written) by the size of what it projects, so a whole application copied into the index on
//                        every decision and removed again by the relay was paid for twice for nothing.
export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;
export const TTL_ATTRIBUTE = 'expiresAt';

export interface IndexDefinition {
  indexName: string;
  partitionKey: string;
  sortKey: string;
  /** What the index copies of an item: all of it, or only the table's and the index's keys. */
  projection: 'ALL' | 'KEYS_ONLY';
}

export const GLOBAL_INDEXES: readonly IndexDefinition[] = [
  { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: 'ALL' },
  { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk', projection: 'ALL' },
  { indexName: 'outbox', partitionKey: 'outboxPk', sortKey: 'outboxSk', projection: 'KEYS_ONLY' },
];

export const DEFAULT_TABLE_NAME = 'lease-to-own';

/** CreateTable input for the embedded database (the shape of the DynamoDB API). */
export function createTableInput(tableName: string) {
  const attributeNames = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
  for (const index of GLOBAL_INDEXES) {
    attributeNames.add(index.partitionKey);
    attributeNames.add(index.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [...attributeNames].map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: GLOBAL_INDEXES.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: index.projection },
    })),
  };
}
