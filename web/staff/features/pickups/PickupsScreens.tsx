// Pick Ups and Pick Up Transactions (issue 12): merchandise returned or repossessed from a lease, scheduled on a date
// in a window; its transactions (attempts, the collection, fees, notes) complete or cancel it.
import { useId, useState } from 'react';
import type { FieldSchema } from '../../../../machines/contracts/form-schema.ts';
import { useT } from '../../../lib/i18n.tsx';
import { formatMoney } from '../../../toolkit/form/masks.ts';
import { PagedList } from '../../../toolkit/list/PagedList.tsx';
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';
import { useSession } from '../../common/session.tsx';
import { StaffForm, type PrepareSchema } from '../../common/StaffForm.tsx';

const pickups: ResourceDefinition = {
  api: '/staff/api/pickups',
  route: '/pickups',
  title: 'merchant.nav.pickups',
  newTitle: 'merchant.form.newPickup',
  newLabel: 'merchant.form.newPickup',
  editTitle: 'merchant.form.editPickup',
  permissions: { view: 'pickups.view', create: 'pickups.manage', update: 'pickups.manage' },
  intro: (t) => <p>{t('merchant.ui.pickupsIntro')}</p>,
  recordLabel: (id) => id,
  panelExtras: (id, reload) => <PickupTransactions key={id} pickupId={id} onRecorded={reload} />,
  columns: (t) => [
    { key: 'scheduled_date', label: t('merchant.field.scheduled_date'), sortable: true },
    { key: 'window', label: t('merchant.field.window') },
    { key: 'applicant_name', label: t('merchant.field.applicant_name') },
    { key: 'store_name', label: t('merchant.field.store') },
    {
      key: 'type',
      label: t('merchant.field.pickup_type'),
      render: (row) => t(`merchant.pickupType.${String(row.type)}`),
    },
    {
      key: 'status',
      label: t('merchant.field.pickup_status'),
      render: (row) => t(`merchant.pickupStatus.${String(row.status)}`),
    },
    {
      key: 'lease_effect',
      label: t('merchant.field.lease_effect'),
      render: (row) => t(`merchant.leaseEffect.${row.lease_effect ? String(row.lease_effect) : 'none'}`),
    },
    { key: 'fees', label: t('merchant.field.fees'), render: (row) => (row.fees ? formatMoney(Number(row.fees)) : '') },
  ],
};

const transactions: ResourceDefinition = {
  api: '/staff/api/pickup-transactions',
  route: '/pickup-transactions',
  title: 'merchant.nav.pickupTransactions',
  newTitle: 'merchant.form.newPickupTx',
  newLabel: 'merchant.ui.recordTx',
  editTitle: 'merchant.form.newPickupTx',
  permissions: { view: 'pickups.view', create: 'pickups.manage' },
  intro: (t) => <p>{t('merchant.ui.transactionsIntro')}</p>,
  columns: (t) => [
    {
      key: 'occurred_at',
      label: t('merchant.field.occurred_at'),
      sortable: true,
      render: (row) =>
        String(row.occurred_at ?? '')
          .replace('T', ' ')
          .slice(0, 16),
    },
    { key: 'store_name', label: t('merchant.field.store') },
    { key: 'type', label: t('merchant.field.tx_type'), render: (row) => t(`merchant.txType.${String(row.type)}`) },
    {
      key: 'amount',
      label: t('merchant.field.amount'),
      render: (row) => (row.amount ? formatMoney(Number(row.amount)) : ''),
    },
    {
      key: 'status_after',
      label: t('merchant.field.pickup_status'),
      render: (row) => t(`merchant.pickupStatus.${String(row.status_after)}`),
    },
    { key: 'note', label: t('merchant.field.note') },
    { key: 'by', label: t('merchant.field.by') },
  ],
};

/** The transaction form for one pick-up: its pick-up fixed (hidden) rather than chosen. */
const forPickup =
  (pickupId: string): PrepareSchema =>
  async (schema) => {
    const fix = (fields: FieldSchema[] | undefined): FieldSchema[] | undefined =>
      fields?.map((f) => (f.name === 'pickup_id' ? { ...f, type: 'hidden' } : { ...f, children: fix(f.children) }));
    return { ...schema, values: { ...(schema.values ?? {}), pickup_id: pickupId }, children: fix(schema.children) };
  };

/** In a pick-up's panel: its transactions and a form to record one (which completes or cancels it). */
function PickupTransactions({ pickupId, onRecorded }: { pickupId: string; onRecorded: () => void }) {
  const t = useT();
  const session = useSession();
  const ids = useId();
  const [round, setRound] = useState(0);
  return (
    <section aria-labelledby={`${ids}-tx`} className="merchant-pickup-tx">
      <h2 id={`${ids}-tx`}>{t('merchant.nav.pickupTransactions')}</h2>
      <PagedList
        url="/staff/api/pickup-transactions"
        query={{ pickup: pickupId }}
        omitFilters={['pickup', 'type']}
        caption={t('merchant.nav.pickupTransactions')}
        caller={session.caller}
        refreshKey={round}
        columns={transactions.columns(t).filter((c) => c.key !== 'store_name')}
      />
      {session.can('pickups.manage') ? (
        <section aria-labelledby={`${ids}-record`}>
          <h3 id={`${ids}-record`}>{t('merchant.ui.recordTx')}</h3>
          <StaffForm
            key={round}
            url="/staff/api/pickup-transactions"
            prepare={forPickup(pickupId)}
            hideTitle
            onSuccess={() => {
              setRound((n) => n + 1);
              onRecorded();
            }}
          />
        </section>
      ) : null}
    </section>
  );
}

export function PickupsScreen({ id }: { id?: string }) {
  return <ResourceScreen def={pickups} id={id} />;
}

export function PickupTransactionsScreen({ id }: { id?: string }) {
  return <ResourceScreen def={transactions} id={id} />;
}
