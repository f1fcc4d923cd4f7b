// A staff resource screen from a definition: the paged list (25 per page, filters from meta.filters, the 9-number
// pager), a "New" button and row actions by permission, and the record's server form in a panel whose route is
// `<route>/<id>` (or `<route>/new`), so a record can be linked to and the unsaved-changes question guards closing.
import { useCallback, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { FormSchema } from '../../../machines/contracts/form-schema.ts';
import type { CallResult } from '../../toolkit/api/caller.ts';
import { PanelModal } from '../../toolkit/dialogs/PanelModal.tsx';
import { PagedList, type Column, type RowAction, type Row } from '../../toolkit/list/PagedList.tsx';
import { useT, type Translate } from '../../lib/i18n.tsx';
import { rememberRecord } from './recent.ts';
import { Screen } from './Screen.tsx';
import { useSession, type StaffSession } from './session.tsx';
import { StaffForm, type PrepareSchema } from './StaffForm.tsx';

export interface ResourceDefinition<T extends Row = Row> {
  /** API collection path, e.g. /staff/api/stores. */
  api: string;
  /** Portal route of the list, e.g. /stores. */
  route: string;
  /** Catalogue keys. */
  title: string;
  newTitle?: string;
  editTitle: string;
  newLabel?: string;
  permissions: { view: string; create?: string; update?: string; delete?: string };
  columns: (t: Translate) => Column<T>[];
  /** More row actions (after Edit and before Delete). */
  rowActions?: (ctx: {
    t: Translate;
    session: StaffSession;
    reload: () => void;
    open: (id: string) => void;
  }) => RowAction<T>[];
  /** Delete answers with another verb (tokens are revoked). */
  deleteLabel?: string;
  canDelete?: (row: T) => boolean;
  editLabel?: (row: T, t: Translate) => string;
  prepare?: PrepareSchema;
  /** Shown in the record panel under the form (e.g. a user's store links). */
  panelExtras?: (id: string, reload: () => void) => ReactNode;
  /** Shown above the form in the record panel. */
  panelNote?: (id: string, t: Translate) => ReactNode;
  /** After a create: the default closes the panel; tokens show the new token. */
  onCreated?: (result: CallResult) => void;
  intro?: (t: Translate) => ReactNode;
  /** Heading of a recently accessed record (defaults to its id). */
  recordLabel?: (id: string) => string;
  rowKey?: (row: T) => string;
}

export function ResourceScreen<T extends Row = Row>({ def, id }: { def: ResourceDefinition<T>; id?: string }) {
  const t = useT();
  const session = useSession();
  const [, navigate] = useLocation();
  const [refresh, setRefresh] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [formRound, setFormRound] = useState(0);
  const reload = useCallback(() => setRefresh((n) => n + 1), []);
  const open = useCallback(
    (recordId: string) => navigate(`${def.route}/${encodeURIComponent(recordId)}`),
    [navigate, def.route],
  );
  const close = useCallback(() => {
    setDirty(false);
    navigate(def.route);
  }, [navigate, def.route]);
  const { can } = session;
  const creating = id === 'new';
  const editing = id !== undefined && !creating;

  const actions: RowAction<T>[] = [];
  if (def.permissions.update || def.editLabel) {
    actions.push({
      label: t('staff.ui.edit'),
      onClick: (row) => {
        rememberRecord(session.me.user.id, {
          path: `${def.route}/${String(row.id)}`,
          kind: def.title,
          label: String(row.name ?? row.display_name ?? row.username ?? row.key ?? row.id),
        });
        open(String(row.id));
      },
      visible: () => !!def.permissions.update && can(def.permissions.update),
    });
  }
  actions.push(...(def.rowActions?.({ t, session, reload, open }) ?? []));
  if (def.permissions.delete && can(def.permissions.delete)) {
    actions.push({
      label: t(def.deleteLabel ?? 'staff.ui.delete'),
      confirm: { preset: 'delete' },
      url: `${def.api}/{id}`,
      method: 'DELETE',
      danger: true,
      visible: def.canDelete,
    });
  }

  const formUrl = creating ? def.api : editing ? `${def.api}/${encodeURIComponent(id)}` : undefined;
  const panelTitle = creating ? t(def.newTitle ?? def.editTitle) : t(def.editTitle);

  return (
    <Screen
      title={t(def.title)}
      intro={def.intro?.(t)}
      actions={
        def.permissions.create && can(def.permissions.create) ? (
          <button type="button" className="tk-btn tk-btn--primary" onClick={() => open('new')}>
            {t(def.newLabel ?? 'staff.ui.new')}
          </button>
        ) : null
      }
    >
      <PagedList<T>
        url={def.api}
        caption={t('staff.ui.listCaption', { name: t(def.title) })}
        columns={def.columns(t)}
        caller={session.caller}
        rowActions={actions}
        refreshKey={refresh}
        rowKey={def.rowKey ? (row) => def.rowKey!(row) : undefined}
      />
      {formUrl ? (
        <PanelModal open title={panelTitle} dirty={dirty} onClose={close}>
          {editing ? def.panelNote?.(id, t) : null}
          <StaffForm
            key={`${formUrl}#${formRound}`}
            url={formUrl}
            prepare={def.prepare}
            hideTitle
            onDirtyChange={setDirty}
            onCancel={close}
            onSuccess={(result) => {
              reload();
              if (creating && def.onCreated) {
                setDirty(false);
                def.onCreated(result);
                navigate(def.route);
                return;
              }
              close();
            }}
          />
          {editing && def.panelExtras
            ? def.panelExtras(id, () => {
                // the record's version moved on: reload its form too
                reload();
                setFormRound((n) => n + 1);
              })
            : null}
        </PanelModal>
      ) : null}
    </Screen>
  );
}

export type { FormSchema };
