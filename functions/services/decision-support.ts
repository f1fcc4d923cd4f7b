import type { StoredApplication } from '../../machines/contracts/application.ts';
import type { StoreView } from '../../machines/contracts/store.ts';
import { BRANDS } from '../../machines/domain/brands.ts';
import type { Decision, StoreFacts } from '../../machines/domain/decision.ts';
import { minimumLeaseCents } from '../../machines/domain/lease-amount.ts';
import { centsToDecimal } from '../../machines/domain/money.ts';
import {
  renderResult,
  type ApplicationResult,
  type ResultContext,
  type TextRef,
} from '../../machines/domain/result.ts';
import { denialFields } from '../../machines/domain/adverse-action.ts';
import type { ScoringSettings } from '../../machines/domain/scoring-settings.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import type { PinMode } from '../../machines/contracts/verify.ts';
import type { ApplicationRecord } from '../data/applications.ts';
import type { Db } from '../data/client.ts';
import { getItem, type StoredItem } from '../data/items.ts';

// What the verification, decision and retrieval services share: the PIN state kept on the application aggregate,
// the store facts the engine needs, the stored result, and the flags the page resumes with.

/** The PIN flow's state on the application (meta.flows.pin). The code itself is kept only as a salted SHA-256. */
export interface PinFlowState {
  /** Per-application random salt (hex) of the code hash. */
  salt: string;
  /** sha256(salt:code) of the live code; null once used (single use) or before the first send. */
  codeHash: string | null;
  /** Epoch ms of the live code's send. */
  issuedAt: number | null;
  mode: PinMode | null;
  /** Failed confirmations, whatever the cause (wrong, expired, used or no code): 5 max the application out. */
  failedAttempts: number;
  /** Epoch ms of the sends still inside the 15-minute window. */
  sends: number[];
  maxedAt?: string;
  verifiedAt?: string;
  /** Apply sessions (token hashes) that proved the PIN: verification belongs to the session, not to whoever binds later. */
  verifiedTokens?: string[];
}

export const emptyPinState = (salt: string): PinFlowState => ({
  salt,
  codeHash: null,
  issuedAt: null,
  mode: null,
  failedAttempts: 0,
  sends: [],
});

export function pinStateOf(record: Pick<ApplicationRecord, 'flows'>): PinFlowState | undefined {
  const pin = (record.flows as { pin?: PinFlowState } | undefined)?.pin;
  return pin && typeof pin === 'object' ? pin : undefined;
}

/** This apply session proved the PIN for the application. */
export function isSessionVerified(
  record: Pick<ApplicationRecord, 'flows' | 'verified'>,
  tokenHash: string | undefined,
): boolean {
  if (!record.verified) return false;
  const tokens = pinStateOf(record)?.verifiedTokens ?? [];
  return tokenHash === undefined ? true : tokens.includes(tokenHash);
}

export const hasContractInProgress = (record: Pick<ApplicationRecord, 'flows'>): boolean =>
  (record.flows as { contractInProgress?: unknown } | undefined)?.contractInProgress === true;

/** The stored result (texts as i18n references), or undefined before the decision. */
export function storedResultOf(record: Pick<ApplicationRecord, 'result'>): ApplicationResult<TextRef> | undefined {
  const result = record.result as ApplicationResult<TextRef> | undefined | null;
  return result && typeof result === 'object' && 'code' in result ? result : undefined;
}

/** The result in `lang`; a denial also carries its reason codes and the adverse-action notice's address. */
export function renderedResultOf(
  record: Pick<ApplicationRecord, 'result'> & Partial<Pick<ApplicationRecord, 'uuid' | 'status' | 'decision'>>,
  lang: Lang,
): ApplicationResult<string> | null {
  const result = storedResultOf(record);
  if (!result) return null;
  const denial =
    record.uuid && record.status
      ? denialFields({ uuid: record.uuid, status: record.status, decision: record.decision })
      : {};
  return { ...renderResult(result, lang), ...denial };
}

/** An approval whose offers are still valid at `now`. */
export function isLiveApproval(record: Pick<ApplicationRecord, 'status' | 'result'>, now: Date): boolean {
  if (record.status !== 'approved') return false;
  const expiresAt = storedResultOf(record)?.expiresAt;
  return !expiresAt || Date.parse(expiresAt) > now.getTime();
}

