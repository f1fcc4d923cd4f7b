import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdentityCheckStep } from '../../../web/shopper/identity-check/IdentityCheckStep.tsx';
import { fakeBackend, flush, renderFlow, type FakeRoute } from './harness.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function backend(routes: Record<string, FakeRoute>) {
  return fakeBackend({
    'POST /apply-v2/intellicheck/send': () => ({ data: { id: 'idv_1' }, message: 'Link sent to your Mobile phone.' }),
    'POST /apply-v2/intellicheck/verify': () => ({ data: { completed: true } }),
    ...routes,
  });
}

const phoneInput = () => screen.getByLabelText(/Mobile phone/);
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('IdentityCheckStep', () => {
  it('masks the phone, keeps Continue disabled until the link was sent, then verifies', async () => {
    const api = backend({});
    const onCompleted = vi.fn();
    renderFlow(<IdentityCheckStep position="applicantInfo" onCompleted={onCompleted} />);
    fireEvent.change(phoneInput(), { target: { value: '5552017788' } });
    expect(phoneInput()).toHaveValue('(555) 201-7788');
    expect(phoneInput()).toHaveAttribute('maxlength', '14');
    expect(continueButton()).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    await flush();
    expect(api.calls.find((c) => c.path === '/apply-v2/intellicheck/send')?.body).toEqual({ phone: '(555) 201-7788' });
    expect(screen.getByTestId('identity-notice')).toHaveTextContent('Link sent to your Mobile phone.');
    expect(continueButton()).toBeEnabled();
    fireEvent.click(continueButton());
    await flush();
    expect(onCompleted).toHaveBeenCalledWith('idv_1');
    expect(screen.getByText('Identity check completed.')).toBeInTheDocument();
  });

  it('requires a phone in the mask before sending', async () => {
    const api = backend({});
    renderFlow(<IdentityCheckStep position="confirmation" onCompleted={vi.fn()} />);
    fireEvent.change(phoneInput(), { target: { value: '555' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    await flush();
    expect(phoneInput()).toHaveAttribute('aria-invalid', 'true');
    expect(phoneInput()).toHaveAccessibleDescription(/Enter a mobile phone number as \(###\) ###-####\./);
    expect(api.calls).toHaveLength(0);
  });

  it('code 208 (already sent) goes straight to verify', async () => {
    const api = backend({
      'POST /apply-v2/intellicheck/send': () => ({ status: 208, code: 208, data: { id: 'idv_done' } }),
    });
    const onCompleted = vi.fn();
    renderFlow(<IdentityCheckStep position="checkout" phone="(555) 201-7788" onCompleted={onCompleted} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    await flush();
    expect(api.count('POST', '/apply-v2/intellicheck/verify')).toBe(1);
    expect(onCompleted).toHaveBeenCalledWith('idv_done');
  });

  it('not completed yet (202) shows "Unable to complete process…" and re-enables Continue; a failed check disables it', async () => {
    let verify: any = {
      status: 202,
      code: 202,
      data: { completed: false },
      message: 'Unable to complete process. Please wait a few seconds and try again.',
    };
    backend({ 'POST /apply-v2/intellicheck/verify': () => verify });
    renderFlow(<IdentityCheckStep position="applicantInfo" phone="5552017788" onCompleted={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    await flush();
    fireEvent.click(continueButton());
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Unable to complete process. Please wait a few seconds and try again.',
    );
    expect(continueButton()).toBeEnabled();

    verify = {
      status: 422,
      data: { completed: false },
      message: 'Unable to complete process. Please wait a few seconds and try again.',
    };
    fireEvent.click(continueButton());
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Unable to complete process. Please wait a few seconds and try again.',
    );
    expect(continueButton()).toBeDisabled();
  });

  it('a network failure on verify (code 0) re-enables Continue; texts in Spanish', async () => {
    backend({ 'POST /apply-v2/intellicheck/verify': () => ({ network: true }) });
    renderFlow(<IdentityCheckStep position="applicantInfo" phone="5552017788" onCompleted={vi.fn()} />, 'es');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    await flush();
    const cont = screen.getByRole('button', { name: 'Continuar' });
    fireEvent.click(cont);
    await flush();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeEnabled();
  });
});
