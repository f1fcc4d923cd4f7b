// Pick lists and their items. An item needs an identifier and a label, both unique within the list (the server
// answers 422 on the field); items are deleted softly and can be restored.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { FormSchema } from '../../../../machines/contracts/form-schema.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useConfirm, useNotify } from '../../../toolkit/dialogs/DialogsProvider.tsx';
import { PanelModal } from '../../../toolkit/dialogs/PanelModal.tsx';
import { ResourceScreen, type ResourceDefinition } from '../../common/ResourceScreen.tsx';
import { Screen, YesNo } from '../../common/Screen.tsx';
import { useSession } from '../../common/session.tsx';
import { ScrollingTable } from '../../common/Table.tsx';
import { withMethod } from '../../common/staff-caller.ts';
import { StaffForm } from '../../common/StaffForm.tsx';

const definition: ResourceDefinition = {
  api: '/staff/api/picklists',
  route: '/picklists',
  title: 'staff.ui.nav.picklists',
  newTitle: 'staff.form.newPicklist',
  editTitle: 'staff.form.editPicklist',
  permissions: {
    view: 'picklists.view',
    create: 'picklists.create',
    update: 'picklists.update',
    delete: 'picklists.delete',
  },
  columns: (t) => [
    { key: 'name', label: t('staff.field.name'), sortable: true },
    { key: 'identifier', label: t('staff.field.identifier'), sortable: true },
    { key: 'description', label: t('staff.field.description') },
    { key: 'items_count', label: t('staff.ui.picklist.itemsCount') },
  ],
  rowActions: ({ t }) => [
    {
      label: t('staff.ui.picklist.items'),
      onClick: (row) => {
        location.hash = `#/picklists/${encodeURIComponent(String(row.id))}/items`;
      },
    },
  ],
};

export function PicklistsScreen({ id }: { id?: string }) {
  return <ResourceScreen def={definition} id={id} />;
}

interface Item {
  id: string;
  identifier: string;
  label: string;
  order: number;
  active: boolean;
  deleted_at: string | null;
}
interface Picklist {
  id: string;
  name: string;
  identifier: string;
  items: Item[];
  v: number;
}

