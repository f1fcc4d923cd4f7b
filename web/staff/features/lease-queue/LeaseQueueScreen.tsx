// Lease Queue: the work queues (awaiting review, more info, docs and/or payment, delivered awaiting funding) as tabs
// with their counts, each oldest first; a record can be claimed, released and (with lease-queue.assign) assigned.
// The funding queue shows the amount due (the delivered tranches not funded yet: a partial delivery funds its share).
import { useCallback, useId, useState } from 'react';
import {
  LEASE_QUEUE_IDS,
  LEASE_QUEUES,
  type LeaseQueueId,
  type LeaseQueueMeta,
} from '../../../../machines/contracts/staff-leases.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useNotify } from '../../../toolkit/dialogs/DialogsProvider.tsx';
import type { RowAction } from '../../../toolkit/list/PagedList.tsx';
import { useTabKeys } from '../../../toolkit/tab-keys.ts';
import {
  claimText,
  dateColumn,
  moneyColumn,
  recordPath,
  retailerColumn,
  statusColumn,
  storeColumn,
  applicantColumn,
  type LeaseRow,
} from '../../common/lease-columns.tsx';
import { RecordList } from '../../common/RecordList.tsx';
import { Screen } from '../../common/Screen.tsx';
import { useSession } from '../../common/session.tsx';
import { UserPickerDialog } from '../../common/UserPickerDialog.tsx';

const isQueue = (value: unknown): value is LeaseQueueId =>
  typeof value === 'string' && (LEASE_QUEUE_IDS as string[]).includes(value);
const queuePath = (row: LeaseRow, action: 'claim' | 'release' | 'assign') =>
  `/staff/api/lease-queue/${encodeURIComponent(row.uuid)}/${action}`;

export function LeaseQueueScreen({ queue }: { queue?: string }) {
  const t = useT();
  const notify = useNotify();
  const { me, can, caller } = useSession();
  const base = useId();
  const [active, setActive] = useState<LeaseQueueId>(isQueue(queue) ? queue : 'review');
  const [counts, setCounts] = useState<LeaseQueueMeta['queues']>(() =>
    LEASE_QUEUE_IDS.map((id) => ({ id, label: LEASE_QUEUES[id].label, count: -1 })),
  );
  const [refresh, setRefresh] = useState(0);
  const [assigning, setAssigning] = useState<LeaseRow | undefined>(undefined);
  const detailBase = can('applications.view') ? '/applications' : '/leases';

  const onLoad = useCallback((page: { meta: unknown }) => {
    const meta = page.meta as Partial<LeaseQueueMeta>;
    if (Array.isArray(meta.queues)) setCounts(meta.queues);
  }, []);

  const { tabRef, onKeyDown } = useTabKeys(counts.length, (index) => setActive(counts[index]!.id));

  const mine = (row: LeaseRow) => row.claimed_by?.user_id === me.user.id;
  const actions: RowAction<LeaseRow>[] = [];
  if (can('lease-queue.claim')) {
    actions.push({
      label: t('staff.ui.lease.claim'),
      name: (row) => t('staff.ui.lease.claimNamed', { name: row.applicant_name }),
      testId: 'queue-claim',
      url: '/staff/api/lease-queue/{uuid}/claim',
      visible: (row) => !mine(row),
    });
    actions.push({
      label: t('staff.ui.lease.release'),
      name: (row) => t('staff.ui.lease.releaseNamed', { name: row.applicant_name }),
      testId: 'queue-release',
      url: '/staff/api/lease-queue/{uuid}/release',
      visible: (row) => !!row.claimed_by && (mine(row) || can('lease-queue.assign')),
    });
  }
  if (can('lease-queue.assign')) {
    actions.push({
      label: t('staff.ui.lease.assign'),
      name: (row) => t('staff.ui.lease.assignNamed', { name: row.applicant_name }),
      testId: 'queue-assign',
      onClick: (row) => setAssigning(row),
    });
  }

  const activeIndex = Math.max(
    0,
    counts.findIndex((q) => q.id === active),
  );
  const title = t('staff.ui.nav.leaseQueue');
  return (
    <Screen title={title}>
      <div className="tk-tabs staff-queue">
        <div role="tablist" aria-label={t('staff.ui.lease.queues')} className="tk-tabs__list">
          {counts.map((q, index) => (
            <button
              key={q.id}
              ref={tabRef(index)}
              type="button"
              role="tab"
              id={`${base}-tab-${q.id}`}
              aria-selected={index === activeIndex}
              aria-controls={`${base}-panel`}
              tabIndex={index === activeIndex ? 0 : -1}
              className="tk-tabs__tab"
              data-testid={`queue-tab-${q.id}`}
              onClick={() => setActive(q.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {t(q.label)}
              {q.count >= 0 ? <span className="staff-count"> ({q.count})</span> : null}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id={`${base}-panel`}
          aria-labelledby={`${base}-tab-${counts[activeIndex]?.id ?? active}`}
          className="tk-tabs__panel"
          tabIndex={0}
        >
          <RecordList<LeaseRow>
            api="/staff/api/lease-queue"
            caption={t('staff.ui.lease.queueCaption', {
              name: t(counts[activeIndex]?.label ?? LEASE_QUEUES[active].label),
            })}
            query={{ queue: active }}
            omitFilters={['queue']}
            rowPath={(row) => recordPath(detailBase, row)}
            rowKey={(row) => row.uuid}
            rowActions={actions}
            refreshKey={refresh}
            onLoad={onLoad}
            columns={[
              applicantColumn(t, detailBase),
              storeColumn(t),
              retailerColumn(t),
              statusColumn(t),
              dateColumn('state_changed_at', t('staff.ui.lease.waitingSince'), true),
              moneyColumn('approval_amount', t('staff.ui.lease.approval')),
              // Delivered awaiting funding: what the delivered tranches not yet funded add up to (partial delivery).
              ...(active === 'funding' ? [moneyColumn('funding_due', t('staff.ui.lease.fundingDue'))] : []),
              { key: 'claimed_by', label: t('staff.ui.lease.claimedBy'), render: (row) => claimText(t, row) },
            ]}
          />
        </div>
      </div>
      {assigning ? (
        <UserPickerDialog
          title={t('staff.ui.lease.assignNamed', { name: assigning.applicant_name })}
          submitLabel={t('staff.ui.lease.assign')}
          onClose={() => setAssigning(undefined)}
          onSubmit={async (userId) => {
            const result = await caller.post(queuePath(assigning, 'assign'), { user_id: userId });
            if (!result.status) return result.message ?? result.error ?? t('error.unknown');
            if (result.message) notify({ type: 'success', message: result.message });
            setAssigning(undefined);
            setRefresh((n) => n + 1);
            return undefined;
          }}
        />
      ) : null}
    </Screen>
  );
}
