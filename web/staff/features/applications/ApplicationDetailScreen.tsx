// An application's record (GET /staff/api/applications/{uuid}, and the same record under /staff/api/leases/{uuid}):
// who applied, the decision, verification, documents, the consent and disclosure record, lease terms, checkout,
// payments, webhook deliveries and the timeline; the status actions the server allows (each confirmed with the
// seed's text) and the queue claim.
import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  ApplicationDetail,
  StaffActionView,
  WebhookDeliveryView,
} from '../../../../machines/contracts/staff-leases.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useNotify } from '../../../toolkit/dialogs/DialogsProvider.tsx';
import { DetailList, Section } from '../../common/Details.tsx';
import { formatMoney, When } from '../../common/display.tsx';
import { sourceText } from '../../common/lease-columns.tsx';
import { rememberRecord } from '../../common/recent.ts';
import { Screen } from '../../common/Screen.tsx';
import { useSession } from '../../common/session.tsx';
import { ActionDialog } from './ActionDialog.tsx';
import { DeliveriesSection } from '../../common/DeliveriesSection.tsx';
import { AccountSection } from './AccountSection.tsx';
import { ConsentsSection } from './ConsentsSection.tsx';
import {
  BankingSection,
  DecisionSection,
  DocumentsSection,
  FlowsSection,
  HomeSection,
  IncomesSection,
  PersonSection,
  PinSection,
  TimelineSection,
} from './sections.tsx';
import { CheckoutSection, LeaseSection, PaymentsSection, WebhooksSection } from './lease-sections.tsx';

export type RecordBase = 'applications' | 'leases';

/** The applicant's and the co-applicant's sections, in that order. */
const PEOPLE = [
  { prefix: 'applicant', titleKey: 'staff.ui.lease.applicantSection' },
  { prefix: 'co_applicant', titleKey: 'staff.ui.lease.coApplicant' },
] as const;

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string; code: number }
  | { status: 'ready'; detail: ApplicationDetail };

