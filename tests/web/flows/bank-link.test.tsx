import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BankLinkPanel } from '../../../web/shopper/bank-link/BankLinkPanel.tsx';
import { fakeBackend, flush, renderFlow, type FakeRoute } from './harness.tsx';

const account = (id: string, name: string, mask: string) => ({
  id,
  name,
  type: 'checking',
  mask,
  institution: { name: 'Multi Account Bank' },
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function backend(overrides: Record<string, FakeRoute> = {}) {
  let found = false;
  const api = fakeBackend({
    'POST /api/v1/bank-link/send-email': () => ({ data: { sent: true, profile_deleting: false, missing_data: null } }),
    'GET /api/v1/bank-link/check-profile': () => ({
      data: found ? { profileFound: true, profileId: 'item_1' } : { profileFound: false, profileId: null },
    }),
    'GET /api/v1/bank-link/fetch-accounts': () => ({
      data: { accounts: [account('acc_1', 'Everyday Checking', '4321')] },
    }),
    'GET /api/v1/bank-link/fetch-ach-numbers': ({ url }) => ({
      data: {
        achNumbers: { routing: '021000021', number: '9876544321', accountId: url.searchParams.get('accountId') },
        bankName: 'JPMorgan Chase Bank, N.A.',
      },
    }),
    'GET /api/v1/bank-link/abandon': () => ({ data: null }),
    ...overrides,
  });
  return { api, connect: () => (found = true) };
}

describe('BankLinkPanel', () => {
  it('sends the link by e-mail, polls every 10 s in the connection dialog, and fills the banking step with one account', async () => {
    const { api, connect } = backend();
    const onLinked = vi.fn();
    renderFlow(<BankLinkPanel applicantId="app-1" sendBy={2} onLinked={onLinked} />);
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me the link' }));
    await flush();
    const dialog = screen.getByTestId('bank-in-progress');
    expect(within(dialog).getByRole('heading', { name: 'Connection in progress' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('We sent a link to your e-mail address.');
    expect(api.count('GET', '/api/v1/bank-link/check-profile')).toBe(0);
    await flush(10_000);
    expect(api.count('GET', '/api/v1/bank-link/check-profile')).toBe(1);
    await flush(10_000);
    expect(api.count('GET', '/api/v1/bank-link/check-profile')).toBe(2);
    connect();
    await flush(10_000);
    expect(onLinked).toHaveBeenCalledWith({
      mode: 'linked',
      routing_number: '021000021',
      checking_account: '9876544321',
      bank_link_used: true,
      bank_link_profile_id: 'item_1',
      bank_link_account_id: 'acc_1',
      bank_name: 'JPMorgan Chase Bank, N.A.',
    });
    expect(screen.getByText('Bank account connected.')).toBeInTheDocument();
  });

  it('a manual check that finds no profile says "Profile not ready…" for 5 s', async () => {
    backend();
    renderFlow(<BankLinkPanel applicantId="app-1" sendBy={1} onLinked={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Text me the link' }));
    await flush();
    expect(screen.getByTestId('bank-in-progress')).toHaveTextContent('We sent a link to your mobile phone.');
    fireEvent.click(screen.getByRole('button', { name: 'I have connected my bank' }));
    await flush();
    expect(screen.getByText('Profile not ready. Please try again in a moment.')).toBeInTheDocument();
    await flush(5_000);
    expect(screen.queryByText('Profile not ready. Please try again in a moment.')).toBeNull();
  });

  it('several accounts open the picker; ACH numbers poll every 2 s and fail after 30 s naming the last 4', async () => {
    const { connect } = backend({
      'GET /api/v1/bank-link/fetch-accounts': () => ({
        data: { accounts: [account('acc_1', 'Everyday Checking', '1111'), account('acc_2', 'Bills Checking', '2222')] },
      }),
      'GET /api/v1/bank-link/fetch-ach-numbers': () => ({ data: { achNumbers: null, pending: true } }),
    });
    connect();
    renderFlow(<BankLinkPanel applicantId="app-1" sendBy={2} onLinked={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me the link' }));
    await flush(10_000);
    const picker = screen.getByTestId('bank-account-picker');
    expect(within(picker).getByRole('heading', { name: 'Choose an account' })).toBeInTheDocument();
    fireEvent.click(within(picker).getByLabelText(/Bills Checking \(checking\) ending in 2222/));
    fireEvent.click(within(picker).getByRole('button', { name: 'Use this account' }));
    await flush();
    expect(screen.getByTestId('bank-ach-countdown')).toHaveTextContent(
      'Getting the details of the account ending in 2222… 30 s',
    );
    await flush(10_000);
    expect(screen.getByTestId('bank-ach-countdown')).toHaveTextContent('20 s');
    await flush(20_000);
    const again = screen.getByTestId('bank-account-picker');
    expect(within(again).getByRole('alert')).toHaveTextContent(
      'Failed to get ACH numbers for the account ending: ****2222. Please try selecting this account again after a moment, try choosing a different account or contact support. You can also enter the details manually.',
    );
  });

  it('no accounts: the message with the manual entry link, behind the "I understand" confirmation', async () => {
    const { connect } = backend({ 'GET /api/v1/bank-link/fetch-accounts': () => ({ data: { accounts: [] } }) });
    connect();
    const onManual = vi.fn();
    renderFlow(<BankLinkPanel applicantId="app-1" sendBy={2} onLinked={vi.fn()} onManual={onManual} />);
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me the link' }));
    await flush(10_000);
    expect(screen.getByRole('alert')).toHaveTextContent('No accounts found for the connected profile.');
    fireEvent.click(screen.getByRole('button', { name: 'Enter the details manually' }));
    await flush();
    const confirm = screen.getByTestId('bank-manual-confirm');
    expect(within(confirm).getByRole('heading', { name: 'Enter your bank details manually' })).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'I understand' }));
    await flush();
    expect(onManual).toHaveBeenCalledTimes(1);
  });

  it('profile_deleting shows its message for 10 s; a send failure shows for 5 s and no polling starts', async () => {
    let answer: any = { data: { profile_deleting: true } };
    const { api } = backend({ 'POST /api/v1/bank-link/send-email': () => answer });
    renderFlow(<BankLinkPanel applicantId="app-1" sendBy={2} onLinked={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me the link' }));
    await flush();
    const text =
      'Either the email or phone number is not valid. Please use another email and / or phone or try again later.';
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    await flush(9_000);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    await flush(1_000);
    expect(screen.queryByText(text)).toBeNull();

    answer = { status: 502, message: 'The link could not be sent. Please try again later.' };
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me the link' }));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('The link could not be sent. Please try again later.');
    await flush(5_000);
    expect(screen.queryByRole('alert')).toBeNull();
    await flush(20_000);
    expect(api.count('GET', '/api/v1/bank-link/check-profile')).toBe(0);
  });

  it('missing_data names the refused details, in Spanish too', async () => {
    backend({ 'POST /api/v1/bank-link/send-email': () => ({ data: { missing_data: ['email'] } }) });
    renderFlow(<BankLinkPanel applicantId="app-1" sendBy={2} onLinked={vi.fn()} />, 'es');
    fireEvent.click(screen.getByRole('button', { name: 'Enviarme el enlace por correo electrónico' }));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Estos datos no se pueden usar: email.');
  });
});
