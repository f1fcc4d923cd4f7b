// A credential shown once (issue 25: the API token and OAuth client dialogs are one component): the OAuth client's id
// and secret are shown read-only, Copy copies the secret (not the id) and says so, and "I have copied it" closes it.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ShownOnceDialog } from '../../../web/staff/common/ShownOnceDialog.tsx';
import { renderStaff } from './render-staff.tsx';

function ClientCreated() {
  const [open, setOpen] = useState(true);
  return open ? (
    <ShownOnceDialog
      title="network.oauth.title"
      message="network.oauth.created"
      fields={[
        { label: 'network.oauth.clientId', value: 'cl_123' },
        { label: 'network.oauth.secret', value: 'cs_secret_456', copy: true },
      ]}
      onClose={() => setOpen(false)}
    />
  ) : (
    <p>closed</p>
  );
}

describe('a credential shown once', () => {
  it('shows the client id and secret, copies the secret, and closes for good', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderStaff(<ClientCreated />);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByLabelText('Client id')).toHaveValue('cl_123');
    expect(within(dialog).getByLabelText('Client secret')).toHaveValue('cs_secret_456');
    expect(within(dialog).getByLabelText('Client secret')).toHaveAttribute('readonly');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('cs_secret_456');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Copied to the clipboard.');
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('closed')).toBeInTheDocument();
  });
});
