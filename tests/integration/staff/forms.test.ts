import { describe, expect, it } from 'vitest';
import { formSchemaSchema, pagedResponseSchema } from '../../../machines/contracts/form-schema.ts';
import { safeParse } from 'zod/v4/core';
import { asAdmin } from './client.ts';

// Every server-described form and list of the staff resources fits the toolkit's schema (seed 001 section 3) and
// carries no untranslated catalogue key, in English and in Spanish.
const FORMS = [
  '/staff/api/users?_form=true',
  '/staff/api/users/usr-admin?_form=true',
  '/staff/api/roles?_form=true',
  '/staff/api/roles/role-store-manager?_form=true',
  '/staff/api/roles/role-store-manager/permissions',
  '/staff/api/retailers?_form=true',
  '/staff/api/retailers/ret-demo-electronics?_form=true',
  '/staff/api/stores?_form=true',
  '/staff/api/stores/sto-express?_form=true',
  '/staff/api/picklists?_form=true',
  '/staff/api/picklists/pl-home_types?_form=true',
  '/staff/api/settings?_form=true',
  '/staff/api/settings/default_role?_form=true',
  '/staff/api/tokens?_form=true',
  '/staff/api/mail-templates?_form=true',
];
const LISTS = [
  'users',
  'roles',
  'retailers',
  'stores',
  'picklists',
  'settings',
  'tokens',
  'mail-templates',
  'permissions',
  'audit',
];

describe('server forms and lists', () => {
  it.each(['en', 'es'])('are well formed and fully translated (%s)', async (lang) => {
    const admin = await asAdmin();
    for (const path of FORMS) {
      const res = await admin.call('GET', path, { headers: { 'x-lang': lang } });
      expect(res.status, path).toBe(200);
      const parsed = safeParse(formSchemaSchema, res.body.data);
      expect(parsed.success, `${path}: ${JSON.stringify(parsed.error?.issues?.slice(0, 2))}`).toBe(true);
      const text = JSON.stringify(res.body.data);
      expect(
        text.match(/"(label|title|hint|text|content|item_label|no_content_text)":"staff\.[^"]*"/g),
        path,
      ).toBeNull();
    }
    for (const name of LISTS) {
      const res = await admin.call('GET', `/staff/api/${name}`, { headers: { 'x-lang': lang } });
      expect(res.status, name).toBe(200);
      const parsed = safeParse(pagedResponseSchema, { data: res.body.data, meta: res.body.meta });
      expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues?.slice(0, 2))}`).toBe(true);
    }
  });

  it('store form carries every lease program flag with its value', async () => {
    const admin = await asAdmin();
    const res = await admin.get('/staff/api/stores/sto-express?_form=true');
    const names = new Set<string>();
    const walk = (fields: any[]) => fields.forEach((f) => (f.name && names.add(f.name), walk(f.children ?? [])));
    walk(res.body.data.children);
    for (const flag of Object.keys(res.body.data.values.lease_program))
      expect(names.has(`lease_program.${flag}`), flag).toBe(true);
    expect(res.body.data.values.lease_program.apply_form_version).toBe(3);
  });
});
