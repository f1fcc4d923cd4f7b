import * as z from 'zod/mini';
import { newPassword } from '../../../../machines/contracts/staff.ts';
import { GUARDS, type Guard } from '../../../../machines/domain/permissions.ts';
import {
  createItem,
  getItem,
  releaseUnique,
  claimUnique,
  saveVersioned,
  isConditionFailure,
} from '../../../data/items.ts';
import type { RoleItem } from '../../../data/staff/roles.ts';
import { getRecords } from '../../../data/staff/records.ts';
import { getStoreById } from '../../../data/stores.ts';
import { getUser, userKey, type UserItem } from '../../../data/users.ts';
import type { Deps } from '../../../platform/deps.ts';
import { AppError, conflict, forbidden } from '../../../platform/errors.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { auditBy, canAccess, requireTenant, userGuard } from '../actor.ts';
import {
  bool,
  email,
  expectVersion,
  field,
  loadForAccess,
  notFoundError,
  parseFor,
  saveButtons,
  section,
  syncRow,
  text,
  unableToDelete,
  unableToSave,
  type ResourceCtx,
  type ResourceDef,
} from '../resource.ts';
import { guardFilter, ownerSelect, yesNoFilter } from '../filters.ts';
import { getRetailerRecord } from './retailers.ts';
import { getSettingValue } from './settings.ts';
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
// Static, not import(): a dynamic import makes esbuild wrap the module and everything it reaches, so the Lambda
// bundle keeps the whole DynamoDB client instead of the commands used.
import { listAllRoles } from './roles.ts';

// Staff users (seed 001 section 6): guard, roles, links to retailers and stores, soft delete and restore, mobile block.
const NOUN = 'staff.resource.user';
const USERNAME = /^[A-Za-z0-9_.@-]{3,64}$/;

const ids = z
  .array(z.string().check(z.minLength(1), z.maxLength(100)))
  .check(z.maxLength(50, 'staff.validation.tooMany'));

const userBody = z.object({
  username: z.optional(z.string('staff.validation.username').check(z.regex(USERNAME, 'staff.validation.username'))),
  email: z.optional(email()),
  display_name: z.optional(text(255)),
  password: z.optional(z.union([z.literal(''), newPassword])),
  guard: z.optional(z.enum(GUARDS, 'staff.validation.inList')),
  roles: z.optional(ids),
  stores: z.optional(ids),
  retailers: z.optional(ids),
  active: z.optional(bool()),
  super_admin: z.optional(bool()),
  mobile_blocked: z.optional(bool()),
  v: z.optional(z.number()),
});

export const userRow = (u: UserItem) => ({
  id: u.id,
  username: u.username,
  email: u.email,
  display_name: u.display_name,
  guard: userGuard(u),
  roles: u.roles ?? [],
  role_names: u.role_names ?? [],
  active: u.active,
  super_admin: u.super_admin === true,
  mobile_blocked: u.mobile_blocked === true,
  stores: u.stores ?? [],
  retailers: u.retailers ?? [],
  deleted_at: u.deleted_at ?? null,
  created_at: u.created_at,
});

const tenantRetailers = (u: Pick<UserItem, 'retailers' | 'store_retailers'>) => [
  ...new Set([...(u.retailers ?? []), ...(u.store_retailers ?? [])]),
];

export const usersDef: ResourceDef<UserItem> = {
  path: 'users',
  noun: NOUN,
  entity: 'user',
  sortFields: ['username', 'display_name', 'email', 'created_at'],
  defaultSort: 'username',
  filters: [
    yesNoFilter('active', 'staff.field.active'),
    guardFilter(),
    {
      name: 'retailer',
      field: ownerSelect('retailer', 'staff.field.retailer'),
      scope: (v) => `retailer=${v}`,
      matches: (row, v) =>
        (row.retailers as string[]).includes(v) || (row.store_retailers as string[] | undefined)?.includes(v) === true,
    },
    {
      name: 'store',
      field: ownerSelect('store', 'staff.field.store'),
      scope: (v) => `store=${v}`,
      matches: (row, v) => (row.stores as string[]).includes(v),
    },
    {
      name: 'trashed',
      field: {
        type: 'select',
        name: 'trashed',
        label: 'staff.field.trashed',
        options: [{ value: 'only', text: 'staff.option.trashedOnly' }],
      },
      scope: (v) => (v === 'only' ? 'trashed' : undefined),
      matches: (row) => row.deleted_at !== null,
    },
  ],
  rowPk: (id) => userKey(id).pk,
  load: (c, id) => getUser(c.deps.db, id, c.deps.clock()),
  row: (u) => ({ ...userRow(u), store_retailers: u.store_retailers ?? [] }),
  scopes: (u) =>
    u.deleted_at
      ? ['trashed']
      : [
          '*',
          `active=${u.active}`,
          `guard=${userGuard(u)}`,
          ...(u.stores ?? []).map((s) => `store=${s}`),
          ...tenantRetailers(u).map((r) => `retailer=${r}`),
        ],
  tenant: (u) => ({ storeIds: u.stores ?? [], retailerIds: tenantRetailers(u) }),
  view: (_c, u) => ({ ...userRow(u), v: u.v, last_login_at: u.last_login_at ?? null }),
  form: (c, u) => userForm(c, u),
  create: (c, body) => createUser(c, body),
  update: (c, u, body) => updateUser(c, u, body),
  remove: (c, u) => deleteUser(c, u),
};

