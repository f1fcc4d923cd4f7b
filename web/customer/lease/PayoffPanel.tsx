import { useRef, useState } from 'react';
import type { PayoffQuoteView } from '../../../machines/contracts/customer-api.ts';
import { useT } from '../../lib/i18n.tsx';
import { CardFields, type TokenizedCard } from '../common/CardFields.tsx';
import { getPayoffQuote, newIdempotencyKey, payOff } from '../common/client.ts';
import { day, money } from '../common/text.ts';
import type { LeasePanelProps } from './panel-props.ts';
import { PanelFrame } from './PanelFrame.tsx';
import { usePanelAction } from './panel-action.ts';
import { Fact } from '../common/Fact.tsx';

// Pay off and own it: the quote (the contract's early purchase terms on the ledger as it stands: amount and the day it
// holds until), then the card in the vault's hosted fields; the quote's amount is sent back so that a quote that
// changed meanwhile is refused rather than charged.

export function PayoffPanel({ lease, onDone }: LeasePanelProps) {
  const t = useT();
  const [quote, setQuote] = useState<PayoffQuoteView | null>(null);
  const [paying, setPaying] = useState(false);
  const { busy, error, setError, run } = usePanelAction();
  const keys = useRef(new Map<string, string>());

  const askQuote = () =>
    run(async () => {
      setQuote(await getPayoffQuote(lease.id));
    });

  const onToken = async (card: TokenizedCard) => {
    if (!quote || busy) return;
    const key = keys.current.get(card.token) ?? newIdempotencyKey();
    keys.current.set(card.token, key);
    await run(async () => {
      const result = await payOff(lease.id, { amount: quote.amount, token: card.token }, key);
      if (result.status === 'declined') {
        setError('account.pay.cardError');
        return;
      }
      setPaying(false);
      setQuote(null);
      onDone(result.lease);
    });
  };

  if (!lease.payoff_available) return null;
  return (
    <PanelFrame name="payoff" intro={<p>{t('account.payoff.intro')}</p>} error={error}>
      {quote ? (
        <dl className="facts" data-testid="payoff-quote">
          <Fact label={t('account.payoff.amount')}>{money(quote.amount)}</Fact>
          <Fact label={t('account.payoff.validUntil')}>{day(quote.valid_until)}</Fact>
        </dl>
      ) : null}
      <div className="actions">
        {!quote && (
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void askQuote()}>
            {t('account.payoff.quote')}
          </button>
        )}
        {quote && !paying && (
          <button type="button" className="button" onClick={() => setPaying(true)}>
            {t('account.payoff.pay', { amount: money(quote.amount) })}
          </button>
        )}
        {quote && paying && (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => {
              setPaying(false);
              setError('');
            }}
          >
            {t('account.pay.cancel')}
          </button>
        )}
      </div>
      {quote && paying && (
        <CardFields
          leaseId={lease.id}
          amount={quote.amount}
          purpose="payoff"
          busy={busy}
          onToken={(card) => void onToken(card)}
        />
      )}
    </PanelFrame>
  );
}
