// Security Settings and Queue Management against an msw stand-in of the staff-rules API: the stored values are shown,
// a 422 sits at its input, and a save sends the whole document with its version.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { DEFAULT_QUEUE_CONFIG, DEFAULT_SECURITY_SETTINGS } from '../../../machines/contracts/staff-rules.ts';
import { QueueManagementScreen } from '../../../web/staff/features/queue-management/QueueManagementScreen.tsx';
import { SecuritySettingsScreen } from '../../../web/staff/features/security-settings/SecuritySettingsScreen.tsx';
import { invalidAnswer } from './envelopes.ts';
import { renderStaff } from './render-staff.tsx';
import { serveDuringTests } from '../../support/msw-server.ts';

const puts: any[] = [];
// what the API answers a save: the settings put, under the next version
function savedAnswer({ v, ...settings }: { v: number }) {
  return HttpResponse.json({
    status: true,
    code: 200,
    data: { settings, v: v + 1, updated_at: '2026-01-06T10:00:00.000Z', updated_by: 'admin' },
    message: 'Settings saved.',
  });
}
const server = setupServer(
  http.get('/staff/api/security-settings', () =>
    HttpResponse.json({
      status: true,
      code: 200,
      data: { settings: DEFAULT_SECURITY_SETTINGS, v: 2, updated_at: null, updated_by: null },
    }),
  ),
  http.put('/staff/api/security-settings', async ({ request }) => {
    const body = (await request.json()) as any;
    puts.push(body);
    if (body.ip_allow_list.includes('203.0.113.0/24')) {
      return invalidAnswer({
        ip_allow_list: ['This allow-list would shut out your own address. Add it first, then save.'],
      });
    }
    return savedAnswer(body);
  }),
  http.get('/staff/api/queue-config', () =>
    HttpResponse.json({
      status: true,
      code: 200,
      data: { settings: DEFAULT_QUEUE_CONFIG, v: 1, updated_at: null, updated_by: null },
    }),
  ),
  http.get('/staff/api/roles', () =>
    HttpResponse.json({
      status: true,
      code: 200,
      data: [
        { id: 'role-admin', name: 'Admin', guard: 'system' },
        { id: 'role-store-manager', name: 'Store Manager', guard: 'store' },
      ],
      meta: { current_page: 1, last_page: 1, total: 2, per_page: 100, from: 1, to: 2 },
    }),
  ),
  http.put('/staff/api/queue-config', async ({ request }) => {
    const body = (await request.json()) as any;
    puts.push(body);
    return savedAnswer(body);
  }),
);
serveDuringTests(server);

describe('Security Settings screen', () => {
  it('shows the settings, shows a 422 at the allow-list and saves with the version', async () => {
    const user = userEvent.setup();
    renderStaff(<SecuritySettingsScreen />, {
      path: '/security-settings',
      permissions: ['security.view', 'security.update'],
    });
    const min = await screen.findByRole('spinbutton', { name: 'Minimum length' });
    expect(min).toHaveValue(10);
    const list = screen.getByRole('textbox', { name: 'IP allow-list' });
    await user.type(list, '203.0.113.0/24');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('This allow-list would shut out your own address. Add it first, then save.'),
    ).toBeInTheDocument();
    await user.clear(list);
    await user.clear(min);
    await user.type(min, '12');
    await user.click(screen.getByRole('checkbox', { name: 'Require a digit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts.at(-1)).toMatchObject({ v: 2, ip_allow_list: [], password: { min_length: 12, require_digit: true } }),
    );
  }, 20_000);
});

describe('Queue Management screen', () => {
  it('ticks statuses and roles per queue and saves', async () => {
    const user = userEvent.setup();
    renderStaff(<QueueManagementScreen />, {
      path: '/queue-management',
      permissions: ['queues.view', 'queues.update', 'roles.view'],
    });
    const review = await screen.findByRole('group', { name: 'Queue: Awaiting Review' });
    expect(review).toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox', { name: '(I) More Info Required' });
    await user.click(boxes[0]!);
    await user.click(screen.getAllByRole('checkbox', { name: 'Admin' })[0]!);
    expect(screen.queryByRole('checkbox', { name: 'Store Manager' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts.at(-1)).toMatchObject({
        v: 1,
        queues: { review: { statuses: ['S', 'I'], claim_roles: ['role-admin'] } },
      }),
    );
  }, 20_000);
});
