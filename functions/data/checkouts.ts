import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Cart } from '../../machines/contracts/cart.ts';
import type { PersistedCheckout } from '../../machines/checkout/checkout.machine.ts';
import type { CheckoutStatus } from '../../machines/checkout/checkout-status.ts';
import type { ScheduleLine, ServiceOption, Notice, DeliveryAddress } from '../../machines/delivery/delivery-rules.ts';
import type { LeaseComputation, LeaseInput } from '../../machines/domain/pricing.ts';
import type { Db } from './client.ts';
import {
  createItem,
  getItem,
  isConditionFailure,
  queryPartition,
  saveVersioned,
  type OutboxEvent,
  type StoredItem,
} from './items.ts';

// The checkout aggregate: one item (pk CHECKOUT#id, sk CHECKOUT) holding the retailer's cart and URLs, the persisted
// checkout machine, the audit trail of every accepted event, the linked application, the delivery choice, the lease
// (inputs and computation), the e-sign envelope and the payment attempts. Written with single-item conditional writes
// on `v`; every status change appends an outbox event in the same write.
//   gsi1: RETAILERCHECKOUTS#<retailerId> / <createdAt>#<id>      a retailer's checkouts, newest last
// The shopper's one-time checkout token is kept apart (pk CHECKOUTTOKEN#<sha256>) and points at the checkout.

export type AuditActor = 'retailer' | 'shopper' | 'system' | 'vendor:esign' | 'vendor:card-vault' | 'staff';

export interface AuditEntry {
  at: string;
  event: string;
  from: CheckoutStatus;
  to: CheckoutStatus;
  actor: AuditActor;
  note?: string;
}

export interface StoredDelivery {
  zip: string | null;
  address: Partial<DeliveryAddress> | null;
  /** Options per kept sku from the last lookup. */
  options: Record<string, ServiceOption[]>;
  /** Skus removed from the contract by the lookup (out of stock, not shippable, not deliverable). */
  removed: string[];
  notices: Notice[];
  lookedUpAt: string | null;
  schedules: ScheduleLine[];
  confirmationId: string | null;
  exchangeId: string | null;
  /** What the chosen services cost, in cents (a 1-cent price means free). */
  priceCents: number;
  scheduledAt: string | null;
  deliveredAt: string | null;
}

export interface StoredLease {
  applicationUuid: string;
  input: LeaseInput;
  computation: LeaseComputation;
  epoDays: number;
  remainingPaymentsPercent: number;
  createdAt: string;
  /** How many times the lease was (re)calculated. */
  revision: number;
}

export interface StoredEsign {
  envelopeId: string;
  status: 'sent' | 'completed' | 'voided' | 'declined';
  requestedAt: string;
  completedAt?: string;
  /** The lease revision the envelope's contract was made from. */
  leaseRevision: number;
}

export interface PaymentAttempt {
  number: number;
  idempotencyKey: string;
  amountCents: number;
  startedAt: string;
  chargeId?: string;
  status: 'processing' | 'succeeded' | 'declined' | 'error';
  declineCode?: string | null;
  message?: string | null;
  card?: { brand: string; funding: string; last4: string; country: string };
  settledAt?: string;
}

/** One confirmation of delivery by the retailer (issue 13): the units delivered and the funding tranche they make. */
export interface StoredDeliveryRecord {
  id: string;
  items: { sku: string; quantity: number }[];
  /** The tranche of the financed amount these units carry (machines/domain/partial-delivery). */
  amountCents: number;
  deliveredAt: string;
  recordedAt: string;
  by: AuditActor;
  /** Units still undelivered after it. */
  remainingUnits: number;
}

/** Undelivered units the retailer cancelled (they will never be delivered nor funded). */
export interface StoredCancellation {
  id: string;
  items: { sku: string; quantity: number }[];
  /** The cancelled units' share of the cash price. */
  amountCents: number;
  at: string;
  by: AuditActor;
  reason: string | null;
}

/** What was delivered and cancelled of a completed checkout (absent until the first delivery or cancellation). */
export interface StoredFulfilment {
  deliveries: StoredDeliveryRecord[];
  cancellations: StoredCancellation[];
}

