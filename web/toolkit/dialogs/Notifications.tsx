// Alerts/notifications: toasts in the top-right corner that disappear after 5000 ms (errors are announced
// assertively, the rest politely) and can be dismissed.
import { useEffect } from 'react';
import { useToolkitT } from '../i18n.ts';

export const NOTIFICATION_TIMEOUT_MS = 5000;

export type NotificationType = 'success' | 'error' | 'warning' | 'info';

export interface NotifyOptions {
  type?: NotificationType;
  title?: string;
  message: string;
  /** Milliseconds before it disappears (default 5000); 0 keeps it until dismissed. */
  timeout?: number;
}

export interface Notification extends Required<Pick<NotifyOptions, 'type' | 'message' | 'timeout'>> {
  id: number;
  title?: string;
}

function Toast({ item, onDismiss }: { item: Notification; onDismiss: (id: number) => void }) {
  const t = useToolkitT();
  useEffect(() => {
    if (!item.timeout) return undefined;
    const timer = setTimeout(() => onDismiss(item.id), item.timeout);
    return () => clearTimeout(timer);
  }, [item.id, item.timeout, onDismiss]);
  return (
    <div className={`tk-toast tk-toast--${item.type}`} role={item.type === 'error' ? 'alert' : 'status'}>
      <div className="tk-toast__body">
        {item.title ? <strong className="tk-toast__title">{item.title}</strong> : null}
        <span>{item.message}</span>
      </div>
      <button
        type="button"
        className="tk-toast__close"
        aria-label={t('toolkit.notify.dismiss')}
        onClick={() => onDismiss(item.id)}
      >
        ×
      </button>
    </div>
  );
}

export function Toasts({ items, onDismiss }: { items: Notification[]; onDismiss: (id: number) => void }) {
  const t = useToolkitT();
  return (
    <section className="tk-toasts" aria-label={t('toolkit.notify.region')}>
      {items.map((item) => (
        <Toast key={item.id} item={item} onDismiss={onDismiss} />
      ))}
    </section>
  );
}
