// OAuth access tokens (Administration): a retailer's client credentials for POST /oauth/token (client_credentials),
// beside the API tokens. The secret is shown once, in a dialog; revoking a client ends its access tokens at once.
import { useMemo, useState } from 'react';
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';
import { DateTime } from '../../common/Screen.tsx';
import { ShownOnceDialog } from '../../common/ShownOnceDialog.tsx';

interface ClientRow extends Record<string, unknown> {
  revoked: boolean;
}

export function OAuthClientsScreen({ id }: { id?: string }) {
  const [created, setCreated] = useState<{ client_id: string; client_secret: string }>();
  const definition = useMemo<ResourceDefinition<ClientRow>>(
    () => ({
      api: '/staff/api/oauth-clients',
      route: '/oauth-clients',
      title: 'network.oauth.title',
      newTitle: 'network.oauth.new',
      editTitle: 'network.oauth.new',
      newLabel: 'network.oauth.new',
      permissions: { view: 'tokens.view', create: 'tokens.create', delete: 'tokens.revoke' },
      deleteLabel: 'network.oauth.revoke',
      canDelete: (row) => !row.revoked,
      columns: (t) => [
        { key: 'name', label: t('network.oauth.name'), sortable: true },
        {
          key: 'client_id',
          label: t('network.oauth.clientId'),
          render: (row) => <code className="staff-code">{String(row.client_id)}</code>,
        },
        { key: 'retailer_name', label: t('network.oauth.retailer') },
        {
          key: 'created_at',
          label: t('staff.ui.createdAt'),
          sortable: true,
          render: (row) => <DateTime value={row.created_at} />,
        },
        {
          key: 'revoked',
          label: t('network.oauth.state'),
          render: (row) => t(row.revoked ? 'network.oauth.revokedState' : 'network.oauth.active'),
        },
      ],
      onCreated: (result) => {
        const data = result.data as { client_id?: string; client_secret?: string } | null;
        if (data?.client_id && data.client_secret)
          setCreated({ client_id: data.client_id, client_secret: data.client_secret });
      },
    }),
    [],
  );
  return (
    <>
      <ResourceScreen def={definition} id={id} />
      {created ? (
        <ShownOnceDialog
          title="network.oauth.title"
          message="network.oauth.created"
          fields={[
            { label: 'network.oauth.clientId', value: created.client_id },
            { label: 'network.oauth.secret', value: created.client_secret, copy: true },
          ]}
          onClose={() => setCreated(undefined)}
        />
      ) : null}
    </>
  );
}
