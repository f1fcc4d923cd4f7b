// Roles: list, create (a guard is chosen once), edit, delete; the permissions editor ('Save Permissions' ->
// 'Permissions updated!') with role and field permissions. The Admin role is shown read-only.
import { useState } from 'react';
import { ADMIN_ROLE_ID } from '../../../../machines/domain/permissions.ts';
import { useT } from '../../../lib/i18n.tsx';
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';
import { Screen } from '../../common/Screen.tsx';
import { StaffForm } from '../../common/StaffForm.tsx';
import { useLocation } from 'wouter';

interface RoleRow extends Record<string, unknown> {
  id: string;
  guard: string;
  immutable: boolean;
}

const AdminNote = () => {
  const t = useT();
  return (
    <p className="staff-notice staff-notice--info" role="note">
      {t('staff.role.adminImmutable')}
    </p>
  );
};

const definition: ResourceDefinition<RoleRow> = {
  api: '/staff/api/roles',
  route: '/roles',
  title: 'staff.ui.nav.roles',
  newTitle: 'staff.form.newRole',
  editTitle: 'staff.form.editRole',
  permissions: { view: 'roles.view', create: 'roles.create', update: 'roles.update', delete: 'roles.delete' },
  canDelete: (row) => !row.immutable,
  columns: (t) => [
    { key: 'name', label: t('staff.field.name'), sortable: true },
    { key: 'guard', label: t('staff.field.guard'), sortable: true, render: (row) => t(`staff.guard.${row.guard}`) },
    { key: 'description', label: t('staff.field.description') },
    { key: 'permissions_count', label: t('staff.ui.permissionsCount') },
  ],
  rowActions: ({ t, session }) => [
    {
      label: t('staff.ui.permissions'),
      onClick: (row) => {
        location.hash = `#/roles/${encodeURIComponent(row.id)}/permissions`;
      },
      visible: () => session.can('permissions.view'),
    },
  ],
  panelNote: (id) => (id === ADMIN_ROLE_ID ? <AdminNote /> : null),
};

export function RolesScreen({ id }: { id?: string }) {
  return <ResourceScreen def={definition} id={id} />;
}

export function RolePermissionsScreen({ id }: { id: string }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [round, setRound] = useState(0);
  return (
    <Screen title={t('staff.form.rolePermissions')}>
      {id === ADMIN_ROLE_ID ? <AdminNote /> : null}
      <div className="staff-card">
        <StaffForm
          key={round}
          url={`/staff/api/roles/${encodeURIComponent(id)}/permissions`}
          hideTitle
          // a fresh schema carries the role's new version for the next save
          onSuccess={() => setRound((n) => n + 1)}
          onCancel={() => navigate('/roles')}
        />
      </div>
    </Screen>
  );
}
