// OAuth access tokens (Administration): a retailer's client credentials for POST /oauth/token (client_credentials),
// beside the API tokens. The secret is shown once, in a dialog; revoking a client ends its access tokens at once.
import { useId, useMemo, useState } from 'react';
import { useT } from '../../../lib/i18n.tsx';
import { Dialog } from '../../../toolkit/dialogs/Dialog.tsx';
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';
import { DateTime } from '../../common/Screen.tsx';

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
      {created ? <SecretDialog {...created} onClose={() => setCreated(undefined)} /> : null}
    </>
  );
}

function SecretDialog({
  client_id,
  client_secret,
  onClose,
}: {
  client_id: string;
  client_secret: string;
  onClose: () => void;
}) {
  const t = useT();
  const base = useId();
  return (
    <Dialog
      open
      role="alertdialog"
      labelledBy={`${base}-title`}
      describedBy={`${base}-text`}
      onClose={onClose}
      initialFocus={`#${CSS.escape(base)}-done`}
    >
      <h2 id={`${base}-title`} className="tk-dialog__title">
        {t('network.oauth.title')}
      </h2>
      <p id={`${base}-text`} className="tk-dialog__message">
        {t('network.oauth.created')}
      </p>
      <label htmlFor={`${base}-id`} className="tk-label">
        {t('network.oauth.clientId')}
      </label>
      <input
        id={`${base}-id`}
        className="tk-input staff-code"
        readOnly
        value={client_id}
        onFocus={(e) => e.target.select()}
      />
      <label htmlFor={`${base}-secret`} className="tk-label">
        {t('network.oauth.secret')}
      </label>
      <input
        id={`${base}-secret`}
        className="tk-input staff-code"
        readOnly
        value={client_secret}
        onFocus={(e) => e.target.select()}
      />
      <div className="tk-dialog__actions">
        <button id={`${base}-done`} type="button" className="tk-btn tk-btn--primary" onClick={onClose}>
          {t('staff.ui.token.done')}
        </button>
      </div>
    </Dialog>
  );
}
