// Contracts: the applications with a calculated contract; "requires acceptance" narrows them to those waiting for
// the shopper's signature. Each row links to the contract's HTML preview and its PDF download.
import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n.tsx';
import { YesNo } from '../../common/Screen.tsx';
import {
  applicantColumn,
  moneyColumn,
  recordPath,
  retailerColumn,
  statusColumn,
  storeColumn,
  type LeaseRow,
} from '../../common/lease-columns.tsx';
import { ListScreen } from '../../common/ListScreen.tsx';

export const contractUrl = (uuid: string, pdf = false) =>
  `/staff/api/leases/${encodeURIComponent(uuid)}/contract${pdf ? '?format=pdf' : ''}`;

export function ContractsScreen() {
  const t = useT();
  const id = useId();
  const [pending, setPending] = useState(false);
  return (
    <ListScreen<LeaseRow>
      titleKey="staff.ui.nav.contracts"
      api="/staff/api/contracts"
      search={{ label: t('staff.ui.lease.search'), hint: t('staff.ui.lease.searchHint'), testId: 'contracts-search' }}
      query={pending ? { requires_acceptance: 'true' } : {}}
      omitFilters={['requires_acceptance']}
      controls={
        <div className="tk-check staff-list-controls__check">
          <input
            id={`${id}-pending`}
            type="checkbox"
            className="tk-check__input"
            checked={pending}
            data-testid="contracts-requires-acceptance"
            onChange={(event) => setPending(event.target.checked)}
          />
          <label htmlFor={`${id}-pending`}>{t('staff.ui.lease.requiresAcceptanceOnly')}</label>
        </div>
      }
      rowPath={(row) => recordPath('/leases', row)}
      rowKey={(row) => row.uuid}
      columns={[
        { key: 'lease_number', label: t('staff.ui.lease.leaseNumber'), render: (row) => row.lease_number ?? '' },
        applicantColumn(t, '/leases'),
        storeColumn(t),
        retailerColumn(t),
        moneyColumn('lease_amount', t('staff.ui.lease.leaseAmount')),
        statusColumn(t),
        {
          key: 'requires_acceptance',
          label: t('staff.field.requires_acceptance'),
          render: (row) => <YesNo value={row.requires_acceptance} />,
        },
        {
          key: 'contract',
          label: t('staff.ui.lease.contract'),
          render: (row) =>
            row.has_contract ? (
              <span className="staff-links-inline">
                <a
                  href={contractUrl(row.uuid)}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('staff.ui.lease.previewContractOf', { name: row.applicant_name })}
                  data-testid="contract-preview"
                >
                  {t('staff.ui.lease.preview')}
                </a>
                <a
                  href={contractUrl(row.uuid, true)}
                  download
                  aria-label={t('staff.ui.lease.downloadContractOf', { name: row.applicant_name })}
                  data-testid="contract-download"
                >
                  {t('staff.ui.lease.downloadPdf')}
                </a>
              </span>
            ) : (
              t('staff.ui.lease.noContract')
            ),
        },
      ]}
    />
  );
}
