// The State Rules screen against an msw stand-in of the staff-rules API: the 51 states listed, a state edited with
// its version, a 422 of the server shown at the cap input, and no edit buttons for a viewer.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { DEFAULT_STATE_RULES } from '../../../machines/domain/state-rules.ts';
import { servicingRuleBody } from '../../../machines/contracts/servicing-rules.ts';
import { servicingRuleFor } from '../../../machines/domain/servicing/state-servicing-rules.ts';
import { StateRulesScreen } from '../../../web/staff/features/state-rules/StateRulesScreen.tsx';
import { invalidAnswer } from './envelopes.ts';
import { renderStaff } from './render-staff.tsx';
import { serveDuringTests } from '../../support/msw-server.ts';

const rules = DEFAULT_STATE_RULES.map((r) => ({
  ...r,
  v: 1,
  updated_at: '2026-01-05T10:00:00.000Z',
  updated_by: 'seed',
  servicing: {
    state: r.state,
    ...servicingRuleBody(servicingRuleFor(r.state)),
    v: 0,
    updated_at: null,
    updated_by: null,
  },
}));
const puts: { state: string; body: any }[] = [];

const server = setupServer(
  http.get('/staff/api/state-rules', () => HttpResponse.json({ status: true, code: 200, data: rules })),
  http.put('/staff/api/state-rules/:state', async ({ request, params }) => {
    const body = (await request.json()) as any;
    puts.push({ state: String(params.state), body });
    if (typeof body.cost_cap_multiplier === 'number' && body.cost_cap_multiplier > 5) {
      return invalidAnswer({
        cost_cap_multiplier: [
          'The cost cap must be a multiple of the cash price from 1 to 5 (for example 2.25), or empty for no cap.',
        ],
      });
    }
    const saved = { ...rules.find((r) => r.state === params.state)!, ...body, v: body.v + 1 };
    return HttpResponse.json({
      status: true,
      code: 200,
      data: saved,
      message: `The rules of ${String(params.state)} were saved. The next decision uses them.`,
    });
  }),
);
serveDuringTests(server);

describe('State Rules screen', () => {
  it('lists every state, edits one with its version and shows a 422 at the cap', async () => {
    const user = userEvent.setup();
    renderStaff(<StateRulesScreen />, {
      path: '/state-rules',
      permissions: ['state-rules.view', 'state-rules.update'],
    });
    const table = await screen.findByRole('table', { name: 'State Rules' });
    expect(within(table).getAllByRole('row')).toHaveLength(52);
    expect(within(table).getByRole('row', { name: /^MN/ })).toHaveTextContent('Not offered');
    expect(within(table).getByRole('row', { name: /^CA/ })).toHaveTextContent('2.25x');

    await user.click(screen.getByRole('button', { name: 'Edit TX' }));
    const cap = screen.getByRole('spinbutton', { name: 'Total cost cap (x cash price)' });
    await user.type(cap, '9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cap).toHaveAttribute('aria-invalid', 'true'));
    expect(cap).toHaveAccessibleDescription(/from 1 to 5/);

    await user.clear(cap);
    await user.type(cap, '2.1');
    await user.click(screen.getByRole('checkbox', { name: 'Leasing offered' }));
    await user.type(screen.getByRole('textbox', { name: 'Required disclosures' }), 'Texas notice');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument());
    expect(puts.at(-1)).toEqual({
      state: 'TX',
      body: { offered: false, cost_cap_multiplier: 2.1, ocp_allowed: true, disclosures: 'Texas notice', v: 1 },
    });
    expect(within(table).getByRole('row', { name: /^TX/ })).toHaveTextContent('2.1x');
  }, 30_000);

  it('shows no edit buttons to a viewer', async () => {
    renderStaff(<StateRulesScreen />, { path: '/state-rules', permissions: ['state-rules.view'] });
    await screen.findByRole('table', { name: 'State Rules' });
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.getByText('You may view these settings but not change them.')).toBeInTheDocument();
  }, 15_000);
});
