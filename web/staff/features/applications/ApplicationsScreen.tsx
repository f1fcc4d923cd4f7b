// Lease Applications (seed 001 section 2): every application with its decision and status, searchable by name,
// e-mail, phone, lease/loan number or the last 4 of the SSN, filtered by what the server describes in meta.filters;
// a row opens the application's record.
import { useT } from '../../../lib/i18n.tsx';
import {
  dateColumn,
  moneyColumn,
  offersColumn,
  recordPath,
  retailerColumn,
  sourceText,
  statusColumn,
  storeColumn,
  applicantColumn,
  type LeaseRow,
} from '../../common/lease-columns.tsx';
import { ListScreen } from '../../common/ListScreen.tsx';

export function ApplicationsScreen() {
  const t = useT();
  return (
    <ListScreen<LeaseRow>
      titleKey="staff.ui.nav.applications"
      api="/staff/api/applications"
      search={{
        label: t('staff.ui.lease.search'),
        hint: t('staff.ui.lease.searchHint'),
        testId: 'applications-search',
      }}
      rowPath={(row) => recordPath('/applications', row)}
      rowKey={(row) => row.uuid}
      columns={[
        applicantColumn(t, '/applications', true),
        storeColumn(t),
        retailerColumn(t),
        dateColumn('submitted_at', t('staff.ui.lease.submitted')),
        { key: 'result_code', label: t('staff.field.result') },
        moneyColumn('approval_amount', t('staff.ui.lease.approval')),
        offersColumn(t),
        statusColumn(t),
        { key: 'source', label: t('staff.field.source'), render: (row) => sourceText(t, row.source) },
        { key: 'step', label: t('staff.ui.lease.step') },
      ]}
    />
  );
}
