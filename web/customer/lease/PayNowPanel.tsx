import { useRef, useState } from 'react';
import type { CustomerLeaseDetail } from '../../../machines/contracts/customer-api.ts';
import { centsToDecimal, parseAmountToCents } from '../../../machines/domain/money.ts';
import { useT } from '../../lib/i18n.tsx';
import { CardFields, type TokenizedCard } from '../common/CardFields.tsx';
import { HintedInput } from '../common/HintedInput.tsx';
import { errorText, fieldError, newIdempotencyKey, pay } from '../common/client.ts';
import { money } from '../common/text.ts';
import type { LeasePanelProps } from './panel-props.ts';

// Pay now: an amount (prefilled with what is due, at most what remains to ownership), then the card in the vault's
// hosted fields; the token is charged through POST /customer/api/leases/{id}/payments with an Idempotency-Key per
// token, so a retried click charges once.

/** The card vault's smallest charge. */
export const MIN_PAYMENT_CENTS = 50;

/** The error key of a typed amount, or null. */
export function paymentAmountError(text: string, balance: number): string | null {
  if (text.trim() === '') return 'account.pay.amount.required';
  const cents = parseAmountToCents(text);
  if (cents === undefined) return 'account.pay.amount.invalid';
  if (cents < MIN_PAYMENT_CENTS) return 'account.pay.amount.tooLow';
  if (cents > balance) return 'account.pay.amount.tooHigh';
  return null;
}

const suggested = (lease: CustomerLeaseDetail) =>
  Math.min(lease.balance, lease.past_due > 0 ? lease.past_due : (lease.next_payment?.amount ?? lease.balance));

export function PayNowPanel({ lease, onDone }: LeasePanelProps) {
  const t = useT();
  const [text, setText] = useState(() => centsToDecimal(suggested(lease)));
  const [amountError, setAmountError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [charging, setCharging] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const keys = useRef(new Map<string, string>());
  const input = useRef<HTMLInputElement>(null);
  const max = money(lease.balance);

  const onToken = async (card: TokenizedCard) => {
    if (chosen === null || charging) return;
    const key = keys.current.get(card.token) ?? newIdempotencyKey();
    keys.current.set(card.token, key);
    setCharging(true);
    setError('');
    try {
      const result = await pay(lease.id, { amount: chosen, token: card.token }, key);
      if (result.status === 'declined') {
        setError('account.pay.cardError');
        return;
      }
      setChosen(null);
      setDone(t('account.pay.done', { amount: money(result.amount), remaining: money(result.lease.balance) }));
      setText(centsToDecimal(suggested(result.lease)));
      onDone(result.lease);
    } catch (failure) {
      const onAmount = fieldError(failure, 'amount');
      if (onAmount) {
        setChosen(null);
        setAmountError(onAmount);
        input.current?.focus();
      } else setError(errorText(failure));
    } finally {
      setCharging(false);
    }
  };

  return (
    <section className="card" aria-labelledby="pay-title">
      <h2 id="pay-title">{t('account.pay.title')}</h2>
      <div role="status" aria-live="polite">
        {done && <p className="message message--success">{done}</p>}
      </div>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const problem = paymentAmountError(text, lease.balance);
          setAmountError(problem);
          setDone('');
          setError('');
          if (problem) {
            input.current?.focus();
            return;
          }
          setChosen(parseAmountToCents(text) ?? null);
        }}
      >
        <HintedInput
          ref={input}
          id="pay-amount"
          label={t('account.pay.amount')}
          hint={t('account.pay.amount.hint', { max })}
          error={amountError ? t(amountError, { max }) : null}
          name="amount"
          className="input input--money"
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          readOnly={chosen !== null}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setAmountError(null);
          }}
        />
        <div className="actions">
          {chosen === null ? (
            <button type="submit" className="button">
              {t('account.pay.continue')}
            </button>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              disabled={charging}
              onClick={() => {
                setChosen(null);
                setError('');
              }}
            >
              {t('account.pay.cancel')}
            </button>
          )}
        </div>
      </form>
      <div role="alert">{error && <p className="message message--error">{t(error)}</p>}</div>
      {chosen !== null && (
        <CardFields
          leaseId={lease.id}
          amount={chosen}
          purpose="payment"
          busy={charging}
          onToken={(card) => void onToken(card)}
        />
      )}
    </section>
  );
}
