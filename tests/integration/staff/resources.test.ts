import { describe, expect, it } from 'vitest';
import { api } from '../../support/api.ts';
import { asAdmin, makeUser, unique, newUser } from './client.ts';

describe('roles and permissions', () => {
  it('keeps the Admin role immutable', async () => {
    const admin = await asAdmin();
    const role = await admin.get('/staff/api/roles/role-admin');
    expect(role.body.data.permissions).toContain('roles.update');
    const update = await admin.put('/staff/api/roles/role-admin', { name: 'Not admin', v: role.body.data.v });
    expect(update.status).toBe(403);
    expect(update.body.message).toBe('The Admin role cannot be changed or deleted.');
    expect(
      (await admin.put('/staff/api/roles/role-admin/permissions', { permissions: [], v: role.body.data.v })).status,
    ).toBe(403);
    expect((await admin.del('/staff/api/roles/role-admin')).status).toBe(403);
    expect((await admin.get('/staff/api/roles/role-admin')).body.data.name).toBe('Admin');
  });

  it('edits role and field permissions: Permissions updated!, guard limits, stale version 409', async () => {
    const admin = await asAdmin();
    const role = (
      await admin.post('/staff/api/roles', { name: unique('Clerk '), guard: 'store', permissions: ['users.view'] })
    ).body.data;
    const form = await admin.get(`/staff/api/roles/${role.id}/permissions`);
    expect(form.status).toBe(200);
    expect(form.body.data.action).toBe('/staff/api/roles/{id}/permissions');
    expect(form.body.data.values.permissions).toEqual(['users.view']);
    const bad = await admin.put(`/staff/api/roles/${role.id}/permissions`, {
      permissions: ['settings.update'],
      v: role.v,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.permissions?.[0]).toMatch(/settings.update/);
    const ok = await admin.put(`/staff/api/roles/${role.id}/permissions`, {
      permissions: ['users.view', 'stores.view'],
      field_permissions: ['fields.users.roles'],
      v: role.v,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Permissions updated!');
    expect(ok.body.data.permissions).toEqual(['users.view', 'stores.view']);
    const stale = await admin.put(`/staff/api/roles/${role.id}/permissions`, { permissions: [], v: role.v });
    expect(stale.status).toBe(409);
    const audit = await admin.get('/staff/api/audit?type=permissions.changed');
    expect(
      audit.body.data.some((e: any) => e.target === `role:${role.id}` && e.detail.added?.includes('stores.view')),
    ).toBe(true);
  });

  it('lists every permission name', async () => {
    const admin = await asAdmin();
    const res = await admin.get('/staff/api/permissions?limit=100&guard=store');
    expect(res.status).toBe(200);
    const names = res.body.data.map((p: any) => p.name);
    expect(names).toContain('users.view');
    expect(names).not.toContain('roles.update');
  });
});

describe('users', () => {
  it('never deletes the super admin or oneself; deletes, lists as deleted and restores others', async () => {
    const admin = await asAdmin();
    const self = await admin.del('/staff/api/users/usr-admin');
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('Unable to delete user');
    expect(self.body.errors?._).toEqual(['You cannot delete yourself.']);
    const { client, user } = await makeUser(admin, { guard: 'system', permissions: ['users.delete', 'users.view'] });
    const superAdmin = await client.del('/staff/api/users/usr-admin');
    expect(superAdmin.status).toBe(403);
    expect(superAdmin.body.errors?._).toEqual(['The super admin cannot be deleted.']);
    const { user: victim } = await makeUser(admin, { guard: 'system', permissions: [] });
    expect((await admin.del(`/staff/api/users/${victim.id}`)).status).toBe(200);
    const trashed = await admin.get('/staff/api/users?trashed=only&limit=100');
    expect(trashed.body.data.map((u: any) => u.id)).toContain(victim.id);
    const active = await admin.get('/staff/api/users?limit=100&sortBy=created_at&sortDesc=true');
    expect(active.body.data.map((u: any) => u.id)).not.toContain(victim.id);
    const restored = await admin.post(`/staff/api/users/${victim.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.data.deleted_at).toBeNull();
    expect(user.id).toBeDefined();
  });

  it('blocks and unblocks mobile users', async () => {
    const admin = await asAdmin();
    const { user } = await makeUser(admin, { guard: 'system', permissions: [] });
    expect((await admin.post(`/staff/api/users/${user.id}/block`)).body.data.mobile_blocked).toBe(true);
    expect((await admin.post(`/staff/api/users/${user.id}/unblock`)).body.data.mobile_blocked).toBe(false);
  });

  it('gives new users the default role (a setting) and validates with messages keyed by field', async () => {
    const admin = await asAdmin();
    const name = unique('d_');
    const created = await admin.post(
      '/staff/api/users',
      newUser(name, {
        display_name: 'Default',
        password: 'long-enough-pass',
        guard: 'store',
        stores: ['sto-main-street'],
      }),
    );
    expect(created.status).toBe(200);
    expect(created.body.data.roles).toEqual(['role-store-manager']);
    const dup = await admin.post(
      '/staff/api/users',
      newUser(name, {
        display_name: 'Dup',
        password: 'long-enough-pass',
        guard: 'store',
      }),
    );
    expect(dup.status).toBe(422);
    expect(dup.body.message).toBe('Unable to save user');
    expect(dup.body.errors).toMatchObject({ username: ['This user name is already taken.'], email: ['E-mail in use'] });
    const invalid = await admin.post('/staff/api/users', {
      username: 'x',
      email: 'nope',
      display_name: '',
      password: 'short',
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors!).sort()).toEqual(['display_name', 'email', 'password', 'username']);
    const missing = await admin.get('/staff/api/users/usr-nope');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Requested user was not found');
  });

  it('answers the server form schema with values', async () => {
    const admin = await asAdmin();
    const blank = await admin.get('/staff/api/users?_form=true');
    expect(blank.body.data).toMatchObject({ action: '/staff/api/users', title: 'New user' });
    const form = await admin.get('/staff/api/users/usr-admin?_form=true');
    expect(form.body.data).toMatchObject({
      action: '/staff/api/users/{id}',
      params: { id: 'usr-admin' },
      values: { username: 'admin', v: expect.any(Number) },
    });
    const es = await admin.call('GET', '/staff/api/users/usr-admin?_form=true', { headers: { 'x-lang': 'es' } });
    expect(JSON.stringify(es.body.data)).toContain('Nombre de usuario');
  });
});

describe('stores and their lease programs', () => {
  it('saves every lease program flag, keeps the shopper lookup and search in line, and locks optimistically', async () => {
    const admin = await asAdmin();
    const slug = unique('shop-').toLowerCase();
    const created = await admin.post('/staff/api/stores', {
      name: 'Lakeside Audio',
      slug,
      retailer_id: 'ret-demo-electronics',
      lease_program: { ocp_enabled: true, sac_days: 100 },
    });
    expect(created.status).toBe(200);
    const store = created.body.data;
    expect(store.lease_program).toMatchObject({ ocp_enabled: true, sac_days: 100, apply_form_version: 2 });
    expect((await api('GET', `/apply-v2/retailer/demo-electronics/store/${slug}`)).body.data.name).toBe(
      'Lakeside Audio',
    );
    expect((await api('GET', '/apply-v2/stores?q=lakeside')).body.data.map((h: any) => h.store.slug)).toEqual([slug]);
    const flags = {
      enable_product_selection: true,
      option_c_enabled: true,
      option_d_enabled: true,
      mortgage_questions_enabled: true,
      enableEpoLanguage: false,
      sac_110_day: true,
      bank_link_send_by: 1,
      banking_required: false,
      identity_check_enabled: true,
      identity_check_step: 1,
      apply_form_version: 3,
      min_approval_amount: 500,
      effective_product_selection_override: [{ key: 'tv', name: 'TV' }],
      is_prepaid_cards_allowed: true,
      validate_bin_number: false,
    };
    const newSlug = `${slug}-2`;
    const updated = await admin.put(`/staff/api/stores/${store.id}`, {
      name: 'Lakeshore Audio',
      label: 'Demo Electronics - Lakeshore Audio',
      slug: newSlug,
      lease_program: flags,
      v: store.v,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.lease_program).toMatchObject(flags);
    const shopper = await api('GET', `/apply-v2/retailer/demo-electronics/store/${newSlug}`);
    expect(shopper.body.data.lease_program).toMatchObject(flags);
    expect((await api('GET', `/apply-v2/retailer/demo-electronics/store/${slug}`)).status).toBe(404);
    expect((await api('GET', '/apply-v2/stores?q=lakeside')).body.data).toEqual([]);
    expect((await api('GET', '/apply-v2/stores?q=lakeshore')).body.data.map((h: any) => h.store.slug)).toEqual([
      newSlug,
    ]);
    const stale = await admin.put(`/staff/api/stores/${store.id}`, { name: 'Stale', v: store.v });
    expect(stale.status).toBe(409);
    const noVersion = await admin.put(`/staff/api/stores/${store.id}`, { name: 'No version' });
    expect(noVersion.status).toBe(422);
    const taken = await admin.post('/staff/api/stores', {
      name: 'Copy',
      slug: 'main-street',
      retailer_id: 'ret-demo-electronics',
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors?.slug).toEqual(['This slug is already in use.']);
    const badFlag = await admin.put(`/staff/api/stores/${store.id}`, {
      lease_program: { apply_form_version: 7 },
      v: updated.body.data.v,
    });
    expect(badFlag.status).toBe(422);
    expect(Object.keys(badFlag.body.errors!)).toEqual(['lease_program.apply_form_version']);
    expect((await admin.del(`/staff/api/stores/${store.id}`)).status).toBe(200);
    expect((await api('GET', `/apply-v2/retailer/demo-electronics/store/${newSlug}`)).status).toBe(404);
    expect((await admin.get(`/staff/api/stores/${store.id}`)).body.message).toBe('Requested store was not found');
  });

  it('refuses a lease program change without the field permission', async () => {
    const admin = await asAdmin();
    const { client } = await makeUser(admin, {
      guard: 'store',
      permissions: ['stores.view', 'stores.update'],
      stores: ['sto-main-street'],
    });
    const store = (await client.get('/staff/api/stores/sto-main-street')).body.data;
    const form = await client.get('/staff/api/stores/sto-main-street?_form=true');
    expect(JSON.stringify(form.body.data)).toContain('"name":"lease_program.ocp_enabled"');
    const res = await client.put('/staff/api/stores/sto-main-street', {
      lease_program: { ocp_enabled: !store.lease_program.ocp_enabled },
      v: store.v,
    });
    expect(res.status).toBe(403);
    const label = await client.put('/staff/api/stores/sto-main-street', { short_name: 'Main', v: store.v });
    expect(label.status).toBe(200);
  });
});

describe('paged lists', () => {
  it('pages 25 per page from page 1 with the seed meta, sorts both ways, filters', async () => {
    const admin = await asAdmin();
    const prefix = unique('plist').toLowerCase();
    for (let i = 0; i < 30; i++) {
      const res = await admin.post('/staff/api/retailers', {
        name: `${prefix} ${String(i).padStart(2, '0')}`,
        slug: `${prefix}-${i}`,
        active: i % 3 !== 0,
      });
      expect(res.status).toBe(200);
    }
    const page1 = await admin.get('/staff/api/retailers');
    expect(page1.body.meta).toMatchObject({ current_page: 1, per_page: 25, from: 1, to: 25 });
    const total = page1.body.meta.total;
    expect(total).toBeGreaterThanOrEqual(32);
    expect(page1.body.meta.last_page).toBe(Math.ceil(total / 25));
    const names: string[] = [];
    for (let p = 1; p <= page1.body.meta.last_page; p++)
      names.push(...(await admin.get(`/staff/api/retailers?page=${p}`)).body.data.map((r: any) => r.name));
    expect(names.length).toBe(total);
    expect(names).toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    const desc = await admin.get('/staff/api/retailers?sortBy=name&sortDesc=true&limit=10&page=2');
    const all = [...names].reverse();
    expect(desc.body.data.map((r: any) => r.name)).toEqual(all.slice(10, 20));
    expect(desc.body.meta).toMatchObject({ current_page: 2, per_page: 10, from: 11, to: 20 });
    const inactive = await admin.get('/staff/api/retailers?active=false&limit=100');
    expect(inactive.body.data.every((r: any) => r.active === false)).toBe(true);
    expect(inactive.body.data.filter((r: any) => r.name.startsWith(prefix)).length).toBe(10);
    expect(inactive.body.meta.filters[0]).toMatchObject({ name: 'active', value: 'false' });
    expect((await admin.get('/staff/api/retailers?sortBy=password')).status).toBe(422);
    expect((await admin.get('/staff/api/retailers?active=maybe')).status).toBe(422);
    expect((await admin.get('/staff/api/retailers?page=999')).body).toMatchObject({
      data: [],
      meta: { from: null, to: null },
    });
  });
});

describe('pick lists, settings, tokens and mail templates', () => {
  it('pick list items need a unique identifier and label; delete and restore', async () => {
    const admin = await asAdmin();
    const list = (await admin.get('/staff/api/picklists/pl-income_types')).body.data;
    expect(list.items.map((i: any) => i.label)).toContain('Social Security');
    const dupLabel = await admin.post('/staff/api/picklists/pl-income_types/items', {
      identifier: unique('x'),
      label: 'military',
      v: list.v,
    });
    expect(dupLabel.status).toBe(422);
    expect(dupLabel.body.errors?.label).toEqual(['The label must be unique within the pick list.']);
    const dupId = await admin.post('/staff/api/picklists/pl-income_types/items', {
      identifier: 'pension',
      label: unique('L'),
      v: list.v,
    });
    expect(dupId.body.errors?.identifier).toEqual(['The identifier must be unique within the pick list.']);
    const added = await admin.post('/staff/api/picklists/pl-income_types/items', {
      identifier: unique('alimony'),
      label: unique('Alimony '),
      v: list.v,
    });
    expect(added.status).toBe(200);
    const item = added.body.data.items.at(-1);
    const deleted = await admin.del(`/staff/api/picklists/pl-income_types/items/${item.id}`);
    expect(deleted.body.data.items.find((i: any) => i.id === item.id).deleted_at).not.toBeNull();
    const restored = await admin.post(`/staff/api/picklists/pl-income_types/items/${item.id}/restore`);
    expect(restored.body.data.items.find((i: any) => i.id === item.id).deleted_at).toBeNull();
  });

  it('settings are typed', async () => {
    const admin = await asAdmin();
    const s = (await admin.get('/staff/api/settings/days_to_search_previous_applications')).body.data;
    expect((await admin.put(`/staff/api/settings/${s.id}`, { value: 'soon', v: s.v })).status).toBe(422);
    const ok = await admin.put(`/staff/api/settings/${s.id}`, { value: 90, v: s.v });
    expect(ok.body.data.value).toBe(90);
    expect((await admin.del(`/staff/api/settings/${s.id}`)).status).toBe(422);
  });

  it('shows a created token once, stores it hashed, and revokes it', async () => {
    const admin = await asAdmin();
    const created = await admin.post('/staff/api/tokens', { name: 'Register 1', retailer_id: 'ret-demo-electronics' });
    expect(created.status).toBe(200);
    const token = created.body.data.token as string;
    expect(token).toMatch(/^rt_/);
    const shown = await admin.get(`/staff/api/tokens/${created.body.data.id}`);
    expect(shown.body.data.token).toBeUndefined();
    expect(shown.body.data.last_four).toBe(token.slice(-4));
    expect(JSON.stringify((await admin.get('/staff/api/tokens?limit=100')).body)).not.toContain(token);
    const bad = await admin.post('/staff/api/tokens', { name: 'x', retailer_id: 'ret-nope' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('Unable to create token');
    expect((await admin.del(`/staff/api/tokens/${created.body.data.id}`)).status).toBe(200);
    const again = await admin.del(`/staff/api/tokens/${created.body.data.id}`);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Unable to revoke token');
  });

  it('mail template block names end with _BLOCK', async () => {
    const admin = await asAdmin();
    const bad = await admin.post('/staff/api/mail-templates', {
      name: unique('Welcome '),
      subject: 'Hi',
      blocks: [{ name: 'HEADER', content: '<p>x</p>' }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.['blocks.0.name']).toEqual(['Block names must end with _BLOCK']);
    const html = '<h1>Hello {{name}}</h1><p style="color:red">&amp; welcome</p>';
    const ok = await admin.post('/staff/api/mail-templates', {
      name: unique('Welcome '),
      subject: 'Hi',
      body_html: html,
      blocks: [{ name: 'HEADER_BLOCK', content: html }],
    });
    expect(ok.status).toBe(200);
    expect((await admin.get(`/staff/api/mail-templates/${ok.body.data.id}`)).body.data.body_html).toBe(html);
  });
});
