// Staff guards, permissions and field permissions (seed 001 section 6). Pure: shared by the staff portal (to show
// or hide what a user may do) and the server (which decides).
import { isOneOf } from './one-of.ts';

/** Guards: system roles apply to the whole portal, retailer roles to the user's retailers, store roles to its stores. */
export const GUARDS = ['system', 'retailer', 'store'] as const;
export type Guard = (typeof GUARDS)[number];
export const isGuard = isOneOf<Guard>(GUARDS);

const ALL: readonly Guard[] = GUARDS;
const SYSTEM: readonly Guard[] = ['system'];
const SYSTEM_RETAILER: readonly Guard[] = ['system', 'retailer'];

/**
 * Every permission, with the guards whose roles may hold it. A permission a guard cannot hold is never granted to a
 * role of that guard (so a store role cannot manage roles, settings or pick lists whatever an admin ticks).
 */
export const PERMISSION_DEFS = {
  'users.view': ALL,
  'users.create': ALL,
  'users.update': ALL,
  'users.delete': ALL,
  'users.restore': ALL,
  'users.block': ALL,
  'users.link': SYSTEM_RETAILER,
  'roles.view': SYSTEM,
  'roles.create': SYSTEM,
  'roles.update': SYSTEM,
  'roles.delete': SYSTEM,
  'permissions.view': SYSTEM,
  'permissions.update': SYSTEM,
  'stores.view': ALL,
  'stores.create': SYSTEM_RETAILER,
  'stores.update': ALL,
  'stores.delete': SYSTEM,
  'retailers.view': SYSTEM_RETAILER,
  'retailers.create': SYSTEM,
  'retailers.update': SYSTEM_RETAILER,
  'retailers.delete': SYSTEM,
  'picklists.view': SYSTEM,
  'picklists.create': SYSTEM,
  'picklists.update': SYSTEM,
  'picklists.delete': SYSTEM,
  'settings.view': SYSTEM,
  'settings.create': SYSTEM,
  'settings.update': SYSTEM,
  'settings.delete': SYSTEM,
  'tokens.view': SYSTEM_RETAILER,
  'tokens.create': SYSTEM_RETAILER,
  'tokens.revoke': SYSTEM_RETAILER,
  'mail-templates.view': SYSTEM,
  'mail-templates.create': SYSTEM,
  'mail-templates.update': SYSTEM,
  'mail-templates.delete': SYSTEM,
  'audit.view': SYSTEM,
  'applications.view': ALL,
  'applications.update': ALL,
  'leases.view': ALL,
  'leases.update': SYSTEM,
  // full PII of an applicant (each reveal is audited)
  'applications.reveal': SYSTEM,
  'webhooks.replay': SYSTEM_RETAILER,
  'lease-queue.view': SYSTEM,
  'lease-queue.claim': SYSTEM,
  'lease-queue.assign': SYSTEM,
  'checkouts.view': ALL,
  'payments.view': ALL,
  // one permission per staff lease action (machines/lease-status STAFF_LEASE_ACTIONS)
  'lease-actions.reset-to-approved': SYSTEM,
  'lease-actions.cancel-delivery-authorization': SYSTEM,
  'lease-actions.cancel-delivered': SYSTEM,
  'lease-actions.discard-contract': SYSTEM,
  'lease-actions.set-contract-signed': SYSTEM,
  'lease-actions.remote-esign': ALL,
  'lease-actions.revoke': SYSTEM,
  'lease-actions.recalculate': SYSTEM,
  'lease-actions.rescore': SYSTEM,
  'lease-actions.switch-store': SYSTEM,
  'lease-actions.update-delivery-date': ALL,
  'lease-actions.cancel-delivery-date': ALL,
  'lease-actions.authorize-delivery': SYSTEM,
  'lease-actions.mark-delivered': ALL,
  'lease-actions.fund': SYSTEM,
  'lease-actions.complete-funding': SYSTEM,
  'lease-actions.reject-funding': SYSTEM,
  'lease-actions.changed-mind': ALL,
  'lease-actions.request-info': SYSTEM,
  'lease-actions.info-received': SYSTEM,
  'reports.view': SYSTEM_RETAILER,
  // issue 23: one permission per servicing action (machines/lease-account/staff-servicing-actions.ts); a store may
  // take a payment at its counter, the rest is the lender's
  'servicing-actions.record-payment': ALL,
  // the collections queue: a store user sees only its own stores' accounts
  'collections.view': ALL,
  'servicing-actions.waive-fee': SYSTEM,
  'servicing-actions.reverse-payment': SYSTEM,
  'servicing-actions.move-due-date': SYSTEM,
  'servicing-actions.charge-off': SYSTEM,
  'servicing-actions.reinstate': SYSTEM,
  'servicing-actions.accept-return': SYSTEM,
  'servicing-actions.settle': SYSTEM,
  'servicing-actions.refund': SYSTEM,
  // the collections queue's work: claim, promise to pay, contact attempts; assigning to another collector
  'collections.work': SYSTEM,
  'collections.assign': SYSTEM,
  'imports.view': SYSTEM,
  'imports.create': SYSTEM,
  'imports.commit': SYSTEM,
  'imports.restore': SYSTEM,
  // underwriting rules as data (functions/http/staff-rules.ts)
  'state-rules.view': SYSTEM,
  'state-rules.update': SYSTEM,
  'security.view': SYSTEM,
  'security.update': SYSTEM,
  'queues.view': SYSTEM,
  'queues.update': SYSTEM,
  // Scoring Settings (underwriting as data): edit a draft and preview it; publish or restore a version
  'scoring.view': SYSTEM,
  'scoring.edit': SYSTEM,
  'scoring.publish': SYSTEM,
  // merchant network: Store Applications (the sign-up's review)
  'store-applications.view': SYSTEM,
  'store-applications.approve': SYSTEM,
  'store-applications.decline': SYSTEM,
  'store-applications.clean': SYSTEM,
  // issue 12: CRM (leads and contacts, tasks), marketing (campaigns, guide, library, calculator; a store's own
  // marketing requests), push notifications and mobile slides
  'leads.view': SYSTEM,
  'leads.manage': SYSTEM,
  'tasks.view': SYSTEM,
  'tasks.manage': SYSTEM,
  'marketing.view': SYSTEM,
  'marketing.manage': SYSTEM,
  'marketing.request': ALL,
  'push.view': SYSTEM,
  'push.manage': SYSTEM,
  'slides.view': SYSTEM,
  'slides.manage': SYSTEM,
  // the merchant network (issue 12): POS items and orders (retailers manage their own), pick-ups, retention money, the map
  'pos.view': ALL,
  'pos.manage': SYSTEM_RETAILER,
  'pickups.view': ALL,
  'pickups.manage': ALL,
  'retention.view': ALL,
  'retention.manage': SYSTEM,
  'retailer-map.view': SYSTEM_RETAILER,
} as const satisfies Record<string, readonly Guard[]>;

