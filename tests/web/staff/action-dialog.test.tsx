// A lease status action that takes inputs (switch store, delivery date, a note): each input labelled, the first one
// focused, the delivery date starting from the record's, the note's hint tied to it; the server's 422 keeps the dialog
// open with its message and each field's error tied to its input; No closes without posting.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { StaffActionView } from '../../../machines/contracts/staff-leases.ts';
import { applicationDetail, LEASES_URL, staffLeasesHandlers } from '../../../msw/staff-leases-handlers.ts';
import { ActionDialog } from '../../../web/staff/features/applications/ActionDialog.tsx';
import { renderStaff } from './render-staff.tsx';
import { serveDuringTests } from '../../support/msw-server.ts';

const server = setupServer(...staffLeasesHandlers);
vi.setConfig({ testTimeout: 20_000 });
serveDuringTests(server);

const moveStore: StaffActionView = {
  id: 'switch-store',
  label: 'Switch store',
  to: 'V',
  to_label: '(V) Approved/Pending Contract',
  confirm: 'You are moving "Jane Doe" to another store.',
  permitted: true,
  inputs: ['store_id', 'delivery_date', 'note'],
};

describe('a lease status action with inputs', () => {
  it("labels and focuses its inputs and shows the server's field errors at them", async () => {
    const user = userEvent.setup();
    const posted: Record<string, unknown>[] = [];
    server.use(
      http.post(`${LEASES_URL}/:id/actions/switch-store`, async ({ request }) => {
        posted.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(
          {
            status: false,
            code: 422,
            data: null,
            message: 'Check the highlighted fields.',
            errors: { store_id: ['That store is closed.'], note: ['Too long.'] },
          },
          { status: 422 },
        );
      }),
    );
    const onDone = vi.fn();
    const onRefused = vi.fn();
    const onClose = vi.fn();
    renderStaff(
      <ActionDialog
        detail={applicationDetail({ delivery_date: '2025-03-10T15:00:00.000Z' })}
        action={moveStore}
        onDone={onDone}
        onRefused={onRefused}
        onClose={onClose}
      />,
      { permissions: ['applications.view'] },
    );

    const dialog = screen.getByRole('alertdialog', { name: 'Switch store' });
    expect(dialog).toHaveAccessibleDescription('You are moving "Jane Doe" to another store.');
    const store = within(dialog).getByRole('combobox', { name: 'New store' });
    expect(store).toHaveFocus();
    expect(await within(store).findByRole('option', { name: 'Express' })).toBeEnabled();
    expect(within(store).getByRole('option', { name: 'Main Street' })).toBeDisabled();
    expect(within(dialog).getByLabelText('Delivery date')).toHaveValue('2025-03-10');
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    expect(note).toHaveAccessibleDescription('Optional, up to 1000 characters; kept on the timeline.');

    await user.selectOptions(store, 'sto-express');
    await user.type(note, '  moved by phone  ');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Check the highlighted fields.');
    expect(posted).toEqual([{ v: 3, store_id: 'sto-express', delivery_date: '2025-03-10', note: 'moved by phone' }]);
    expect(onRefused).toHaveBeenCalledWith(422);
    expect(onDone).not.toHaveBeenCalled();
    expect(store).toHaveAttribute('aria-invalid', 'true');
    expect(store).toHaveAccessibleDescription('That store is closed.');
    expect(note).toHaveAccessibleDescription('Optional, up to 1000 characters; kept on the timeline. Too long.');
    expect(within(dialog).getByLabelText('Delivery date')).not.toHaveAttribute('aria-invalid');

    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted).toHaveLength(1);
  });
});
