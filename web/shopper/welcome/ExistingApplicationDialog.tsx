import { useEffect, useRef } from 'react';
import type { RetrieveAnswer } from '../verification/client.ts';
import { useDecisionT } from '../verification/text.ts';

/**
 * The Existing Application modal (seed 000 section 2): the application was switched between stores (an approval
 * from another store moves here once the PIN is proved), or an existing one was found; Continue goes on to the PIN.
 */
export function ExistingApplicationDialog({
  answer,
  onContinue,
}: {
  answer: RetrieveAnswer | null;
  onContinue: () => void;
}) {
  const { t } = useDecisionT();
  const ref = useRef<HTMLDialogElement>(null);
  const open = answer !== null;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  const moved = Boolean(answer?.originalStore);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="existing-title"
      aria-describedby="existing-text"
      onCancel={(e) => {
        e.preventDefault();
        onContinue();
      }}
    >
      {answer && (
        <>
          <h2 id="existing-title" className="dialog__title">
            {t('existing.title')}
          </h2>
          <div id="existing-text">
            <p>{t(moved ? 'existing.switched' : 'existing.found')}</p>
            {moved && answer.originalStore && (
              <p>{t('retrieval.moved', { from: answer.originalStore.name, to: answer.store.name })}</p>
            )}
          </div>
          <div className="actions">
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the first action of a modal dialog takes focus, as the WAI-ARIA dialog pattern asks */}
            <button type="button" className="button" autoFocus onClick={onContinue}>
              {t('existing.continue')}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
