// One provider for the toolkit's interruptions: `useConfirm()` (a promise-returning confirmation dialog) and
// `useNotify()` (toasts). Screens and the form/list components call them; the provider renders them.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog, type ConfirmOptions } from './ConfirmDialog.tsx';
import { NOTIFICATION_TIMEOUT_MS, Toasts, type Notification, type NotifyOptions } from './Notifications.tsx';

export type ConfirmFn = (options?: ConfirmOptions) => Promise<boolean>;
export type NotifyFn = (options: NotifyOptions) => void;

interface DialogsApi {
  confirm: ConfirmFn;
  notify: NotifyFn;
}

const DialogsContext = createContext<DialogsApi | null>(null);

interface Pending {
  options: ConfirmOptions;
  resolve: (answer: boolean) => void;
}

export function DialogsProvider({ children }: { children?: ReactNode }) {
  const [queue, setQueue] = useState<Pending[]>([]);
  const [toasts, setToasts] = useState<Notification[]>([]);
  const nextId = useRef(1);

  const confirm = useCallback<ConfirmFn>(
    (options = {}) => new Promise<boolean>((resolve) => setQueue((items) => [...items, { options, resolve }])),
    [],
  );
  const notify = useCallback<NotifyFn>((options) => {
    const id = nextId.current++;
    setToasts((items) => [
      ...items,
      {
        id,
        type: options.type ?? 'info',
        title: options.title,
        message: options.message,
        timeout: options.timeout ?? NOTIFICATION_TIMEOUT_MS,
      },
    ]);
  }, []);
  const dismiss = useCallback((id: number) => setToasts((items) => items.filter((item) => item.id !== id)), []);

  const api = useMemo(() => ({ confirm, notify }), [confirm, notify]);
  const current = queue[0];
  const answer = (value: boolean) => {
    current?.resolve(value);
    setQueue((items) => items.slice(1));
  };

  return (
    <DialogsContext.Provider value={api}>
      {children}
      {current ? (
        <ConfirmDialog open {...current.options} onConfirm={() => answer(true)} onCancel={() => answer(false)} />
      ) : null}
      <Toasts items={toasts} onDismiss={dismiss} />
    </DialogsContext.Provider>
  );
}

function useDialogs(): DialogsApi {
  const api = useContext(DialogsContext);
  if (!api) throw new Error('The toolkit dialogs need a <DialogsProvider> above this component.');
  return api;
}

/** `const confirm = useConfirm(); if (await confirm({ preset: 'delete' })) ...` */
export function useConfirm(): ConfirmFn {
  return useDialogs().confirm;
}

/** `notify({ type: 'error', message })`: a toast for 5000 ms. */
export function useNotify(): NotifyFn {
  return useDialogs().notify;
}

/** Notifications when a provider is present, undefined otherwise (fields then skip their alerts). */
export function useNotifyOptional(): NotifyFn | undefined {
  return useContext(DialogsContext)?.notify;
}
