import { effectivePermissions, isGuard, type Guard } from '../../../machines/domain/permissions.ts';
import { writeAudit, type AuditType } from '../../data/staff/audit.ts';
import { getRecords } from '../../data/staff/records.ts';
import { getUser, type UserItem } from '../../data/users.ts';
import type { Deps } from '../../platform/deps.ts';
import { forbidden } from '../../platform/errors.ts';
import { staffSecurity } from '../../platform/staff-config.ts';
import type { StaffActor } from '../../platform/staff-types.ts';
import type { RoleItem } from '../../data/staff/roles.ts';

/** Whom a record belongs to. A record with neither list is global: only system users reach it. */
export interface Tenant {
  storeIds?: readonly string[];
  retailerIds?: readonly string[];
}

/** The tenancy of a record filed under a store: that store, and its retailer. */
export const storeRecordTenant = (record: { store_id: string; retailer_id: string }): Tenant => ({
  storeIds: [record.store_id],
  retailerIds: [record.retailer_id],
});

/** The tenant check of every staff read and write: system sees all; retailer users their retailers; store users their stores. */
export function canAccess(actor: Pick<StaffActor, 'guard' | 'storeIds' | 'retailerIds'>, tenant: Tenant): boolean {
  if (actor.guard === 'system') return true;
  if (actor.guard === 'retailer') return (tenant.retailerIds ?? []).some((id) => actor.retailerIds.includes(id));
  return (tenant.storeIds ?? []).some((id) => actor.storeIds.includes(id));
}

/** The list partition a non-system user is confined to: its current store or retailer. */
export function tenantScope(actor: StaffActor): string | undefined {
  if (actor.guard === 'system') return undefined;
  if (actor.guard === 'retailer') return `retailer=${actor.retailerContext ?? actor.retailerIds[0] ?? 'none'}`;
  return `store=${actor.storeContext ?? actor.storeIds[0] ?? 'none'}`;
}

export const userGuard = (user: UserItem): Guard => (isGuard(user.guard) ? user.guard : 'store');

/** Builds the actor of a user: undefined when the user is gone, deleted or inactive. */
export interface SessionContext {
  storeId?: string;
  retailerId?: string;
}

export async function loadActor(
  deps: Deps,
  userId: string,
  context: SessionContext,
  now: Date,
): Promise<StaffActor | undefined> {
  const user = await getUser(deps.db, userId, now);
  if (!user || user.deleted_at || !user.active) return undefined;
  return actorOf(deps, user, context);
}

export async function actorOf(deps: Deps, user: UserItem, context: SessionContext = {}): Promise<StaffActor> {
  const guard = userGuard(user);
  const roles = (await getRecords<RoleItem>(deps.db, 'ROLE', user.roles ?? [])).filter((r) => r.guard === guard);
  const permissions = effectivePermissions(
    roles.map((r) => ({ permissions: [...r.permissions, ...(r.field_permissions ?? [])] })),
  );
  const storeIds = guard === 'store' ? (user.stores ?? []) : [];
  const retailerIds = guard === 'retailer' ? (user.retailers ?? []) : [];
  // The context was checked when it was set; a link removed since then drops it.
  const storeContext =
    guard === 'store'
      ? context.storeId && storeIds.includes(context.storeId)
        ? context.storeId
        : storeIds.length === 1
          ? storeIds[0]
          : undefined
      : context.storeId;
  const retailerContext =
    guard === 'retailer'
      ? context.retailerId && retailerIds.includes(context.retailerId)
        ? context.retailerId
        : retailerIds[0]
      : context.retailerId;
  return {
    userId: user.id,
    username: user.username,
    displayName: user.display_name,
    email: user.email,
    guard,
    superAdmin: user.super_admin === true,
    roleIds: roles.map((r) => r.id),
    roleNames: roles.map((r) => r.name),
    permissions,
    storeIds,
    retailerIds,
    storeContext,
    retailerContext,
  };
}

export async function audit(
  deps: Deps,
  type: AuditType,
  input: {
    actor?: Pick<StaffActor, 'userId' | 'username'> | null;
    ip?: string | null;
    target?: string | null;
    detail?: Record<string, unknown>;
  },
) {
  try {
    await writeAudit(
      deps.db,
      {
        type,
        actor_id: input.actor?.userId ?? null,
        actor_name: input.actor?.username ?? null,
        ip: input.ip ?? null,
        target: input.target ?? null,
        detail: input.detail ?? {},
      },
      deps.clock(),
      staffSecurity().auditKeepSeconds,
    );
  } catch (error) {
    // The audit never turns an answer into a 500; the failure is logged instead.
    deps.log.error('audit write failed', { type, error: String(error) });
  }
}

/** Records what a staff user did in a request (its actor and address) to `target`. */
export const auditBy = (
  c: { deps: Deps; actor: StaffActor; ip: string },
  type: AuditType,
  target: string,
  detail: Record<string, unknown>,
) => audit(c.deps, type, { actor: c.actor, ip: c.ip, target, detail });

/** Refuses (403 'Permission Denied') and records the refusal. */
export async function deny(deps: Deps, actor: StaffActor, ip: string, target: string, reason: string): Promise<never> {
  await audit(deps, 'access.denied', { actor, ip, target, detail: { reason } });
  throw forbidden('Permission Denied');
}

export async function requireTenant(deps: Deps, actor: StaffActor, ip: string, tenant: Tenant, target: string) {
  if (!canAccess(actor, tenant)) await deny(deps, actor, ip, target, 'tenant');
}

export function requirePermission(actor: StaffActor, permission: string): boolean {
  return actor.permissions.has(permission);
}
