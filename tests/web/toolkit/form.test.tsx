// ServerForm end to end against the msw demo resource: schema fetch, validation, submit, 422, unsaved changes.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import { TAKEN_EMAIL, toolkitHandlers, WIDGETS_URL } from '../../../msw/toolkit-handlers.ts';
import { PanelModal } from '../../../web/toolkit/dialogs/PanelModal.tsx';
import { ServerForm } from '../../../web/toolkit/form/ServerForm.tsx';
import { renderWithToolkit } from './render.tsx';
import { serveDuringTests } from '../../support/msw-server.ts';

const server = setupServer(...toolkitHandlers);
serveDuringTests(server);

describe('ServerForm', () => {
  it('fetches its schema with GET url?_form=true and shows the values', async () => {
    renderWithToolkit(<ServerForm url={WIDGETS_URL} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading form…');
    const form = await screen.findByRole('form', { name: 'Edit Widget' });
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('Blue widget');
    expect(within(form).getByRole('heading', { name: 'Contact 1' })).toBeInTheDocument();
  });

  it('shows the error when the schema cannot be loaded, with a retry', async () => {
    server.use(
      http.get(WIDGETS_URL, () =>
        HttpResponse.json({ status: false, code: 404, message: 'Requested widget was not found' }, { status: 404 }),
      ),
    );
    renderWithToolkit(<ServerForm url={WIDGETS_URL} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Requested widget was not found');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('validates before submitting and focuses the first invalid field', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    renderWithToolkit(<ServerForm url={WIDGETS_URL} onSuccess={onSuccess} />);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(name).toHaveAccessibleDescription('This field is required!');
    expect(name).toHaveFocus();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('posts the model to the schema action (params in the path and the query); status true with code 200 is success', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    renderWithToolkit(<ServerForm url={WIDGETS_URL} onSuccess={onSuccess} />);
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), ' XL');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const [result, values] = onSuccess.mock.calls[0]!;
    expect(result).toMatchObject({
      status: true,
      code: 200,
      data: { id: 7, include: 'contacts', name: 'Blue widget XL' },
    });
    expect(values).toMatchObject({ name: 'Blue widget XL', email: 'owner@example.com' });
    expect(await screen.findByRole('status')).toHaveTextContent('Widget saved');
  });

  it('applies the 422 field errors to the matching fields (dotted names)', async () => {
    const user = userEvent.setup();
    renderWithToolkit(<ServerForm url={WIDGETS_URL} />);
    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    await user.clear(email);
    await user.type(email, TAKEN_EMAIL);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The given data was invalid.');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('E-mail in use');
    expect(screen.getByRole('textbox', { name: 'Contact name' })).toHaveAccessibleDescription(
      'The contact name is already used.',
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
    expect(email).toHaveFocus();
  });

  it("shows 'An unknown error occurred' when a failure has no message", async () => {
    const user = userEvent.setup();
    server.use(http.post(`${WIDGETS_URL}/:id`, () => HttpResponse.json({ status: false, code: 409 })));
    renderWithToolkit(<ServerForm url={WIDGETS_URL} />);
    await screen.findByRole('form');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An unknown error occurred');
  });

  it('treats status true with another code as a failure alert', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    server.use(
      http.post(`${WIDGETS_URL}/:id`, () =>
        HttpResponse.json({ status: true, code: 202, message: 'Queued for review' }),
      ),
    );
    renderWithToolkit(<ServerForm url={WIDGETS_URL} onSuccess={onSuccess} />);
    await screen.findByRole('form');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Queued for review');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('asks before cancelling with unsaved changes: Keep stays, Discard cancels', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    renderWithToolkit(<ServerForm url={WIDGETS_URL} onCancel={onCancel} />);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(name, '!');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    let dialog = screen.getByRole('alertdialog', {
      name: 'Looks like you made some changes, are you sure you want to cancel? Any changes would be lost.',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onCancel).not.toHaveBeenCalled();
    expect(name).toHaveValue('Blue widget!');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(name).toHaveValue('Blue widget');
  });

  it('cancels without asking when nothing changed', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    renderWithToolkit(<ServerForm url={WIDGETS_URL} onCancel={onCancel} />);
    await screen.findByRole('form');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('the panel modal', () => {
  function Editor() {
    const [open, setOpen] = useState(true);
    const [dirty, setDirty] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open editor
        </button>
        <PanelModal open={open} title="Edit Widget" dirty={dirty} onClose={() => setOpen(false)}>
          <ServerForm url={WIDGETS_URL} hideTitle onDirtyChange={setDirty} />
        </PanelModal>
      </>
    );
  }

  it('asks before closing with unsaved changes (Escape or the close button)', async () => {
    const user = userEvent.setup();
    renderWithToolkit(<Editor />);
    const panel = screen.getByRole('dialog', { name: 'Edit Widget' });
    const name = await within(panel).findByRole('textbox', { name: 'Name' });
    await user.type(name, '2');
    await user.keyboard('{Escape}');
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveTextContent('Looks like you made some changes');
    await user.click(within(confirm).getByRole('button', { name: 'Keep' }));
    expect(screen.getByRole('dialog', { name: 'Edit Widget' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog', { name: 'Edit Widget' })).toBeNull();
  });

  it('closes at once when nothing changed', async () => {
    const user = userEvent.setup();
    renderWithToolkit(<Editor />);
    await screen.findByRole('textbox', { name: 'Name' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
