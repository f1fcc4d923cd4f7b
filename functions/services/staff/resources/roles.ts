import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import {
  ADMIN_ROLE_ID,
  FIELD_PERMISSIONS,
  GUARDS,
  fieldPermissionsForGuard,
  isFieldPermission,
  isGuard,
  isPermission,
  permissionGroup,
  permissionsForGuard,
  PERMISSION_DEFS,
  FIELD_PERMISSION_DEFS,
  PERMISSIONS,
  ungrantable,
  type Guard,
} from '../../../../machines/domain/permissions.ts';
import { claimUnique, createItem, deleteItem, queryAll, releaseUnique, saveVersioned } from '../../../data/items.ts';
import { getRecord, recordKey } from '../../../data/staff/records.ts';
import type { RoleItem } from '../../../data/staff/roles.ts';
import type { Deps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { auditBy } from '../actor.ts';
import {
  requiredErrors,
  expectVersion,
  field,
  loadForAccess,
  pageMeta,
  parseFor,
  parsePaging,
  saveButtons,
  section,
  syncRow,
  t,
  text,
  translateSchema,
  unableToDelete,
  unableToSave,
  type ResourceCtx,
  type ResourceDef,
} from '../resource.ts';
import { guardFilter } from '../filters.ts';
import { getSettingValue } from './lookups.ts';

const NOUN = 'staff.resource.role';
const ROLE_LIST_PK = 'ROLES';

const names = z.array(z.string().check(z.maxLength(100))).check(z.maxLength(200, 'staff.validation.tooMany'));
const body = z.object({
  name: z.optional(text(100)),
  guard: z.optional(z.enum(GUARDS, 'staff.validation.inList')),
  description: z.optional(text(1000, false)),
  permissions: z.optional(names),
  field_permissions: z.optional(names),
  v: z.optional(z.number()),
});

const row = (r: RoleItem) => ({
  id: r.id,
  name: r.name,
  guard: r.guard,
  description: r.description,
  permissions_count: r.permissions.length + (r.field_permissions ?? []).length,
  immutable: r.id === ADMIN_ROLE_ID,
  created_at: r.created_at,
});

const adminImmutable = (c: ResourceCtx) =>
  new AppError(403, t(c, 'staff.role.adminImmutable'), undefined, { reason: 'admin-role' });

/** Every role (a small set: they are also kept in one partition, ROLES, for the user form's options). */
export async function listAllRoles(deps: Deps): Promise<RoleItem[]> {
  return queryAll<RoleItem>(deps.db, { index: 'gsi1', pk: ROLE_LIST_PK, now: deps.clock() });
}

function checkGrantable(c: ResourceCtx, guard: Guard, permissions: string[], fieldPermissions: string[]) {
  const errors: Record<string, string[]> = {};
  const badPermissions = ungrantable(guard, permissions).concat(permissions.filter((p) => !isPermission(p)));
  const badFields = ungrantable(guard, fieldPermissions).concat(fieldPermissions.filter((p) => !isFieldPermission(p)));
  if (badPermissions.length)
    errors.permissions = [
      t(c, 'staff.validation.permissionNotGrantable', { names: [...new Set(badPermissions)].join(', ') }),
    ];
  if (badFields.length)
    errors.field_permissions = [
      t(c, 'staff.validation.permissionNotGrantable', { names: [...new Set(badFields)].join(', ') }),
    ];
  return errors;
}

export const rolesDef: ResourceDef<RoleItem> = {
  path: 'roles',
  noun: NOUN,
  entity: 'role',
  sortFields: ['name', 'guard', 'created_at'],
  defaultSort: 'name',
  filters: [guardFilter()],
  rowPk: (id) => recordKey('ROLE', id).pk,
  load: (c, id) => getRecord<RoleItem>(c.deps.db, 'ROLE', id, c.deps.clock()),
  row,
  scopes: (r) => ['*', `guard=${r.guard}`],
  tenant: () => ({}),
  view: (_c, r) => ({ ...row(r), permissions: r.permissions, field_permissions: r.field_permissions ?? [], v: r.v }),
  form: async (_c, r) => ({
    title: r ? 'staff.form.editRole' : 'staff.form.newRole',
    action: r ? '/staff/api/roles/{id}' : '/staff/api/roles',
    params: r ? { id: r.id } : undefined,
    values: r
      ? { name: r.name, guard: r.guard, description: r.description, v: r.v }
      : { guard: 'store', description: '' },
    buttons: r?.id === ADMIN_ROLE_ID ? [] : saveButtons,
    children: [
      section('staff.section.role', [
        field('input', 'name', { required: true, max: 100, readonly: r?.id === ADMIN_ROLE_ID }),
        field('select', 'guard', {
          required: true,
          options: GUARDS.map((g) => ({ value: g, text: `staff.guard.${g}` })),
          disabled: !!r,
        }),
        field('textarea', 'description', { max: 1000, readonly: r?.id === ADMIN_ROLE_ID }),
      ]),
    ],
  }),
  async create(c, input) {
    const b = parseFor(c, rolesDef, body, input);
    const errors = requiredErrors(b, ['name', 'guard']);
    if (Object.keys(errors).length) throw unableToSave(c, rolesDef, errors);
    const grantErrors = checkGrantable(c, b.guard!, b.permissions ?? [], b.field_permissions ?? []);
    if (Object.keys(grantErrors).length) throw unableToSave(c, rolesDef, grantErrors);
    const id = `role-${randomUUID()}`;
    if (!(await claimUnique(c.deps.db, 'role-name', `${b.guard}/${b.name!.trim()}`, id)))
      throw unableToSave(c, rolesDef, { name: ['staff.validation.nameTaken'] });
    const now = c.deps.clock().toISOString();
    const item = await createItem(c.deps.db, {
      ...recordKey('ROLE', id),
      entity: 'role',
      gsi1pk: ROLE_LIST_PK,
      gsi1sk: id,
      id,
      name: b.name!,
      guard: b.guard!,
      description: b.description ?? '',
      permissions: [...new Set(b.permissions ?? [])],
      field_permissions: [...new Set(b.field_permissions ?? [])],
      created_at: now,
      updated_at: now,
    });
    await auditBy(c, 'permissions.changed', `role:${id}`, { action: 'create', permissions: item.permissions });
    return item as RoleItem;
  },
  async update(c, r, input) {
    if (r.id === ADMIN_ROLE_ID) throw adminImmutable(c);
    const b = parseFor(c, rolesDef, body, input);
    if (b.guard !== undefined && b.guard !== r.guard)
      throw unableToSave(c, rolesDef, { guard: ['staff.validation.guardFixed'] });
    const name = b.name ?? r.name;
    if (name.trim() !== r.name.trim()) {
      if (!(await claimUnique(c.deps.db, 'role-name', `${r.guard}/${name.trim()}`, r.id)))
        throw unableToSave(c, rolesDef, { name: ['staff.validation.nameTaken'] });
    }
    const saved = await saveVersioned(c.deps.db, r, {
      ...r,
      name,
      description: b.description ?? r.description,
      updated_at: c.deps.clock().toISOString(),
    });
    if (name.trim() !== r.name.trim()) await releaseUnique(c.deps.db, 'role-name', `${r.guard}/${r.name.trim()}`);
    return saved;
  },
  async remove(c, r) {
    if (r.id === ADMIN_ROLE_ID) throw adminImmutable(c);
    if ((await getSettingValue(c.deps, 'default_role')) === r.id)
      throw unableToDelete(c, rolesDef, 'staff.role.isDefault', 422);
    await deleteItem(c.deps.db, recordKey('ROLE', r.id));
    await releaseUnique(c.deps.db, 'role-name', `${r.guard}/${r.name.trim()}`);
    await auditBy(c, 'permissions.changed', `role:${r.id}`, { action: 'delete' });
    return undefined;
  },
};

// ---- role permissions and field permissions ('Save Permissions', 'Permissions updated!') ----
const permissionsBody = z.object({
  permissions: names,
  field_permissions: z.optional(names),
  v: z.optional(z.number()),
});

export async function rolePermissionsForm(c: ResourceCtx, id: string) {
  const r = await loadForAccess(c, rolesDef, id);
  const groups = new Map<string, string[]>();
  for (const p of permissionsForGuard(r.guard))
    groups.set(permissionGroup(p), [...(groups.get(permissionGroup(p)) ?? []), p]);
  return translateSchema(c, {
    title: 'staff.form.rolePermissions',
    action: '/staff/api/roles/{id}/permissions',
    params: { id: r.id },
    values: { permissions: r.permissions, field_permissions: r.field_permissions ?? [], v: r.v },
    buttons: r.id === ADMIN_ROLE_ID ? [] : [{ type: 'submit', label: 'staff.form.savePermissions' }],
    children: [
      section('staff.section.permissions', [
        ...[...groups.entries()].map(([group, perms]) =>
          field('checkboxes', 'permissions', {
            id: `permissions-${group}`,
            label: `staff.permissionGroup.${group}`,
            options: perms.map((p) => ({ value: p, text: p })),
            disabled: r.id === ADMIN_ROLE_ID,
          }),
        ),
      ]),
      section('staff.section.fieldPermissions', [
        field('checkboxes', 'field_permissions', {
          options: fieldPermissionsForGuard(r.guard).map((p) => ({ value: p, text: p })),
          disabled: r.id === ADMIN_ROLE_ID,
        }),
      ]),
    ],
  });
}

export async function updateRolePermissions(c: ResourceCtx, id: string, input: Record<string, unknown>) {
  const r = await loadForAccess(c, rolesDef, id);
  if (r.id === ADMIN_ROLE_ID) throw adminImmutable(c);
  expectVersion(c, rolesDef, r, input);
  const b = parseFor(c, rolesDef, permissionsBody, input);
  const fieldPermissions = b.field_permissions ?? r.field_permissions ?? [];
  const errors = checkGrantable(c, r.guard, b.permissions, fieldPermissions);
  if (Object.keys(errors).length) throw unableToSave(c, rolesDef, errors);
  const saved = await saveVersioned(c.deps.db, r, {
    ...r,
    permissions: [...new Set(b.permissions)],
    field_permissions: [...new Set(fieldPermissions)],
    updated_at: c.deps.clock().toISOString(),
  });
  await syncRow(c, rolesDef, r, saved);
  const added = saved.permissions.filter((p) => !r.permissions.includes(p));
  const removed = r.permissions.filter((p) => !saved.permissions.includes(p));
  await auditBy(c, 'permissions.changed', `role:${r.id}`, {
    added,
    removed,
    field_permissions: saved.field_permissions,
  });
  return rolesDef.view!(c, saved);
}

/** GET /staff/api/permissions: every permission name with its group and the guards that may hold it. */
export function listPermissions(c: ResourceCtx, query: Record<string, string | undefined>) {
  const { page, limit, sortBy, sortDesc } = parsePaging(c, query, ['name', 'group'], 'name');
  const guard = query.guard;
  if (guard !== undefined && guard !== '' && !isGuard(guard))
    throw new AppError(422, 'The given data was invalid.', {
      guard: [t(c, 'staff.validation.inList', { field: 'guard' })],
    });
  const all = [
    ...PERMISSIONS.map((name) => ({
      name,
      group: permissionGroup(name),
      kind: 'permission',
      guards: [...PERMISSION_DEFS[name]],
    })),
    ...FIELD_PERMISSIONS.map((name) => ({
      name,
      group: permissionGroup(name),
      kind: 'field',
      guards: [...FIELD_PERMISSION_DEFS[name]],
    })),
  ].filter((p) => !guard || (p.guards as string[]).includes(guard));
  all.sort((a, b) =>
    a[sortBy as 'name'] < b[sortBy as 'name']
      ? -1
      : a[sortBy as 'name'] > b[sortBy as 'name']
        ? 1
        : a.name.localeCompare(b.name),
  );
  if (sortDesc) all.reverse();
  const rows = all.slice((page - 1) * limit, page * limit);
  return {
    data: rows,
    meta: {
      ...pageMeta(all.length, page, limit, rows.length),
      filters: [
        {
          type: 'select',
          name: 'guard',
          label: t(c, 'staff.field.guard'),
          options: GUARDS.map((g) => ({ value: g, text: t(c, `staff.guard.${g}`) })),
          value: guard ?? null,
        },
      ],
    },
  };
}
