// The dashboard's servicing day (issue 23) against an msw stand-in of GET /staff/api/dashboard/servicing: due,
// collected and failed today, the collections queue by bucket, and an ACH return rate alert; shown only to a user
// who may see the collections queue.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ServicingDayView } from '../../../machines/contracts/reports.ts';
import type { DashboardView } from '../../../machines/contracts/staff-leases.ts';
import { Dashboard } from '../../../web/staff/features/dashboard/Dashboard.tsx';
import { renderStaff } from './render-staff.tsx';
import { serveDuringTests } from '../../support/msw-server.ts';

const dashboard: DashboardView = {
  today: {
    date: '2026-11-02',
    applications: 0,
    approvals: 0,
    denials: 0,
    approval_rate: 0,
    funded_count: 0,
    funded_amount: '0.00',
  },
  days: [],
  queues: [],
  my_claims: [],
  open_tasks: [],
  recent_applications: [],
  last_updated_stores: [],
  last_updated_leads: [],
};

const day: ServicingDayView = {
  date: '2026-11-02',
  due: { count: 3, amount: '1234.00' },
  collected: { count: 2, amount: '250.50' },
  failed: 1,
  queues: [
    { bucket: '1-30', count: 4 },
    { bucket: '31-60', count: 2 },
    { bucket: '61-90', count: 0 },
    { bucket: '90+', count: 1 },
  ],
  ach_alerts: [
    {
      measure: 'unauthorised',
      level: 'over',
      rate: 0.75,
      threshold: 0.5,
      text: 'Unauthorized return rate is above the NACHA threshold of 0.5%.',
    },
  ],
};

const server = setupServer(
  http.get('*/staff/api/dashboard', () => HttpResponse.json({ status: true, code: 200, data: dashboard })),
  http.get('*/staff/api/dashboard/servicing', () => HttpResponse.json({ status: true, code: 200, data: day })),
);

serveDuringTests(server);

describe("the dashboard's servicing day", () => {
  it('shows due, collected and failed today, the queue by bucket and the ACH alert', { timeout: 20_000 }, async () => {
    renderStaff(<Dashboard />, { permissions: ['collections.view'] });
    const frame = await screen.findByRole('region', { name: /Servicing today/ });
    expect(await within(frame).findByText('$1,234.00 (3)')).toBeTruthy();
    expect(within(frame).getByText('$250.50 (2)')).toBeTruthy();
    expect(within(frame).getByText('Failed today')).toBeTruthy();
    expect(within(frame).getByRole('alert').textContent).toContain('Unauthorized return rate is above');
    const queues = within(frame).getByTestId('dash-servicing-queues');
    expect(
      within(queues)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['1-30 days past due: 4', '31-60 days past due: 2', '61-90 days past due: 0', '90+ days past due: 1']);
  });

  it('is not shown to a user who may not see the collections queue', { timeout: 20_000 }, async () => {
    renderStaff(<Dashboard />, { permissions: [] });
    await screen.findByRole('region', { name: /Today/ });
    expect(screen.queryByRole('region', { name: /Servicing today/ })).toBeNull();
  });
});
