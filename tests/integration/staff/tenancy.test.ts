import { beforeAll, describe, expect, it } from 'vitest';
import { StaffClient, asAdmin, unique, newUser, type NewUserFields } from './client.ts';

// The admin creates a store-guard role and a user linked to main-street; that user reaches main-street's records only.
describe('a store-guard user', () => {
  let admin: StaffClient;
  let manager: StaffClient;
  let roleId: string;
  let otherUserId: string;
  let ownUserId: string;
  // A store-guard user of the role, at main-street unless `fields` say otherwise.
  const storeUser = (username: string, display_name: string, fields: Partial<NewUserFields> = {}) =>
    newUser(username, {
      display_name,
      password: 'main-street-password',
      guard: 'store',
      roles: [roleId],
      stores: ['sto-main-street'],
      ...fields,
    });

  beforeAll(async () => {
    admin = await asAdmin();
    const role = await admin.post('/staff/api/roles', {
      name: unique('Main Street Manager '),
      guard: 'store',
      permissions: ['users.view', 'users.create', 'users.update', 'stores.view', 'stores.update'],
      field_permissions: ['fields.users.roles'],
    });
    expect(role.status).toBe(200);
    roleId = role.body.data.id;
    const username = unique('ms_');
    const created = await admin.post('/staff/api/users', storeUser(username, 'Main Street Manager'));
    expect(created.status).toBe(200);
    ownUserId = created.body.data.id;
    const other = await admin.post(
      '/staff/api/users',
      storeUser(unique('hv_'), 'HVAC clerk', { password: 'hvac-central-password', stores: ['sto-hvac-central'] }),
    );
    expect(other.status).toBe(200);
    otherUserId = other.body.data.id;
    manager = new StaffClient();
    await manager.login(username, 'main-street-password');
  });

  it('knows its store context and permissions', async () => {
    const me = await manager.get('/staff/api/auth/me');
    expect(me.body.data).toMatchObject({
      guard: 'store',
      store_context: { slug: 'main-street' },
      stores: [{ slug: 'main-street' }],
    });
    expect(me.body.data.permissions).toEqual([
      'fields.users.roles',
      'stores.update',
      'stores.view',
      'users.create',
      'users.update',
      'users.view',
    ]);
  });

  it('reads its own store and no other', async () => {
    expect((await manager.get('/staff/api/stores/sto-main-street')).status).toBe(200);
    expect((await manager.get('/staff/api/stores/sto-main-street?_form=true')).status).toBe(200);
    for (const id of ['sto-express', 'sto-hvac-central', 'sto-closed']) {
      const res = await manager.get(`/staff/api/stores/${id}`);
      expect(res.status, id).toBe(403);
      expect(res.body.message).toBe('Permission Denied');
      expect((await manager.get(`/staff/api/stores/${id}?_form=true`)).status).toBe(403);
      expect((await manager.put(`/staff/api/stores/${id}`, { name: 'Taken over', v: 1 })).status).toBe(403);
    }
    const list = await manager.get('/staff/api/stores');
    expect(list.status).toBe(200);
    expect(list.body.data.map((s: any) => s.slug)).toEqual(['main-street']);
    expect(list.body.meta.total).toBe(1);
    // A filter naming another retailer does not widen the tenant.
    const filtered = await manager.get('/staff/api/stores?retailer=ret-demo-comfort');
    expect(filtered.body.data).toEqual([]);
  });

  it("sees and edits only its store's users", async () => {
    const list = await manager.get('/staff/api/users?limit=100');
    expect(list.status).toBe(200);
    const ids = list.body.data.map((u: any) => u.id);
    expect(ids).toContain(ownUserId);
    expect(ids).not.toContain(otherUserId);
    expect(ids).not.toContain('usr-admin');
    expect(list.body.data.every((u: any) => u.stores.includes('sto-main-street'))).toBe(true);
    expect((await manager.get(`/staff/api/users/${otherUserId}`)).status).toBe(403);
    expect((await manager.get('/staff/api/users/usr-admin')).status).toBe(403);
    const other = await admin.get(`/staff/api/users/${otherUserId}`);
    expect(
      (await manager.put(`/staff/api/users/${otherUserId}`, { display_name: 'Hijacked', v: other.body.data.v })).status,
    ).toBe(403);
  });

  it('creates users only inside its store, and with no role stronger than its own', async () => {
    const name = unique('new_');
    const create = (display_name: string, fields: Partial<NewUserFields> = {}) =>
      manager.post('/staff/api/users', storeUser(name, display_name, fields));
    expect((await create('Outside', { stores: ['sto-hvac-central'] })).status).toBe(403);
    expect((await create('System', { guard: 'system', roles: [], stores: undefined })).status).toBe(422);
    const strong = await admin.post('/staff/api/roles', {
      name: unique('Strong '),
      guard: 'store',
      permissions: ['users.view', 'users.delete'],
    });
    const escalate = await create('Escalated', { roles: [strong.body.data.id] });
    expect(escalate.status).toBe(422);
    expect(escalate.body.errors?.roles?.[0]).toMatch(/permissions you do not have/);
    expect((await create('Inside')).status).toBe(200);
  });

  it('is refused everything its role does not grant', async () => {
    for (const path of [
      '/staff/api/roles',
      '/staff/api/settings',
      '/staff/api/picklists',
      '/staff/api/retailers',
      '/staff/api/tokens',
      '/staff/api/mail-templates',
      '/staff/api/audit',
      '/staff/api/permissions',
    ]) {
      const res = await manager.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body.message).toBe('Permission Denied');
    }
    expect((await manager.del(`/staff/api/users/${ownUserId}`)).status).toBe(403);
  });

  it('switches store context only to a store it is linked to', async () => {
    expect((await manager.post('/staff/api/auth/store-context', { store_id: 'sto-hvac-central' })).status).toBe(403);
    await admin.post(`/staff/api/users/${ownUserId}/links`, { type: 'store', id: 'sto-express' });
    const relogged = new StaffClient();
    const me = await admin.get(`/staff/api/users/${ownUserId}`);
    expect(me.body.data.stores).toEqual(['sto-main-street', 'sto-express']);
    await relogged.login(me.body.data.username, 'main-street-password');
    const switched = await relogged.post('/staff/api/auth/store-context', { store_id: 'sto-express' });
    expect(switched.status).toBe(200);
    expect(switched.body.data.store_context.slug).toBe('express');
    const list = await relogged.get('/staff/api/stores');
    expect(list.body.data.map((s: any) => s.slug)).toEqual(['express']);
    expect((await relogged.get('/staff/api/stores/sto-main-street')).status).toBe(200);
    const unlinked = await admin.del(`/staff/api/users/${ownUserId}/links/store/sto-express`);
    expect(unlinked.status).toBe(200);
    expect((await relogged.get('/staff/api/stores/sto-express')).status).toBe(403);
  });
});