export interface CheckoutRecord {
  id: string;
  retailerId: string;
  storeId: string;
  storeSlug: string;
  retailerSlug: string;
  /** false: made with a test API token (sandbox vendors only, seen only by test tokens); absent on older records: live. */
  livemode?: boolean;
  cart: Cart;
  return_url: string;
  return_url_failure: string;
  callback_url: string;
  /** The retailer's applicant prefill, encrypted as one envelope (names, e-mail, cell, address). */
  prefillSealed: string | null;
  skip_verification: boolean;
  lang: 'en' | 'es';
  machine: PersistedCheckout;
  current_step: CheckoutStatus;
  status_name: string;
  may_continue: boolean;
  application_uuid: string | null;
  audit: AuditEntry[];
  delivery: StoredDelivery | null;
  lease: StoredLease | null;
  esign: StoredEsign | null;
  payments: PaymentAttempt[];
  paidCents: number;
  /** The down payment was taken but the checkout ended without a lease: owed back to the shopper. */
  refundDueCents?: number;
  /** Partial delivery (issue 13): the deliveries and cancellations of the contracted items. */
  fulfilment?: StoredFulfilment;
  createdAt: string;
  updatedAt: string;
  completedAt?: string | null;
  cancelledAt?: string | null;
}

export interface CheckoutItem extends StoredItem, CheckoutRecord {
  entity: 'checkout';
}

export const checkoutKey = (id: string) => ({ pk: `CHECKOUT#${id}`, sk: 'CHECKOUT' });
const tokenKey = (hash: string) => ({ pk: `CHECKOUTTOKEN#${hash}`, sk: 'TOKEN' });

export async function createCheckout(db: Db, record: CheckoutRecord, events: OutboxEvent[]): Promise<CheckoutItem> {
  return await createItem(
    db,
    {
      ...checkoutKey(record.id),
      entity: 'checkout' as const,
      gsi1pk: `RETAILERCHECKOUTS#${record.retailerId}`,
      gsi1sk: `${record.createdAt}#${record.id}`,
      ...record,
    },
    events,
  );
}

export async function getCheckout(db: Db, id: string, now: Date): Promise<CheckoutItem | undefined> {
  if (!/^chk_[A-Za-z0-9]{8,64}$/.test(id)) return undefined;
  return getItem<CheckoutItem>(db, checkoutKey(id), now);
}

/** Saves the next state of a checkout read at `previous.v` (409 when someone saved in between). */
export async function saveCheckout(
  db: Db,
  previous: CheckoutItem,
  next: CheckoutItem,
  events: OutboxEvent[] = [],
): Promise<CheckoutItem> {
  return saveVersioned<CheckoutItem>(db, previous, next, events);
}

export async function listRetailerCheckouts(
  db: Db,
  retailerId: string,
  now: Date,
  limit = 50,
): Promise<CheckoutItem[]> {
  const page = await queryPartition<CheckoutItem>(db, {
    index: 'gsi1',
    pk: `RETAILERCHECKOUTS#${retailerId}`,
    descending: true,
    limit,
    now,
  });
  return page.items;
}

// ---------- the shopper's checkout token ----------

export interface CheckoutTokenItem extends StoredItem {
  entity: 'checkoutToken';
  checkoutId: string;
  /** The browser (client id) that exchanged it first; only that browser may exchange it again. */
  clientId: string | null;
  exchangedAt: string | null;
  issuedAt: string;
}

export async function putCheckoutToken(
  db: Db,
  hash: string,
  checkoutId: string,
  now: Date,
  ttlSeconds: number,
): Promise<void> {
  await createItem(db, {
    ...tokenKey(hash),
    entity: 'checkoutToken',
    checkoutId,
    clientId: null,
    exchangedAt: null,
    issuedAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + ttlSeconds,
  });
}

export async function getCheckoutToken(db: Db, hash: string, now: Date): Promise<CheckoutTokenItem | undefined> {
  return getItem<CheckoutTokenItem>(db, tokenKey(hash), now);
}

/** Binds the token to the first browser that exchanges it; false when another browser holds it. */
export async function claimCheckoutToken(db: Db, hash: string, clientId: string, now: Date): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: tokenKey(hash),
        UpdateExpression: 'SET clientId = :c, exchangedAt = if_not_exists(exchangedAt, :now)',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(clientId) OR clientId = :null OR clientId = :c)',
        ExpressionAttributeValues: { ':c': clientId, ':null': null, ':now': now.toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
