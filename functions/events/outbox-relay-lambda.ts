import { loadConfig } from '../platform/config.ts';
import { createBaseDeps } from '../platform/base-deps.ts';
import { eventBridgeBus } from './eventbridge-bus.ts';
import { relayItem } from './outbox-relay.ts';

// DynamoDB Streams entry: each changed item that carries an outbox is relayed with the same code as locally.
interface StreamRecord {
  dynamodb?: { SequenceNumber?: string; Keys?: { pk?: { S?: string }; sk?: { S?: string } } };
}

const config = loadConfig();
const deps = createBaseDeps(config);
const bus = eventBridgeBus({ busName: config.eventBusName ?? 'default', region: config.region });

export async function handler(event: { Records: StreamRecord[] }) {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    const pk = record.dynamodb?.Keys?.pk?.S;
    const sk = record.dynamodb?.Keys?.sk?.S;
    if (!pk || !sk) continue;
    try {
      await relayItem(deps.db, bus, { pk, sk }, deps.clock());
    } catch (error) {
      deps.log.error('outbox relay failed', { pk, error: String(error) });
      // Partial batch responses for streams are keyed by the record's sequence number.
      if (record.dynamodb?.SequenceNumber) failures.push({ itemIdentifier: record.dynamodb.SequenceNumber });
    }
  }
  return { batchItemFailures: failures };
}
