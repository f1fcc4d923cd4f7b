// The Mass Import screen against an msw stand-in of the staff-imports API: a refused file shows its row errors, a
// good one its preview, and the import asks for a confirmation naming how many records are replaced.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MassImportScreen } from '../../../web/staff/features/mass-import/MassImportScreen.tsx';
import { renderStaff } from './render-staff.tsx';

let bad = true;
const commits: unknown[] = [];
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
  http.post('/staff/api/imports/picklist-items', () =>
    bad
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
            },
          },
          { status: 422 },
        )
      : HttpResponse.json({
          status: true,
          code: 200,
          message: '1 row(s) ready to import; 4 existing record(s) will be replaced',
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
          },
        }),
  ),
  http.post('/staff/api/imports/imp-1/commit', async ({ request }) => {
    commits.push(await request.json());
    return HttpResponse.json({ status: true, code: 200, message: 'Import done', data: {} });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

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

  it('previews a good file and confirms the replacement with the count', async () => {
    bad = false;
    const user = userEvent.setup();
    renderStaff(<MassImportScreen />, { permissions: PERMS });
    await chooseAndUpload(user);
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('replaces all 4 existing record(s) of Pick list items with the 1 row(s)');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(commits).toEqual([{ replace_count: 4 }]));
  });
});
