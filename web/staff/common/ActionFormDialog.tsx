// The confirmation dialog of a staff action on a record: its title, what Yes will do, the server's refusal (409, 422)
// shown in the dialog rather than lost, the action's own inputs (children), and No/Yes. Test ids are `<testId>-dialog`,
// `-error`, `-cancel` and `-confirm`.
import { useId, type ReactNode } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { Dialog } from '../../toolkit/dialogs/Dialog.tsx';

export function ActionFormDialog({
  testId,
  title,
  message,
  messageTestId,
  error,
  busy,
  initialFocus = '[data-autofocus]',
  cancelTakesFocus = true,
  onSubmit,
  onClose,
  children,
}: {
  testId: string;
  title: ReactNode;
  message: ReactNode;
  messageTestId?: string;
  /** The server's refusal, shown as an alert above the inputs. */
  error: string | undefined;
  /** A submit while the last one is under way is ignored. */
  busy: boolean;
  /** The element that takes the focus on open; by default the one marked `data-autofocus`. */
  initialFocus?: string;
  /** No is marked `data-autofocus` (the default focus), unless an input is marked instead. */
  cancelTakesFocus?: boolean;
  onSubmit: () => Promise<void>;
  onClose: () => void;
  children?: ReactNode;
}) {
  const t = useT();
  const id = useId();
  return (
    <Dialog
      open
      role="alertdialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-message`}
      onClose={onClose}
      className="staff-action-dialog"
      initialFocus={initialFocus}
    >
      <form
        noValidate
        data-testid={`${testId}-dialog`}
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void onSubmit();
        }}
      >
        <h2 id={`${id}-title`} className="tk-dialog__title">
          {title}
        </h2>
        <p id={`${id}-message`} className="tk-dialog__message" data-testid={messageTestId}>
          {message}
        </p>
        {error ? (
          <div className="tk-alert tk-alert--error" role="alert" data-testid={`${testId}-error`}>
            {error}
          </div>
        ) : null}
        {children}
        <div className="tk-dialog__actions staff-dialog__actions">
          <button
            type="button"
            className="tk-btn"
            onClick={onClose}
            {...(cancelTakesFocus ? { 'data-autofocus': '' } : {})}
            data-testid={`${testId}-cancel`}
          >
            {t('toolkit.dialog.no')}
          </button>
          {/* never disabled while sending: a focused button that is disabled drops the focus out of the dialog */}
          <button
            type="submit"
            className="tk-btn tk-btn--primary"
            aria-disabled={busy || undefined}
            data-testid={`${testId}-confirm`}
          >
            {t('toolkit.dialog.yes')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
