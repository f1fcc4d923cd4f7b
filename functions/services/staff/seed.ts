import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  ADMIN_ROLE_ID,
  ADMIN_ROLE_NAME,
  fieldPermissionsForGuard,
  permissionsForGuard,
} from '../../../machines/domain/permissions.ts';
import { claimUnique, getItem, putItem, type StoredItem } from '../../data/items.ts';
import { listEntrySk, syncListEntries } from '../../data/staff/lists.ts';
import { recordKey } from '../../data/staff/records.ts';
import type { RoleItem, RoleRecord } from '../../data/staff/roles.ts';
import { getStoreById, retailerKey, type RetailerItem, type StaffStoreItem } from '../../data/stores.ts';
import { findUserByLogin, putUser } from '../../data/users.ts';
import type { Deps } from '../../platform/deps.ts';
import type { ResourceDef } from './resource.ts';
import { DEFAULT_PICKLISTS, picklistsDef, type PicklistItem } from './resources/picklists.ts';
import { retailersDef } from './resources/retailers.ts';
import { rolesDef } from './resources/roles.ts';
import { BUILTIN_SETTINGS, settingsDef, type SettingItem } from './resources/settings.ts';
import { storesDef } from './resources/stores.ts';
import { tokensDef, type TokenRefItem } from './resources/tokens.ts';
import { hashApiToken, putApiToken, type ApiTokenRecord } from '../../data/api-tokens.ts';
import { usersDef } from './resources/users.ts';
import { ensureNetworkTemplates } from '../network/mail.ts';

// The staff seed (idempotent, run by `npm start` next to the admin user): roles, settings, pick lists, and the list
// entries of the demo retailers, stores and the admin. The Admin role is rewritten on every start so that it holds
// every system permission the code defines; other seeded records are created once and then belong to staff.

export const STORE_MANAGER_ROLE_ID = 'role-store-manager';
export const RETAILER_MANAGER_ROLE_ID = 'role-retailer-manager';

/** What both manager roles may do with their own users. */
const MANAGE_USERS = ['users.view', 'users.create', 'users.update', 'users.delete', 'users.restore', 'users.block'];

const SEEDED_ROLES: Omit<RoleRecord, 'created_at' | 'updated_at'>[] = [
  {
    id: ADMIN_ROLE_ID,
    name: ADMIN_ROLE_NAME,
    guard: 'system',
    description: 'Everything in the portal. This role cannot be changed or deleted.',
    permissions: permissionsForGuard('system'),
    field_permissions: fieldPermissionsForGuard('system'),
  },
  {
    id: STORE_MANAGER_ROLE_ID,
    name: 'Store Manager',
    guard: 'store',
    description: 'Runs a store: its users, its settings and its lease applications.',
    permissions: [
      ...MANAGE_USERS,
      'stores.view',
      'stores.update',
      'applications.view',
      'applications.update',
      'leases.view',
      'servicing-actions.record-payment',
      'pos.view',
      'pickups.view',
      'pickups.manage',
      'retention.view',
    ],
    field_permissions: ['fields.users.roles'],
  },
  {
    id: RETAILER_MANAGER_ROLE_ID,
    name: 'Retailer Manager',
    guard: 'retailer',
    description: 'Runs a retailer: its stores, users, API tokens and reports.',
    permissions: [
      ...MANAGE_USERS,
      'users.link',
      'stores.view',
      'stores.create',
      'stores.update',
      'retailers.view',
      'retailers.update',
      'tokens.view',
      'tokens.create',
      'tokens.revoke',
      'applications.view',
      'applications.update',
      'leases.view',
      'reports.view',
      'pos.view',
      'pos.manage',
      'pickups.view',
      'pickups.manage',
      'retention.view',
      'retailer-map.view',
    ],
    field_permissions: ['fields.users.roles', 'fields.stores.active'],
  },
];

/** Writes the list entries of a seeded record; the index counts it only the first time (no entry yet). */
export async function listSeeded<R extends StoredItem & { id: string }>(deps: Deps, def: ResourceDef<R>, record: R) {
  const pk = def.rowPk(record.id);
  const existing = await deps.db.doc.send(
    new GetCommand({ TableName: deps.db.tableName, Key: { pk, sk: listEntrySk(def.defaultSort, '*') } }),
  );
  const snapshot = { row: def.row(record), scopes: def.scopes(record) };
  const before = existing.Item
    ? { row: existing.Item.row as typeof snapshot.row, scopes: def.scopes(record) }
    : undefined;
  await syncListEntries(deps.db, def, pk, before, snapshot);
}

