import { useId, type ReactNode } from 'react';
import { useModalDialog } from './modal-dialog.ts';

/**
 * A modal dialog on the native <dialog> (showModal): the rest of the page is inert (focus stays inside), Escape
 * calls `onCancel`, the title labels it, and focus returns to where it was when it closes. Its content is rendered
 * only while it is open.
 */
export function ModalDialog({
  open,
  title,
  describedBy,
  onCancel,
  children,
  className,
  testId,
}: {
  open: boolean;
  title: string;
  describedBy?: string;
  onCancel: () => void;
  children: ReactNode;
  /** Classes besides `dialog`. */
  className?: string;
  testId?: string;
}) {
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
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
