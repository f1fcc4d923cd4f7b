// The Mass Import screen against an msw stand-in of the staff-imports API: a refused file shows its row errors, a
// good one its preview; adding and updating is the default, replacing the whole table an explicit choice whose preview
// lists what would be removed; the current table downloads in the import layout.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MassImportScreen } from '../../../web/staff/features/mass-import/MassImportScreen.tsx';
import { renderStaff } from './render-staff.tsx';
import { serveDuringTests } from '../../support/msw-server.ts';

let bad = true;
const commits: unknown[] = [];
const modes: unknown[] = [];
const exports: string[] = [];
const server = setupServer(
  http.get('/staff/api/imports/versions', () =>
    HttpResponse.json({ status: true, code: 200, data: [], meta: { current_page: 1, last_page: 1, total: 0 } }),
  ),
  http.get('/staff/api/picklists', () =>
    HttpResponse.json({
      status: true,
      code: 200,
      data: [{ id: 'pl-1', name: 'Income types' }],
      meta: { current_page: 1, last_page: 1, total: 1 },
    }),
  ),
  http.get('/staff/api/imports/:table/export', ({ request, params }) => {
    exports.push(`${String(params.table)}?${new URL(request.url).searchParams.toString()}`);
    return HttpResponse.json({
      status: true,
      code: 200,
      data: { name: 'picklist-items-income-types-2026-11-28.xlsx', columns: [], content_base64: 'UEs=' },
    });
  }),
  http.post('/staff/api/imports/picklist-items', async ({ request }) => {
    const mode = (await request.formData()).get('mode');
    modes.push(mode);
    const replacing = mode === 'replace';
    return bad
      ? HttpResponse.json(
          {
            status: false,
            code: 422,
            message: 'The file has 1 error(s); nothing was imported',
            data: {
              id: null,
              table: 'picklist-items',
              scope: 'pl-1',
              file_name: 'a.xlsx',
              rows: [],
              errors: [{ row: 3, column: 'Order', message: 'A whole number is required' }],
              error_count: 1,
              replace_count: 4,
              row_count: 0,
              expires_at: null,
              mode,
              insert_count: 0,
              update_count: 0,
              remove_count: 0,
              removed: [],
            },
          },
          { status: 422 },
        )
      : HttpResponse.json({
          status: true,
          code: 200,
          message: replacing ? '1 row(s) ready to replace the whole table' : '1 row(s) ready to import',
          data: {
            id: 'imp-1',
            table: 'picklist-items',
            scope: 'pl-1',
            file_name: 'a.xlsx',
            rows: [{ identifier: 'a', label: 'A', order: 1, active: true }],
            errors: [],
            error_count: 0,
            replace_count: 4,
            row_count: 1,
            expires_at: null,
            mode,
            insert_count: 0,
            update_count: 1,
            remove_count: replacing ? 3 : 0,
            removed: replacing ? ['b', 'c', 'd'] : [],
          },
        });
  }),
  http.post('/staff/api/imports/imp-1/commit', async ({ request }) => {
    commits.push(await request.json());
    return HttpResponse.json({ status: true, code: 200, message: 'Import done', data: {} });
  }),
);

serveDuringTests(server);

const PERMS = ['imports.view', 'imports.create', 'imports.commit', 'imports.restore'];

async function chooseAndUpload(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(screen.getByRole('option', { name: 'Income types' })).toBeTruthy());
  await user.selectOptions(screen.getByLabelText('Pick list'), 'pl-1');
  await user.upload(
    screen.getByLabelText('xlsx file'),
    new File(['PK'], 'a.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  await user.click(screen.getByRole('button', { name: 'Preview' }));
}

describe('Mass Import screen', () => {
  it('shows the row errors of a refused file and offers no import', async () => {
    bad = true;
    const user = userEvent.setup();
    renderStaff(<MassImportScreen />, { permissions: PERMS });
    await chooseAndUpload(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('nothing was imported');
    const table = screen.getByRole('table');
    expect(within(table).getByText('A whole number is required')).toBeTruthy();
    expect(within(table).getByText('Order')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });

  it('adds and updates by default: the confirmation says nothing is removed', async () => {
    bad = false;
    commits.length = 0;
    modes.length = 0;
    const user = userEvent.setup();
    renderStaff(<MassImportScreen />, { permissions: PERMS });
    expect(
      screen.getByRole<HTMLInputElement>('radio', {
        name: 'Add and update these rows (other records stay as they are)',
      }).checked,
    ).toBe(true);
    await chooseAndUpload(user);
    expect(await screen.findByText('0 new, 1 updated, 0 removed')).toBeTruthy();
    expect(screen.queryByRole('list', { name: /would be removed/ })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('adds 0 record(s) and updates 1 of Pick list items; no record is removed');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(commits).toEqual([{ replace_count: 4 }]));
    expect(modes).toEqual(['upsert']);
  });

  it('replaces the whole table only when chosen, listing the records that would be removed', async () => {
    bad = false;
    commits.length = 0;
    modes.length = 0;
    const user = userEvent.setup();
    renderStaff(<MassImportScreen />, { permissions: PERMS });
    await user.click(
      screen.getByRole('radio', { name: 'Replace the whole table (records not in the file are removed)' }),
    );
    await chooseAndUpload(user);
    const removed = await screen.findByRole('list', { name: 'Records that would be removed (3)' });
    expect(
      within(removed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['b', 'c', 'd']);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'replaces the whole table Pick list items: 3 record(s) not in the file are removed',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(commits).toEqual([{ replace_count: 4 }]));
    expect(modes).toEqual(['replace']);
  });

  it("downloads the current table (the chosen pick list's items)", async () => {
    exports.length = 0;
    const user = userEvent.setup();
    renderStaff(<MassImportScreen />, { permissions: PERMS });
    const download = screen.getByRole('button', { name: 'Download the current table' });
    expect((download as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.getByRole('option', { name: 'Income types' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Pick list'), 'pl-1');
    // jsdom has no object URLs: the download needs both.
    Object.assign(URL, { createObjectURL: () => 'blob:test', revokeObjectURL: () => undefined });
    await user.click(download);
    await waitFor(() => expect(exports).toEqual(['picklist-items?picklist=pl-1']));
  });
});
