import type { LeaseProgram } from '../../machines/contracts/store.ts';
import type { BrandKey } from '../../machines/domain/brands.ts';
import { sessionStore, type SafeStorage } from './safe-storage.ts';

// The shopper's apply session, kept in sessionStorage (per tab; per top-level site inside an iframe; in memory when
// the browser blocks storage for a third-party iframe).
// Tokens are scoped to the store they were issued for: `lto.apply.token:<retailer>/<store>`; `lto.apply.current`
// names the store the shopper is applying at now.

export interface ApplyStore {
  id: string | number;
  slug: string;
  name: string;
  label?: string;
  brand: BrandKey;
  retailer: { id?: string | number; slug: string; name: string };
  details?: { phone?: string | null };
  billing_address?: { label?: string; state?: string };
  record?: { identifier?: string | null };
  lease_program?: Partial<LeaseProgram> | null;
}

export interface ApplySession {
  retailer: string;
  store: string;
  token: string;
  expiresAt: string | number | null;
  storeData: ApplyStore;
}

const CURRENT_KEY = 'lto.apply.current';
const tokenKey = (retailer: string, store: string) => `lto.apply.token:${retailer}/${store}`;

const storage = (): SafeStorage => sessionStore();

/** Milliseconds since the epoch for an ISO date or an epoch number (seconds or milliseconds); null if unknown. */
export function expiryMs(value: string | number | null | undefined): number | null {
  if (value == null || value === '') return null;
  if (typeof value === 'number') return value < 1e12 ? value * 1000 : value;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

export function getSession(now: number = Date.now()): ApplySession | null {
  const s = storage();
  const current = s.getItem(CURRENT_KEY);
  if (!current) return null;
  const [retailer, store] = current.split('/');
  if (!retailer || !store) return null;
  try {
    const saved = JSON.parse(s.getItem(tokenKey(retailer, store)) ?? 'null') as Omit<
      ApplySession,
      'retailer' | 'store'
    > | null;
    if (!saved?.token || !saved.storeData) return null;
    const expires = expiryMs(saved.expiresAt);
    if (expires != null && expires <= now) return null;
    return { retailer, store, ...saved };
  } catch {
    return null;
  }
}

export function saveSession(session: ApplySession): void {
  const s = storage();
  const { retailer, store, ...rest } = session;
  s.setItem(tokenKey(retailer, store), JSON.stringify(rest));
  s.setItem(CURRENT_KEY, `${retailer}/${store}`);
}

/** Updates the cached store of the current session (after a fresh GET of the store). */
export function updateSessionStore(storeData: ApplyStore): void {
  const current = getSession();
  if (current) saveSession({ ...current, storeData });
}

/** Forgets the current store and its token (the shopper picks another store, or the host ended the session). */
export function clearSession(): void {
  const s = storage();
  const current = s.getItem(CURRENT_KEY);
  if (!current) return;
  s.removeItem(tokenKey(...(current.split('/') as [string, string])));
  s.removeItem(CURRENT_KEY);
}
