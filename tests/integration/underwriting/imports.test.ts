import { beforeAll, describe, expect, it } from 'vitest';
import { StaffClient, asAdmin, makeUser, unique } from '../staff/client.ts';
import { upload, xlsx } from './import-support.ts';

// Mass Import (seed 001): xlsx only, under 9MB; a preview with row-level errors before anything is written; the
// commit adds and updates the file's rows (or, chosen explicitly, replaces the whole table, the preview naming what
// goes) and keeps the previous content as a version that can be restored; the current table downloads in the same
// layout and imports back unchanged.
let admin: StaffClient;

const HEADER = ['Identifier', 'Label', 'Order', 'Active'];

async function freshList() {
  const res = await admin.post('/staff/api/picklists', {
    identifier: unique('imp_').toLowerCase(),
    name: 'Import test list',
  });
  expect(res.status).toBe(200);
  let list = res.body.data as { id: string; v: number };
  for (const [identifier, label] of [
    ['old_one', 'Old one'],
    ['old_two', 'Old two'],
  ]) {
    const item = await admin.post(`/staff/api/picklists/${list.id}/items`, { identifier, label, v: list.v });
    expect(item.status).toBe(200);
    list = item.body.data;
  }
  return list.id;
}

const itemsOf = async (id: string) => {
  const res = await admin.get(`/staff/api/picklists/${id}`);
  return (res.body.data.items as { identifier: string; label: string; deleted_at: string | null }[])
    .filter((i) => !i.deleted_at)
    .map((i) => `${i.identifier}:${i.label}`)
    .sort();
};

/** The pick list items file sent to the import, with its form fields (the list, and the mode when one is chosen). */
const uploadItems = (file: Buffer, fields: Record<string, string>) =>
  upload(admin, '/staff/api/imports/picklist-items', { bytes: file, name: 'items.xlsx' }, fields);

/** A file that replaces the whole table of retailers or stores (the preview; its commit is a second call). */
const uploadReplacing = (table: 'retailers' | 'stores', file: Buffer) =>
  upload(admin, `/staff/api/imports/${table}`, { bytes: file, name: `${table}.xlsx` }, { mode: 'replace' });

beforeAll(async () => {
  admin = await asAdmin();
});

