// The panel modal (size lg): a titled dialog with a close button. When `dirty`, closing (button, Escape, backdrop)
// first asks 'Looks like you made some changes, ...' (Discard, Keep).
import { useId, type ReactNode } from 'react';
import { useToolkitT } from '../i18n.ts';
import { Dialog } from './Dialog.tsx';
import { useConfirm } from './DialogsProvider.tsx';

export interface PanelModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Unsaved changes inside: ask before closing. */
  dirty?: boolean;
  size?: 'sm' | 'md' | 'lg';
  children?: ReactNode;
  footer?: ReactNode;
}

export function PanelModal({ open, title, onClose, dirty = false, size = 'lg', children, footer }: PanelModalProps) {
  const t = useToolkitT();
  const confirm = useConfirm();
  const titleId = `${useId()}-title`;

  async function requestClose() {
    if (dirty && !(await confirm({ preset: 'unsaved' }))) return;
    onClose();
  }

  return (
    <Dialog
      open={open}
      labelledBy={titleId}
      onClose={() => void requestClose()}
      closeOnBackdrop
      className={`tk-panel tk-panel--${size}`}
    >
      <header className="tk-panel__header">
        <h2 id={titleId} className="tk-dialog__title">
          {title}
        </h2>
        <button
          type="button"
          className="tk-btn tk-btn--icon"
          aria-label={t('toolkit.dialog.close')}
          onClick={() => void requestClose()}
        >
          ×
        </button>
      </header>
      <div className="tk-panel__body">{children}</div>
      {footer ? <footer className="tk-panel__footer">{footer}</footer> : null}
    </Dialog>
  );
}
