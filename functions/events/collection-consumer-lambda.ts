import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { Deps } from '../platform/deps.ts';
import { observed } from '../platform/observability.ts';
import { achProvider } from '../providers/ach/provider.ts';
import { cardVaultProvider } from '../providers/card-vault/provider.ts';
import { messagingProvider } from '../providers/messaging/provider.ts';
import { closeDaysPassed } from '../services/servicing/collection.ts';
import { eventFunctionDeps } from './event-function-deps.ts';

// AWS twin of the local server's close-of-business interval (issue 22): an EventBridge Scheduler schedule sends a
// message to the collection queue after midnight in the lender's time zone; this consumer closes every lender date
// not closed yet (charging each due installment once per attempt key). A day with errors stays open and the message
// is reported failed, so SQS redelivers it (then the dead-letter queue, whose alarm pages); a redelivered message
// never charges twice: every step is keyed by (lease, installment, attempt).

export function collectionConsumerHandler(deps: () => Promise<Deps>) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const d = await deps();
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      try {
        const closed = await closeDaysPassed(d);
        for (const day of closed) d.log.info('close of business', { ...day });
        if (closed.some((day) => day.errors > 0)) batchItemFailures.push({ itemIdentifier: record.messageId });
      } catch (error) {
        d.log.error('close of business failed; SQS redelivers it', { error: String(error) });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}

// messaging: closing a day sends the debit reminders and failed-payment notices (servicing/reminders.ts).
const deps = eventFunctionDeps({ cardVault: cardVaultProvider, ach: achProvider, messaging: messagingProvider });
export const handler = Object.assign(observed(collectionConsumerHandler(deps)), { providers: deps.providers });