/**
 * Field permissions: who may change a sensitive field of a record (without one, the field is read-only in the form
 * and a change is refused). Named `fields.<resource>.<field>`.
 */
export const FIELD_PERMISSION_DEFS = {
  'fields.stores.lease_program': SYSTEM,
  'fields.stores.rating': SYSTEM,
  'fields.stores.scoring_version': SYSTEM,
  'fields.stores.active': SYSTEM_RETAILER,
  'fields.users.roles': ALL,
  'fields.users.guard': SYSTEM,
  'fields.retailers.brand': SYSTEM,
  'fields.applications.social_security_number': SYSTEM,
} as const satisfies Record<string, readonly Guard[]>;

/** A catalogue's names, whether a value is one of them, and those a role of a guard may hold. */
function guardCatalogue<Name extends string>(defs: Record<Name, readonly Guard[]>) {
  const names = Object.keys(defs) as Name[];
  return {
    names,
    isName: (value: unknown): value is Name => typeof value === 'string' && value in defs,
    forGuard: (guard: Guard): Name[] => names.filter((name) => defs[name].includes(guard)),
  };
}

export type Permission = keyof typeof PERMISSION_DEFS;
export type FieldPermission = keyof typeof FIELD_PERMISSION_DEFS;
export const {
  names: PERMISSIONS,
  isName: isPermission,
  forGuard: permissionsForGuard,
} = guardCatalogue(PERMISSION_DEFS);
export const {
  names: FIELD_PERMISSIONS,
  isName: isFieldPermission,
  forGuard: fieldPermissionsForGuard,
} = guardCatalogue(FIELD_PERMISSION_DEFS);

/** Permission names not grantable to a guard (unknown names included), for a 422 on a role's permissions. */
export function ungrantable(guard: Guard, names: readonly string[]): string[] {
  return names.filter(
    (n) =>
      !(isPermission(n) && PERMISSION_DEFS[n].includes(guard)) &&
      !(isFieldPermission(n) && FIELD_PERMISSION_DEFS[n].includes(guard)),
  );
}

/** The seeded Admin role (system guard, every system permission): it may not be changed or deleted. */
export const ADMIN_ROLE_ID = 'role-admin';
export const ADMIN_ROLE_NAME = 'Admin';

/** The permission resource of a name (`users.view` -> `users`), used to group the permission list. */
export const permissionGroup = (name: string) => name.slice(0, name.lastIndexOf('.'));

/** Union of the permissions of a user's roles. */
export function effectivePermissions(roles: readonly { permissions: readonly string[] }[]): Set<string> {
  const out = new Set<string>();
  for (const role of roles) for (const p of role.permissions) out.add(p);
  return out;
}
