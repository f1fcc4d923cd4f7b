// Retention Money (issue 12): the summary per store (percentage, withheld, paid out, balance) and the withholdings
// and payments behind it.
import { formatMoney } from '../../../toolkit/form/masks.ts';
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';

const cents = (value: unknown) => formatMoney(typeof value === 'number' ? value : 0);

const accounts: ResourceDefinition = {
  api: '/staff/api/retention',
  route: '/retention',
  title: 'merchant.nav.retention',
  newTitle: 'merchant.form.newRetention',
  editTitle: 'merchant.form.editRetention',
  permissions: { view: 'retention.view', create: 'retention.manage', update: 'retention.manage' },
  intro: (t) => <p>{t('merchant.ui.retentionIntro')}</p>,
  columns: (t) => [
    { key: 'store_name', label: t('merchant.field.store'), sortable: true },
    { key: 'retailer_name', label: t('merchant.field.retailer') },
    { key: 'percentage', label: t('merchant.field.percentage'), render: (row) => `${String(row.percentage)}%` },
    { key: 'withheld_total', label: t('merchant.field.withheld_total'), render: (row) => cents(row.withheld_total) },
    { key: 'paid_total', label: t('merchant.field.paid_total'), render: (row) => cents(row.paid_total) },
    { key: 'balance', label: t('merchant.field.balance'), sortable: true, render: (row) => cents(row.balance) },
  ],
};

const entries: ResourceDefinition = {
  api: '/staff/api/retention-entries',
  route: '/retention-entries',
  title: 'merchant.nav.retentionEntries',
  newTitle: 'merchant.form.newRetentionEntry',
  editTitle: 'merchant.form.newRetentionEntry',
  permissions: { view: 'retention.view', create: 'retention.manage' },
  intro: (t) => <p>{t('merchant.ui.retentionEntriesIntro')}</p>,
  columns: (t) => [
    { key: 'entry_date', label: t('merchant.field.entry_date') },
    { key: 'store_name', label: t('merchant.field.store') },
    {
      key: 'kind',
      label: t('merchant.field.entry_kind'),
      render: (row) => t(`merchant.entryKind.${String(row.kind)}`),
    },
    {
      key: 'funded_amount',
      label: t('merchant.field.funded_amount'),
      render: (row) => (row.kind === 'withholding' ? cents(row.funded_amount) : ''),
    },
    { key: 'amount', label: t('merchant.field.amount'), render: (row) => cents(row.amount) },
    { key: 'balance_after', label: t('merchant.field.balance'), render: (row) => cents(row.balance_after) },
    { key: 'reference', label: t('merchant.field.reference') },
  ],
};

export function RetentionScreen({ id }: { id?: string }) {
  return <ResourceScreen def={accounts} id={id} />;
}

export function RetentionEntriesScreen({ id }: { id?: string }) {
  return <ResourceScreen def={entries} id={id} />;
}
