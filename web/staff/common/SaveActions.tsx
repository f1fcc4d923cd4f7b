import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n.tsx';

/** The actions of a rules or settings form: Save (the submit, "Saving…" while busy), then any other buttons. */
export function SaveActions({ busy, children }: { busy: boolean; children?: ReactNode }) {
  const t = useT();
  return (
    <div className="staff-actions">
      <button type="submit" className="tk-btn tk-btn--primary" disabled={busy}>
        {busy ? t('staff.ui.rules.saving') : t('staff.ui.rules.save')}
      </button>
      {children}
    </div>
  );
}
