import { randomUUID } from 'node:crypto';
import type { Db } from '../../data/client.ts';
import { putItem, queryPartition } from '../../data/items.ts';
import type { MessagingPort, SentMessage } from './port.ts';

// The sandbox keeps what it "sent" in the table (for 7 days) so every function instance sees the same mailbox.
const MAILBOX_PK = 'SANDBOX#MESSAGES';
const KEEP_SECONDS = 7 * 24 * 3600;

export function sandboxMessaging(db: Db, clock: () => Date): MessagingPort {
  return {
    async send(message) {
      const now = clock();
      const id = randomUUID();
      await putItem(db, {
        pk: MAILBOX_PK,
        sk: `${now.toISOString()}#${id}`,
        entity: 'sandboxMessage',
        v: 1,
        expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
        message: { ...message, id, sentAt: now.toISOString() },
      });
      return { id };
    },
  };
}

/** Newest first. */
export async function listSandboxMessages(db: Db, now: Date, limit = 50): Promise<SentMessage[]> {
  const page = await queryPartition<{ pk: string; sk: string; entity: string; v: number; message: SentMessage }>(db, {
    pk: MAILBOX_PK,
    descending: true,
    limit,
    now,
  });
  return page.items.map((item) => item.message);
}
