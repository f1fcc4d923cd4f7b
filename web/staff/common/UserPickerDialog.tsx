// A dialog that picks a staff user (GET /staff/api/users?limit=100) and hands the choice on: the lease queue's
// "Assign to", for users who may assign.
import { useEffect, useId, useState } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { Dialog } from '../../toolkit/dialogs/Dialog.tsx';
import { useSession } from './session.tsx';
import { LOOKUP } from './StaffForm.tsx';

interface UserOption {
  id: string;
  username?: string;
  display_name?: string;
}

export function UserPickerDialog({
  title,
  submitLabel,
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  /** Resolves to an error message to show, or undefined when done. */
  onSubmit: (userId: string) => Promise<string | undefined>;
  onClose: () => void;
}) {
  const t = useT();
  const { caller } = useSession();
  const id = useId();
  const [users, setUsers] = useState<UserOption[] | undefined>(undefined);
  const [userId, setUserId] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void caller.get<UserOption[]>('/staff/api/users', { limit: 100 }, LOOKUP).then((r) => {
      if (!live) return;
      if (r.status && Array.isArray(r.data)) setUsers(r.data);
      else {
        setUsers([]);
        setError(r.message ?? r.error);
      }
    });
    return () => {
      live = false;
    };
  }, [caller]);

  return (
    <Dialog open role="dialog" labelledBy={`${id}-title`} onClose={onClose} initialFocus="select">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!userId) {
            setError(t('staff.ui.lease.chooseUser'));
            return;
          }
          if (busy) return;
          setBusy(true);
          void onSubmit(userId).then((message) => {
            setBusy(false);
            setError(message);
          });
        }}
      >
        <h2 id={`${id}-title`} className="tk-dialog__title">
          {title}
        </h2>
        {error ? (
          <div className="tk-alert tk-alert--error" role="alert">
            {error}
          </div>
        ) : null}
        <div className="tk-field">
          <label htmlFor={`${id}-user`} className="tk-label">
            {t('staff.field.user')}
          </label>
          <select
            id={`${id}-user`}
            className="tk-input"
            value={userId}
            onChange={(event) => setUserId(event.target.value)}
            data-testid="assign-user"
            required
          >
            <option value="">{users === undefined ? t('app.loading') : t('staff.ui.lease.chooseUser')}</option>
            {(users ?? []).map((user) => (
              <option key={user.id} value={user.id}>
                {user.display_name || user.username || user.id}
              </option>
            ))}
          </select>
        </div>
        <div className="tk-dialog__actions staff-dialog__actions">
          <button type="button" className="tk-btn" onClick={onClose}>
            {t('staff.ui.lease.cancel')}
          </button>
          <button
            type="submit"
            className="tk-btn tk-btn--primary"
            aria-disabled={busy || undefined}
            data-testid="assign-submit"
          >
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
