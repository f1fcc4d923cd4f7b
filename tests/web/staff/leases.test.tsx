// The lease operations screens against the msw staff-leases API: the applications list (rows, the seed's summary,
// the search box sending `q`, a row opening the record) and a status action (the server's confirmation text, the
// post with the record's version, the new record and message; a refusal shown in the dialog).
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { staffConsentsHandlers } from '../../../msw/staff-consents-handlers.ts';
import {
  APPLICATIONS_URL,
  CONFIRM_REQUEST_INFO,
  LEASES_URL,
  staffLeasesHandlers,
} from '../../../msw/staff-leases-handlers.ts';
import { ApplicationDetailScreen } from '../../../web/staff/features/applications/ApplicationDetailScreen.tsx';
import { ApplicationsScreen } from '../../../web/staff/features/applications/ApplicationsScreen.tsx';
import { renderStaff } from './render-staff.tsx';
import { serveDuringTests } from '../../support/msw-server.ts';

const server = setupServer(...staffLeasesHandlers, ...staffConsentsHandlers);
// a busy machine (the whole web project in parallel) makes a debounced search and a few renders slow
vi.setConfig({ testTimeout: 20_000 });
serveDuringTests(server);

describe('Lease Applications', () => {
  it('lists the applications with the summary, searches with q and opens a row', async () => {
    const user = userEvent.setup();
    const queries: URLSearchParams[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === APPLICATIONS_URL) queries.push(new URL(request.url).searchParams);
    });
    const { history } = renderStaff(<ApplicationsScreen />, {
      path: '/applications',
      permissions: ['applications.view'],
    });

    expect(await screen.findByText('Showing 1 to 3 of 3 entries')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Lease Applications list' });
    const jane = within(table).getByRole('row', { name: /Jane Doe/ });
    expect(jane).toHaveTextContent('Main Street');
    expect(jane).toHaveTextContent('$1,234.50');
    expect(jane).toHaveTextContent('(V) Approved/Pending Contract');
    expect(jane).toHaveTextContent('Portal');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    // the server's own `q` filter is not shown twice: one search box, with its hint
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveAccessibleDescription(/last 4 digits of the SSN/);
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();

    await user.type(search, 'roe');
    expect(await screen.findByText('Showing 1 to 1 of 1 entries')).toBeInTheDocument();
    expect(queries.at(-1)!.get('q')).toBe('roe');
    server.events.removeAllListeners();

    await user.click(within(table).getByRole('cell', { name: 'Main Street' }));
    expect(history.at(-1)).toBe('/applications/app-2');
  });
});

describe('a lease status action', () => {
  it("confirms with the server's text and posts the action with the record's version", async () => {
    const user = userEvent.setup();
    let posted: Record<string, unknown> | undefined;
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname === `${LEASES_URL}/app-1/actions/request-info`)
        posted = (await request.clone().json()) as Record<string, unknown>;
    });
    renderStaff(<ApplicationDetailScreen id="app-1" />, {
      path: '/applications/app-1',
      permissions: ['applications.view'],
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(screen.getByTestId('record-status')).toHaveTextContent('(V) Approved/Pending Contract');
    // only the permitted actions are buttons
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More Info Required' }));

    const dialog = screen.getByRole('alertdialog', { name: 'More Info Required' });
    expect(dialog).toHaveAccessibleDescription(CONFIRM_REQUEST_INFO);
    expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveFocus();
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Send a pay stub');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posted).toEqual({ v: 3, note: 'Send a pay stub' });
    expect(screen.getByTestId('record-status')).toHaveTextContent('(I) More Info Required');
    expect(screen.getByTestId('info-request')).toHaveTextContent('Send a pay stub');
    expect(
      await screen.findByText('More Info Required: the lease is now in "(I) More Info Required" state.'),
    ).toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it("keeps the dialog open with the server's refusal in an alert", async () => {
    const user = userEvent.setup();
    server.use(
      http.post(`${LEASES_URL}/:id/actions/:action`, () =>
        HttpResponse.json(
          {
            status: false,
            code: 409,
            data: null,
            message: 'This lease was changed by someone else. Reload it and try again.',
          },
          { status: 409 },
        ),
      ),
    );
    renderStaff(<ApplicationDetailScreen id="app-1" />, {
      path: '/applications/app-1',
      permissions: ['applications.view'],
    });
    await user.click(await screen.findByTestId('lease-action-request-info'));
    const dialog = screen.getByRole('alertdialog', { name: 'More Info Required' });
    await user.click(within(dialog).getByTestId('action-confirm'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This lease was changed by someone else. Reload it and try again.',
    );
    expect(screen.getByTestId('record-status')).toHaveTextContent('(V) Approved/Pending Contract');
  });
});
