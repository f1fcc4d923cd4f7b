import { useId } from 'react';
import { useModalDialog } from '../../lib/modal-dialog.ts';
import { useAppT } from './text.ts';

/** A modal confirmation ('Are you sure ...?') on the native <dialog>: focus moves in, Escape cancels, focus returns. */
export function ConfirmDialog({
  open,
  text,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  text: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useAppT();
  const ref = useModalDialog(open);
  const titleId = useId();
  const textId = useId();
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      {open && (
        <>
          <h2 id={titleId} className="dialog__title">
            {t('application.dialog.title')}
          </h2>
          <p id={textId}>{text}</p>
          <div className="actions">
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the first action of a modal dialog takes focus, as the WAI-ARIA dialog pattern asks */}
            <button type="button" className="button button--secondary" onClick={onCancel} autoFocus>
              {t('application.button.cancel')}
            </button>
            <button type="button" className="button" onClick={onConfirm}>
              {t('application.button.remove')}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