/**
 * The demo retailer's API token, as staff would have made it: the token (stored as its hash) and the reference staff
 * list, revoke and audit by (so the API access tokens screen shows it, with its mode and last four characters).
 */
export async function seedApiToken(deps: Deps, token: string, record: ApiTokenRecord): Promise<void> {
  await putApiToken(deps.db, token, record);
  const retailer = await getItem<RetailerItem>(deps.db, retailerKey(record.retailerId), deps.clock());
  const ref: TokenRefItem = {
    ...recordKey('APITOKENREF', record.id),
    entity: 'apiTokenRef',
    v: 1,
    id: record.id,
    name: record.name,
    retailer_id: record.retailerId,
    retailer_name: retailer?.name ?? record.retailerId,
    last_four: record.last_four,
    hash: hashApiToken(token),
    mode: record.mode ?? 'live',
    created_at: record.created_at,
    created_by: 'seed',
    revoked_at: null,
  };
  await putItem(deps.db, ref);
  await listSeeded(deps, tokensDef, ref);
}

export async function seedStaff(deps: Deps): Promise<void> {
  const now = deps.clock();
  const at = now.toISOString();

  for (const role of SEEDED_ROLES) {
    const key = recordKey('ROLE', role.id);
    const existing = await getItem<RoleItem>(deps.db, key, now);
    if (existing && role.id !== ADMIN_ROLE_ID) {
      await listSeeded(deps, rolesDef, existing);
      continue;
    }
    const item = {
      ...key,
      entity: 'role',
      v: (existing?.v ?? 0) + 1,
      gsi1pk: 'ROLES',
      gsi1sk: role.id,
      ...role,
      created_at: existing?.created_at ?? at,
      updated_at: at,
    } as RoleItem;
    await putItem(deps.db, item);
    await claimUnique(deps.db, 'role-name', `${role.guard}/${role.name}`, role.id);
    await listSeeded(deps, rolesDef, item);
  }

  for (const setting of BUILTIN_SETTINGS) {
    const key = recordKey('SETTING', setting.id);
    let item = await getItem<SettingItem>(deps.db, key, now);
    if (!item) {
      item = { ...key, entity: 'setting', v: 1, ...setting, created_at: at };
      await putItem(deps.db, item);
    }
    await listSeeded(deps, settingsDef, item);
  }

  for (const list of DEFAULT_PICKLISTS) {
    const id = `pl-${list.identifier}`;
    const key = recordKey('PICKLIST', id);
    let item = await getItem<PicklistItem>(deps.db, key, now);
    if (!item) {
      item = {
        ...key,
        entity: 'picklist',
        v: 1,
        id,
        identifier: list.identifier,
        name: list.name,
        description: '',
        items: list.items.map(([identifier, label], order) => ({
          id: `pli-${list.identifier}-${identifier}`,
          identifier,
          label,
          order,
          active: true,
          deleted_at: null,
        })),
        created_at: at,
      };
      await putItem(deps.db, item);
      await claimUnique(deps.db, 'picklist', list.identifier, id);
    }
    await listSeeded(deps, picklistsDef, item);
  }

  // The admin holds the Admin role by id (older data directories named it).
  const admin = await findUserByLogin(deps.db, 'admin', now);
  if (admin && !admin.roles.includes(ADMIN_ROLE_ID)) {
    await putUser(deps.db, {
      ...admin,
      roles: [ADMIN_ROLE_ID, ...admin.roles.filter((r) => r !== 'Admin')],
      role_names: [ADMIN_ROLE_NAME],
      v: admin.v + 1,
    });
  }
  const user = await findUserByLogin(deps.db, 'admin', now);
  if (user) await listSeeded(deps, usersDef, user);
  // The merchant network's e-mails (store invitation, decline) as Mail Templates staff can edit; idempotent.
  await ensureNetworkTemplates(deps);
}

/** Demo retailers and stores are rewritten by the demo seed on every start: keep their list entries with them. */
export async function listDemoRecords(deps: Deps, retailerIds: string[], storeIds: string[]) {
  const now = deps.clock();
  for (const id of retailerIds) {
    const r = await getItem<RetailerItem>(deps.db, retailerKey(id), now);
    if (r) await listSeeded(deps, retailersDef, r);
  }
  for (const id of storeIds) {
    const s = (await getStoreById(deps.db, id, now)) as StaffStoreItem | undefined;
    if (s) await listSeeded(deps, storesDef, { ...s, id: s.view.id });
  }
}
