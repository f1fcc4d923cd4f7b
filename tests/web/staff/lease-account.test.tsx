// The lease's account on the staff record (issue 23): status, days past due, balance and schedule as the server
// says, the servicing actions the user may take, a phone payment recorded after a confirmation (with an
// idempotency key), and a field refusal shown under its field.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { LEASES_URL } from '../../../msw/staff-leases-handlers.ts';
import { AccountSection } from '../../../web/staff/features/applications/AccountSection.tsx';
import { renderStaff } from './render-staff.tsx';
import { serveDuringTests } from '../../support/msw-server.ts';

const server = setupServer();
vi.setConfig({ testTimeout: 20_000 });
serveDuringTests(server);

const account = (late: boolean) => ({
  status: late ? 'pastDue' : 'current',
  status_label: late ? 'Past due' : 'Current',
  days_past_due: late ? 12 : 0,
  bucket: late ? '1-30' : null,
  today: '2026-03-13',
  balance: late ? '900.00' : '850.00',
  past_due: late ? '50.00' : '0.00',
  total_of_payments: '1000.00',
  paid_to_date: late ? '100.00' : '150.00',
  fees_owed: '0.00',
  autopay: false,
  payment_method: null,
  next_payment: { installment: 3, due_date: late ? '2026-03-01' : '2026-04-01', amount: '50.00' },
  schedule: [
    { installment: 1, due_date: '2026-02-01', amount: '50.00', paid: '50.00', status: 'paid' },
    {
      installment: 2,
      due_date: '2026-03-01',
      amount: '50.00',
      paid: late ? '0.00' : '50.00',
      status: late ? 'past_due' : 'paid',
    },
  ],
  ledger: late
    ? []
    : [
        {
          id: 'pay_1',
          kind: 'payment',
          at: '2026-03-13T15:00:00.000Z',
          amount: '50.00',
          channel: 'phone',
          reverses: null,
          allocations: [{ installment: 2, amount: '50.00' }],
        },
      ],
  payoff: { amount: '700.00', valid_until: '2026-03-13' },
  attempts: [],
});

describe('the account on the staff lease record', () => {
  it('shows the late account and records a phone payment after confirming', async () => {
    const user = userEvent.setup();
    let posted: { body: Record<string, unknown>; key: string | null } | undefined;
    server.use(
      http.get(`${LEASES_URL}/app-1/account`, () =>
        HttpResponse.json({ status: true, code: 200, data: account(true) }),
      ),
      http.post(`${LEASES_URL}/app-1/account/actions/record-payment`, async ({ request }) => {
        posted = {
          body: (await request.json()) as Record<string, unknown>,
          key: request.headers.get('idempotency-key'),
        };
        if (!posted.body.reference)
          return HttpResponse.json(
            {
              status: false,
              code: 422,
              data: null,
              message: 'This field is required.',
              errors: { reference: ['This field is required.'] },
            },
            { status: 422 },
          );
        return HttpResponse.json({ status: true, code: 200, data: account(false), message: 'Record a payment: done.' });
      }),
    );
    renderStaff(<AccountSection uuid="app-1" />, { permissions: ['servicing-actions.record-payment'] });

    expect(await screen.findByTestId('account-status')).toHaveTextContent('Past due');
    expect(screen.getByTestId('account-days-past-due')).toHaveTextContent('12 days past due (1-30)');
    expect(screen.getByTestId('account-balance')).toHaveTextContent('$900.00');
    // only the actions the user's permissions allow
    expect(screen.queryByRole('button', { name: 'Charge off' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Record a payment' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Record a payment' });
    await user.type(within(dialog).getByLabelText('Amount ($)'), '50.00');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    const reference = await within(dialog).findByLabelText('Reference (call or receipt number)');
    await vi.waitFor(() => expect(reference).toHaveAccessibleDescription('This field is required.'));
    const firstKey = posted!.key;
    expect(firstKey).toBeTruthy();

    await user.type(reference, 'call 42');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await vi.waitFor(() => expect(screen.getByTestId('account-status')).toHaveTextContent('Current'));
    expect(posted!.body).toEqual({ amount: '50.00', channel: 'phone', reference: 'call 42' });
    // the same dialog keeps its key: a retry never records the payment twice
    expect(posted!.key).toBe(firstKey);
    expect(screen.getByRole('row', { name: /pay_1/ })).toHaveTextContent('#2: $50.00');
  });
});
