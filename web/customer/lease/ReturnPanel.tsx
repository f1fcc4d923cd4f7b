import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { startReturn } from '../common/client.ts';
import type { LeasePanelProps } from './panel-props.ts';
import { PanelFrame } from './PanelFrame.tsx';
import { usePanelAction } from './panel-action.ts';

// Start a return: what it means is said first, then asked once more (a confirmation the lessee must choose) before
// POST /customer/api/leases/{id}/return.

export function ReturnPanel({ lease, onDone }: LeasePanelProps) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const { busy, error, run } = usePanelAction();
  const confirmTitle = useRef<HTMLHeadingElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmTitle.current?.focus();
  }, [confirming]);

  if (!lease.return_available || lease.return_request) return null;

  const confirm = () =>
    run(async () => {
      const next = await startReturn(lease.id);
      setConfirming(false);
      onDone(next);
    });

  return (
    <PanelFrame name="return" intro={<p>{t('account.return.intro')}</p>} error={error}>
      {confirming ? (
        <div className="confirm" role="group" aria-labelledby="return-confirm-title">
          <h3 id="return-confirm-title" ref={confirmTitle} tabIndex={-1}>
            {t('account.return.confirm.title')}
          </h3>
          <p>{t('account.return.confirm.text')}</p>
          <div className="actions">
            <button type="button" className="button button--danger" disabled={busy} onClick={() => void confirm()}>
              {t('account.return.confirm.yes')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => {
                setConfirming(false);
                setTimeout(() => startButton.current?.focus(), 0);
              }}
            >
              {t('account.return.confirm.no')}
            </button>
          </div>
        </div>
      ) : (
        <div className="actions">
          <button
            ref={startButton}
            type="button"
            className="button button--secondary"
            onClick={() => setConfirming(true)}
          >
            {t('account.return.start')}
          </button>
        </div>
      )}
    </PanelFrame>
  );
}
