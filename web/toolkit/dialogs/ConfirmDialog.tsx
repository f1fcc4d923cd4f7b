// Confirmation dialog with the seed 001 presets: default 'Are you sure?' (Yes, No); delete 'Are you sure you want to
// delete this?' titled 'Please Confirm' (YES, NO); unsaved changes (Discard, Keep).
import { useId } from 'react';
import { useToolkitT, type Translate } from '../i18n.ts';
import { Dialog } from './Dialog.tsx';

export type ConfirmPreset = 'default' | 'delete' | 'unsaved';

export interface ConfirmOptions {
  preset?: ConfirmPreset;
  title?: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Style the confirm button as destructive. */
  danger?: boolean;
}

export interface ConfirmTexts {
  title?: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  danger: boolean;
}

/** The texts of a confirmation, from its preset and overrides. */
export function confirmTexts(options: ConfirmOptions, t: Translate): ConfirmTexts {
  const preset = options.preset ?? 'default';
  const base: ConfirmTexts =
    preset === 'delete'
      ? {
          title: t('toolkit.dialog.confirmTitle'),
          message: t('toolkit.dialog.deleteThis'),
          confirmLabel: t('toolkit.dialog.YES'),
          cancelLabel: t('toolkit.dialog.NO'),
          danger: true,
        }
      : preset === 'unsaved'
        ? {
            message: t('toolkit.dialog.unsaved'),
            confirmLabel: t('toolkit.dialog.discard'),
            cancelLabel: t('toolkit.dialog.keep'),
            danger: true,
          }
        : {
            message: t('toolkit.dialog.areYouSure'),
            confirmLabel: t('toolkit.dialog.yes'),
            cancelLabel: t('toolkit.dialog.no'),
            danger: false,
          };
  return {
    title: options.title ?? base.title,
    message: options.message ?? base.message,
    confirmLabel: options.confirmLabel ?? base.confirmLabel,
    cancelLabel: options.cancelLabel ?? base.cancelLabel,
    danger: options.danger ?? base.danger,
  };
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, onConfirm, onCancel, ...options }: ConfirmDialogProps) {
  const t = useToolkitT();
  const id = useId();
  const texts = confirmTexts(options, t);
  const titleId = `${id}-title`;
  const messageId = `${id}-message`;
  return (
    <Dialog
      open={open}
      role="alertdialog"
      labelledBy={texts.title ? titleId : messageId}
      describedBy={texts.title ? messageId : undefined}
      onClose={onCancel}
      className="tk-confirm"
      initialFocus="[data-autofocus]"
    >
      {texts.title ? (
        <h2 id={titleId} className="tk-dialog__title">
          {texts.title}
        </h2>
      ) : null}
      <p id={messageId} className="tk-dialog__message">
        {texts.message}
      </p>
      <div className="tk-dialog__actions">
        <button type="button" className="tk-btn" onClick={onCancel} data-autofocus="">
          {texts.cancelLabel}
        </button>
        <button
          type="button"
          className={texts.danger ? 'tk-btn tk-btn--danger' : 'tk-btn tk-btn--primary'}
          onClick={onConfirm}
        >
          {texts.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
