// The Reports screen against an msw stand-in of GET /staff/api/reports/{report}: the table, the lazily loaded chart
// (an image with a text alternative), the download links, a 422 shown at its field, and the high FPD alert.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { REPORT_COLUMNS, reportRow } from '../../../machines/domain/reports.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import { ReportsScreen } from '../../../web/staff/features/reports/ReportsScreen.tsx';
import { invalidAnswer } from './envelopes.ts';
import { renderStaff } from './render-staff.tsx';

const seen: URL[] = [];
const meta = (report: 'applications' | 'first-payment-default', alert: string | null) => ({
  report,
  title: translate('en', `staff.reports.name.${report}`),
  from: '2026-11-01',
  to: '2026-11-02',
  group: 'day',
  by: report === 'applications' ? 'all' : 'store',
  columns: REPORT_COLUMNS[report].map((c) => ({ ...c, text: translate('en', c.label) })),
  notes: [],
  alert,
});

const server = setupServer(
  http.get('*/staff/api/reports/:report', ({ request, params }) => {
    const url = new URL(request.url);
    seen.push(url);
    if (url.searchParams.get('from') === '2026-12-31') {
      return invalidAnswer({ to: ['The end date must be on or after the start date.'] });
    }
    if (params.report === 'first-payment-default') {
      const rows = [
        reportRow(
          'first-payment-default',
          '2026-11-01',
          { id: 's1', name: 'Demo / Main' },
          { fpd_due: 10, fpd_paid: 7 },
        ),
      ];
      return HttpResponse.json({
        status: true,
        code: 200,
        data: rows,
        meta: meta('first-payment-default', 'High first payment default alert above 15%'),
      });
    }
    const rows = [
      reportRow(
        'applications',
        '2026-11-01',
        { id: '*', name: 'All stores' },
        { applications: 4, approvals: 2, denials: 1, approved_count: 2, approved_cents: 300_000 },
      ),
      reportRow(
        'applications',
        '2026-11-02',
        { id: '*', name: 'All stores' },
        { applications: 6, approvals: 3, denials: 3 },
      ),
    ];
    return HttpResponse.json({ status: true, code: 200, data: rows, meta: meta('applications', null) });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

describe('Reports screen', () => {
  // The first render loads the chart lazily: on a loaded 2-core machine that alone takes close to 5 s.
  it('shows the report as a table and a chart, with CSV and xlsx downloads', { timeout: 20_000 }, async () => {
    renderStaff(<ReportsScreen />, { permissions: ['reports.view'] });
    const table = await screen.findByTestId('report-table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('columnheader', { name: 'Approval rate (%)' })).toBeTruthy();
    expect(within(table).getByText('$1,500.00')).toBeTruthy();
    const chart = await screen.findByRole('img', { name: /Chart of Applications and approvals/ });
    expect(chart.textContent).toContain('Applications');
    expect(screen.getByTestId('report-csv').getAttribute('href')).toMatch(
      /^\/staff\/api\/reports\/applications\?.*format=csv/,
    );
    expect(screen.getByTestId('report-xlsx').getAttribute('href')).toContain('format=xlsx');
    expect(seen[0]!.searchParams.get('group')).toBe('day');
  });

  it('asks again with the chosen report, range and grouping; shows a 422 at its field', async () => {
    const user = userEvent.setup();
    renderStaff(<ReportsScreen />, { permissions: ['reports.view'] });
    await screen.findByTestId('report-table');
    await user.selectOptions(screen.getByLabelText('Group by'), 'week');
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    await waitFor(() => expect(screen.getByText('The end date must be on or after the start date.')).toBeTruthy());
    expect(seen.at(-1)!.searchParams.get('group')).toBe('week');
  });

  it('shows the high first-payment-default alert', async () => {
    const user = userEvent.setup();
    renderStaff(<ReportsScreen />, { permissions: ['reports.view'] });
    await screen.findByTestId('report-table');
    await user.selectOptions(screen.getByLabelText('Report'), 'first-payment-default');
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    expect((await screen.findByTestId('fpd-alert')).textContent).toBe('High first payment default alert above 15%');
    expect(within(screen.getByTestId('report-table')).getByText('30%')).toBeTruthy();
  });
});
