import { useEffect, useId, useRef, type ReactNode } from 'react';

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
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      const back = opener.current as HTMLElement | null;
      if (back && back.isConnected) back.focus?.();
    }
  }, [open]);
  useEffect(
    () => () => {
      if (ref.current?.open) ref.current.close?.();
    },
    [],
  );
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