async function roleOptions(c: ResourceCtx, guard: Guard | undefined) {
  // Roles a user may be given: of the target guard, and (for non-super admins) none with more than the actor has.
  const roles = await listAllRoles(c.deps);
  return roles
    .filter((r) => !guard || r.guard === guard)
    .filter(
      (r) =>
        c.actor.superAdmin ||
        c.actor.guard === 'system' ||
        [...r.permissions, ...r.field_permissions].every((p) => c.actor.permissions.has(p)),
    )
    .map((r) => ({ value: r.id, text: r.name, guard: r.guard }));
}

async function userForm(c: ResourceCtx, u?: UserItem) {
  const guardOptions = (
    c.actor.guard === 'system'
      ? GUARDS
      : c.actor.guard === 'retailer'
        ? (['retailer', 'store'] as const)
        : (['store'] as const)
  ).map((g) => ({
    value: g,
    text: `staff.guard.${g}`,
  }));
  return {
    title: u ? 'staff.form.editUser' : 'staff.form.newUser',
    action: u ? '/staff/api/users/{id}' : '/staff/api/users',
    params: u ? { id: u.id } : undefined,
    values: u
      ? { ...userRow(u), password: '', v: u.v }
      : {
          guard: c.actor.guard,
          active: true,
          roles: [],
          stores: c.actor.storeContext ? [c.actor.storeContext] : [],
          retailers: c.actor.retailerContext && c.actor.guard === 'retailer' ? [c.actor.retailerContext] : [],
        },
    buttons: saveButtons,
    children: [
      section('staff.section.account', [
        field('input', 'username', { required: true, rules: 'required', inputType: 'text', max: 64 }),
        field('email', 'email', { required: true, rules: 'required|email' }),
        field('input', 'display_name', { required: true, rules: 'required', max: 255 }),
        field('password', 'password', {
          required: !u,
          hint: u ? 'staff.hint.passwordKeep' : 'staff.hint.passwordRules',
          min: 10,
          max: 128,
        }),
        field('switch', 'active', { switch: true }),
        ...(c.actor.superAdmin ? [field('switch', 'super_admin', { switch: true })] : []),
        field('switch', 'mobile_blocked', { switch: true }),
      ]),
      section('staff.section.access', [
        field('select', 'guard', {
          options: guardOptions,
          required: true,
          disabled: !c.actor.permissions.has('fields.users.guard') && !!u,
        }),
        field('multi-select', 'roles', {
          options: await roleOptions(c, u ? userGuard(u) : undefined),
          multiple: true,
          groupKey: 'guard',
          disabled: !c.actor.permissions.has('fields.users.roles'),
        }),
        field('multi-select', 'stores', {
          url: '/staff/api/stores',
          valueKey: 'id',
          textKey: 'name',
          multiple: true,
          conditions: [{ ref: 'guard', operator: '==', values: ['store'] }],
        }),
        field('multi-select', 'retailers', {
          url: '/staff/api/retailers',
          valueKey: 'id',
          textKey: 'name',
          multiple: true,
          conditions: [{ ref: 'guard', operator: '==', values: ['retailer'] }],
        }),
      ]),
    ],
  };
}

