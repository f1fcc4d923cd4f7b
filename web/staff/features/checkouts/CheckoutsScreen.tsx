// Checkouts: the retailers' checkouts (cart, status, what was paid, refunds owed) and a checkout's record with its
// items, return URLs, payments and audit trail.
import { Link } from 'wouter';
import type { CheckoutRow, CheckoutView, PaymentView } from '../../../../machines/contracts/staff-leases.ts';
import { formatCents, parseAmountToCents } from '../../../../machines/domain/money.ts';
import { useT } from '../../../lib/i18n.tsx';
import type { Column } from '../../../toolkit/list/PagedList.tsx';
import { DetailList, Section, SimpleTable } from '../../common/Details.tsx';
import { formatMoney, When } from '../../common/display.tsx';
import { checkoutItemColumns, dateColumn, moneyColumn } from '../../common/lease-columns.tsx';
import { RecordPending, useRecentStaffRecord } from '../../common/RecordLoad.tsx';
import { AreaListScreen, areaRecordPath } from '../../common/ListScreen.tsx';
import { Screen } from '../../common/Screen.tsx';
import { PaymentsTable } from '../../common/PaymentsTable.tsx';
import { useSession } from '../../common/session.tsx';

type Row = CheckoutRow & Record<string, unknown>;
const checkoutPath = (id: string) => areaRecordPath('checkouts', id);

export function CheckoutsScreen() {
  const t = useT();
  const columns: Column<Row>[] = [
    {
      key: 'applicant_name',
      label: t('staff.ui.lease.checkout'),
      render: (row) => (
        <Link href={checkoutPath(row.id)} data-testid="record-link">
          {row.applicant_name || t('staff.ui.lease.checkoutNo', { id: row.id })}
        </Link>
      ),
    },
    { key: 'store_name', label: t('staff.field.store') },
    { key: 'retailer_name', label: t('staff.field.retailer') },
    { key: 'status_label', label: t('staff.field.status'), render: (row) => row.status_label || row.status_name },
    moneyColumn<Row>('total', t('staff.ui.lease.total')),
    moneyColumn<Row>('paid', t('staff.ui.lease.paid')),
    moneyColumn<Row>('refund_due', t('staff.ui.lease.refundDue')),
    dateColumn<Row>('created_at', t('staff.ui.createdAt'), true),
    dateColumn<Row>('updated_at', t('staff.ui.updatedAt'), true),
  ];
  return <AreaListScreen<Row> area="checkouts" columns={columns} />;
}

/** GET /staff/api/checkouts/{id}: the checkout, its list row (null until the row is written) and its payments. */
type CheckoutDetail = CheckoutView & {
  row: CheckoutRow | null;
  payments: PaymentView[];
  application_uuid?: string | null;
};

export function CheckoutScreen({ id }: { id: string }) {
  const t = useT();
  const { can } = useSession();
  const { load, reload, data } = useRecentStaffRecord<CheckoutDetail>(
    `/staff/api/checkouts/${encodeURIComponent(id)}`,
    'staff.lease.checkoutNotFound',
    (checkout) => ({
      path: checkoutPath(id),
      kind: 'staff.ui.lease.checkout',
      label: checkout.row?.applicant_name || id,
    }),
  );
  if (!data) return <RecordPending title={t('staff.ui.lease.checkout')} load={load} onRetry={reload} />;

  const row = data.row;
  const applicationUuid = data.application_uuid ?? row?.application_uuid ?? null;
  return (
    <Screen title={t('staff.ui.lease.checkoutOf', { name: row?.applicant_name || data.id })}>
      <Section title={t('staff.ui.lease.summary')}>
        <DetailList
          items={[
            { label: t('staff.field.status'), value: data.status_label || data.status_name, always: true },
            {
              label: t('staff.ui.lease.application'),
              value:
                applicationUuid && can('applications.view') ? (
                  <Link href={`/applications/${encodeURIComponent(applicationUuid)}`}>
                    {row?.applicant_name || applicationUuid}
                  </Link>
                ) : (
                  (row?.applicant_name ?? '')
                ),
            },
            { label: t('staff.field.store'), value: row?.store_name ?? '' },
            { label: t('staff.field.retailer'), value: row?.retailer_name ?? '' },
            { label: t('staff.ui.lease.total'), value: formatMoney(data.total) },
            { label: t('staff.ui.lease.paid'), value: formatMoney(row?.paid) },
            { label: t('staff.ui.lease.refundDue'), value: formatMoney(row?.refund_due) },
            { label: t('staff.ui.createdAt'), value: <When value={data.created_at} /> },
            { label: t('staff.ui.lease.completedAt'), value: <When value={data.completed_at} /> },
            { label: t('staff.ui.lease.cancelledAt'), value: <When value={data.cancelled_at} /> },
          ]}
        />
      </Section>
      <Section title={t('staff.ui.lease.items')}>
        <SimpleTable
          caption={t('staff.ui.lease.items')}
          rows={data.items}
          rowKey={(r, index) => `${r.sku}-${index}`}
          columns={[
            ...checkoutItemColumns(t),
            { key: 'line', label: t('staff.ui.lease.lineTotal'), render: (r) => lineTotal(r.unit_price, r.quantity) },
          ]}
        />
      </Section>
      <Section title={t('staff.ui.lease.returnUrls')}>
        <DetailList
          items={[
            { label: t('staff.ui.lease.returnUrl'), value: <span className="staff-code">{data.return_url}</span> },
            {
              label: t('staff.ui.lease.returnUrlFailure'),
              value: <span className="staff-code">{data.return_url_failure}</span>,
            },
            { label: t('staff.ui.lease.callbackUrl'), value: <span className="staff-code">{data.callback_url}</span> },
          ]}
        />
      </Section>
      <Section title={t('staff.ui.lease.payments')}>
        <PaymentsTable rows={data.payments ?? []} />
      </Section>
      <Section title={t('staff.ui.lease.audit')}>
        <SimpleTable
          caption={t('staff.ui.lease.audit')}
          rows={data.audit}
          rowKey={(r, index) => `${r.at}-${index}`}
          columns={[
            { key: 'at', label: t('staff.ui.lease.when'), render: (r) => <When value={r.at} /> },
            { key: 'event', label: t('staff.ui.lease.event'), render: (r) => r.event },
            {
              key: 'change',
              label: t('staff.ui.lease.statusChange'),
              render: (r) => (r.from !== null || r.to !== null ? `${r.from ?? '—'} → ${r.to ?? '—'}` : ''),
            },
            { key: 'actor', label: t('staff.ui.lease.actor'), render: (r) => r.actor },
            { key: 'note', label: t('staff.ui.lease.note'), render: (r) => r.note ?? '' },
          ]}
        />
      </Section>
    </Screen>
  );
}

function lineTotal(unitPrice: string, quantity: number): string {
  const cents = parseAmountToCents(unitPrice);
  return cents === undefined ? '' : formatCents(cents * quantity);
}
