// The account's sign-in against the msw lessee API: a bad phone is refused on its field before anything is sent; a
// code is sent to the phone or the e-mail; a wrong code shows the server's words (attempts left) on the code field;
// "Send a new code" waits out the pause; the right code opens the lessee's leases; Spanish throughout.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { customerApi, GOOD_CODE } from '../../../msw/customer-handlers.ts';
import { renderAccount } from './render-account.tsx';
import { SESSION_HINT_KEY } from '../../../web/customer/common/session-hint.ts';
import { serveDuringTests } from '../../support/msw-server.ts';

const api = { current: customerApi() };
const server = setupServer();
vi.setConfig({ testTimeout: 20_000 });
serveDuringTests(server);

function fresh() {
  api.current = customerApi();
  server.use(...api.current.handlers);
  return api.current.state;
}

describe('signing in to the account', () => {
  it('sends a code to the phone on the lease and signs in with it', async () => {
    const state = fresh();
    const user = userEvent.setup();
    localStorage.removeItem(SESSION_HINT_KEY);
    renderAccount('#/leases');
    // not signed in here last time: the sign-in shows at once, as the page's prerendered picture of it did, with no
    // loading line while the server is asked
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to your lease account' })).toBeVisible();
    expect(screen.queryByText('Loading your account…')).toBeNull();
    // signed out: any route ends on the sign-in
    await waitFor(() => expect(location.hash).toBe('#/sign-in'));

    const phone = screen.getByLabelText('Mobile phone number');
    await user.type(phone, '55501');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(phone).toHaveAccessibleDescription(/Enter a 10-digit US phone number/);
    expect(state.calls).toEqual([]);

    await user.clear(phone);
    await user.type(phone, '5555550100');
    expect(phone).toHaveValue('(555) 555-0100');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('One-time code');
    expect(state.calls[0]).toMatchObject({ path: 'auth/code', body: { phone: '5555550100' } });
    expect(
      screen.getByText(/If this phone number is on a lease, we sent a code to it. It expires in 10 minutes./),
    ).toBeVisible();
    // the server said 30 s before another code
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
    expect(screen.getByText(/You can ask for a new code in \d+ seconds/)).toBeVisible();

    await user.type(code, '11111');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(/That code is not right. 4 attempts left./));
    expect(code).toHaveValue('');
    expect(code).toHaveFocus();

    await user.type(code, GOOD_CODE);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My leases' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Lease L-1001' })).toBeVisible();
    expect(location.hash).toBe('#/leases');
    // the next visit from this browser waits for its session instead of showing the sign-in picture
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to your lease account' })).toBeVisible();
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBeNull();
  });

  it('sends the code to an e-mail, and says so in Spanish', async () => {
    const state = fresh();
    const user = userEvent.setup();
    renderAccount('#/sign-in', 'es');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inicie sesión en su cuenta de arrendamiento' }),
    ).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Mi correo electrónico' }));
    const email = screen.getByLabelText('Correo electrónico');
    await user.type(email, 'jane@');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(email).toHaveAccessibleDescription(/Ingrese un correo electrónico como nombre@ejemplo.com/);
    await user.type(email, 'example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByLabelText('Código de un solo uso')).toBeVisible();
    expect(state.calls[0]).toMatchObject({ path: 'auth/code', body: { email: 'jane@example.com', lang: 'es' } });
    expect(screen.getByText(/Si este correo electrónico está en un arrendamiento/)).toBeVisible();

    // an incomplete code is refused here; a different address goes back to the first step
    await user.type(screen.getByLabelText('Código de un solo uso'), '12');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(screen.getByLabelText('Código de un solo uso')).toHaveAccessibleDescription(
      /Ingrese los 5 dígitos del código/,
    );
    await user.click(screen.getByRole('button', { name: 'Usar otro teléfono o correo' }));
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('jane@example.com');
  });

  it('after too many wrong codes, says a new code is needed', async () => {
    const state = fresh();
    state.wrongCodes = 5;
    const user = userEvent.setup();
    renderAccount('#/sign-in');
    await user.type(await screen.findByLabelText('Mobile phone number'), '5555550100');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('One-time code'), GOOD_CODE);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByLabelText('One-time code')).toHaveAccessibleDescription(
        /Too many wrong codes. Ask for a new code.$/,
      ),
    );
    // a spent code lifts the pause: a new code may be asked for at once
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  });
});
