// Deliveries and funding of a lease (issue 13, partial delivery): what became of each contracted item, one funding
// tranche per retailer delivery with its amount and who funded it, the cancelled items and the lease after them.
// While funding is in process, staff fund a tranche from its row (POST .../actions/complete-funding with its
// tranche_id, confirmed first); funding every tranche due at once is the record's Funding Completed action.
import { useState } from 'react';
import type { ApplicationDetail, DeliveryTrancheView } from '../../../machines/contracts/staff-leases.ts';
import { useT } from '../../lib/i18n.tsx';
import { ActionFormDialog } from './ActionFormDialog.tsx';
import { DetailList, EmptyNote, Section, SimpleTable } from './Details.tsx';
import { formatMoney, When } from './display.tsx';
import { useSession } from './session.tsx';

const WHOLE = 'whole';
const unitsText = (items: { sku: string; quantity: number }[]) =>
  items.map((i) => `${i.quantity} × ${i.sku}`).join(', ');

export function DeliveriesSection({
  detail,
  onFunded,
}: {
  detail: ApplicationDetail;
  onFunded: (next: ApplicationDetail | null, message: string | undefined) => void;
}) {
  const t = useT();
  const [funding, setFunding] = useState<DeliveryTrancheView | undefined>(undefined);
  const f = detail.fulfilment;
  if (!f) return null;
  const fundAction = detail.actions.find((a) => a.id === 'complete-funding' && a.permitted);
  const trancheName = (x: DeliveryTrancheView) => (x.id === WHOLE ? t('staff.ui.delivery.wholeTranche') : x.id);

  return (
    <Section title={t('staff.ui.delivery.title')} testId="section-deliveries">
      {f.partially_delivered ? (
        <p className="staff-notice" data-testid="partially-delivered">
          {t('staff.ui.delivery.partially', { units: f.undelivered_units })}
        </p>
      ) : null}
      <DetailList
        items={[
          { label: t('staff.ui.delivery.financed'), value: formatMoney(f.financed_amount) },
          { label: t('staff.ui.delivery.delivered'), value: formatMoney(f.delivered_amount), always: true },
          { label: t('staff.ui.delivery.funded'), value: formatMoney(f.funded_amount), always: true },
          {
            label: t('staff.ui.delivery.due'),
            value: <span data-testid="funding-due">{formatMoney(f.funding_due)}</span>,
            always: true,
          },
          { label: t('staff.ui.delivery.undelivered'), value: String(f.undelivered_units), always: true },
        ]}
      />

      <h3 className="staff-subtitle">{t('staff.ui.delivery.lines')}</h3>
      <SimpleTable
        caption={t('staff.ui.delivery.linesCaption')}
        rows={f.lines}
        rowKey={(l) => l.sku}
        columns={[
          { key: 'sku', label: t('staff.ui.delivery.sku'), render: (l) => l.sku },
          { key: 'description', label: t('staff.ui.delivery.description'), render: (l) => l.description },
          { key: 'quantity', label: t('staff.ui.delivery.quantity'), render: (l) => String(l.quantity) },
          { key: 'delivered', label: t('staff.ui.delivery.deliveredUnits'), render: (l) => String(l.delivered) },
          { key: 'cancelled', label: t('staff.ui.delivery.cancelledUnits'), render: (l) => String(l.cancelled) },
          { key: 'undelivered', label: t('staff.ui.delivery.undeliveredUnits'), render: (l) => String(l.undelivered) },
        ]}
      />

      <h3 className="staff-subtitle">{t('staff.ui.delivery.tranches')}</h3>
      <SimpleTable
        caption={t('staff.ui.delivery.tranchesCaption')}
        rows={f.tranches}
        rowKey={(x) => x.id}
        empty={t('staff.ui.delivery.none')}
        columns={[
          { key: 'id', label: t('staff.ui.delivery.tranche'), render: (x) => trancheName(x) },
          {
            key: 'delivered_at',
            label: t('staff.ui.delivery.deliveredAt'),
            render: (x) => <When value={x.delivered_at} />,
          },
          { key: 'units', label: t('staff.ui.delivery.units'), render: (x) => unitsText(x.items) },
          { key: 'amount', label: t('staff.ui.delivery.amount'), render: (x) => formatMoney(x.amount) },
          {
            key: 'status',
            label: t('staff.ui.delivery.status'),
            render: (x) =>
              x.funded ? (
                <span data-testid={`tranche-funded-${x.id}`}>
                  {t('staff.ui.delivery.fundedBy', {
                    at: x.funded_at ? new Date(x.funded_at).toLocaleDateString() : '',
                    name: x.funded_by ?? '',
                  })}
                </span>
              ) : fundAction ? (
                <button
                  type="button"
                  className="tk-btn tk-btn--small"
                  aria-label={t('staff.ui.delivery.fundNamed', { id: trancheName(x) })}
                  data-testid={`fund-tranche-${x.id}`}
                  onClick={() => setFunding(x)}
                >
                  {t('staff.ui.delivery.fund')}
                </button>
              ) : (
                t('staff.ui.delivery.notFunded')
              ),
          },
        ]}
      />

      {f.cancellations.length ? (
        <>
          <h3 className="staff-subtitle">{t('staff.ui.delivery.cancellations')}</h3>
          <ul className="staff-list" data-testid="cancellations">
            {f.cancellations.map((c) => (
              <li key={c.id}>
                {t('staff.ui.delivery.cancellation', {
                  units: unitsText(c.items),
                  amount: formatMoney(c.amount),
                  at: new Date(c.at).toLocaleDateString(),
                })}
                {c.reason ? ` (${c.reason})` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {f.adjustment ? (
        <>
          <h3 className="staff-subtitle">{t('staff.ui.delivery.adjustment')}</h3>
          <DetailList
            items={[
              {
                label: t('staff.ui.delivery.cancelledCashPrice'),
                value: formatMoney(f.adjustment.cancelled_cash_price),
              },
              { label: t('staff.ui.delivery.paymentBefore'), value: formatMoney(f.adjustment.payment_before) },
              {
                label: t('staff.ui.delivery.paymentAfter'),
                value: <span data-testid="payment-after">{formatMoney(f.adjustment.payment_after)}</span>,
              },
              { label: t('staff.ui.delivery.totalBefore'), value: formatMoney(f.adjustment.total_of_payments_before) },
              { label: t('staff.ui.delivery.totalAfter'), value: formatMoney(f.adjustment.total_of_payments_after) },
              {
                label: t('staff.ui.delivery.prepaidCredit'),
                value: formatMoney(f.adjustment.prepaid_credit),
                always: true,
              },
              { label: t('staff.ui.delivery.refundDue'), value: formatMoney(f.adjustment.refund_due), always: true },
            ]}
          />
        </>
      ) : null}
      {!f.tranches.length && !f.cancellations.length ? <EmptyNote text={t('staff.ui.delivery.none')} /> : null}

      {funding ? (
        <FundTrancheDialog
          detail={detail}
          tranche={funding}
          name={trancheName(funding)}
          onClose={() => setFunding(undefined)}
          onDone={(next, message) => {
            setFunding(undefined);
            onFunded(next, message);
          }}
        />
      ) : null}
    </Section>
  );
}

/** Confirms the funding of one tranche; the server's refusal (409 stale or already funded, 422) stays in the dialog. */
function FundTrancheDialog({
  detail,
  tranche,
  name,
  onClose,
  onDone,
}: {
  detail: ApplicationDetail;
  tranche: DeliveryTrancheView;
  name: string;
  onClose: () => void;
  onDone: (next: ApplicationDetail | null, message: string | undefined) => void;
}) {
  const t = useT();
  const { caller } = useSession();
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  async function submit() {
    setBusy(true);
    setError(undefined);
    const result = await caller.post<ApplicationDetail>(
      `/staff/api/leases/${encodeURIComponent(detail.uuid)}/actions/complete-funding`,
      { v: detail.v, tranche_id: tranche.id },
    );
    setBusy(false);
    if (result.status) {
      onDone(
        result.data && typeof result.data === 'object' && 'uuid' in result.data ? result.data : null,
        result.message,
      );
      return;
    }
    const fieldErrors = Object.values(result.errors ?? {}).flat();
    setError(fieldErrors.length ? fieldErrors.join(' ') : (result.message ?? result.error ?? t('error.unknown')));
  }

  return (
    <ActionFormDialog
      testId="fund-tranche"
      title={t('staff.ui.delivery.fundNamed', { id: name })}
      message={t('staff.ui.delivery.fundConfirm', { id: name, amount: formatMoney(tranche.amount) })}
      error={error}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
