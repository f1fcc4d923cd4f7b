import type { Db } from './client.ts';
import { claimUnique, getItem, putItem, queryPartition, type StoredItem } from './items.ts';

// Staff user: pk USER#id; found by user name or e-mail through gsi1 (USERNAME#name / EMAIL#address).
export interface UserRecord {
  id: string;
  username: string;
  email: string;
  display_name: string;
  guard: 'system' | 'retailer' | 'store';
  roles: string[];
  /** Names of `roles` at the last save (for lists). */
  role_names?: string[];
  super_admin: boolean;
  active: boolean;
  password_hash: string;
  created_at: string;
  // Staff portal (seed 001 section 6): links to retailers and stores, soft delete, mobile block, session revocation.
  /** Store ids the user is linked to (store guard), and the retailers of those stores (for tenant checks). */
  stores?: string[];
  store_retailers?: string[];
  /** Retailer ids the user is linked to (retailer guard). */
  retailers?: string[];
  deleted_at?: string;
  mobile_blocked?: boolean;
  /** Sessions issued before this (epoch milliseconds) are no longer valid: set on password change and deactivation. */
  sessions_valid_after?: number;
  last_login_at?: string;
  updated_at?: string;
}

export interface UserItem extends StoredItem, UserRecord {
  entity: 'user';
}

export const userKey = (id: string) => ({ pk: `USER#${id}`, sk: 'USER' });

export async function getUser(db: Db, id: string, now: Date) {
  return getItem<UserItem>(db, userKey(id), now);
}

export async function findUserByLogin(db: Db, login: string, now: Date): Promise<UserItem | undefined> {
  const value = login.trim().toLowerCase();
  if (!value || value.length > 254) return undefined;
  const byName = await queryPartition<UserItem>(db, { index: 'gsi1', pk: `USERNAME#${value}`, limit: 1, now });
  if (byName.items[0]) return byName.items[0];
  const byEmail = await queryPartition<UserItem>(db, { index: 'gsi2', pk: `EMAIL#${value}`, limit: 1, now });
  return byEmail.items[0];
}

/** Seeds or overwrites a user, claiming its user name and e-mail. */
export async function putUser(db: Db, user: UserRecord & { v?: number }): Promise<void> {
  if (!(await claimUnique(db, 'username', user.username, user.id)))
    throw new Error(`User name ${user.username} is taken`);
  if (!(await claimUnique(db, 'email', user.email, user.id))) throw new Error(`E-mail ${user.email} is in use`);
  await putItem(db, {
    ...userKey(user.id),
    entity: 'user',
    v: user.v ?? 1,
    gsi1pk: `USERNAME#${user.username.toLowerCase()}`,
    gsi1sk: 'USER',
    gsi2pk: `EMAIL#${user.email.toLowerCase()}`,
    gsi2sk: 'USER',
    ...user,
  });
}
