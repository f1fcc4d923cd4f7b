// The modal base of the toolkit: role dialog/alertdialog, aria-modal, focus moved in and trapped, Escape closes,
// focus returned to where it was on close. Rendered in a portal on document.body.
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert'));
}

export interface DialogProps {
  open: boolean;
  /** 'alertdialog' for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  labelledBy?: string;
  describedBy?: string;
  /** Accessible name when there is no visible title. */
  label?: string;
  /** Called on Escape and on a click on the backdrop (when `closeOnBackdrop`). */
  onClose: () => void;
  closeOnBackdrop?: boolean;
  className?: string;
  /** A selector inside the dialog that receives the focus first (default: the first focusable element). */
  initialFocus?: string;
  children?: ReactNode;
}

export function Dialog({
  open,
  role = 'dialog',
  labelledBy,
  describedBy,
  label,
  onClose,
  closeOnBackdrop = false,
  className,
  initialFocus,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = ref.current;
    if (root) {
      const preferred = initialFocus ? root.querySelector<HTMLElement>(initialFocus) : null;
      (preferred ?? focusableIn(root)[0] ?? root).focus();
    }
    return () => {
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const items = focusableIn(ref.current);
    if (items.length === 0) {
      event.preventDefault();
      ref.current.focus();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a click on the backdrop is a mouse shortcut for Close and Escape
    <div
      className="tk-backdrop"
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={ref}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-label={labelledBy ? undefined : label}
        tabIndex={-1}
        className={['tk-dialog', className].filter(Boolean).join(' ')}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
