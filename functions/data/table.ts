// The one table, defined once: the local runtime creates it from this, and infra/ provisions it from this.
//
// Named access patterns (add an index only with a pattern here):
//   gsi1  gsi1pk/gsi1sk  lookups by an alternate key: store by retailer (RETAILER#id / STORE#slug),
//                        applicant by blind index (APPLICANT#hmac / APP#uuid), user by name, checkout by retailer.
//   gsi2  gsi2pk/gsi2sk  staff lists sorted by a chosen attribute (LIST#entity#sortField / value#id); an SSN's
//                        applications and customer record (SSN#hmac / APP#createdAt#uuid, ~CUSTOMER).
//   outbox outboxPk/outboxSk  sparse: aggregates holding unpublished events (OUTBOX / occurredAt#pk).
export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;
export const TTL_ATTRIBUTE = 'expiresAt';

export interface IndexDefinition {
  indexName: string;
  partitionKey: string;
  sortKey: string;
}

export const GLOBAL_INDEXES: readonly IndexDefinition[] = [
  { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  { indexName: 'outbox', partitionKey: 'outboxPk', sortKey: 'outboxSk' },
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
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
