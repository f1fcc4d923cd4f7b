// Collections queue (issue 23): past-due accounts oldest first, filtered by bucket (days past due); a row opens the
// lease record, whose account panel holds the servicing actions. A store user sees only its own stores' accounts
// (the server decides).
import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n.tsx';
import { formatMoney } from '../../common/display.tsx';
import { RecordList } from '../../common/RecordList.tsx';
import { Screen } from '../../common/Screen.tsx';

const BUCKETS = ['1-30', '31-60', '61-90', '90+'] as const;

interface QueueRow {
  [key: string]: unknown;
  lease_id: string;
  store_id: string;
  state: string;
  first_missed_date: string;
  days_past_due: number;
  bucket: string;
  past_due: string;
  balance: string;
}

export function CollectionsQueueScreen() {
  const t = useT();
  const id = useId();
  const [bucket, setBucket] = useState('');
  return (
    <Screen title={t('collections.ui.queue')}>
      <div className="tk-field staff-filter">
        <label htmlFor={`${id}-bucket`}>{t('collections.ui.bucket')}</label>
        <select
          id={`${id}-bucket`}
          className="tk-input"
          value={bucket}
          data-testid="collections-bucket"
          onChange={(event) => setBucket(event.target.value)}
        >
          <option value="">{t('collections.ui.allBuckets')}</option>
          {BUCKETS.map((b) => (
            <option key={b} value={b}>
              {t('collections.ui.bucketDays', { bucket: b })}
            </option>
          ))}
        </select>
      </div>
      <RecordList<QueueRow>
        api="/staff/api/collections-queue"
        caption={t('collections.ui.queueCaption')}
        query={bucket ? { bucket } : {}}
        omitFilters={['bucket']}
        rowKey={(row) => row.lease_id}
        rowPath={(row) => `/leases/${encodeURIComponent(row.lease_id)}`}
        columns={[
          { key: 'lease_id', label: t('collections.ui.lease'), render: (row) => row.lease_id.slice(0, 8) },
          { key: 'store_id', label: t('collections.ui.store'), render: (row) => row.store_id },
          { key: 'state', label: t('collections.ui.usState'), render: (row) => row.state },
          { key: 'first_missed_date', label: t('collections.ui.firstMissed'), render: (row) => row.first_missed_date },
          { key: 'days_past_due', label: t('collections.ui.days'), render: (row) => String(row.days_past_due) },
          { key: 'bucket', label: t('collections.ui.bucket'), render: (row) => row.bucket },
          { key: 'past_due', label: t('collections.ui.pastDue'), render: (row) => formatMoney(row.past_due) },
          { key: 'balance', label: t('collections.ui.balance'), render: (row) => formatMoney(row.balance) },
        ]}
      />
    </Screen>
  );
}
