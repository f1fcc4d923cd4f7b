// The native <dialog> as a modal driven by an `open` flag: showModal when it opens (the rest of the page is inert, focus
// moves in), close when it closes, and focus back to the element that had it before. A browser (or jsdom) without
// showModal gets the `open` attribute instead.
import { useEffect, useRef } from 'react';

export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
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
      // The opener may be gone meanwhile (its step moved on): focusing a detached element would do nothing.
      const back = opener.current as HTMLElement | null;
      if (back && back.isConnected) back.focus?.();
    }
  }, [open]);
  // Unmounted while open: leave no modal behind in the top layer.
  useEffect(
    () => () => {
      if (ref.current?.open) ref.current.close?.();
    },
    [],
  );
  return ref;
}
