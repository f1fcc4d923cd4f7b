import { useT } from '../../lib/i18n.tsx';
import { DateTime } from './Screen.tsx';

/** "Version n, saved by x at y" (or "Defaults") above a settings form. */
export function SavedBy({ view }: { view: { v: number; updated_at: string | null; updated_by: string | null } }) {
  const t = useT();
  if (!view.updated_at) return <p className="staff-muted">{t('staff.ui.rules.defaults')}</p>;
  const [before, after] = t('staff.ui.rules.version', { v: view.v, who: view.updated_by ?? '', at: '\u0000' }).split(
    '\u0000',
  );
  return (
    <p className="staff-muted">
      {before}
      <DateTime value={view.updated_at} />
      {after}
    </p>
  );
}
