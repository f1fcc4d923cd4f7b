import type { Guard } from '../../machines/domain/permissions.ts';

/** Who is calling a staff endpoint: built from the session, the user and its roles on every request. */
export interface StaffActor {
  userId: string;
  username: string;
  displayName: string;
  email: string;
  guard: Guard;
  superAdmin: boolean;
  roleIds: string[];
  roleNames: string[];
  permissions: Set<string>;
  /** Stores the user is linked to (store guard) and retailers (retailer guard). */
  storeIds: string[];
  retailerIds: string[];
  /** The current store (Set Store Context / Switch Store), when chosen or when the user has a single store. */
  storeContext?: string;
  /** The current retailer: the one of the store context, or the only linked retailer. */
  retailerContext?: string;
}

export interface StaffSession {
  sessionHash: string;
  csrfHash: string;
  issuedAt: number;
  actor: StaffActor;
  ip: string;
}
