// Leases: the applications that have a lease (contract terms), with the lease number, amount, term, status and
// delivery date; a row opens the record.
import { useT } from '../../../lib/i18n.tsx';
import {
  applicantColumn,
  dateColumn,
  moneyColumn,
  recordPath,
  statusColumn,
  storeColumn,
  type LeaseRow,
} from '../../common/lease-columns.tsx';
import { ListScreen } from '../../common/ListScreen.tsx';

/** Rows of GET /staff/api/leases may carry the lease's term (months) and delivery date. */
type Row = LeaseRow & { term_months?: number | null; delivery_date?: string | null };

export function LeasesScreen() {
  const t = useT();
  return (
    <ListScreen<Row>
      titleKey="staff.ui.nav.leases"
      api="/staff/api/leases"
      search={{ label: t('staff.ui.lease.search'), hint: t('staff.ui.lease.searchHint'), testId: 'leases-search' }}
      rowPath={(row) => recordPath('/leases', row)}
      rowKey={(row) => row.uuid}
      columns={[
        { key: 'lease_number', label: t('staff.ui.lease.leaseNumber'), render: (row) => row.lease_number ?? '' },
        applicantColumn(t, '/leases'),
        storeColumn(t),
        moneyColumn<Row>('lease_amount', t('staff.ui.lease.leaseAmount')),
        {
          key: 'term_months',
          label: t('staff.ui.lease.term'),
          render: (row) =>
            typeof row.term_months === 'number' ? t('staff.ui.lease.months', { months: row.term_months }) : '',
        },
        statusColumn(t),
        dateColumn<Row>('delivery_date', t('staff.ui.lease.deliveryDate')),
      ]}
    />
  );
}
