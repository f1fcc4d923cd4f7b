// The lease record's deliveries and funding (issue 13, partial delivery): the items with what was delivered, one
// funding tranche per delivery with its amount, and funding one tranche after a confirmation (the post names the
// tranche and the record's version; a refusal stays in the dialog).
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ApplicationDetail, FulfilmentView } from '../../../machines/contracts/staff-leases.ts';
import { applicationDetail, LEASES_URL } from '../../../msw/staff-leases-handlers.ts';
import { DeliveriesSection } from '../../../web/staff/common/DeliveriesSection.tsx';
import { renderStaff } from './render-staff.tsx';
import { serveDuringTests } from '../../support/msw-server.ts';

const server = setupServer();
vi.setConfig({ testTimeout: 20_000 });
serveDuringTests(server);

const tranche = (id: string, amount: string, funded: boolean) => ({
  id,
  items: id === 'dlv_1' ? [{ sku: 'SB-200', quantity: 2 }] : [{ sku: 'TV-55-4K', quantity: 1 }],
  delivered_at: '2026-01-05T10:00:00.000Z',
  recorded_at: '2026-01-05T10:02:00.000Z',
  by: 'retailer',
  amount,
  funded,
  funded_at: funded ? '2026-01-06T09:00:00.000Z' : null,
  funded_by: funded ? 'Admin' : null,
});

function fulfilment(over: Partial<FulfilmentView> = {}): FulfilmentView {
  return {
    lines: [
      { sku: 'TV-55-4K', description: '55" 4K television', quantity: 1, delivered: 1, cancelled: 0, undelivered: 0 },
      { sku: 'SB-200', description: 'Sound bar', quantity: 3, delivered: 2, cancelled: 0, undelivered: 1 },
    ],
    tranches: [tranche('dlv_1', '313.09', true), tranche('dlv_2', '576.93', false)],
    cancellations: [],
    financed_amount: '1045.98',
    delivered_amount: '890.02',
    funded_amount: '313.09',
    funding_due: '576.93',
    undelivered_units: 1,
    partially_delivered: true,
    adjustment: null,
    ...over,
  };
}

const FUND = {
  id: 'complete-funding' as const,
  label: 'Funding Completed',
  to: 'G' as const,
  to_label: '(G) Funding in Process',
  confirm: '',
  permitted: true,
  inputs: [],
};

function detail(over: Partial<ApplicationDetail> = {}): ApplicationDetail {
  return applicationDetail({
    status: 'G',
    status_label: '(G) Funding in Process',
    actions: [FUND],
    fulfilment: fulfilment(),
    ...over,
  });
}

describe('deliveries and funding on the lease record', () => {
  it('shows what was delivered of each item and each tranche, and funds one tranche after confirming', async () => {
    const user = userEvent.setup();
    let posted: Record<string, unknown> | undefined;
    server.use(
      http.post(`${LEASES_URL}/app-1/actions/complete-funding`, async ({ request }) => {
        posted = (await request.json()) as Record<string, unknown>;
        const next = detail({
          v: 4,
          fulfilment: fulfilment({
            tranches: [tranche('dlv_1', '313.09', true), tranche('dlv_2', '576.93', true)],
            funded_amount: '890.02',
            funding_due: '0.00',
          }),
        });
        return HttpResponse.json({
          status: true,
          code: 200,
          message: 'Funding Completed: the lease is now in "(G) Funding in Process" state.',
          data: next,
        });
      }),
    );
    const done: [ApplicationDetail | null, string | undefined][] = [];
    renderStaff(<DeliveriesSection detail={detail()} onFunded={(next, message) => done.push([next, message])} />, {
      permissions: ['lease-actions.complete-funding'],
    });

    const section = screen.getByTestId('section-deliveries');
    expect(within(section).getByTestId('partially-delivered')).toHaveTextContent(
      'Partially delivered: 1 unit(s) still to deliver.',
    );
    expect(within(section).getByTestId('funding-due')).toHaveTextContent('$576.93');
    const items = screen.getByRole('region', { name: 'What became of each contracted item' });
    expect(within(items).getByRole('row', { name: /SB-200/ })).toHaveTextContent('SB-200Sound bar3201');
    const tranches = screen.getByRole('region', { name: 'One funding tranche per delivery' });
    expect(within(tranches).getByRole('row', { name: /dlv_1/ })).toHaveTextContent('Funded');
    expect(within(tranches).getByRole('row', { name: /dlv_1/ })).toHaveTextContent('2 × SB-200');
    // only the tranche due can be funded
    expect(within(tranches).queryByRole('button', { name: 'Fund the tranche of delivery dlv_1' })).toBeNull();

    await user.click(within(tranches).getByRole('button', { name: 'Fund the tranche of delivery dlv_2' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Fund the tranche of delivery dlv_2' });
    expect(dialog).toHaveAccessibleDescription(
      'Record that the tranche of delivery dlv_2 ($576.93) was funded to the retailer?',
    );
    expect(posted).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await vi.waitFor(() => expect(done).toHaveLength(1));
    expect(posted).toEqual({ v: 3, tranche_id: 'dlv_2' });
    expect(done[0]![0]!.fulfilment!.funding_due).toBe('0.00');
    expect(done[0]![1]).toMatch(/Funding Completed/);
  });

  it("keeps the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    server.use(
      http.post(`${LEASES_URL}/app-1/actions/complete-funding`, () =>
        HttpResponse.json(
          { status: false, code: 409, data: null, message: 'The tranche dlv_2 is already funded.' },
          { status: 409 },
        ),
      ),
    );
    const done: unknown[] = [];
    renderStaff(<DeliveriesSection detail={detail()} onFunded={(...args) => done.push(args)} />, {
      permissions: ['lease-actions.complete-funding'],
    });
    await user.click(screen.getByRole('button', { name: 'Fund the tranche of delivery dlv_2' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByTestId('fund-tranche-error')).toHaveTextContent('The tranche dlv_2 is already funded.');
    expect(done).toEqual([]);
  });

  it('without the funding action (or its permission) the tranches due only say so; a cancellation shows the lease after it', () => {
    renderStaff(
      <DeliveriesSection
        detail={detail({
          actions: [{ ...FUND, permitted: false }],
          fulfilment: fulfilment({
            cancellations: [
              {
                id: 'cnl_1',
                items: [{ sku: 'SB-200', quantity: 1 }],
                amount: '155.96',
                at: '2026-01-07T10:00:00.000Z',
                reason: 'Discontinued',
              },
            ],
            adjustment: {
              cancelled_cash_price: '155.96',
              payment_before: '52.10',
              payment_after: '44.02',
              total_of_payments_before: '1354.60',
              total_of_payments_after: '1144.52',
              prepaid_credit: '8.08',
              refund_due: '0.00',
            },
          }),
        })}
        onFunded={() => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: /Fund the tranche/ })).toBeNull();
    expect(screen.getByRole('row', { name: /dlv_2/ })).toHaveTextContent('Due');
    expect(screen.getByTestId('cancellations')).toHaveTextContent('1 × SB-200: $155.96');
    expect(screen.getByTestId('cancellations')).toHaveTextContent('(Discontinued)');
    expect(screen.getByTestId('payment-after')).toHaveTextContent('$44.02');
  });
});
