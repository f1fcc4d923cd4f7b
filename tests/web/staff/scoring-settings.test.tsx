// The Scoring Settings editors against an msw stand-in of the staff-scoring API: a cell is found by its label, a 422
// of the server shows its message at that cell, the draft is saved with its version, the preview shows the counts,
// and publishing asks for confirmation first.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { DEFAULT_SCORING_SETTINGS } from '../../../machines/domain/scoring-settings.ts';
import { ScoringSettingsScreen } from '../../../web/staff/features/scoring-settings/ScoringSettingsScreen.tsx';
import { invalidAnswer } from './envelopes.ts';
import { renderStaff } from './render-staff.tsx';
import { serveDuringTests } from '../../support/msw-server.ts';

const BASE = '/staff/api/scoring-settings';
const published = {
  id: 3,
  version: 'v3',
  settings: { ...DEFAULT_SCORING_SETTINGS, version: 'v3' },
  updated_at: '2026-01-05T10:00:00.000Z',
  updated_by: 'admin',
};
let draft: null | {
  settings: unknown;
  v: number;
  based_on: number;
  note: string | null;
  updated_at: string;
  updated_by: string;
} = null;
const puts: any[] = [];
let published_calls = 0;

const server = setupServer(
  http.get(BASE, () => HttpResponse.json({ status: true, code: 200, data: { published, draft } })),
  http.get(`${BASE}/versions`, () =>
    HttpResponse.json({
      status: true,
      code: 200,
      data: [
        {
          id: 3,
          version: 'v3',
          action: 'publish',
          note: 'Raise',
          restored_from: null,
          updated_at: published.updated_at,
          updated_by: 'admin',
          current: true,
        },
        {
          id: 2,
          version: 'v2',
          action: 'publish',
          note: null,
          restored_from: null,
          updated_at: published.updated_at,
          updated_by: 'admin',
          current: false,
        },
      ],
      meta: { current_page: 1, last_page: 1, per_page: 25, total: 3, from: 1, to: 2 },
    }),
  ),
  http.put(`${BASE}/draft`, async ({ request }) => {
    const body = (await request.json()) as any;
    puts.push(body);
    if (body.settings.approvalMatrix[5].amountsCents[2] < body.settings.approvalMatrix[5].amountsCents[1]) {
      return invalidAnswer({
        'settings.approvalMatrix.5.amountsCents.2': ['A higher income band must not get less than a lower one.'],
      });
    }
    draft = {
      settings: body.settings,
      v: (draft?.v ?? 0) + 1,
      based_on: 3,
      note: body.note,
      updated_at: '2026-01-06T10:00:00.000Z',
      updated_by: 'admin',
    };
    return HttpResponse.json({ status: true, code: 200, data: draft, message: 'Draft saved.' });
  }),
  http.post(`${BASE}/draft/preview`, () =>
    HttpResponse.json({
      status: true,
      code: 200,
      data: {
        sampled: 12,
        skipped: 0,
        decisions_changed: 1,
        amounts_changed: 3,
        approved_published: 8,
        approved_draft: 9,
        draft_version_based_on: 3,
        uuids: [],
        changes: [
          {
            uuid: 'abcdef12-0000',
            created_at: '2026-01-06T00:00:00Z',
            decile: 6,
            published: { code: 'A', approval_amount: '4000.00' },
            draft: { code: 'A', approval_amount: '5000.00' },
          },
        ],
      },
    }),
  ),
  http.post(`${BASE}/draft/publish`, () => {
    published_calls++;
    return HttpResponse.json({ status: true, code: 200, data: published, message: 'Scoring settings published.' });
  }),
);
serveDuringTests(server);

describe('Scoring Settings editors', () => {
  it('edits a cell, shows the server 422 at it, saves the draft, previews and publishes after confirmation', async () => {
    const user = userEvent.setup();
    renderStaff(<ScoringSettingsScreen />, {
      path: '/scoring-settings',
      permissions: ['scoring.view', 'scoring.edit', 'scoring.publish'],
    });

    const cell = await screen.findByRole('spinbutton', { name: 'Approval for decile 6, income from $3,000' });
    expect(cell).toHaveValue(4000);
    expect(screen.getByRole('table', { name: 'Score Multipliers' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Multiplier for decile 10, 24 months' })).toHaveValue(2);
    expect(screen.getByRole('spinbutton', { name: 'Minimum lease ($)' })).toHaveValue(300);

    // Below the band to its left: the server refuses it and the message sits at the cell.
    await user.clear(cell);
    await user.type(cell, '900');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(cell).toHaveAttribute('aria-invalid', 'true'));
    expect(cell).toHaveAccessibleDescription('A higher income band must not get less than a lower one.');
    expect(puts.at(-1).settings.approvalMatrix[5].amountsCents[2]).toBe(90_000);

    await user.clear(cell);
    await user.type(cell, '5000');
    await user.type(screen.getByRole('textbox', { name: 'Note about this change' }), 'Raise decile 6');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(cell).not.toHaveAttribute('aria-invalid'));
    expect(puts.at(-1)).toMatchObject({ note: 'Raise decile 6' });
    expect(puts.at(-1).settings.approvalMatrix[5].amountsCents[2]).toBe(500_000);

    const preview = await screen.findAllByRole('button', { name: 'Preview' });
    await user.click(preview[0]!);
    expect(await screen.findByText('12 applications re-scored: 1 decisions and 3 amounts change.')).toBeInTheDocument();
    const changes = screen.getByRole('table', { name: 'What if: the draft against recent applications' });
    expect(within(changes).getByRole('row', { name: /abcdef12/ })).toHaveTextContent('Approved $5,000');

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Publish this draft? The next decision uses it.');
    expect(published_calls).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(published_calls).toBe(1));

    // The history offers restore for versions not in force.
    const versions = screen.getByRole('table', { name: 'Versions' });
    expect(within(versions).getByRole('button', { name: 'Restore v2' })).toBeInTheDocument();
    expect(within(versions).queryByRole('button', { name: 'Restore v3' })).toBeNull();
  }, 30_000);

  it('is read-only without scoring.edit and offers no publish without scoring.publish', async () => {
    renderStaff(<ScoringSettingsScreen />, { path: '/scoring-settings', permissions: ['scoring.view'] });
    const cell = await screen.findByRole('spinbutton', { name: 'Approval for decile 6, income from $3,000' });
    expect(cell).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Restore/ })).toBeNull();
  }, 30_000);
});
