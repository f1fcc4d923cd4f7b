// POS Items and POS Orders (issue 12): a retailer's stock items (low stock = at or below the reorder level, a list
// filter) and the orders its stores place, through the generic resource screen.
import { formatMoney } from '../../../toolkit/form/masks.ts';
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';
import './pos.css';

const cents = (value: unknown) => formatMoney(typeof value === 'number' ? value : null);

const items: ResourceDefinition = {
  api: '/staff/api/pos-items',
  route: '/pos-items',
  title: 'merchant.nav.posItems',
  newTitle: 'merchant.form.newPosItem',
  editTitle: 'merchant.form.editPosItem',
  permissions: { view: 'pos.view', create: 'pos.manage', update: 'pos.manage', delete: 'pos.manage' },
  intro: (t) => <p>{t('merchant.ui.lowStockIntro')}</p>,
  columns: (t) => [
    { key: 'sku', label: t('merchant.field.sku'), sortable: true },
    { key: 'stock_number', label: t('merchant.field.stock_number') },
    { key: 'name', label: t('merchant.field.item_name'), sortable: true },
    { key: 'retailer_name', label: t('merchant.field.retailer') },
    { key: 'quantity_in_stock', label: t('merchant.field.quantity_in_stock'), sortable: true },
    { key: 'reorder_level', label: t('merchant.field.reorder_level') },
    { key: 'unit_price', label: t('merchant.field.unit_price'), render: (row) => cents(row.unit_price) },
    {
      key: 'low_stock',
      label: t('merchant.field.low_stock'),
      render: (row) =>
        row.low_stock ? <span className="merchant-badge merchant-badge--warn">{t('merchant.ui.lowStock')}</span> : '',
    },
  ],
};

const orders: ResourceDefinition = {
  api: '/staff/api/pos-orders',
  route: '/pos-orders',
  title: 'merchant.nav.posOrders',
  newTitle: 'merchant.form.newPosOrder',
  editTitle: 'merchant.form.editPosOrder',
  permissions: { view: 'pos.view', create: 'pos.manage', update: 'pos.manage', delete: 'pos.manage' },
  canDelete: (row) => row.status === 'open',
  columns: (t) => [
    { key: 'number', label: t('merchant.field.order_number'), sortable: true },
    { key: 'store_name', label: t('merchant.field.store') },
    { key: 'retailer_name', label: t('merchant.field.retailer') },
    {
      key: 'status',
      label: t('merchant.field.order_status'),
      render: (row) => t(`merchant.orderStatus.${String(row.status)}`),
    },
    { key: 'item_count', label: t('merchant.field.item_count') },
    { key: 'total', label: t('merchant.field.total'), sortable: true, render: (row) => cents(row.total) },
    {
      key: 'created_at',
      label: t('merchant.field.created_at'),
      sortable: true,
      render: (row) => String(row.created_at ?? '').slice(0, 10),
    },
  ],
};

export function PosItemsScreen({ id }: { id?: string }) {
  return <ResourceScreen def={items} id={id} />;
}

export function PosOrdersScreen({ id }: { id?: string }) {
  return <ResourceScreen def={orders} id={id} />;
}
