// Payments: the card payments taken at checkout (down payments), their outcome and any refund owed, and a payment's
// record.
import { Link } from 'wouter';
import type { CheckoutView, PaymentView } from '../../../../machines/contracts/staff-leases.ts';
import { useT } from '../../../lib/i18n.tsx';
import type { Column } from '../../../toolkit/list/PagedList.tsx';
import { DetailList, Section } from '../../common/Details.tsx';
import { cardText, formatMoney, paymentStatusText, tOr, When } from '../../common/display.tsx';
import { dateColumn, moneyColumn } from '../../common/lease-columns.tsx';
import { RecordPending, useRecentStaffRecord } from '../../common/RecordLoad.tsx';
import { AreaListScreen, areaRecordPath } from '../../common/ListScreen.tsx';
import { Screen } from '../../common/Screen.tsx';
import { useSession } from '../../common/session.tsx';

type Row = PaymentView & Record<string, unknown>;
const paymentPath = (id: string) => areaRecordPath('payments', id);

export function PaymentsScreen() {
  const t = useT();
  const columns: Column<Row>[] = [
    dateColumn<Row>('started_at', t('staff.ui.lease.startedAt'), true),
    {
      key: 'applicant_name',
      label: t('staff.ui.lease.applicant'),
      render: (row) => (
        <Link href={paymentPath(row.id)} data-testid="record-link">
          {t('staff.ui.lease.paymentOf', { name: row.applicant_name || row.id, number: row.number })}
        </Link>
      ),
    },
    { key: 'store_name', label: t('staff.field.store') },
    { key: 'retailer_name', label: t('staff.field.retailer') },
    moneyColumn<Row>('amount', t('staff.ui.lease.amount')),
    { key: 'status', label: t('staff.field.status'), render: (row) => paymentStatusText(t, row.status) },
    { key: 'card', label: t('staff.ui.lease.card'), render: (row) => cardText(row.card_brand, row.card_last4) },
    { key: 'decline_code', label: t('staff.ui.lease.declineCode'), render: (row) => row.decline_code ?? '' },
    dateColumn<Row>('settled_at', t('staff.ui.lease.settledAt')),
    moneyColumn<Row>('refund_due', t('staff.ui.lease.refundDue')),
  ];
  return <AreaListScreen<Row> area="payments" columns={columns} />;
}

/** GET /staff/api/payments/{id}: the payment with its checkout. */
type PaymentDetail = PaymentView & { checkout?: CheckoutView };

export function PaymentScreen({ id }: { id: string }) {
  const t = useT();
  const { can } = useSession();
  const {
    load,
    reload,
    data: p,
  } = useRecentStaffRecord<PaymentDetail>(
    `/staff/api/payments/${encodeURIComponent(id)}`,
    'staff.lease.paymentNotFound',
    (payment) => ({
      path: paymentPath(id),
      kind: 'staff.ui.lease.payment',
      label: t('staff.ui.lease.paymentOf', { name: payment.applicant_name || payment.id, number: payment.number }),
    }),
  );
  if (!p) return <RecordPending title={t('staff.ui.lease.payment')} load={load} onRetry={reload} />;

  return (
    <Screen title={t('staff.ui.lease.paymentOf', { name: p.applicant_name || p.id, number: p.number })}>
      <Section title={t('staff.ui.lease.summary')}>
        <DetailList
          items={[
            { label: t('staff.field.status'), value: paymentStatusText(t, p.status), always: true },
            { label: t('staff.ui.lease.amount'), value: formatMoney(p.amount), always: true },
            { label: t('staff.ui.lease.paymentNumber'), value: String(p.number) },
            {
              label: t('staff.ui.lease.application'),
              value:
                p.application_uuid && can('applications.view') ? (
                  <Link href={`/applications/${encodeURIComponent(p.application_uuid)}`}>
                    {p.applicant_name || p.application_uuid}
                  </Link>
                ) : (
                  p.applicant_name
                ),
            },
            {
              label: t('staff.ui.lease.checkout'),
              value: can('checkouts.view') ? (
                <Link href={`/checkouts/${encodeURIComponent(p.checkout_id)}`}>{t('staff.ui.lease.openCheckout')}</Link>
              ) : (
                p.checkout_id
              ),
            },
            {
              label: t('staff.ui.lease.checkoutStatus'),
              value: p.checkout ? p.checkout.status_label || p.checkout.status_name : '',
            },
            { label: t('staff.field.store'), value: p.store_name },
            { label: t('staff.field.retailer'), value: p.retailer_name },
            { label: t('staff.ui.lease.card'), value: cardText(p.card_brand, p.card_last4) },
            {
              label: t('staff.ui.lease.cardFunding'),
              value: p.card_funding ? tOr(t, `staff.ui.lease.funding.${p.card_funding}`, p.card_funding) : '',
            },
            { label: t('staff.ui.lease.declineCode'), value: p.decline_code ?? '' },
            { label: t('staff.ui.lease.message'), value: p.message ?? '' },
            { label: t('staff.ui.lease.startedAt'), value: <When value={p.started_at} /> },
            { label: t('staff.ui.lease.settledAt'), value: <When value={p.settled_at} /> },
            { label: t('staff.ui.lease.refundDue'), value: formatMoney(p.refund_due) },
          ]}
        />
      </Section>
    </Screen>
  );
}
