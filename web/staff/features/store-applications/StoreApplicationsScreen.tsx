// Store Applications (seed 001): the sign-ups to review, by state (submitted, requiring cleaning, approved,
// declined), and one application with its business, contacts, masked bank details and documents. Approve creates the
// retailer, store and store user and sends the invitation; Decline sends the decline e-mail; Needs cleaning parks it.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n.tsx';
import { useConfirm, useNotify } from '../../../toolkit/dialogs/DialogsProvider.tsx';
import { PagedList } from '../../../toolkit/list/PagedList.tsx';
import { DetailList, Section, SimpleTable } from '../../common/Details.tsx';
import { DateTime, Screen } from '../../common/Screen.tsx';
import { useSession } from '../../common/session.tsx';

interface Application {
  id: string;
  business_name: string;
  dba_name: string;
  kind: string;
  business_type: string;
  state: string;
  email: string;
  phone: string;
  website: string;
  address: { line_1: string; city: string; state: string; code: string };
  contacts: { role: string; name: string; email: string; phone: string }[];
  bank: { account_name: string; routing_number: string; account_number: string };
  documents: { id: string; original_name: string; size: number; url: string }[];
  history: { state: string; at: string; note?: string }[];
  created: { retailer_id?: string; store_id?: string; user_id?: string; username?: string };
  actions: ('approve' | 'decline' | 'clean')[];
  created_at: string;
}

export function StoreApplicationsScreen() {
  const t = useT();
  const { caller } = useSession();
  return (
    <Screen title={t('network.apps.title')}>
      <PagedList
        url="/staff/api/store-applications"
        caption={t('staff.ui.listCaption', { name: t('network.apps.title') })}
        caller={caller}
        columns={[
          {
            key: 'business_name',
            label: t('network.apps.business'),
            sortable: true,
            render: (row) => <Link href={`/store-applications/${String(row.id)}`}>{String(row.business_name)}</Link>,
          },
          { key: 'kind', label: t('network.apps.kind'), render: (row) => t(`network.kind.${String(row.kind)}`) },
          {
            key: 'business_type',
            label: t('network.field.business_type'),
            render: (row) => t(`network.type.${String(row.business_type)}`),
          },
          { key: 'state', label: t('network.apps.stateCol'), render: (row) => t(`network.state.${String(row.state)}`) },
          {
            key: 'city',
            label: t('network.field.city'),
            render: (row) => `${String(row.city)}, ${String(row.address_state)}`,
          },
          {
            key: 'created_at',
            label: t('network.apps.submittedAt'),
            sortable: true,
            render: (row) => <DateTime value={row.created_at} />,
          },
        ]}
      />
    </Screen>
  );
}

export function StoreApplicationScreen({ id }: { id: string }) {
  const t = useT();
  const { caller } = useSession();
  const confirm = useConfirm();
  const notify = useNotify();
  const [app, setApp] = useState<Application>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const result = await caller.get<Application>(`/staff/api/store-applications/${encodeURIComponent(id)}`);
    if (result.status && result.data) setApp(result.data);
    else setError(result.message ?? result.error ?? t('error.unknown'));
  }, [caller, id, t]);
  useEffect(() => void load(), [load]);

  const act = async (action: 'approve' | 'decline' | 'clean') => {
    if (
      action !== 'clean' &&
      !(await confirm({
        message: t(action === 'approve' ? 'network.apps.confirmApprove' : 'network.apps.confirmDecline'),
        danger: action === 'decline',
      }))
    )
      return;
    setBusy(true);
    const result = await caller.post<Application>(
      `/staff/api/store-applications/${encodeURIComponent(id)}/${action}`,
      {},
    );
    setBusy(false);
    if (result.status && result.data) {
      setApp(result.data);
      notify({ type: 'success', message: result.message ?? '' });
    } else notify({ type: 'error', message: result.message ?? result.error ?? t('error.unknown') });
  };

  if (error)
    return (
      <Screen title={t('network.apps.title')}>
        <p className="staff-notice staff-notice--error" role="alert">
          {error}
        </p>
      </Screen>
    );
  if (!app)
    return (
      <Screen title={t('network.apps.title')}>
        <p role="status">{t('app.loading')}</p>
      </Screen>
    );
  const labels: Record<string, string> = {
    approve: t('network.apps.approve'),
    decline: t('network.apps.decline'),
    clean: t('network.apps.clean'),
  };
  return (
    <Screen title={app.business_name} intro={<p>{t(`network.state.${app.state}`)}</p>}>
      <div className="staff-actions" data-testid="store-application-actions">
        {app.actions.map((a) => (
          <button
            key={a}
            type="button"
            className={`tk-btn${a === 'approve' ? ' tk-btn--primary' : ''}`}
            disabled={busy}
            onClick={() => void act(a)}
          >
            {labels[a]}
          </button>
        ))}
      </div>
      <Section title={t('network.signup.section.business')}>
        <DetailList
          items={[
            { label: t('network.apps.kind'), value: t(`network.kind.${app.kind}`) },
            { label: t('network.field.business_name'), value: app.business_name },
            { label: t('network.field.dba_name'), value: app.dba_name },
            { label: t('network.field.business_type'), value: t(`network.type.${app.business_type}`) },
            { label: t('network.field.email'), value: app.email },
            { label: t('network.field.phone'), value: app.phone },
            { label: t('network.field.website'), value: app.website },
            {
              label: t('network.field.address_line_1'),
              value: `${app.address.line_1}, ${app.address.city}, ${app.address.state} ${app.address.code}`,
            },
            { label: t('network.apps.submittedAt'), value: <DateTime value={app.created_at} /> },
          ]}
        />
      </Section>
      <Section title={t('network.apps.contacts')}>
        <SimpleTable
          caption={t('network.apps.contacts')}
          rows={app.contacts}
          rowKey={(c, i) => `${i}-${c.email}`}
          columns={[
            { key: 'role', label: t('network.field.contact_role'), render: (c) => t(`network.role.${c.role}`) },
            { key: 'name', label: t('network.field.contact_name'), render: (c) => c.name },
            { key: 'email', label: t('network.field.contact_email'), render: (c) => c.email },
            { key: 'phone', label: t('network.field.contact_phone'), render: (c) => c.phone },
          ]}
        />
      </Section>
      <Section title={t('network.apps.bank')}>
        <DetailList
          items={[
            { label: t('network.field.bank_account_name'), value: app.bank.account_name },
            { label: t('network.field.routing_number'), value: app.bank.routing_number },
            { label: t('network.field.account_number'), value: app.bank.account_number },
          ]}
        />
      </Section>
      <Section title={t('network.apps.documents')}>
        <ul>
          {app.documents.map((d) => (
            <li key={d.id}>
              <a href={d.url} download={d.original_name}>
                {d.original_name}
              </a>
            </li>
          ))}
        </ul>
      </Section>
      {app.created.store_id ? (
        <Section title={t('network.state.approved')}>
          <p>
            <Link href={`/stores/${app.created.store_id}`}>
              {t('network.apps.created', {
                retailer: app.created.retailer_id ?? '',
                store: app.created.store_id,
                user: app.created.username ?? '',
              })}
            </Link>
          </p>
        </Section>
      ) : null}
      <p>
        <Link href="/store-applications">{t('network.apps.back')}</Link>
      </p>
    </Screen>
  );
}
