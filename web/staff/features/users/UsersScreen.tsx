// Users: list with filters (active, guard, deleted), the server form (roles, stores and retailers by guard), delete
// with confirmation, restore, block/unblock of mobile access, and links to stores and retailers.
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n.tsx';
import { useNotify } from '../../../toolkit/dialogs/DialogsProvider.tsx';
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';
import { YesNo } from '../../common/Screen.tsx';
import { useSession } from '../../common/session.tsx';
import { fillRemoteOptions, LOOKUP } from '../../common/StaffForm.tsx';

interface UserRow extends Record<string, unknown> {
  id: string;
  guard: 'system' | 'retailer' | 'store';
  stores: string[];
  retailers: string[];
  deleted_at: string | null;
  mobile_blocked: boolean;
  role_names: string[];
}

const definition: ResourceDefinition<UserRow> = {
  api: '/staff/api/users',
  route: '/users',
  title: 'staff.ui.nav.users',
  newTitle: 'staff.form.newUser',
  editTitle: 'staff.form.editUser',
  permissions: { view: 'users.view', create: 'users.create', update: 'users.update', delete: 'users.delete' },
  prepare: fillRemoteOptions,
  canDelete: (row) => !row.deleted_at,
  columns: (t) => [
    { key: 'username', label: t('staff.field.username'), sortable: true },
    { key: 'display_name', label: t('staff.field.display_name'), sortable: true },
    { key: 'email', label: t('staff.field.email'), sortable: true },
    { key: 'guard', label: t('staff.field.guard'), render: (row) => t(`staff.guard.${row.guard}`) },
    { key: 'role_names', label: t('staff.field.roles'), render: (row) => row.role_names.join(', ') },
    { key: 'active', label: t('staff.field.active'), render: (row) => <YesNo value={row.active} /> },
    {
      key: 'mobile_blocked',
      label: t('staff.field.mobile_blocked'),
      render: (row) => <YesNo value={row.mobile_blocked} />,
    },
    { key: 'deleted_at', label: t('staff.field.trashed'), render: (row) => <YesNo value={row.deleted_at} /> },
  ],
  rowActions: ({ t, session }) => [
    {
      label: t('staff.ui.restore'),
      url: '/staff/api/users/{id}/restore',
      visible: (row) => !!row.deleted_at && session.can('users.restore'),
    },
    {
      label: t('staff.ui.block'),
      url: '/staff/api/users/{id}/block',
      confirm: true,
      visible: (row) => !row.deleted_at && !row.mobile_blocked && session.can('users.block'),
    },
    {
      label: t('staff.ui.unblock'),
      url: '/staff/api/users/{id}/unblock',
      visible: (row) => !row.deleted_at && row.mobile_blocked && session.can('users.block'),
    },
  ],
  panelExtras: (id, reload) => <UserLinks id={id} onChange={reload} />,
};

export function UsersScreen({ id }: { id?: string }) {
  return <ResourceScreen def={definition} id={id} />;
}

interface Option {
  id: string;
  name: string;
}

/** Link and unlink the user's stores (store guard) or retailers (retailer guard). */
function UserLinks({ id, onChange }: { id: string; onChange: () => void }) {
  const t = useT();
  const session = useSession();
  const notify = useNotify();
  const [user, setUser] = useState<UserRow | undefined>(undefined);
  const [options, setOptions] = useState<Option[]>([]);
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const { caller } = session;
  const type = user?.guard === 'store' ? 'store' : user?.guard === 'retailer' ? 'retailer' : undefined;

  useEffect(() => {
    let live = true;
    void caller
      .get<UserRow>(`/staff/api/users/${encodeURIComponent(id)}`, {}, LOOKUP)
      .then((r) => live && r.status && setUser(r.data));
    return () => {
      live = false;
    };
  }, [caller, id]);

  useEffect(() => {
    if (!type) return undefined;
    let live = true;
    void caller
      .get<Option[]>(type === 'store' ? '/staff/api/stores' : '/staff/api/retailers', { limit: 100 }, LOOKUP)
      .then((r) => live && setOptions(r.status && Array.isArray(r.data) ? r.data : []));
    return () => {
      live = false;
    };
  }, [caller, type]);

  if (!session.can('users.link') || !user || !type || user.deleted_at) return null;
  const linked = type === 'store' ? user.stores : user.retailers;
  const nameOf = (value: string) => options.find((o) => o.id === value)?.name ?? value;
  const heading = t(type === 'store' ? 'staff.ui.links.stores' : 'staff.ui.links.retailers');

  async function change(run: () => Promise<{ status: boolean; data: unknown; message?: string }>) {
    setBusy(true);
    const result = await run();
    setBusy(false);
    if (result.status) {
      setUser(result.data as UserRow);
      setChoice('');
      onChange();
    }
    notify({ type: result.status ? 'success' : 'error', message: result.message ?? t('error.unknown') });
  }

  return (
    <section className="staff-links" aria-labelledby="staff-links-title">
      <h3 id="staff-links-title">{heading}</h3>
      {linked.length ? (
        <ul className="staff-links__list">
          {linked.map((value) => (
            <li key={value}>
              <span>{nameOf(value)}</span>{' '}
              <button
                type="button"
                className="tk-btn tk-btn--small tk-btn--danger"
                disabled={busy}
                aria-label={t('staff.ui.links.unlinkNamed', { name: nameOf(value) })}
                onClick={() =>
                  void change(() =>
                    caller.call(
                      'DELETE',
                      `/staff/api/users/${encodeURIComponent(id)}/links/${type}/${encodeURIComponent(value)}`,
                    ),
                  )
                }
              >
                {t('staff.ui.links.unlink')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="tk-empty">{t('staff.ui.links.none')}</p>
      )}
      <div className="staff-links__add">
        <label htmlFor="staff-link-choice" className="tk-label">
          {t('staff.ui.links.add')}
        </label>
        <select
          id="staff-link-choice"
          className="tk-input"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
        >
          <option value="">{t('toolkit.select.placeholder')}</option>
          {options
            .filter((o) => !linked.includes(o.id))
            .map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
        </select>
        <button
          type="button"
          className="tk-btn"
          disabled={!choice || busy}
          onClick={() =>
            void change(() => caller.post(`/staff/api/users/${encodeURIComponent(id)}/links`, { type, id: choice }))
          }
        >
          {t('staff.ui.links.link')}
        </button>
      </div>
    </section>
  );
}
