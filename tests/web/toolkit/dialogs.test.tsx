// Confirmation dialogs (presets, focus trap, Escape) and notifications (top-right toasts for 5000 ms).
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { ConfirmOptions } from '../../../web/toolkit/dialogs/ConfirmDialog.tsx';
import { useConfirm, useNotify } from '../../../web/toolkit/dialogs/DialogsProvider.tsx';
import { renderWithToolkit } from './render.tsx';

function Asker({ options }: { options?: ConfirmOptions }) {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button type="button" onClick={() => void confirm(options).then((yes) => setAnswer(yes ? 'yes' : 'no'))}>
        Ask
      </button>
      <output aria-label="answer">{answer}</output>
    </>
  );
}

describe('the confirm dialog', () => {
  it("asks 'Are you sure?' with Yes and No by default", async () => {
    const user = userEvent.setup();
    renderWithToolkit(<Asker />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByLabelText('answer')).toHaveTextContent('yes');
  });

  it("has the delete preset: 'Please Confirm', 'Are you sure you want to delete this?', YES/NO", async () => {
    const user = userEvent.setup();
    renderWithToolkit(<Asker options={{ preset: 'delete' }} />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Please Confirm' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this?');
    expect(within(dialog).getByRole('button', { name: 'YES' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'NO' }));
    expect(screen.getByLabelText('answer')).toHaveTextContent('no');
  });

  it('moves the focus in, traps Tab, closes on Escape and gives the focus back', async () => {
    const user = userEvent.setup();
    renderWithToolkit(<Asker />);
    const ask = screen.getByRole('button', { name: 'Ask' });
    await user.click(ask);
    const dialog = screen.getByRole('alertdialog');
    const no = within(dialog).getByRole('button', { name: 'No' });
    const yes = within(dialog).getByRole('button', { name: 'Yes' });
    expect(no).toHaveFocus();
    await user.tab();
    expect(yes).toHaveFocus();
    await user.tab();
    expect(no).toHaveFocus();
    await user.tab({ shift: true });
    expect(yes).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByLabelText('answer')).toHaveTextContent('no');
    expect(ask).toHaveFocus();
  });

  it('shows the texts in Spanish', async () => {
    const user = userEvent.setup();
    renderWithToolkit(<Asker options={{ preset: 'unsaved' }} />, 'es');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Descartar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Conservar' })).toBeInTheDocument();
  });
});

function Notifier() {
  const notify = useNotify();
  return (
    <>
      <button type="button" onClick={() => notify({ type: 'success', message: 'Permissions updated!' })}>
        Save
      </button>
      <button
        type="button"
        onClick={() => notify({ type: 'error', title: 'Unable to save', message: 'Store is not active!' })}
      >
        Fail
      </button>
    </>
  );
}

describe('notifications', () => {
  it('shows toasts in the notifications region for 5000 ms', () => {
    vi.useFakeTimers();
    try {
      renderWithToolkit(<Notifier />);
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      const region = screen.getByRole('region', { name: 'Notifications' });
      expect(within(region).getByRole('status')).toHaveTextContent('Permissions updated!');
      void act(() => vi.advanceTimersByTime(4999));
      expect(within(region).queryByRole('status')).not.toBeNull();
      void act(() => vi.advanceTimersByTime(1));
      expect(within(region).queryByRole('status')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('announces errors assertively and can be dismissed', async () => {
    const user = userEvent.setup();
    renderWithToolkit(<Notifier />);
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Unable to save');
    expect(alert).toHaveTextContent('Store is not active!');
    await user.click(within(alert).getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