describe('mass import of pick list items', () => {
  it('refuses a file with one bad row, naming row, column and message, and changes nothing', async () => {
    const list = await freshList();
    const file = await xlsx([
      HEADER,
      ['new_a', 'New A', 1, 'yes'],
      ['new b!', 'New B', 2, 'yes'],
      ['new_c', 'New C', 'three', 'no'],
    ]);
    const res = await uploadItems(file, { picklist: list });
    expect(res.status).toBe(422);
    expect(res.body.status).toBe(false);
    expect(res.body.data.id).toBeNull();
    expect(res.body.data.errors).toEqual([
      { row: 3, column: 'Identifier', message: 'Use letters, digits, dots, hyphens and underscores' },
      { row: 4, column: 'Order', message: 'A whole number is required' },
    ]);
    expect(res.body.data.rows).toHaveLength(1);
    expect(await itemsOf(list)).toEqual(['old_one:Old one', 'old_two:Old two']);
  });

  it('reports duplicate identifiers and unknown columns', async () => {
    const list = await freshList();
    const file = await xlsx([
      [...HEADER, 'Colour'],
      ['a', 'A', 1, true, 'red'],
      ['A', 'B', 2, true, 'blue'],
    ]);
    const res = await uploadItems(file, { picklist: list });
    expect(res.status).toBe(422);
    expect(res.body.data.errors).toEqual([
      { row: 1, column: 'Colour', message: 'Unknown column "Colour"' },
      { row: 3, column: 'Identifier', message: 'Repeats row 2' },
    ]);
  });

  it('adds and updates by default: the items the file does not name stay', async () => {
    const list = await freshList();
    const file = await xlsx([HEADER, ['old_one', 'Old one renamed', 1, 'yes'], ['new_a', 'New A', 2, 'no']]);
    const preview = await uploadItems(file, { picklist: list });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toMatchObject({
      mode: 'upsert',
      insert_count: 1,
      update_count: 1,
      remove_count: 0,
      removed: [],
    });
    expect(preview.body.message).toBe('2 row(s) ready to import: 1 new record(s), 1 update(s); no record is removed');
    const commit = await admin.post(`/staff/api/imports/${preview.body.data.id}/commit`, {
      replace_count: preview.body.data.replace_count,
    });
    expect(commit.status, JSON.stringify(commit.body)).toBe(200);
    expect(commit.body.data.mode).toBe('upsert');
    expect(await itemsOf(list)).toEqual(['new_a:New A', 'old_one:Old one renamed', 'old_two:Old two']);
    // an unknown mode is refused, on its field
    const odd = await uploadItems(file, { picklist: list, mode: 'wipe' });
    expect(odd.status).toBe(422);
    expect(odd.body.errors.mode).toEqual([
      'Choose whether the file adds and updates records or replaces the whole table',
    ]);
  });

  it('replaces every item only when asked, listing what goes, and restores the previous content', async () => {
    const list = await freshList();
    const file = await xlsx([
      HEADER,
      ['old_one', 'Old one renamed', 1, 'yes'],
      ['new_a', 'New A', 2, 'no'],
      ['new_b', 'New B', null, null],
    ]);
    const preview = await uploadItems(file, { picklist: list, mode: 'replace' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.errors).toEqual([]);
    expect(preview.body.data.rows).toHaveLength(3);
    expect(preview.body.data.replace_count).toBe(2);
    expect(preview.body.data).toMatchObject({
      mode: 'replace',
      insert_count: 2,
      update_count: 1,
      remove_count: 1,
      removed: ['old_two'],
    });
    expect(preview.body.message).toBe(
      '3 row(s) ready to replace the whole table: 2 new, 1 updated, 1 record(s) removed',
    );
    // nothing written yet
    expect(await itemsOf(list)).toEqual(['old_one:Old one', 'old_two:Old two']);

    // a stale confirmation is refused
    expect((await admin.post(`/staff/api/imports/${preview.body.data.id}/commit`, { replace_count: 5 })).status).toBe(
      409,
    );

    const commit = await admin.post(`/staff/api/imports/${preview.body.data.id}/commit`, { replace_count: 2 });
    expect(commit.status, JSON.stringify(commit.body)).toBe(200);
    expect(commit.body.data.written).toBe(3);
    expect(commit.body.data.replaced).toBe(2);
    expect(await itemsOf(list)).toEqual(['new_a:New A', 'new_b:New B', 'old_one:Old one renamed']);
    // a second commit of the same preview is refused
    expect((await admin.post(`/staff/api/imports/${preview.body.data.id}/commit`, {})).status).toBe(409);

    const versions = await admin.get('/staff/api/imports/versions?table=picklist-items');
    expect(versions.status).toBe(200);
    const version = (versions.body.data as { id: string; scope: string; record_count: number }[]).find(
      (v) => v.id === commit.body.data.version.id,
    );
    expect(version).toMatchObject({ scope: list, record_count: 2 });

    const restore = await admin.post(`/staff/api/imports/versions/${version!.id}/restore`, {});
    expect(restore.status, JSON.stringify(restore.body)).toBe(200);
    expect(await itemsOf(list)).toEqual(['old_one:Old one', 'old_two:Old two']);
    // the restore kept what it replaced: restoring that brings the import back
    const undo = await admin.post(`/staff/api/imports/versions/${restore.body.data.kept.id}/restore`, {});
    expect(undo.status).toBe(200);
    expect(await itemsOf(list)).toEqual(['new_a:New A', 'new_b:New B', 'old_one:Old one renamed']);
  });
});

describe('mass import of retailers', () => {
  it('replaces the retailers and restores them right after (the demo retailers come back with their ids)', async () => {
    const before = await admin.get('/staff/api/retailers?limit=100');
    const rows = (before.body.data as { slug: string; name: string; active: boolean; brand: string }[]).map((r) => [
      r.slug,
      r.name,
      r.active ? 'yes' : 'no',
      r.brand,
    ]);
    const slug = unique('imp-').toLowerCase();
    const file = await xlsx([
      ['Slug', 'Name', 'Active', 'Brand'],
      ...rows,
      [slug, 'Imported retailer', 'yes', 'default'],
    ]);
    const preview = await uploadReplacing('retailers', file);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const commit = await admin.post(`/staff/api/imports/${preview.body.data.id}/commit`, {
      replace_count: preview.body.data.replace_count,
    });
    expect(commit.status, JSON.stringify(commit.body)).toBe(200);
    const after = await admin.get('/staff/api/retailers?limit=100');
    expect((after.body.data as { slug: string }[]).some((r) => r.slug === slug)).toBe(true);

    const restore = await admin.post(`/staff/api/imports/versions/${commit.body.data.version.id}/restore`, {});
    expect(restore.status, JSON.stringify(restore.body)).toBe(200);
    const restored = await admin.get('/staff/api/retailers?limit=100');
    expect((restored.body.data as { slug: string }[]).some((r) => r.slug === slug)).toBe(false);
    expect((await admin.get('/staff/api/retailers/ret-demo-electronics')).status).toBe(200);
    expect((restored.body.data as unknown[]).length).toBe((before.body.data as unknown[]).length);
  });

  it('refuses a replacement that would remove a retailer that has stores (adding the same file removes nothing)', async () => {
    const file = await xlsx([
      ['Slug', 'Name'],
      [unique('imp-').toLowerCase(), 'Only one'],
    ]);
    const added = await upload(admin, '/staff/api/imports/retailers', { bytes: file, name: 'retailers.xlsx' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toMatchObject({ mode: 'upsert', insert_count: 1, update_count: 0, remove_count: 0 });
    const res = await uploadReplacing('retailers', file);
    expect(res.status).toBe(422);
    expect((res.body.data.errors as { message: string }[]).some((e) => e.message.includes('demo-electronics'))).toBe(
      true,
    );
    expect((await admin.get('/staff/api/retailers/ret-demo-electronics')).status).toBe(200);
  });
});

describe('mass import of stores', () => {
  it('replaces the stores and restores them right after (complete records, same ids)', async () => {
    const retailers = await admin.get('/staff/api/retailers?limit=100');
    const slugOf = new Map((retailers.body.data as { id: string; slug: string }[]).map((r) => [r.id, r.slug]));
    const stores: { id: string; slug: string; name: string; retailer_id: string }[] = [];
    for (let page = 1; ; page++) {
      const res = await admin.get(`/staff/api/stores?limit=100&page=${page}`);
      stores.push(...res.body.data);
      if (page >= res.body.meta.last_page) break;
    }
    const mainBefore = (await admin.get('/staff/api/stores/sto-main-street')).body.data;
    const slug = unique('imp-').toLowerCase();
    const file = await xlsx([
      ['Retailer', 'Slug', 'Name'],
      ...stores.map((s) => [slugOf.get(s.retailer_id), s.slug, s.name]),
      ['demo-electronics', slug, 'Imported store'],
    ]);
    const preview = await uploadReplacing('stores', file);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.replace_count).toBe(stores.length);
    expect(preview.body.data).toMatchObject({ insert_count: 1, update_count: stores.length, remove_count: 0 });
    const commit = await admin.post(`/staff/api/imports/${preview.body.data.id}/commit`, {
      replace_count: stores.length,
    });
    expect(commit.status, JSON.stringify(commit.body)).toBe(200);
    expect(
      (await admin.get('/staff/api/stores?limit=100&sortBy=created_at&sortDesc=true')).body.data.some(
        (s: { slug: string }) => s.slug === slug,
      ),
    ).toBe(true);

    const restore = await admin.post(`/staff/api/imports/versions/${commit.body.data.version.id}/restore`, {});
    expect(restore.status, JSON.stringify(restore.body)).toBe(200);
    const mainAfter = (await admin.get('/staff/api/stores/sto-main-street')).body.data;
    expect({ ...mainAfter, v: 0 }).toEqual({ ...mainBefore, v: 0 });
    expect((await admin.get('/apply-v2/retailer/demo-electronics/store/main-street')).status).toBe(200);
    expect((await admin.get('/staff/api/stores?limit=1')).body.meta.total).toBe(stores.length);
  });

  it('downloads the current table in the import layout; importing it back adds nothing, removes nothing, changes nothing', async () => {
    const exported = async () => {
      const res = await admin.get('/staff/api/imports/stores/export');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.name).toMatch(/^stores-\d{4}-\d{2}-\d{2}\.xlsx$/);
      return Buffer.from(res.body.data.content_base64 as string, 'base64');
    };
    const readRows = async (bytes: Buffer) => {
      const ExcelJS = (await import('exceljs')).default;
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    const before = await exported();
    const rows = await readRows(before);
    expect(rows[0]).toEqual(['Retailer', 'Slug', 'Name', 'Label', 'Active', 'Identifier', 'Rating', 'Phone']);
    const total = (await admin.get('/staff/api/stores?limit=1')).body.meta.total as number;
    expect(rows).toHaveLength(total + 1);
    expect(rows.find((r) => r[1] === 'hvac-central')).toEqual(
      expect.arrayContaining(['demo-comfort', 'hvac-central', 'HVAC', 17]),
    );

    const preview = await upload(admin, '/staff/api/imports/stores', { bytes: before, name: 'stores.xlsx' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toMatchObject({ mode: 'upsert', insert_count: 0, update_count: total, remove_count: 0 });
    const commit = await admin.post(`/staff/api/imports/${preview.body.data.id}/commit`, {
      replace_count: preview.body.data.replace_count,
    });
    expect(commit.status, JSON.stringify(commit.body)).toBe(200);
    expect(await readRows(await exported())).toEqual(rows);
  });

  it('names a row whose retailer does not exist', async () => {
    const file = await xlsx([
      ['Retailer', 'Slug', 'Name'],
      ['no-such-retailer', 'x', 'X'],
    ]);
    const res = await upload(admin, '/staff/api/imports/stores', { bytes: file, name: 'stores.xlsx' });
    expect(res.status).toBe(422);
    expect(res.body.data.errors).toEqual([
      { row: 2, column: 'Retailer', message: 'There is no retailer "no-such-retailer"' },
    ]);
  });
});

describe('mass import of the Score Decile Matrix', () => {
  it('refuses a bad range, then replaces the matrix as a new settings version and restores it', async () => {
    const before = (await admin.get('/sandbox/scoring-settings')).body.data;
    const matrix = (before.settings ?? before).decileMatrix as { decile: number; minScore: number; maxScore: number }[];
    const header = ['Decile', 'Min score', 'Max score'];
    const bad = await upload(admin, '/staff/api/imports/score-decile-matrix', {
      bytes: await xlsx([header, [1, 900, 100]]),
      name: 'm.xlsx',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors).toEqual([
      { row: 2, column: 'Min score', message: 'The min score is above the max score' },
    ]);

    const changed = matrix.map((m) => [m.decile, m.minScore, m.decile === 10 ? m.maxScore + 1 : m.maxScore]);
    const preview = await upload(admin, '/staff/api/imports/score-decile-matrix', {
      bytes: await xlsx([header, ...changed]),
      name: 'm.xlsx',
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const commit = await admin.post(`/staff/api/imports/${preview.body.data.id}/commit`, {});
    expect(commit.status, JSON.stringify(commit.body)).toBe(200);
    const during = (await admin.get('/sandbox/scoring-settings')).body.data;
    expect((during.settings ?? during).decileMatrix.find((m: { decile: number }) => m.decile === 10).maxScore).toBe(
      matrix.find((m) => m.decile === 10)!.maxScore + 1,
    );

    expect((await admin.post(`/staff/api/imports/versions/${commit.body.data.version.id}/restore`, {})).status).toBe(
      200,
    );
    const after = (await admin.get('/sandbox/scoring-settings')).body.data;
    expect((after.settings ?? after).decileMatrix).toEqual(matrix);
  });
});

describe('what the import refuses', () => {
  it('refuses a .csv file with the seed message about xlsx', async () => {
    const res = await upload(admin, '/staff/api/imports/retailers', {
      bytes: Buffer.from('Slug,Name\nabc,Abc\n'),
      name: 'retailers.csv',
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Only xlsx files can be imported');
  });

  it('refuses a 10 MB file with "File size should be less than 9MB"', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024, 1);
    const res = await upload(admin, '/staff/api/imports/retailers', { bytes: big, name: 'big.xlsx' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('File size should be less than 9MB');
  });

  it('refuses POS items: the product has none yet', async () => {
    const res = await upload(admin, '/staff/api/imports/pos-items', { bytes: await xlsx([['SKU']]), name: 'pos.xlsx' });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('POS items cannot be imported yet');
  });

  it('answers 403 without the permission, and 404 for an unknown import', async () => {
    const { client } = await makeUser(admin, { guard: 'system', permissions: ['picklists.view'] });
    const res = await upload(client, '/staff/api/imports/retailers', {
      bytes: await xlsx([['Slug', 'Name']]),
      name: 'r.xlsx',
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Permission Denied');
    expect((await admin.post('/staff/api/imports/imp-nothing/commit', {})).status).toBe(404);
  });

  it('offers a template with the header row', async () => {
    const res = await fetch(admin.baseUrl + '/staff/api/imports/picklist-items/template', {
      headers: {
        accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    expect(workbook.worksheets[0]!.getRow(1).values).toEqual([undefined, 'Identifier', 'Label', 'Order', 'Active']);
  });
});