export function ApplicationDetailScreen({ id, base = 'applications' }: { id: string; base?: RecordBase }) {
  const t = useT();
  const notify = useNotify();
  const session = useSession();
  const { caller, can, me } = session;
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [action, setAction] = useState<StaffActionView | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const remembered = useRef<string | undefined>(undefined);
  const statusRef = useRef<HTMLSpanElement>(null);
  const afterAction = useRef(false);
  const url = `/staff/api/${base}/${encodeURIComponent(id)}`;

  const fetchDetail = useCallback(
    async (quiet = false) => {
      if (!quiet) setLoad({ status: 'loading' });
      const result = await caller.get<ApplicationDetail>(url);
      if (result.status && result.data) setLoad({ status: 'ready', detail: result.data });
      else if (!quiet)
        setLoad({ status: 'error', code: result.code, message: result.message ?? result.error ?? t('error.unknown') });
      else notify({ type: 'error', message: result.message ?? result.error ?? t('error.unknown') });
    },
    [caller, url, t, notify],
  );

  useEffect(() => {
    void fetchDetail();
  }, [fetchDetail]);

  const detail = load.status === 'ready' ? load.detail : undefined;

  // Recently accessed records (dashboard): once per record opened.
  useEffect(() => {
    if (!detail || remembered.current === `${base}/${id}`) return;
    remembered.current = `${base}/${id}`;
    rememberRecord(me.user.id, {
      path: `/${base}/${id}`,
      kind: base === 'applications' ? 'staff.ui.lease.application' : 'staff.ui.lease.lease',
      label: detail.applicant_name || detail.lease_number || detail.loan_number || id,
    });
  }, [detail, base, id, me.user.id]);

  // After an action the button that opened the dialog may be gone (the new status offers others): the focus then
  // goes to the record's status, which says what happened.
  useEffect(() => {
    if (!afterAction.current || load.status !== 'ready') return;
    afterAction.current = false;
    if (!document.activeElement || document.activeElement === document.body) statusRef.current?.focus();
  }, [load]);

  const reveal = useCallback(
    async (field: string) => {
      if (!detail) return undefined;
      const result = await caller.post<{ value: string }>(
        `/staff/api/applications/${encodeURIComponent(detail.uuid)}/reveal`,
        { field },
      );
      if (result.status && result.data && typeof result.data.value === 'string') return result.data.value;
      notify({ type: 'error', message: result.message ?? result.error ?? t('error.unknown') });
      return undefined;
    },
    [caller, detail, notify, t],
  );

  const replay = useCallback(
    async (delivery: WebhookDeliveryView) => {
      if (!detail) return;
      const result = await caller.post(
        `/staff/api/applications/${encodeURIComponent(detail.uuid)}/webhooks/${encodeURIComponent(delivery.event_id)}/replay`,
      );
      notify({
        type: result.status ? 'success' : 'error',
        message: result.message ?? result.error ?? (result.status ? t('staff.lease.replayed') : t('error.unknown')),
      });
      if (result.status) void fetchDetail(true);
    },
    [caller, detail, notify, t, fetchDetail],
  );

  const queueCall = useCallback(
    async (what: 'claim' | 'release') => {
      if (!detail) return;
      setBusy(true);
      const result = await caller.post(`/staff/api/lease-queue/${encodeURIComponent(detail.uuid)}/${what}`);
      setBusy(false);
      notify({
        type: result.status ? 'success' : 'error',
        message:
          result.message ??
          result.error ??
          (result.status ? t(`staff.lease.${what === 'claim' ? 'claimed' : 'released'}`) : t('error.unknown')),
      });
      if (result.status) void fetchDetail(true);
    },
    [caller, detail, notify, t, fetchDetail],
  );

  if (load.status !== 'ready') {
    return (
      <Screen title={t(base === 'applications' ? 'staff.ui.lease.application' : 'staff.ui.lease.lease')}>
        {load.status === 'loading' ? (
          <p className="tk-loading" role="status">
            {t('app.loading')}
          </p>
        ) : (
          <div className="tk-alert tk-alert--error" role="alert">
            {load.code === 404
              ? t(base === 'applications' ? 'staff.lease.applicationNotFound' : 'staff.lease.notFound')
              : load.message}{' '}
            <button type="button" className="tk-btn tk-btn--small" onClick={() => void fetchDetail()}>
              {t('toolkit.list.retry')}
            </button>
          </div>
        )}
      </Screen>
    );
  }

  const d = load.detail;
  const mine = d.claimed_by?.user_id === me.user.id;
  const permitted = d.actions.filter((a) => a.permitted);
  // Claim and (once mine) Release are one button, so the focus stays on it when it turns into the other.
  const claimButtons = can('lease-queue.claim') ? (
    <>
      <button
        key="claim-toggle"
        type="button"
        className="tk-btn"
        aria-disabled={busy || undefined}
        onClick={() => !busy && void queueCall(mine ? 'release' : 'claim')}
        data-testid={mine ? 'record-release' : 'record-claim'}
      >
        {t(mine ? 'staff.ui.lease.release' : 'staff.ui.lease.claim')}
      </button>
      {d.claimed_by && !mine && can('lease-queue.assign') ? (
        <button
          key="release-other"
          type="button"
          className="tk-btn"
          aria-disabled={busy || undefined}
          onClick={() => !busy && void queueCall('release')}
          data-testid="record-release"
        >
          {t('staff.ui.lease.release')}
        </button>
      ) : null}
    </>
  ) : null;

  return (
    <Screen title={d.applicant_name || t('staff.ui.lease.unnamed')} actions={claimButtons}>
      <Section title={t('staff.ui.lease.summary')} testId="section-summary">
        <p className="staff-record-status">
          <span
            ref={statusRef}
            tabIndex={-1}
            className={`staff-status staff-status--${d.status}`}
            data-testid="record-status"
          >
            {d.status_label}
          </span>{' '}
          <span className="staff-muted" data-testid="record-claim-state">
            {d.claimed_by
              ? t('staff.ui.lease.claimedByName', { name: d.claimed_by.name })
              : t('staff.ui.lease.unclaimed')}
          </span>
        </p>
        {d.info_request ? (
          <p className="staff-notice" data-testid="info-request">
            {t('staff.ui.lease.infoRequested')} {d.info_request.note} (<When value={d.info_request.at} />)
          </p>
        ) : null}
        <DetailList
          items={[
            { label: t('staff.ui.lease.leaseNumber'), value: d.lease_number ?? '' },
            { label: t('staff.ui.lease.loanNumber'), value: d.loan_number },
            { label: t('staff.field.store'), value: d.store_name },
            { label: t('staff.field.retailer'), value: d.retailer_name },
            { label: t('staff.ui.createdAt'), value: <When value={d.created_at} /> },
            { label: t('staff.ui.lease.submitted'), value: <When value={d.submitted_at} /> },
            { label: t('staff.field.result'), value: d.result_code ?? '' },
            { label: t('staff.ui.lease.approval'), value: formatMoney(d.approval_amount) },
            { label: t('staff.ui.lease.leaseAmount'), value: formatMoney(d.lease_amount) },
            { label: t('staff.field.source'), value: sourceText(t, d.source) },
            { label: t('staff.ui.lease.step'), value: d.step },
            { label: t('staff.ui.lease.deliveryDate'), value: <When value={d.delivery_date} /> },
            { label: t('staff.ui.lease.stateChangedAt'), value: <When value={d.state_changed_at} /> },
          ]}
        />
      </Section>

      <Section title={t('staff.ui.lease.actions')} testId="section-actions">
        {permitted.length ? (
          <div className="staff-actions" role="group" aria-label={t('staff.ui.lease.actions')}>
            {permitted.map((a) => (
              <button
                key={a.id}
                type="button"
                className="tk-btn"
                data-testid={`lease-action-${a.id}`}
                onClick={() => setAction(a)}
              >
                {a.label}
              </button>
            ))}
          </div>
        ) : (
          <p className="tk-empty">{t('staff.ui.lease.noActions')}</p>
        )}
      </Section>

      {PEOPLE.map(({ prefix, titleKey }) => (
        <PersonSection
          key={prefix}
          title={t(titleKey)}
          prefix={prefix}
          person={d[prefix]}
          revealable={d.revealable}
          reveal={reveal}
        />
      ))}
      <IncomesSection detail={d} />
      <BankingSection detail={d} reveal={reveal} />
      <HomeSection detail={d} />
      <DecisionSection detail={d} />
      <PinSection detail={d} />
      <FlowsSection detail={d} />
      <DocumentsSection detail={d} />
      <ConsentsSection uuid={d.uuid} />
      <LeaseSection detail={d} />
      <DeliveriesSection
        detail={d}
        onFunded={(next, message) => {
          afterAction.current = true;
          if (next) setLoad({ status: 'ready', detail: next });
          else void fetchDetail(true);
          notify({ type: 'success', message: message ?? t('staff.lease.actionDone') });
        }}
      />
      {base === 'leases' ? <AccountSection uuid={d.uuid} /> : null}
      <CheckoutSection detail={d} />
      <PaymentsSection detail={d} />
      <WebhooksSection detail={d} replay={(delivery) => void replay(delivery)} />
      <TimelineSection detail={d} />

      {action ? (
        <ActionDialog
          detail={d}
          action={action}
          onClose={() => setAction(undefined)}
          onRefused={(code) => {
            // the record moved on (another user, a callback): show what it is now behind the dialog
            if (code === 409) void fetchDetail(true);
          }}
          onDone={(next, message) => {
            setAction(undefined);
            afterAction.current = true;
            if (next) setLoad({ status: 'ready', detail: next });
            else void fetchDetail(true);
            notify({ type: 'success', message: message ?? t('staff.ui.lease.actionDone', { action: action.label }) });
          }}
        />
      ) : null}
    </Screen>
  );
}
