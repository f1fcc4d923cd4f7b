// Mass Import of payments (issue 23 item 8) against an msw stand-in of its API: the preview lists each row's status
// and errors, the ready rows post after a confirmation (the rows then show what became of them), and the ledger
// export links carry the chosen dates.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { PaymentsImport } from '../../../web/staff/features/mass-import/PaymentsImport.tsx';
import { renderStaff } from './render-staff.tsx';
import { serveDuringTests } from '../../support/msw-server.ts';

const LEASE = '6f1c7a52-3a1e-4f1e-9a53-0c1d2e3f4a5b';
const row = (n: number, status: string, errors: string[] = [], reference = `ref-${n}`) => ({
  row: n,
  lease: LEASE,
  lease_id: LEASE,
  amount: '10.00',
  date: '2026-11-20',
  channel: 'lockbox',
  reference,
  status,
  errors,
});
const posts: string[] = [];
const server = setupServer(
  http.post('/staff/api/payment-imports', () =>
    HttpResponse.json({
      status: true,
      code: 200,
      message: '1 payment(s) ready to post; 1 row(s) with errors will not be posted',
      data: {
        id: 'pi-1',
        file_name: 'lockbox.csv',
        rows: [row(2, 'ready'), row(3, 'error', ['The same reference is on row 2'], 'ref-2')],
        ready: 1,
        errors: 1,
        total_cents: 1000,
      },
    }),
  ),
  http.post('/staff/api/payment-imports/:id/post', ({ params }) => {
    posts.push(String(params.id));
    return HttpResponse.json({
      status: true,
      code: 200,
      message: 'Posted 1 payment(s); 0 already posted; 0 refused',
      data: {
        id: 'pi-1',
        rows: [row(2, 'posted'), row(3, 'error', ['The same reference is on row 2'], 'ref-2')],
        posted: 1,
        already_posted: 0,
        refused: 0,
      },
    });
  }),
);

serveDuringTests(server);

describe('payments import', () => {
  it('previews the rows with their errors, then posts the ready ones after a confirmation', async () => {
    const user = userEvent.setup();
    renderStaff(<PaymentsImport />, { permissions: ['imports.view', 'imports.create', 'imports.commit'] });
    await user.upload(
      screen.getByLabelText('Payments file (csv or xlsx)'),
      new File(['lease,amount,date,channel,reference\n'], 'lockbox.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('The same reference is on row 2')).toBeTruthy();
    expect(within(table).getByText('Ready')).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toContain('1 payment(s) ready to post');
    await user.click(screen.getByRole('button', { name: 'Post 1 payment(s)' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Post 1 payment(s) for a total of $10.00?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(posts).toEqual(['pi-1']));
    expect(await within(screen.getByRole('table')).findByText('Posted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Post / })).toBeNull();
  });

  it('offers the ledger export for the chosen dates, and nothing to import without the permission', async () => {
    const user = userEvent.setup();
    renderStaff(<PaymentsImport />, { permissions: ['imports.view'] });
    expect(screen.queryByLabelText('Payments file (csv or xlsx)')).toBeNull();
    await user.type(screen.getByLabelText('From'), '2026-01-01');
    await user.type(screen.getByLabelText('To'), '2026-01-31');
    const csv = screen.getByRole('link', { name: 'Download csv' });
    expect(csv.getAttribute('href')).toBe('/staff/api/ledger-export?format=csv&from=2026-01-01&to=2026-01-31');
    expect(screen.getByRole('link', { name: 'Download xlsx' }).getAttribute('href')).toContain('format=xlsx');
  });
});
