import * as z from 'zod/mini';
import { isOneOf } from '../domain/one-of.ts';

// Issue 23: the staff's servicing actions on a lease account (POST /staff/api/leases/{uuid}/account/actions/{id}).
// Shared by the staff portal (which buttons to show, the dialog's fields) and the server (permission, validation).
// Each action has its own permission `servicing-actions.<id>`; the account machine (lease-account) decides whether the
// account's state allows it.

export const SERVICING_ACTION_IDS = [
  'record-payment',
  'waive-fee',
  'reverse-payment',
  'move-due-date',
  'charge-off',
  'reinstate',
  'accept-return',
  'settle',
  'refund',
] as const;
export type ServicingActionId = (typeof SERVICING_ACTION_IDS)[number];
export const isServicingActionId = isOneOf<ServicingActionId>(SERVICING_ACTION_IDS);

export const servicingActionPermission = (id: ServicingActionId) => `servicing-actions.${id}` as const;

/** The fields each action asks for in its dialog (the server says which are missing with a 422). */
export const SERVICING_ACTION_FIELDS: Record<ServicingActionId, readonly ServicingActionField[]> = {
  'record-payment': ['amount', 'channel', 'reference', 'note'],
  'waive-fee': ['amount', 'note'],
  'reverse-payment': ['entry_id', 'return_code', 'note'],
  'move-due-date': ['due_date', 'note'],
  'charge-off': ['note'],
  reinstate: ['note'],
  'accept-return': ['note'],
  settle: ['amount', 'channel', 'reference', 'note'],
  refund: ['amount', 'method', 'entry_id', 'reference', 'note'],
};

export type ServicingActionField =
  'amount' | 'channel' | 'method' | 'reference' | 'entry_id' | 'return_code' | 'due_date' | 'note';

/** Where a payment taken by staff came from: a phone call or the store's counter. */
export const STAFF_PAYMENT_CHANNELS = ['phone', 'store'] as const;

/** How an overpayment goes back: to the card it was paid with (the card vault's refund), or in cash or by check. */
export const REFUND_METHODS = ['card', 'cash', 'check'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const servicingActionRequest = z.object({
  amount: z.optional(z.union([z.string().check(z.maxLength(20)), z.number()])),
  channel: z.optional(z.enum(STAFF_PAYMENT_CHANNELS)),
  method: z.optional(z.enum(REFUND_METHODS)),
  reference: z.optional(z.string().check(z.maxLength(100))),
  entry_id: z.optional(z.string().check(z.maxLength(200))),
  return_code: z.optional(z.string().check(z.maxLength(10))),
  due_date: z.optional(z.string().check(z.maxLength(10))),
  note: z.optional(z.string().check(z.maxLength(500))),
});
export type ServicingActionRequest = z.infer<typeof servicingActionRequest>;
