// Columns shared by the lists whose rows are applications (Lease Applications, Leases, Contracts, Lease Queue): each
// row is one application (its lease and contract included), identified by its uuid.
import { Link } from 'wouter';
import type { ApplicationRow, CheckoutItemView } from '../../../machines/contracts/staff-leases.ts';
import type { Translate } from '../../lib/i18n.tsx';
import type { Column } from '../../toolkit/list/PagedList.tsx';
import type { TableColumn } from './Details.tsx';
import { formatMoney, tOr, When } from './display.tsx';

export type LeaseRow = ApplicationRow & Record<string, unknown>;

/** The portal route of an application's record (the same screen under /applications and /leases). */
export const recordPath = (base: '/applications' | '/leases', row: Pick<ApplicationRow, 'uuid'>) =>
  `${base}/${encodeURIComponent(row.uuid)}`;

export function applicantColumn(t: Translate, base: '/applications' | '/leases', sortable = false): Column<LeaseRow> {
  return {
    key: 'applicant_name',
    label: t('staff.ui.lease.applicant'),
    sortable,
    render: (row) => (
      <Link href={recordPath(base, row)} data-testid="record-link">
        {row.applicant_name || t('staff.ui.lease.unnamed')}
      </Link>
    ),
  };
}

export const storeColumn = (t: Translate): Column<LeaseRow> => ({ key: 'store_name', label: t('staff.field.store') });
export const retailerColumn = (t: Translate): Column<LeaseRow> => ({
  key: 'retailer_name',
  label: t('staff.field.retailer'),
});
export const statusColumn = (t: Translate): Column<LeaseRow> => ({
  key: 'status_label',
  label: t('staff.field.status'),
  render: (row) => <span className={`staff-status staff-status--${row.status}`}>{row.status_label}</span>,
});
export const moneyColumn = <T extends Record<string, unknown> = LeaseRow>(key: string, label: string): Column<T> => ({
  key,
  label,
  className: 'staff-num',
  render: (row) => formatMoney(row[key] as string | null),
});
export const dateColumn = <T extends Record<string, unknown> = LeaseRow>(
  key: string,
  label: string,
  sortable = false,
): Column<T> => ({
  key,
  label,
  sortable,
  render: (row) => <When value={row[key] as string | null} />,
});
export const sourceText = (t: Translate, source: string) => tOr(t, `staff.lease.source.${source}`, source);

/** Offers A to D as a compact list ('A $1,200.00'). */
export function offersColumn(t: Translate): Column<LeaseRow> {
  return {
    key: 'offers',
    label: t('staff.ui.lease.offers'),
    render: (row) =>
      row.offers ? (
        <ul className="staff-offers">
          {(['A', 'B', 'C', 'D'] as const)
            .filter((option) => row.offers![option] !== undefined && row.offers![option] !== null)
            .map((option) => (
              <li key={option}>
                <span className="staff-offers__option">{t('staff.ui.lease.option', { option })}</span>{' '}
                {formatMoney(row.offers![option])}
              </li>
            ))}
        </ul>
      ) : null,
  };
}

export function claimText(t: Translate, row: Pick<ApplicationRow, 'claimed_by'>): string {
  return row.claimed_by ? row.claimed_by.name : t('staff.ui.lease.unclaimed');
}

/** The columns of a checkout's items, on the lease record's checkout and on the checkout record. */
export const checkoutItemColumns = (t: Translate): TableColumn<CheckoutItemView>[] => [
  { key: 'sku', label: t('staff.ui.lease.sku'), render: (r) => r.sku },
  { key: 'description', label: t('staff.field.description'), render: (r) => r.description },
  { key: 'quantity', label: t('staff.ui.lease.quantity'), render: (r) => String(r.quantity) },
  { key: 'unit_price', label: t('staff.ui.lease.unitPrice'), render: (r) => formatMoney(r.unit_price) },
];
