// The sections of an application's record about its lease: the lease terms, the checkout, the payments and the
// retailer's webhook deliveries.
import { Link } from 'wouter';
import type { ApplicationDetail, WebhookDeliveryView } from '../../../../machines/contracts/staff-leases.ts';
import { useT } from '../../../lib/i18n.tsx';
import { DetailList, EmptyNote, Section, SimpleTable } from '../../common/Details.tsx';
import { formatMoney, humanize, plain, tOr, When } from '../../common/display.tsx';
import { checkoutItemColumns } from '../../common/lease-columns.tsx';
import { PaymentsTable } from '../../common/PaymentsTable.tsx';
import { useSession } from '../../common/session.tsx';

export function LeaseSection({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  const l = detail.lease;
  return (
    <Section title={t('staff.ui.lease.terms')} testId="section-lease">
      {!l ? (
        <EmptyNote text={t('staff.ui.lease.noLease')} />
      ) : (
        <>
          <DetailList
            items={[
              { label: t('staff.ui.lease.leaseNumber'), value: l.lease_number },
              { label: t('staff.ui.lease.stage'), value: l.stage ? humanize(l.stage) : '' },
              { label: t('staff.ui.lease.optionChosen'), value: l.option },
              { label: t('staff.ui.lease.leaseAmount'), value: formatMoney(l.lease_amount) },
              { label: t('staff.ui.lease.cashPrice'), value: formatMoney(l.cash_price) },
              { label: t('staff.ui.lease.term'), value: t('staff.ui.lease.months', { months: l.term_months }) },
              {
                label: t('staff.ui.lease.paymentFrequency'),
                value: tOr(t, `lease.frequency.${l.payment_frequency}`, l.payment_frequency),
              },
              { label: t('staff.ui.lease.periodicPayment'), value: formatMoney(l.periodic_payment) },
              { label: t('staff.ui.lease.numberOfPayments'), value: String(l.number_of_payments) },
              { label: t('staff.ui.lease.totalOfPayments'), value: formatMoney(l.total_of_payments) },
              { label: t('staff.ui.lease.initialPayment'), value: formatMoney(l.initial_payment) },
              { label: t('staff.ui.lease.initialSalesTax'), value: formatMoney(l.initial_sales_tax) },
              { label: t('staff.ui.lease.processingFee'), value: formatMoney(l.processing_fee) },
              { label: t('staff.ui.lease.ocp'), value: plain(l.ocp_included, t), always: true },
              { label: t('staff.ui.lease.deliveryDate'), value: <When value={l.delivery_date} /> },
              { label: t('staff.ui.lease.rogDate'), value: <When value={l.rog_date} /> },
              { label: t('staff.ui.lease.fundedAt'), value: <When value={l.funded_at} /> },
              { label: t('staff.ui.lease.fundedAmount'), value: formatMoney(l.funded_amount) },
              { label: t('staff.ui.lease.revision'), value: String(l.revision) },
              { label: t('staff.ui.createdAt'), value: <When value={l.created_at} /> },
            ]}
          />
          {l.fees.length ? (
            <>
              <h3 className="staff-subtitle">{t('staff.ui.lease.fees')}</h3>
              <ul className="staff-list">
                {l.fees.map((fee) => (
                  <li key={fee.name}>
                    {fee.name}: {formatMoney(fee.amount)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </Section>
  );
}

export function CheckoutSection({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  const { can } = useSession();
  const c = detail.checkout;
  return (
    <Section
      title={t('staff.ui.lease.checkout')}
      actions={
        c && can('checkouts.view') ? (
          <Link href={`/checkouts/${encodeURIComponent(c.id)}`} className="tk-btn tk-btn--small">
            {t('staff.ui.lease.openCheckout')}
          </Link>
        ) : null
      }
    >
      {!c ? (
        <EmptyNote text={t('staff.ui.lease.noCheckout')} />
      ) : (
        <>
          <DetailList
            items={[
              { label: t('staff.field.status'), value: c.status_label || c.status_name, always: true },
              { label: t('staff.ui.lease.total'), value: formatMoney(c.total) },
              { label: t('staff.ui.createdAt'), value: <When value={c.created_at} /> },
              { label: t('staff.ui.lease.completedAt'), value: <When value={c.completed_at} /> },
              { label: t('staff.ui.lease.cancelledAt'), value: <When value={c.cancelled_at} /> },
            ]}
          />
          <SimpleTable
            caption={t('staff.ui.lease.items')}
            rows={c.items}
            rowKey={(r, index) => `${r.sku}-${index}`}
            columns={checkoutItemColumns(t)}
          />
        </>
      )}
    </Section>
  );
}

export function PaymentsSection({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  return (
    <Section title={t('staff.ui.lease.payments')}>
      <PaymentsTable rows={detail.payments} withSettlement />
    </Section>
  );
}

export function WebhooksSection({
  detail,
  replay,
}: {
  detail: ApplicationDetail;
  replay: (delivery: WebhookDeliveryView) => void;
}) {
  const t = useT();
  const { can } = useSession();
  const mayReplay = can('webhooks.replay');
  return (
    <Section title={t('staff.ui.lease.webhooks')} testId="section-webhooks">
      <SimpleTable
        caption={t('staff.ui.lease.webhooks')}
        rows={detail.webhooks}
        rowKey={(r) => r.event_id}
        columns={[
          { key: 'type', label: t('staff.ui.lease.event'), render: (r) => r.type },
          {
            key: 'status',
            label: t('staff.field.status'),
            render: (r) => tOr(t, `staff.ui.lease.webhookStatus.${r.status}`, r.status),
          },
          { key: 'url', label: t('staff.ui.lease.url'), render: (r) => <span className="staff-code">{r.url}</span> },
          { key: 'created_at', label: t('staff.ui.createdAt'), render: (r) => <When value={r.created_at} /> },
          {
            key: 'delivered_at',
            label: t('staff.ui.lease.deliveredAt'),
            render: (r) => <When value={r.delivered_at} />,
          },
          {
            key: 'attempts',
            label: t('staff.ui.lease.attempts'),
            render: (r) => {
              const last = r.attempts[r.attempts.length - 1];
              return (
                <>
                  {String(r.attempts.length)}
                  {last ? <span className="staff-muted"> ({last.status_code ?? last.error ?? ''})</span> : null}
                </>
              );
            },
          },
          {
            key: 'replay',
            label: t('toolkit.list.actions'),
            render: (r) =>
              mayReplay ? (
                <button
                  type="button"
                  className="tk-btn tk-btn--small"
                  aria-label={t('staff.ui.lease.replayNamed', { name: r.type })}
                  data-testid="webhook-replay"
                  onClick={() => replay(r)}
                >
                  {t('staff.ui.lease.replay')}
                </button>
              ) : null,
          },
        ]}
      />
    </Section>
  );
}
