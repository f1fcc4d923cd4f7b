import { describe, expect, it } from 'vitest';
import { STAFF_ROUTE_ACCESS } from '../../../machines/contracts/staff-access.ts';
import {
  FIELD_PERMISSIONS,
  PERMISSIONS,
  effectivePermissions,
  fieldPermissionsForGuard,
  isPermission,
  permissionsForGuard,
  ungrantable,
} from '../../../machines/domain/permissions.ts';
import { canAccess } from '../../../functions/services/staff/actor.ts';
import { routes } from '../../../functions/http/routes.ts';

describe('staff permissions', () => {
  it('names every permission resource.action and gives system roles all of them', () => {
    for (const p of [...PERMISSIONS, ...FIELD_PERMISSIONS]) expect(p).toMatch(/^[a-z-]+(\.[a-z_-]+)+$/);
    expect(permissionsForGuard('system')).toEqual(PERMISSIONS);
    expect(fieldPermissionsForGuard('system')).toEqual(FIELD_PERMISSIONS);
  });

  it('keeps portal administration out of store and retailer roles', () => {
    for (const p of [
      'roles.update',
      'permissions.update',
      'settings.update',
      'picklists.update',
      'mail-templates.update',
      'audit.view',
    ]) {
      expect(ungrantable('store', [p])).toEqual([p]);
      expect(ungrantable('retailer', [p])).toEqual([p]);
    }
    expect(ungrantable('store', ['users.view', 'stores.update', 'no.such'])).toEqual(['no.such']);
  });

  it("unites the permissions of a user's roles", () => {
    expect(
      [
        ...effectivePermissions([{ permissions: ['users.view'] }, { permissions: ['users.view', 'stores.view'] }]),
      ].sort(),
    ).toEqual(['stores.view', 'users.view']);
  });

  it('gives every staff route exactly one known permission (and names no route that does not exist)', () => {
    const staffRoutes = routes.filter((r) => r.auth === 'staff');
    expect(staffRoutes.length).toBeGreaterThan(50);
    for (const r of staffRoutes) {
      const access = STAFF_ROUTE_ACCESS[r.name];
      expect(access, r.name).toBeDefined();
      expect(access === 'signed-in' || isPermission(access), r.name).toBe(true);
    }
    const names = new Set(staffRoutes.map((r) => r.name));
    expect(Object.keys(STAFF_ROUTE_ACCESS).filter((n) => !names.has(n))).toEqual([]);
    // Public staff routes are only the ones before a session exists.
    expect(
      routes
        .filter((r) => r.group === 'staff' && r.auth !== 'staff')
        .map((r) => r.name)
        .sort(),
    ).toEqual(['staffLogin', 'staffPasswordForgot', 'staffPasswordReset']);
  });

  it('checks the tenant: system sees all, retailer users their retailers, store users their stores', () => {
    const store = { storeIds: ['s1'], retailerIds: ['r1'] };
    expect(canAccess({ guard: 'system', storeIds: [], retailerIds: [] }, {})).toBe(true);
    expect(canAccess({ guard: 'retailer', storeIds: [], retailerIds: ['r1'] }, store)).toBe(true);
    expect(canAccess({ guard: 'retailer', storeIds: [], retailerIds: ['r2'] }, store)).toBe(false);
    expect(canAccess({ guard: 'store', storeIds: ['s1'], retailerIds: [] }, store)).toBe(true);
    expect(canAccess({ guard: 'store', storeIds: ['s2'], retailerIds: [] }, store)).toBe(false);
    expect(canAccess({ guard: 'store', storeIds: ['s1'], retailerIds: [] }, {})).toBe(false);
    expect(canAccess({ guard: 'retailer', storeIds: [], retailerIds: ['r1'] }, {})).toBe(false);
  });
});