/** The engine's view of a store. */
export function storeFactsOf(store: StoreView): StoreFacts {
  const program = store.lease_program;
  return {
    isHvac: store.record.identifier === 'HVAC',
    isHomeImprovement: store.record.identifier === 'HOME_IMPROVEMENT',
    optionBEnabled: program.option_b_enabled,
    optionCEnabled: program.option_c_enabled,
    optionDEnabled: program.option_d_enabled,
    minApprovalCents: minimumLeaseCents(program.min_approval_amount),
  };
}

export function resultContextOf(store: StoreView, firstName: string, settings: ScoringSettings): ResultContext {
  return {
    firstName,
    brandPhone: BRANDS[store.brand].phone,
    storeName: store.name,
    isHvac: store.record.identifier === 'HVAC',
    step: null,
    settings,
  };
}

/** The outbox event of a decision: ids, code and offers only (no PII). */
export function decisionEventData(
  record: Pick<ApplicationRecord, 'uuid' | 'storeId' | 'checkoutId'>,
  decision: Decision,
) {
  return {
    uuid: record.uuid,
    store_id: record.storeId,
    checkout_id: record.checkoutId ?? null,
    code: decision.code,
    offer_amounts: {
      A: centsToDecimal(decision.offers.A),
      B: centsToDecimal(decision.offers.B),
      C: centsToDecimal(decision.offers.C),
      D: centsToDecimal(decision.offers.D),
    },
    expires_at: decision.expiresAt,
  };
}

/**
 * The stored application in the shape the complete-application schema reads (the form's shape): money back to
 * dollars, the account confirmation (never stored) equal to the account.
 */
export function applicationFormOf(app: StoredApplication): Record<string, unknown> {
  const income = (i: { gross: number } & Record<string, unknown>) => ({ ...i, gross: centsToDecimal(i.gross) });
  const co = app.co_applicant ?? null;
  return {
    applicant: app.applicant ?? null,
    location: app.location ?? null,
    incomes: (app.incomes ?? []).map(income),
    banking: app.banking ? { ...app.banking, checking_account_confirmation: app.banking.checking_account } : null,
    home_ownership: app.home_ownership
      ? {
          ...app.home_ownership,
          mortgage_holder_payment:
            typeof app.home_ownership.mortgage_holder_payment === 'number'
              ? centsToDecimal(app.home_ownership.mortgage_holder_payment)
              : null,
        }
      : null,
    co_applicant: co ? { ...co, incomes: (co.incomes ?? []).map(income) } : null,
    has_co_applicant: app.has_co_applicant ?? null,
    product_selection_override: app.product_selection_override ?? null,
    promo_code: app.promo_code ?? null,
    terms_accepted: true,
  };
}

/** What the application side needs to know of a retailer checkout (issue 5 owns checkouts). */
export interface CheckoutFacts {
  skipVerification: boolean;
  items: { sku: string; quantity: number; description: string; unit_price: number }[];
}

const truthy = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

/**
 * Reads a checkout's facts from its item (pk CHECKOUT#id, sk CHECKOUT) when the checkout side stored one; unknown
 * checkouts have none (undefined): verification is then required and items are not compared.
 */
export async function readCheckoutFacts(
  db: Db,
  checkoutId: string | undefined | null,
  now: Date,
): Promise<CheckoutFacts | undefined> {
  if (!checkoutId) return undefined;
  const item = await getItem<StoredItem & Record<string, any>>(
    db,
    { pk: `CHECKOUT#${checkoutId}`, sk: 'CHECKOUT' },
    now,
  );
  if (!item) return undefined;
  const checkout = (item.checkout ?? item) as Record<string, any>;
  const items = (checkout.cart?.items ?? []) as Record<string, unknown>[];
  return {
    skipVerification: truthy(checkout.skip_verification),
    items: items.map((i) => ({
      sku: String(i.sku ?? ''),
      quantity: Number(i.quantity ?? 0),
      description: String(i.description ?? ''),
      unit_price: Number(i.unit_price ?? 0),
    })),
  };
}

export function sameItems(a: CheckoutFacts['items'], b: CheckoutFacts['items']): boolean {
  const key = (items: CheckoutFacts['items']) =>
    JSON.stringify([...items].map((i) => [i.sku, i.quantity, i.unit_price]).sort());
  return key(a) === key(b);
}