/** Checks links and roles against the guard and the actor's own reach; returns what to store. */
async function resolveAccess(
  c: ResourceCtx,
  input: { guard: Guard; roles: string[]; stores: string[]; retailers: string[] },
  errors: Record<string, string[]>,
) {
  const now = c.deps.clock();
  const stores = input.guard === 'store' ? [...new Set(input.stores)] : [];
  const retailers = input.guard === 'retailer' ? [...new Set(input.retailers)] : [];
  const storeRetailers: string[] = [];
  for (const id of stores) {
    const store = await getStoreById(c.deps.db, id, now);
    if (!store) (errors.stores ??= []).push('staff.validation.storeNotFound');
    else storeRetailers.push(store.view.retailer.id);
  }
  for (const id of retailers)
    if (!(await getRetailerRecord(c.deps, id))) (errors.retailers ??= []).push('staff.validation.retailerNotFound');
  if (c.actor.guard !== 'system' && input.guard === 'system') (errors.guard ??= []).push('staff.validation.inList');
  const roles = await getRecords<RoleItem>(c.deps.db, 'ROLE', input.roles);
  if (roles.length !== new Set(input.roles).size) (errors.roles ??= []).push('staff.validation.roleNotFound');
  for (const role of roles) {
    if (role.guard !== input.guard) (errors.roles ??= []).push('staff.validation.roleGuard');
    else if (
      !(c.actor.superAdmin || c.actor.guard === 'system') &&
      ![...role.permissions, ...role.field_permissions].every((p) => c.actor.permissions.has(p))
    ) {
      (errors.roles ??= []).push('staff.validation.roleTooStrong');
    }
  }
  return {
    stores,
    retailers,
    store_retailers: [...new Set(storeRetailers)],
    roles: roles.map((r) => r.id),
    role_names: roles.map((r) => r.name),
  };
}

/** A non-system user creates or changes users only inside its own stores or retailers. */
const requireUserTenant = (
  c: ResourceCtx,
  access: { stores: string[]; retailers: string[]; store_retailers: string[] },
  target: string,
) =>
  requireTenant(
    c.deps,
    c.actor,
    c.ip,
    { storeIds: access.stores, retailerIds: [...access.retailers, ...access.store_retailers] },
    target,
  );

/** Claims the login names given; when any is taken (or the save already has errors), releases the others and refuses it. */
async function claimLogin(
  c: ResourceCtx,
  id: string,
  names: { username?: string; email?: string },
  errors: Record<string, string[]>,
) {
  const claimed: [string, string][] = [];
  if (names.username !== undefined) {
    if (await claimUnique(c.deps.db, 'username', names.username, id)) claimed.push(['username', names.username]);
    else (errors.username ??= []).push('staff.validation.usernameTaken');
  }
  if (names.email !== undefined) {
    if (await claimUnique(c.deps.db, 'email', names.email, id)) claimed.push(['email', names.email]);
    else (errors.email ??= []).push('staff.validation.emailInUse');
  }
  if (Object.keys(errors).length) {
    for (const [kind, value] of claimed) await releaseUnique(c.deps.db, kind, value);
    throw unableToSave(c, usersDef, errors);
  }
  return claimed;
}

async function createUser(c: ResourceCtx, input: Record<string, unknown>): Promise<UserItem> {
  const body = parseFor(c, usersDef, userBody, input);
  const errors: Record<string, string[]> = {};
  for (const name of ['username', 'email', 'display_name', 'password'] as const)
    if (!body[name]) (errors[name] ??= []).push('staff.validation.required');
  if (Object.keys(errors).length) throw unableToSave(c, usersDef, errors);
  const guard: Guard = body.guard ?? c.actor.guard;
  let roleIds = body.roles ?? [];
  if (!roleIds.length) {
    // The default role for new users (a setting), when it is one of this guard's roles.
    const fallback = await getSettingValue(c.deps, 'default_role');
    if (typeof fallback === 'string' && fallback) {
      const [role] = await getRecords<RoleItem>(c.deps.db, 'ROLE', [fallback]);
      if (role && role.guard === guard) roleIds = [role.id];
    }
  }
  if (body.roles?.length && !c.actor.permissions.has('fields.users.roles')) throw forbidden('staff.permissionDenied');
  const access = await resolveAccess(
    c,
    { guard, roles: roleIds, stores: body.stores ?? [], retailers: body.retailers ?? [] },
    errors,
  );
  if (body.super_admin && !c.actor.superAdmin) (errors.super_admin ??= []).push('staff.permissionDenied');
  if (Object.keys(errors).length) throw unableToSave(c, usersDef, errors);
  await requireUserTenant(c, access, 'user:new');
  const id = `usr-${randomUUID()}`;
  await claimLogin(c, id, { username: body.username!, email: body.email! }, errors);
  const now = c.deps.clock().toISOString();
  const item = await createItem(c.deps.db, {
    ...userKey(id),
    entity: 'user',
    gsi1pk: `USERNAME#${body.username!.toLowerCase()}`,
    gsi1sk: 'USER',
    gsi2pk: `EMAIL#${body.email!.toLowerCase()}`,
    gsi2sk: 'USER',
    id,
    username: body.username!,
    email: body.email!,
    display_name: body.display_name!,
    guard,
    roles: access.roles,
    role_names: access.role_names,
    super_admin: body.super_admin === true,
    active: body.active ?? true,
    mobile_blocked: body.mobile_blocked ?? false,
    password_hash: await hashPassword(body.password!),
    stores: access.stores,
    store_retailers: access.store_retailers,
    retailers: access.retailers,
    created_at: now,
    updated_at: now,
  });
  await auditBy(c, 'user.changed', `user:${id}`, { action: 'create', roles: access.roles });
  return item as UserItem;
}

