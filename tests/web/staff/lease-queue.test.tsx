// The Lease Queue's tabs follow the ARIA tabs pattern: one tab per queue with its count, arrow keys moving round
// the tabs (wrapping at both ends), Home and End, the tab reached selected, focused and its queue loaded.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { LEASE_QUEUE_IDS, LEASE_QUEUES } from '../../../machines/contracts/staff-leases.ts';
import { LeaseQueueScreen } from '../../../web/staff/features/lease-queue/LeaseQueueScreen.tsx';
import { renderStaff } from './render-staff.tsx';
import { serveDuringTests } from '../../support/msw-server.ts';

const asked: string[] = [];
const server = setupServer(
  http.get('*/staff/api/lease-queue', ({ request }) => {
    const queue = new URL(request.url).searchParams.get('queue') ?? 'review';
    asked.push(queue);
    return HttpResponse.json({
      status: true,
      code: 200,
      data: [],
      meta: {
        current_page: 1,
        last_page: 1,
        per_page: 25,
        total: 0,
        from: null,
        to: null,
        queue,
        queues: LEASE_QUEUE_IDS.map((id, i) => ({ id, label: LEASE_QUEUES[id].label, count: i + 1 })),
      },
    });
  }),
);
vi.setConfig({ testTimeout: 20_000 });
serveDuringTests(server);

describe('Lease Queue tabs', () => {
  it('move with the arrow keys, Home and End, and load the queue of the tab reached', async () => {
    const user = userEvent.setup();
    renderStaff(<LeaseQueueScreen />, { path: '/lease-queue', permissions: ['lease-queue.view'] });

    const tab = (id: string) => screen.getByTestId(`queue-tab-${id}`);
    await waitFor(() => expect(tab('funding')).toHaveTextContent('(4)'));
    expect(tab('review')).toHaveAttribute('aria-selected', 'true');
    expect(tab('info')).toHaveAttribute('tabindex', '-1');

    await user.click(tab('review'));
    await user.keyboard('{ArrowLeft}');
    expect(tab('funding')).toHaveFocus();
    expect(tab('funding')).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(asked.at(-1)).toBe('funding'));

    await user.keyboard('{ArrowRight}');
    expect(tab('review')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('info')).toHaveFocus();
    expect(tab('info')).toHaveAttribute('aria-selected', 'true');
    expect(tab('review')).toHaveAttribute('aria-selected', 'false');

    await user.keyboard('{End}');
    expect(tab('funding')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('review')).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', tab('review').id);
  });
});
