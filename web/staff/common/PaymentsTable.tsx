// The card payments of a checkout as a table, shown on the checkout's record and on the application's record: each
// payment links to its own record for those who may see payments; `withSettlement` adds when it settled and the
// refund owed.
import { Link } from 'wouter';
import type { PaymentView } from '../../../machines/contracts/staff-leases.ts';
import { useT } from '../../lib/i18n.tsx';
import { SimpleTable, type TableColumn } from './Details.tsx';
import { cardText, formatMoney, paymentStatusText, When } from './display.tsx';
import { useSession } from './session.tsx';

export function PaymentsTable({ rows, withSettlement = false }: { rows: PaymentView[]; withSettlement?: boolean }) {
  const t = useT();
  const { can } = useSession();
  const columns: TableColumn<PaymentView>[] = [
    {
      key: 'number',
      label: t('staff.ui.lease.paymentNumber'),
      render: (r) =>
        can('payments.view') ? (
          <Link href={`/payments/${encodeURIComponent(r.id)}`}>
            {t('staff.ui.lease.paymentNo', { number: r.number })}
          </Link>
        ) : (
          t('staff.ui.lease.paymentNo', { number: r.number })
        ),
    },
    { key: 'amount', label: t('staff.ui.lease.amount'), render: (r) => formatMoney(r.amount) },
    { key: 'status', label: t('staff.field.status'), render: (r) => paymentStatusText(t, r.status) },
    { key: 'card', label: t('staff.ui.lease.card'), render: (r) => cardText(r.card_brand, r.card_last4) },
    { key: 'started_at', label: t('staff.ui.lease.startedAt'), render: (r) => <When value={r.started_at} /> },
  ];
  if (withSettlement)
    columns.push(
      { key: 'settled_at', label: t('staff.ui.lease.settledAt'), render: (r) => <When value={r.settled_at} /> },
      { key: 'refund_due', label: t('staff.ui.lease.refundDue'), render: (r) => formatMoney(r.refund_due) },
    );
  return <SimpleTable caption={t('staff.ui.lease.payments')} rows={rows} rowKey={(r) => r.id} columns={columns} />;
}
