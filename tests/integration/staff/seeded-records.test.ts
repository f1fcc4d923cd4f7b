import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childrenOf, type FormSchema } from '../../../machines/contracts/form-schema.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import { routes } from '../../../functions/http/routes.ts';
import { fillPath, withQuery } from '../../../web/toolkit/api/caller.ts';
import { lookupIn } from '../../../web/toolkit/form/context.ts';
import { getIn } from '../../../web/toolkit/form/path.ts';
import { offersSave } from '../../../web/toolkit/form/buttons.ts';
import { validateField } from '../../../web/toolkit/form/rules.ts';
import { collectInputs, withDefaults } from '../../../web/toolkit/form/walk.ts';
import { startServer, type RunningServer } from '../../support/server.ts';
import { StaffClient, adminPassword } from './client.ts';

// Every record the product ships (the demo seed of a fresh server) opens in its staff edit form and saves as it is:
// the form's own rules (the toolkit's, run on the values the form starts with) pass, the server answers 200, and the
// record reads back the same. A mask or a rule that refuses shipped data fails here, resource by resource.

const VOLATILE = new Set(['v', 'updated_at', 'updated_by', 'updated_by_name']);
const t = (key: string, params?: Record<string, string | number>) => translate('en', key, params ?? {});

/** Each staff resource with an edit form: its `POST /staff/api/<name>/{id}` update route. */
const resources = routes
  .filter((r) => r.method === 'POST' && /^\/staff\/api\/[\w-]+\/\{id\}$/.test(r.path) && r.name.endsWith('UpdateForm'))
  .map((r) => r.path.replace(/\/\{id\}$/, ''));

let server: RunningServer;
let admin: StaffClient;

beforeAll(async () => {
  // A server of its own: the shared one holds what other suites created; this one holds only the seed.
  server = await startServer();
  admin = new StaffClient(server.baseUrl);
  await admin.login('admin', adminPassword());
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

async function allIds(list: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; page <= 20; page++) {
    const res = await admin.get(`${list}?page=${page}&perPage=100`);
    expect(res.status, list).toBe(200);
    const rows = (res.body.data ?? []) as { id?: string }[];
    ids.push(...rows.map((r) => r.id).filter((id): id is string => typeof id === 'string'));
    if (!res.body.meta || page >= Number(res.body.meta.last_page ?? 1)) break;
  }
  return ids;
}

/** A value as JSON with sorted keys (the order of an object's keys is nothing a user sees). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
const changedKeys = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => !VOLATILE.has(k) && canonical(before[k]) !== canonical(after[k]))
    .map((k) => `${k}: ${canonical(before[k])} -> ${canonical(after[k])}`);

describe('every seeded record saves unchanged from its edit form', () => {
  it('covers the staff resources with edit forms', () => {
    expect(resources).toEqual(
      expect.arrayContaining(['/staff/api/stores', '/staff/api/retailers', '/staff/api/users']),
    );
  });

  it.each(resources)('%s', async (list) => {
    const ids = await allIds(list);
    const problems: string[] = [];
    for (const id of ids) {
      const show = `${list}/${encodeURIComponent(id)}`;
      const before = (await admin.get(show)).body.data as Record<string, unknown>;
      const form = await admin.get<FormSchema>(`${show}?_form=true`);
      expect(form.status, `${show} form`).toBe(200);
      const schema = form.body.data;
      const fields = childrenOf(schema);
      // What the page holds on opening the form, and what its Save checks before sending (ServerForm's submit).
      const values = withDefaults(fields, schema.values ?? {});
      for (const input of collectInputs(fields, values)) {
        const message = validateField(
          input.field,
          getIn(values, input.name),
          (ref) => lookupIn(values, input.scope, ref),
          t,
        );
        if (message) problems.push(`${show} ${input.name} = ${JSON.stringify(getIn(values, input.name))}: ${message}`);
      }
      // A read-only form (the Admin role's) offers no Save: nothing to refuse.
      if (!offersSave(schema)) continue;
      const { path, rest } = fillPath(schema.action, { ...(schema.params ?? {}) });
      const saved = await admin.post(withQuery(path, rest), values);
      if (saved.status !== 200) {
        problems.push(`${show} save: ${saved.status} ${saved.body.message} ${JSON.stringify(saved.body.errors ?? {})}`);
        continue;
      }
      const after = (await admin.get(show)).body.data as Record<string, unknown>;
      const changed = changedKeys(before, after);
      if (changed.length) problems.push(`${show} changed ${changed.join('; ')}`);
    }
    expect(problems).toEqual([]);
  });
});
