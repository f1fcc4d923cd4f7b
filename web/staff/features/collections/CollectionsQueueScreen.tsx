// Collections queue (issue 23): past-due accounts oldest first, filtered by bucket (days past due) and by view (to
// work, promised to pay, all), optionally only the accounts the user works; a row opens the account's collections work
// (claim, assign, promise to pay, contact attempts), which links to the lease record for the servicing actions. A
// store user sees only its own stores' accounts (the server decides).
import { useId, useState } from 'react';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.tsx';
import { formatMoney } from '../../common/display.tsx';
import { RecordList } from '../../common/RecordList.tsx';
import { Screen } from '../../common/Screen.tsx';
import { LabelledSelect } from './fields.tsx';

const BUCKETS = ['1-30', '31-60', '61-90', '90+'] as const;

interface QueueRow {
  [key: string]: unknown;
  lease_id: string;
  store_id: string;
  store_name?: string;
  state: string;
  first_missed_date: string;
  days_past_due: number;
  bucket: string;
  past_due: string;
  balance: string;
  assignee: string | null;
  promise: { date: string; amount: string; status: string } | null;
}

const VIEWS = ['open', 'promised', 'all'] as const;

export function CollectionsQueueScreen() {
  const t = useT();
  const id = useId();
  const [bucket, setBucket] = useState('');
  const [view, setView] = useState<string>('open');
  const [mine, setMine] = useState(false);
  return (
    <Screen title={t('collections.ui.queue')}>
      <LabelledSelect
        id={`${id}-bucket`}
        className="staff-filter"
        label={t('collections.ui.bucket')}
        value={bucket}
        onValue={setBucket}
        testId="collections-bucket"
      >
        <option value="">{t('collections.ui.allBuckets')}</option>
        {BUCKETS.map((b) => (
          <option key={b} value={b}>
            {t('collections.ui.bucketDays', { bucket: b })}
          </option>
        ))}
      </LabelledSelect>
      <LabelledSelect
        id={`${id}-view`}
        className="staff-filter"
        label={t('collections.ui.view')}
        value={view}
        onValue={setView}
        testId="collections-view"
      >
        {VIEWS.map((v) => (
          <option key={v} value={v}>
            {t(`collections.ui.view.${v}`)}
          </option>
        ))}
      </LabelledSelect>
      <label className="tk-check">
        <input
          className="tk-check__input"
          type="checkbox"
          checked={mine}
          data-testid="collections-mine"
          onChange={(event) => setMine(event.target.checked)}
        />
        {t('collections.ui.mine')}
      </label>
      <RecordList<QueueRow>
        api="/staff/api/collections-queue"
        caption={t('collections.ui.queueCaption')}
        query={{ ...(bucket ? { bucket } : {}), view, ...(mine ? { assigned: 'me' } : {}) }}
        omitFilters={['bucket', 'view', 'assigned']}
        rowKey={(row) => row.lease_id}
        rowPath={(row) => `/collections-queue/${encodeURIComponent(row.lease_id)}`}
        columns={[
          { key: 'lease_id', label: t('collections.ui.lease'), render: (row) => row.lease_id.slice(0, 8) },
          { key: 'store_name', label: t('collections.ui.store'), render: (row) => row.store_name ?? row.store_id },
          { key: 'state', label: t('collections.ui.usState'), render: (row) => row.state },
          {
            key: 'first_missed_date',
            label: t('collections.ui.firstMissed'),
            render: (row) => formatDate(row.first_missed_date),
          },
          { key: 'days_past_due', label: t('collections.ui.days'), render: (row) => String(row.days_past_due) },
          { key: 'bucket', label: t('collections.ui.bucketColumn'), render: (row) => row.bucket },
          { key: 'past_due', label: t('collections.ui.pastDue'), render: (row) => formatMoney(row.past_due) },
          { key: 'balance', label: t('collections.ui.balance'), render: (row) => formatMoney(row.balance) },
          {
            key: 'assignee',
            label: t('collections.ui.assignee'),
            render: (row) => row.assignee ?? t('collections.ui.unassigned'),
          },
          {
            key: 'promise',
            label: t('collections.ui.promise'),
            render: (row) =>
              row.promise
                ? `${t('collections.ui.promiseText', { amount: formatMoney(row.promise.amount), date: formatDate(row.promise.date) })} (${t(`collections.ui.promise.${row.promise.status}`)})`
                : '',
          },
        ]}
      />
    </Screen>
  );
}
