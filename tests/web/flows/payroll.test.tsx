import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PayrollPanel } from '../../../web/shopper/payroll/PayrollPanel.tsx';
import { fakeBackend, flush, renderFlow, type FakeRoute } from './harness.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const approved = { code: 'A', payroll: { is_eligible: true, type: 'async' } };
const ID = '11111111-2222-4333-8444-555555555555';
const EMPLOYERS = [
  { id: 'emp_walmart', employerName: 'Walmart', pdSupported: true },
  { id: 'emp_costco', employerName: 'Costco Wholesale', pdSupported: false },
];

function backend(routes: Record<string, FakeRoute> = {}) {
  return fakeBackend({
    'GET /api/v1/payroll/employers': ({ url }) => ({
      data: EMPLOYERS.filter((e) =>
        e.employerName.toLowerCase().includes((url.searchParams.get('keyword') ?? '').toLowerCase()),
      ),
    }),
    [`POST /api/v1/payroll/${ID}`]: () => ({ data: { state: 'initiated' }, message: 'Affordability check initiated!' }),
    [`POST /api/v1/payroll/${ID}/refresh`]: () => ({
      status: 202,
      message:
        'Affordability check pending! please complete process, or try again in a few minutes if you have already completed the process.',
    }),
    [`POST /api/v1/payroll/${ID}/restart`]: () => ({ data: null, message: 'Link sent successfully!' }),
    ...routes,
  });
}

async function startWithWalmart() {
  fireEvent.change(screen.getByLabelText('Employer', { selector: 'input' }), { target: { value: 'Walm' } });
  await flush(500);
  fireEvent.click(screen.getByRole('radio', { name: 'Walmart' }));
  fireEvent.click(screen.getByRole('button', { name: 'Start the affordability check' }));
  await flush();
}

describe('PayrollPanel', () => {
  it('is not shown when the result is not payroll-eligible', () => {
    backend();
    const { container } = renderFlow(
      <PayrollPanel applicationId={ID} result={{ code: 'A', payroll: { is_eligible: false, type: 'async' } }} />,
    );
    expect(container.querySelector('[data-testid="payroll-panel"]')).toBeNull();
  });

  it('searches from 3 characters after 500 ms of quiet; an empty list says "Employer not supported!"', async () => {
    const api = backend();
    renderFlow(<PayrollPanel applicationId={ID} result={approved} />);
    const input = screen.getByLabelText('Employer', { selector: 'input' });
    fireEvent.change(input, { target: { value: 'Wa' } });
    await flush(1_000);
    expect(api.count('GET', '/api/v1/payroll/employers')).toBe(0);
    fireEvent.change(input, { target: { value: 'Wal' } });
    await flush(300);
    fireEvent.change(input, { target: { value: 'Walm' } });
    await flush(499);
    expect(api.count('GET', '/api/v1/payroll/employers')).toBe(0);
    await flush(1);
    expect(api.count('GET', '/api/v1/payroll/employers')).toBe(1);
    expect(screen.getByRole('radio', { name: 'Walmart' })).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'Zzzz' } });
    await flush(500);
    expect(screen.getByRole('alert')).toHaveTextContent('Employer not supported!');
    fireEvent.change(input, { target: { value: 'Costco' } });
    await flush(500);
    fireEvent.click(screen.getByRole('radio', { name: 'Costco Wholesale' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Employer not supported!');
    expect(screen.getByRole('button', { name: 'Start the affordability check' })).toBeDisabled();
  });

  it('starts, refreshes by itself after 3 s, and a completed refresh replaces the result', async () => {
    const next = {
      code: 'A',
      offerAmounts: { A: '2500.00' },
      payroll: {
        is_eligible: false,
        type: 'async',
        result: { success: true, message: 'Your income was verified. You are now approved for up to $2,500.00.' },
      },
    };
    let refreshes = 0;
    const onResult = vi.fn();
    backend({
      [`POST /api/v1/payroll/${ID}/refresh`]: () => (
        ++refreshes,
        { data: { result: next }, message: 'Eligibility process completed!' }
      ),
    });
    renderFlow(<PayrollPanel applicationId={ID} result={approved} onResult={onResult} />);
    await startWithWalmart();
    expect(screen.getByTestId('payroll-notice')).toHaveTextContent('Affordability check initiated!');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Resend link' })).toBeEnabled();
    await flush(2_999);
    expect(refreshes).toBe(0);
    await flush(1);
    expect(refreshes).toBe(1);
    expect(screen.getByTestId('payroll-notice')).toHaveTextContent('Eligibility process completed!');
    expect(screen.getByTestId('payroll-outcome')).toHaveTextContent('Your income was verified.');
    expect(onResult).toHaveBeenCalledWith(next);
  });

  it('failure titles: "cannot increase offer" for code A, "application will not be approved" otherwise', async () => {
    const kept = {
      code: 'A',
      payroll: {
        is_eligible: false,
        type: 'async',
        result: { success: false, message: 'Your current offer is still available.' },
      },
    };
    backend({ [`POST /api/v1/payroll/${ID}/refresh`]: () => ({ data: { result: kept } }) });
    renderFlow(<PayrollPanel applicationId={ID} result={approved} />);
    await startWithWalmart();
    await flush(3_000);
    expect(screen.getByTestId('payroll-outcome')).toHaveTextContent('cannot increase offer');
  });

  it('application will not be approved (code D)', async () => {
    const denied = {
      code: 'D',
      payroll: {
        is_eligible: false,
        type: 'async',
        result: { success: false, message: 'We are unable to approve your application.' },
      },
    };
    backend({ [`POST /api/v1/payroll/${ID}/refresh`]: () => ({ data: { result: denied } }) });
    renderFlow(<PayrollPanel applicationId={ID} result={approved} />, 'es');
    fireEvent.change(screen.getByLabelText('Empleador', { selector: 'input' }), { target: { value: 'Walm' } });
    await flush(500);
    fireEvent.click(screen.getByRole('radio', { name: 'Walmart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar la verificación de capacidad de pago' }));
    await flush(3_000);
    expect(screen.getByTestId('payroll-outcome')).toHaveTextContent('la solicitud no será aprobada');
  });

  it('a manual refresh that fails on the network says the check is pending; restart says whether the link went out', async () => {
    let refresh: any = { network: true };
    let restart: any = { data: null };
    backend({
      [`POST /api/v1/payroll/${ID}/refresh`]: () => refresh,
      [`POST /api/v1/payroll/${ID}/restart`]: () => restart,
    });
    renderFlow(<PayrollPanel applicationId={ID} result={approved} />);
    await startWithWalmart();
    await flush(3_000); // the automatic refresh failed quietly
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await flush();
    expect(screen.getByTestId('payroll-notice')).toHaveTextContent(
      'Affordability check pending! please complete process, or try again in a few minutes if you have already completed the process.',
    );
    refresh = { status: 500, message: 'Oops! Something went wrong, please try again!' };
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Oops! Something went wrong, please try again!');
    fireEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    await flush();
    expect(screen.getByTestId('payroll-notice')).toHaveTextContent('Link sent successfully!');
    restart = { status: 502, message: 'x' };
    fireEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to send link!');
  });
});
