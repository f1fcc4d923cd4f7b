import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n.tsx';

/**
 * The frame of each action panel of the lease screen: a card named by its heading (the catalogue's
 * `account.<name>.title`), what it says first, its live status line (left out by panels that report nothing there)
 * and its alert with the last error's catalogue text.
 */
export function PanelFrame({
  name,
  intro,
  status,
  error,
  children,
}: {
  /** The panel's name in the catalogue (`account.<name>.*`) and in its heading's id (`<name>-title`). */
  name: string;
  intro?: ReactNode;
  status?: ReactNode;
  error: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <section className="card" aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`}>{t(`account.${name}.title`)}</h2>
      {intro}
      {status !== undefined && (
        <div role="status" aria-live="polite">
          {status}
        </div>
      )}
      <div role="alert">{error && <p className="message message--error">{t(error)}</p>}</div>
      {children}
    </section>
  );
}
