import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n.tsx';
import type { CardSessionView } from '../../../machines/contracts/customer-api.ts';
import { cardSession, errorText } from './client.ts';

// The card vault's hosted fields (PCI SAQ A), as at checkout (web/shopper/checkout/PaymentStep.tsx): the card is typed
// into an iframe of the vault's origin; the fields post `vault.ready`, `vault.tokenized` or `vault.error` to this
// page's exact origin, and only messages from that origin and that frame, for this session, are heard. The page gets a
// token (never the number) and hands it to the caller, which charges it through our API.

export interface TokenizedCard {
  token: string;
  last4: string | null;
}

interface VaultMessage {
  type?: unknown;
  sessionId?: unknown;
  token?: unknown;
  message?: unknown;
  card?: { last4?: unknown } | null;
}

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url, location.href).origin;
  } catch {
    return null;
  }
}

export function CardFields({
  leaseId,
  amount,
  purpose,
  busy,
  onToken,
}: {
  leaseId: string;
  /** Cents the session is for. */
  amount: number;
  purpose: 'payment' | 'payoff' | 'autopay';
  /** The caller is charging the token: the fields stay but a status says so. */
  busy: boolean;
  onToken: (card: TokenizedCard) => void;
}) {
  const t = useT();
  const frame = useRef<HTMLIFrameElement>(null);
  const [session, setSession] = useState<CardSessionView | null>(null);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState('');
  const tokenHandler = useRef(onToken);
  tokenHandler.current = onToken;

  useEffect(() => {
    let live = true;
    setSession(null);
    setReady(false);
    void cardSession(leaseId, amount, purpose).then(
      (answer) => {
        if (live) setSession(answer);
      },
      (failure: unknown) => {
        if (live) setError(errorText(failure));
      },
    );
    return () => {
      live = false;
    };
  }, [leaseId, amount, purpose]);

  const fieldsUrl = session?.fields_url ?? null;
  const vaultOrigin = originOf(fieldsUrl);
  const sessionId = session?.session_id ?? null;

  useEffect(() => {
    if (!vaultOrigin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== vaultOrigin || event.source !== frame.current?.contentWindow) return;
      const data = (event.data ?? {}) as VaultMessage;
      if (data.sessionId !== sessionId) return;
      if (data.type === 'vault.ready') setReady(true);
      else if (data.type === 'vault.error')
        setError(typeof data.message === 'string' && data.message ? data.message : 'account.pay.cardError');
      else if (data.type === 'vault.tokenized' && typeof data.token === 'string') {
        setError('');
        const last4 = typeof data.card?.last4 === 'string' ? data.card.last4 : null;
        tokenHandler.current({ token: data.token, last4 });
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [vaultOrigin, sessionId]);

  return (
    <div className="card-fields">
      <p className="muted">{t('account.pay.cardNote')}</p>
      <div role="status" aria-live="polite">
        {session && fieldsUrl && !ready && <p>{t('account.pay.loadingCard')}</p>}
        {!session && !error && <p>{t('account.pay.loadingCard')}</p>}
        {busy && <p>{t('account.pay.charging')}</p>}
      </div>
      <div role="alert">{error && <p className="message message--error">{t(error)}</p>}</div>
      {session &&
        (fieldsUrl ? (
          <iframe ref={frame} className="vault-frame" title={t('account.pay.cardFrame')} src={fieldsUrl} />
        ) : (
          <p className="message message--error">{t('account.pay.unavailable')}</p>
        ))}
    </div>
  );
}