export function PicklistItemsScreen({ id }: { id: string }) {
  const t = useT();
  const { caller, can } = useSession();
  const confirm = useConfirm();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const [list, setList] = useState<Picklist | undefined>(undefined);
  const [editing, setEditing] = useState<Item | 'new' | undefined>(undefined);
  const [dirty, setDirty] = useState(false);
  const [round, setRound] = useState(0);
  const base = `/staff/api/picklists/${encodeURIComponent(id)}`;
  const mayChange = can('picklists.update');

  useEffect(() => {
    let live = true;
    void caller.get<Picklist>(base).then((r) => live && r.status && setList(r.data));
    return () => {
      live = false;
    };
  }, [caller, base, round]);

  const done = useCallback(() => {
    setEditing(undefined);
    setDirty(false);
    setRound((n) => n + 1);
  }, []);

  const schema = useMemo<FormSchema | undefined>(() => {
    if (!list || !editing) return undefined;
    const item = editing === 'new' ? undefined : editing;
    const params: Record<string, string> = item ? { id: list.id, item: item.id } : { id: list.id };
    const values: Record<string, unknown> = item
      ? { identifier: item.identifier, label: item.label, order: item.order, active: item.active, v: list.v }
      : { active: true, v: list.v };
    return {
      action: item ? '/staff/api/picklists/{id}/items/{item}' : '/staff/api/picklists/{id}/items',
      params,
      values,
      buttons: [
        { type: 'submit', label: t('staff.form.save') },
        { type: 'cancel', label: t('staff.form.cancel') },
      ],
      children: [
        {
          type: 'input',
          name: 'identifier',
          label: t('staff.field.identifier'),
          required: true,
          hint: t('staff.ui.picklist.identifierHint'),
        },
        { type: 'input', name: 'label', label: t('staff.field.label'), required: true },
        { type: 'number', name: 'order', label: t('staff.ui.picklist.order'), min: 0, max: 100000 },
        { type: 'switch', name: 'active', label: t('staff.field.active'), switch: true },
      ],
    };
  }, [list, editing, t]);

  async function act(item: Item, action: 'delete' | 'restore') {
    if (action === 'delete' && !(await confirm({ preset: 'delete' }))) return;
    const path = `${base}/items/${encodeURIComponent(item.id)}${action === 'restore' ? '/restore' : ''}`;
    const result = await caller.call(action === 'delete' ? 'DELETE' : 'POST', path, { v: list?.v });
    notify({ type: result.status ? 'success' : 'error', message: result.message ?? t('error.unknown') });
    setRound((n) => n + 1);
  }

  const title = list ? t('staff.ui.picklist.itemsOf', { name: list.name }) : t('staff.ui.picklist.items');
  return (
    <Screen
      title={title}
      actions={
        mayChange && list ? (
          <button type="button" className="tk-btn tk-btn--primary" onClick={() => setEditing('new')}>
            {t('staff.ui.picklist.addItem')}
          </button>
        ) : null
      }
    >
      {!list ? (
        <p role="status" className="tk-loading">
          {t('app.loading')}
        </p>
      ) : (
        <ScrollingTable
          caption={<caption className="tk-table__caption">{title}</caption>}
          headers={[
            t('staff.field.identifier'),
            t('staff.field.label'),
            t('staff.ui.picklist.order'),
            t('staff.field.active'),
            t('staff.field.trashed'),
            ...(mayChange ? [t('toolkit.list.actions')] : []),
          ]}
        >
          {list.items.map((item) => (
            <tr key={item.id}>
              <td>{item.identifier}</td>
              <td>{item.label}</td>
              <td>{item.order}</td>
              <td>
                <YesNo value={item.active} />
              </td>
              <td>
                <YesNo value={item.deleted_at} />
              </td>
              {mayChange ? (
                <td className="tk-table__actions">
                  {item.deleted_at ? (
                    <button
                      type="button"
                      className="tk-btn tk-btn--small"
                      aria-label={t('staff.ui.restoreNamed', { name: item.label })}
                      onClick={() => void act(item, 'restore')}
                    >
                      {t('staff.ui.restore')}
                    </button>
                  ) : (
                    <>
                      <button
                        type="button"
                        className="tk-btn tk-btn--small"
                        aria-label={t('staff.ui.editNamed', { name: item.label })}
                        onClick={() => setEditing(item)}
                      >
                        {t('staff.ui.edit')}
                      </button>
                      <button
                        type="button"
                        className="tk-btn tk-btn--small tk-btn--danger"
                        aria-label={t('staff.ui.deleteNamed', { name: item.label })}
                        onClick={() => void act(item, 'delete')}
                      >
                        {t('staff.ui.delete')}
                      </button>
                    </>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
          {list.items.length === 0 ? (
            <tr>
              <td colSpan={mayChange ? 6 : 5} className="tk-table__empty">
                {t('toolkit.list.noResults')}
              </td>
            </tr>
          ) : null}
        </ScrollingTable>
      )}
      <p>
        <button type="button" className="tk-btn" onClick={() => navigate('/picklists')}>
          {t('staff.ui.picklist.back')}
        </button>
      </p>
      {schema ? (
        <PanelModal
          open
          title={editing === 'new' ? t('staff.ui.picklist.addItem') : t('staff.ui.picklist.editItem')}
          dirty={dirty}
          onClose={done}
        >
          <StaffForm
            schema={schema}
            caller={editing === 'new' ? caller : withMethod(caller, 'PUT')}
            onDirtyChange={setDirty}
            onCancel={() => {
              setEditing(undefined);
              setDirty(false);
            }}
            onSuccess={done}
          />
        </PanelModal>
      ) : null}
    </Screen>
  );
}
