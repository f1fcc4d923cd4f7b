import { useId, type ReactNode } from 'react';
import { useModalDialog } from '../../lib/modal-dialog.ts';

/**
 * A modal dialog on the native <dialog> (showModal): the rest of the page is inert (focus stays inside), Escape
 * calls `onCancel`, the title labels it, and focus returns to where it was when it closes.
 */
export function FlowDialog({
  open,
  title,
  describedBy,
  onCancel,
  children,
  testId,
}: {
  open: boolean;
  title: string;
  describedBy?: string;
  onCancel: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className="dialog flow-dialog"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      {open && (
        <>
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {children}
        </>
      )}
    </dialog>
  );
}
