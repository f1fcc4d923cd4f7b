import { useId } from 'react';
import { ModalDialog } from '../../lib/ModalDialog.tsx';
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
  const textId = useId();
  return (
    <ModalDialog open={open} title={t('application.dialog.title')} describedBy={textId} onCancel={onCancel}>
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
    </ModalDialog>
  );
}