describe('a retailer-guard user', () => {
  it("reaches its retailer's stores and tokens, not the other retailer's", async () => {
    const admin = await asAdmin();
    const username = unique('rm_');
    const created = await admin.post(
      '/staff/api/users',
      newUser(username, {
        display_name: 'Retailer manager',
        password: 'retailer-password',
        guard: 'retailer',
        roles: ['role-retailer-manager'],
        retailers: ['ret-demo-electronics'],
      }),
    );
    expect(created.status).toBe(200);
    const rm = new StaffClient();
    await rm.login(username, 'retailer-password');
    const stores = await rm.get('/staff/api/stores?sortBy=slug&limit=100');
    expect(stores.body.data.map((s: any) => s.slug)).toEqual(
      expect.arrayContaining(['closed', 'express', 'main-street']),
    );
    expect(stores.body.data.every((s: any) => s.retailer_id === 'ret-demo-electronics')).toBe(true);
    expect((await rm.get('/staff/api/stores/sto-hvac-central')).status).toBe(403);
    expect((await rm.get('/staff/api/retailers/ret-demo-electronics')).status).toBe(200);
    expect((await rm.get('/staff/api/retailers/ret-demo-comfort')).status).toBe(403);
    const token = await rm.post('/staff/api/tokens', { name: 'POS', retailer_id: 'ret-demo-comfort' });
    expect(token.status).toBe(403);
    const own = await rm.post('/staff/api/tokens', { name: 'POS', retailer_id: 'ret-demo-electronics' });
    expect(own.status).toBe(200);
    expect(own.body.data.token).toMatch(/^rt_/);
  });
});
