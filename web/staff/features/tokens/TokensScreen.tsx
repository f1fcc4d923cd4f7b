// API access tokens of retailers: create (the token is shown once, in a dialog with a copy button), revoke.
import { useMemo, useState } from 'react';
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';
import { DateTime, YesNo } from '../../common/Screen.tsx';
import { ShownOnceDialog } from '../../common/ShownOnceDialog.tsx';

interface TokenRow extends Record<string, unknown> {
  revoked: boolean;
}

export function TokensScreen({ id }: { id?: string }) {
  const [token, setToken] = useState<string | undefined>(undefined);
  const definition = useMemo<ResourceDefinition<TokenRow>>(
    () => ({
      api: '/staff/api/tokens',
      route: '/tokens',
      title: 'staff.ui.nav.tokens',
      newTitle: 'staff.form.newToken',
      editTitle: 'staff.form.newToken',
      newLabel: 'staff.form.createToken',
      permissions: { view: 'tokens.view', create: 'tokens.create', delete: 'tokens.revoke' },
      deleteLabel: 'staff.ui.revoke',
      canDelete: (row) => !row.revoked,
      columns: (t) => [
        { key: 'name', label: t('staff.field.name'), sortable: true },
        { key: 'retailer_name', label: t('staff.field.retailer') },
        { key: 'last_four', label: t('staff.ui.token.lastFour'), render: (row) => `…${String(row.last_four)}` },
        {
          key: 'mode',
          label: t('staff.ui.token.mode'),
          render: (row) => t(row.mode === 'test' ? 'staff.ui.token.test' : 'staff.ui.token.live'),
        },
        {
          key: 'created_at',
          label: t('staff.ui.createdAt'),
          sortable: true,
          render: (row) => <DateTime value={row.created_at} />,
        },
        { key: 'revoked', label: t('staff.ui.token.revoked'), render: (row) => <YesNo value={row.revoked} /> },
      ],
      onCreated: (result) => {
        const data = result.data as { token?: string } | null;
        if (data?.token) setToken(data.token);
      },
    }),
    [],
  );
  return (
    <>
      <ResourceScreen def={definition} id={id} />
      {token ? (
        <ShownOnceDialog
          title="staff.ui.token.title"
          message="staff.token.created"
          fields={[{ label: 'staff.ui.token.value', value: token, copy: true }]}
          onClose={() => setToken(undefined)}
        />
      ) : null}
    </>
  );
}