async function updateUser(c: ResourceCtx, u: UserItem, input: Record<string, unknown>): Promise<UserItem> {
  const body = parseFor(c, usersDef, userBody, input);
  const errors: Record<string, string[]> = {};
  const guard: Guard = body.guard ?? userGuard(u);
  if (guard !== userGuard(u) && !c.actor.permissions.has('fields.users.guard'))
    throw forbidden('staff.permissionDenied');
  const rolesChanged = body.roles !== undefined && [...body.roles].sort().join() !== [...(u.roles ?? [])].sort().join();
  if (rolesChanged && !c.actor.permissions.has('fields.users.roles')) throw forbidden('staff.permissionDenied');
  const access = await resolveAccess(
    c,
    {
      guard,
      roles: body.roles ?? u.roles ?? [],
      stores: body.stores ?? u.stores ?? [],
      retailers: body.retailers ?? u.retailers ?? [],
    },
    errors,
  );
  if (body.super_admin !== undefined && body.super_admin !== (u.super_admin === true) && !c.actor.superAdmin)
    (errors.super_admin ??= []).push('staff.permissionDenied');
  if (body.active === false && u.id === c.actor.userId)
    (errors.active ??= []).push('staff.validation.noSelfDeactivate');
  if (Object.keys(errors).length) throw unableToSave(c, usersDef, errors);
  await requireUserTenant(c, access, `user:${u.id}`);
  const username = body.username ?? u.username;
  const mail = body.email ?? u.email;
  // Only a changed username or e-mail is claimed (the user holds its own already).
  const claimed = await claimLogin(
    c,
    u.id,
    {
      username: username.toLowerCase() !== u.username.toLowerCase() ? username : undefined,
      email: mail.toLowerCase() !== u.email.toLowerCase() ? mail : undefined,
    },
    errors,
  );
  const now = c.deps.clock();
  const next: UserItem = {
    ...u,
    username,
    email: mail,
    gsi1pk: `USERNAME#${username.toLowerCase()}`,
    gsi2pk: `EMAIL#${mail.toLowerCase()}`,
    display_name: body.display_name ?? u.display_name,
    guard,
    ...access,
    active: body.active ?? u.active,
    super_admin: body.super_admin ?? u.super_admin,
    mobile_blocked: body.mobile_blocked ?? u.mobile_blocked ?? false,
    updated_at: now.toISOString(),
  };
  if (body.password) {
    next.password_hash = await hashPassword(body.password);
    next.sessions_valid_after = now.getTime();
  }
  if (!next.active && u.active) next.sessions_valid_after = now.getTime();
  let saved: UserItem;
  try {
    saved = await saveVersioned(c.deps.db, u, next);
  } catch (error) {
    for (const [kind, value] of claimed) await releaseUnique(c.deps.db, kind, value);
    throw error;
  }
  if (username.toLowerCase() !== u.username.toLowerCase()) await releaseUnique(c.deps.db, 'username', u.username);
  if (mail.toLowerCase() !== u.email.toLowerCase()) await releaseUnique(c.deps.db, 'email', u.email);
  if (rolesChanged || guard !== userGuard(u)) {
    await auditBy(c, 'permissions.changed', `user:${u.id}`, { roles_before: u.roles, roles_after: saved.roles });
  }
  return saved;
}

