// API access tokens of retailers: create (the token is shown once, in a dialog with a copy button), revoke.
import { useId, useMemo, useState } from 'react';
import { useT } from '../../../lib/i18n.tsx';
import { Dialog } from '../../../toolkit/dialogs/Dialog.tsx';
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';
import { DateTime, YesNo } from '../../common/Screen.tsx';

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
      <TokenDialog token={token} onClose={() => setToken(undefined)} />
    </>
  );
}

function TokenDialog({ token, onClose }: { token?: string; onClose: () => void }) {
  const t = useT();
  const base = useId();
  const [copied, setCopied] = useState(false);
  if (!token) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      // clipboard refused (permissions): the field is selected so the user can copy it by hand
      (document.getElementById(`${base}-token`) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <Dialog
      open
      role="alertdialog"
      labelledBy={`${base}-title`}
      describedBy={`${base}-text`}
      onClose={onClose}
      initialFocus={`#${CSS.escape(base)}-copy`}
    >
      <h2 id={`${base}-title`} className="tk-dialog__title">
        {t('staff.ui.token.title')}
      </h2>
      <p id={`${base}-text`} className="tk-dialog__message">
        {t('staff.token.created')}
      </p>
      <label htmlFor={`${base}-token`} className="tk-label">
        {t('staff.ui.token.value')}
      </label>
      <input
        id={`${base}-token`}
        className="tk-input staff-code"
        readOnly
        value={token}
        onFocus={(event) => event.target.select()}
      />
      <p className="staff-copy-status" role="status">
        {copied ? t('staff.ui.token.copied') : ''}
      </p>
      <div className="tk-dialog__actions">
        <button id={`${base}-copy`} type="button" className="tk-btn" onClick={() => void copy()}>
          {t('staff.ui.token.copy')}
        </button>
        <button type="button" className="tk-btn tk-btn--primary" onClick={onClose}>
          {t('staff.ui.token.done')}
        </button>
      </div>
    </Dialog>
  );
}
