import { createHash, randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../../data/client.ts';
import { createItem, getItem, type StoredItem } from '../../data/items.ts';
import { AppError } from '../../platform/errors.ts';
import { ACH_RETURN_REASONS, AchError, type AchDebitResult, type AchPort } from './port.ts';

// The sandbox ACH processor: the outcome of a debit is chosen by the account number (README, sandbox test data);
// any other account settles. Results are kept per idempotency key (SANDBOX#ACH#<key>), so a replayed key answers
// the first result and never debits twice. Returns come back at once (a real return arrives one to two banking
// days later; the attempt machine treats both the same way).

/** Test account numbers and what debiting them does. */
export const TEST_BANK_ACCOUNTS: readonly { accountNumber: string; outcome: string; purpose: string }[] = [
  { accountNumber: '000111111116', outcome: 'settled', purpose: 'Debits settle' },
  { accountNumber: '000000000101', outcome: 'R01', purpose: 'R01 insufficient funds on every debit' },
  { accountNumber: '000000000111', outcome: 'R01-once', purpose: 'R01 on the first debit, the retry settles' },
  { accountNumber: '000000000102', outcome: 'R02', purpose: 'R02 account closed' },
  { accountNumber: '000000000103', outcome: 'R03', purpose: 'R03 no account' },
  { accountNumber: '000000000108', outcome: 'R08', purpose: 'R08 payment stopped' },
  { accountNumber: '000000000109', outcome: 'R09', purpose: 'R09 uncollected funds' },
  { accountNumber: '000000000110', outcome: 'R10', purpose: 'R10 customer advises not authorized' },
  { accountNumber: '000000000129', outcome: 'R29', purpose: 'R29 corporate customer advises not authorized' },
];
const outcomes = new Map(TEST_BANK_ACCOUNTS.map((a) => [a.accountNumber, a.outcome]));

interface AchResultItem extends StoredItem {
  entity: 'sandboxAchDebit';
  requestHash: string;
  result: AchDebitResult;
}

const resultKey = (key: string) => ({ pk: `SANDBOX#ACH#${key}`, sk: 'DEBIT' });
const countKey = (account: string) => ({ pk: `SANDBOX#ACHACCOUNT#${account}`, sk: 'COUNT' });

export function sandboxAch(options: { db: Db; clock: () => Date }): AchPort {
  const { db, clock } = options;

  async function debitsSoFar(account: string): Promise<number> {
    const out = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: countKey(account),
        UpdateExpression: 'SET entity = :e, v = :one ADD #n :one',
        ExpressionAttributeNames: { '#n': 'debits' },
        ExpressionAttributeValues: { ':e': 'sandboxAchAccount', ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(out.Attributes?.debits ?? 1);
  }

  return {
    async debit(input) {
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0)
        throw new AchError('invalid_request', 'The amount must be a positive whole number of cents.');
      if (!/^\d{9}$/.test(input.routingNumber) || !/^\d{4,17}$/.test(input.accountNumber))
        throw new AchError('invalid_request', 'Routing number of 9 digits and account number of 4 to 17 digits.');
      const requestHash = createHash('sha256')
        .update(JSON.stringify([input.routingNumber, input.accountNumber, input.amountCents, input.reference]))
        .digest('hex');
      const existing = await getItem<AchResultItem>(db, resultKey(input.idempotencyKey), clock());
      if (existing) {
        if (existing.requestHash !== requestHash)
          throw new AchError('invalid_request', 'The idempotency key was used for another debit.');
        return existing.result;
      }
      let outcome = outcomes.get(input.accountNumber) ?? 'settled';
      if (outcome === 'R01-once') outcome = (await debitsSoFar(input.accountNumber)) % 2 === 1 ? 'R01' : 'settled';
      const traceId = `ach_sbx_${randomBytes(10).toString('hex')}`;
      const result: AchDebitResult =
        outcome === 'settled'
          ? { status: 'settled', traceId, amountCents: input.amountCents }
          : { status: 'returned', traceId, code: outcome, message: ACH_RETURN_REASONS[outcome] ?? 'Returned' };
      try {
        await createItem(db, { ...resultKey(input.idempotencyKey), entity: 'sandboxAchDebit', requestHash, result });
      } catch (error) {
        if (!(error instanceof AppError && error.statusCode === 409)) throw error;
        const raced = await getItem<AchResultItem>(db, resultKey(input.idempotencyKey), clock());
        if (raced) return raced.result;
        throw error;
      }
      return result;
    },
  };
}