async function deleteUser(c: ResourceCtx, u: UserItem): Promise<UserItem> {
  if (u.id === c.actor.userId) throw unableToDelete(c, usersDef, 'staff.user.noSelfDelete');
  if (u.super_admin) throw unableToDelete(c, usersDef, 'staff.user.superAdminUndeletable');
  if (u.deleted_at) return u;
  const now = c.deps.clock();
  const saved = await saveVersioned(c.deps.db, u, {
    ...u,
    deleted_at: now.toISOString(),
    sessions_valid_after: now.getTime(),
  });
  await auditBy(c, 'user.changed', `user:${u.id}`, { action: 'delete' });
  return saved;
}

/** Restore, block/unblock and link/unlink: small versioned changes that keep the list entries in line. */
export async function changeUser(
  c: ResourceCtx,
  id: string,
  change: 'restore' | 'block' | 'unblock' | { link: 'store' | 'retailer'; target: string; add: boolean },
) {
  const u = await loadForAccess(c, usersDef, id);
  let next: UserItem;
  if (change === 'restore') {
    if (!u.deleted_at) return usersDef.view!(c, u);
    next = { ...u, deleted_at: undefined };
  } else if (change === 'block' || change === 'unblock') {
    next = { ...u, mobile_blocked: change === 'block' };
  } else {
    const guard = userGuard(u);
    if (guard !== change.link) throw unableToSave(c, usersDef, { type: ['staff.validation.linkGuard'] });
    const list = change.link === 'store' ? [...(u.stores ?? [])] : [...(u.retailers ?? [])];
    const has = list.includes(change.target);
    if (change.add && !has) list.push(change.target);
    if (!change.add && has) list.splice(list.indexOf(change.target), 1);
    if (change.add) {
      // Linking is a reach check too: the actor must reach the store or retailer linked.
      const now = c.deps.clock();
      if (change.link === 'store') {
        const store = await getStoreById(c.deps.db, change.target, now);
        if (!store) throw unableToSave(c, usersDef, { id: ['staff.validation.storeNotFound'] });
        if (!canAccess(c.actor, { storeIds: [store.view.id], retailerIds: [store.view.retailer.id] }))
          throw forbidden('staff.permissionDenied');
      } else {
        const retailer = await getRetailerRecord(c.deps, change.target);
        if (!retailer) throw unableToSave(c, usersDef, { id: ['staff.validation.retailerNotFound'] });
        if (!canAccess(c.actor, { retailerIds: [retailer.id] })) throw forbidden('staff.permissionDenied');
      }
    } else if (!has) {
      throw notFoundError(c, { noun: 'staff.resource.link' });
    }
    const storeRetailers: string[] = [];
    const stores = change.link === 'store' ? list : (u.stores ?? []);
    for (const s of stores) {
      const store = await getStoreById(c.deps.db, s, c.deps.clock());
      if (store) storeRetailers.push(store.view.retailer.id);
    }
    next = {
      ...u,
      ...(change.link === 'store' ? { stores: list } : { retailers: list }),
      store_retailers: [...new Set(storeRetailers)],
    };
  }
  const saved = await saveVersioned(c.deps.db, u, { ...next, updated_at: c.deps.clock().toISOString() });
  await syncRow(c, usersDef, u, saved);
  await auditBy(c, 'user.changed', `user:${id}`, {
    action: typeof change === 'string' ? change : change.add ? `link-${change.link}` : `unlink-${change.link}`,
  });
  return usersDef.view!(c, saved);
}

/** The last sign-in time: not an edit of the record, so it does not bump the version staff forms hold. */
export async function recordLastLogin(deps: Deps, id: string, now: Date) {
  await deps.db.doc
    .send(
      new UpdateCommand({
        TableName: deps.db.tableName,
        Key: userKey(id),
        UpdateExpression: 'SET last_login_at = :t',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':t': now.toISOString() },
      }),
    )
    .catch(() => undefined);
}

/** Small changes to a user's own record (last sign-in, password): retried on a concurrent save. */
export async function updateUserRecord(deps: Deps, id: string, patch: Partial<UserItem>) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const u = await getItem<UserItem>(deps.db, userKey(id), deps.clock());
    if (!u) return;
    try {
      return await saveVersioned(deps.db, u, { ...u, ...patch });
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 409) && !isConditionFailure(error)) throw error;
    }
  }
  throw conflict('staff.error.busy');
}

export { expectVersion };
