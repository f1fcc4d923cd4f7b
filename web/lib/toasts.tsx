import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useT } from './i18n.tsx';

// Notifications, top-right, dismissed after 5000 ms (seed 000 section 9) or by their button.
// The list sits in a polite live region that exists from the first render, so screen readers announce new toasts.
// A toast under the pointer or holding the focus stays until they leave it, then has its 5000 ms again (WCAG 2.2.1:
// someone still reading it, or reaching for its button, is not cut off).

export const TOAST_MS = 5000;
export type ToastKind = 'info' | 'success' | 'error';
export interface Toast {
  id: number;
  kind: ToastKind;
  /** Already translated text. */
  text: string;
}

interface ToastsValue {
  toasts: Toast[];
  push: (text: string, kind?: ToastKind) => number;
  dismiss: (id: number) => void;
}

const ToastsContext = createContext<ToastsValue | null>(null);

export function ToastProvider({ children, durationMs = TOAST_MS }: { children: ReactNode; durationMs?: number }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const schedule = useCallback(
    (id: number) => {
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), durationMs),
      );
    },
    [dismiss, durationMs],
  );

  const hold = useCallback(
    (id: number, held: boolean) => {
      if (!held) return schedule(id);
      clearTimeout(timers.current.get(id));
    },
    [schedule],
  );

  const push = useCallback(
    (text: string, kind: ToastKind = 'info') => {
      const id = next.current++;
      setToasts((list) => [...list, { id, kind, text }]);
      schedule(id);
      return id;
    },
    [schedule],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const value = useMemo(() => ({ toasts, push, dismiss }), [toasts, push, dismiss]);
  return (
    <ToastsContext.Provider value={value}>
      {children}
      <ToastRegion toasts={toasts} dismiss={dismiss} hold={hold} />
    </ToastsContext.Provider>
  );
}

function ToastRegion({
  toasts,
  dismiss,
  hold,
}: {
  toasts: Toast[];
  dismiss: (id: number) => void;
  hold: (id: number, held: boolean) => void;
}) {
  const t = useT();
  return (
    <section className="toasts" aria-label={t('app.notifications')}>
      <div role="status" aria-live="polite">
        <ul className="toasts__list">
          {toasts.map((toast) => (
            <li
              key={toast.id}
              className={`toast toast--${toast.kind}`}
              onMouseEnter={() => hold(toast.id, true)}
              onMouseLeave={(e) => {
                if (!e.currentTarget.contains(document.activeElement)) hold(toast.id, false);
              }}
              onFocus={() => hold(toast.id, true)}
              onBlur={(e) => {
                if (!e.currentTarget.contains(e.relatedTarget) && !e.currentTarget.matches(':hover'))
                  hold(toast.id, false);
              }}
            >
              <span className="toast__text">{toast.text}</span>
              <button
                type="button"
                className="toast__dismiss"
                onClick={() => dismiss(toast.id)}
                aria-label={t('shell.dismiss')}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function useToasts(): Omit<ToastsValue, 'toasts'> {
  const value = useContext(ToastsContext);
  if (!value) throw new Error('useToasts needs a <ToastProvider> above it');
  return { push: value.push, dismiss: value.dismiss };
}
