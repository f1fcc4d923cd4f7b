// Mass Import (seed 001): pick a table, download it as it is (or the template), choose what the import does (add and
// update the file's rows, the default; or replace the whole table, a separate explicit choice), upload an xlsx (the
// toolkit's upload, with progress), read the preview, its row errors and what a replacement would remove, confirm,
// and restore a kept version.
import { useCallback, useEffect, useId, useState } from 'react';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_TABLES,
  UNAVAILABLE_IMPORT_TABLES,
  type ImportMode,
  type ImportPreview,
  type ImportTable,
  type ImportVersionView,
} from '../../../../machines/contracts/imports.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useConfirm, useNotify } from '../../../toolkit/dialogs/DialogsProvider.tsx';
import { DateTime, Screen } from '../../common/Screen.tsx';
import { useSession } from '../../common/session.tsx';
import { ScrollingTable } from '../../common/Table.tsx';
import { FileInput } from './FileInput.tsx';
import { PaymentsImport } from './PaymentsImport.tsx';

const TABLES = IMPORT_TABLES.filter((table) => !UNAVAILABLE_IMPORT_TABLES.includes(table));
const SHOWN_ROWS = 50;

function download(name: string, base64: string) {
  const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
  const url = URL.createObjectURL(
    new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function MassImportScreen() {
  const t = useT();
  const { caller, can } = useSession();
  const confirm = useConfirm();
  const notify = useNotify();
  const ids = { table: useId(), picklist: useId(), mode: useId(), removed: useId() };
  const [mode, setMode] = useState<ImportMode>('upsert');
  const [table, setTable] = useState<ImportTable>('picklist-items');
  const [picklists, setPicklists] = useState<{ id: string; name: string }[]>([]);
  const [picklist, setPicklist] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [message, setMessage] = useState('');
  const [versions, setVersions] = useState<ImportVersionView[]>([]);
  const [busy, setBusy] = useState(false);
  const tableName = (key: string) => t(`imports.table.${key}`);

  const loadVersions = useCallback(async () => {
    const res = await caller.get<ImportVersionView[]>('/staff/api/imports/versions', { limit: 50 });
    if (res.status && Array.isArray(res.data)) setVersions(res.data);
  }, [caller]);

  useEffect(() => {
    void loadVersions();
    void caller.get<{ id: string; name: string }[]>('/staff/api/picklists', { limit: 100 }).then((res) => {
      if (res.status && Array.isArray(res.data)) setPicklists(res.data);
    });
  }, [caller, loadVersions]);

  const reset = () => {
    setPreview(null);
    setMessage('');
  };

  async function template() {
    const res = await caller.get<{ name: string; content_base64: string }>(`/staff/api/imports/${table}/template`);
    if (res.status && res.data) download(res.data.name, res.data.content_base64);
    else notify({ type: 'error', message: res.message ?? '' });
  }

  async function exportTable() {
    const res = await caller.get<{ name: string; content_base64: string }>(
      `/staff/api/imports/${table}/export`,
      table === 'picklist-items' ? { picklist } : {},
    );
    if (res.status && res.data) download(res.data.name, res.data.content_base64);
    else notify({ type: 'error', message: res.message ?? '' });
  }

  async function upload() {
    if (!file) return;
    reset();
    if (file.size >= IMPORT_MAX_FILE_BYTES) {
      setMessage(t('imports.fileTooLarge'));
      return;
    }
    setProgress(0);
    const res = await caller.upload(`/staff/api/imports/${table}`, file, {
      onProgress: setProgress,
      fields: table === 'picklist-items' ? { picklist, mode } : { mode },
    });
    setProgress(null);
    const data = res.data as unknown as ImportPreview | null;
    if (data && Array.isArray(data.rows)) setPreview(data);
    setMessage(res.message ?? '');
  }

  async function commit() {
    if (!preview?.id) return;
    const replacing = preview.mode === 'replace';
    const counts = {
      table: tableName(preview.table),
      insert: preview.insert_count,
      update: preview.update_count,
      remove: preview.remove_count,
    };
    const ok = await confirm({
      title: t(replacing ? 'imports.ui.confirmTitle' : 'imports.ui.confirmUpsertTitle'),
      message: t(replacing ? 'imports.ui.confirmReplace' : 'imports.ui.confirmUpsert', counts),
      danger: replacing,
    });
    if (!ok) return;
    setBusy(true);
    const res = await caller.post(`/staff/api/imports/${preview.id}/commit`, { replace_count: preview.replace_count });
    setBusy(false);
    notify({ type: res.status ? 'success' : 'error', message: res.message ?? '' });
    if (res.status) {
      reset();
      setFile(null);
      void loadVersions();
    }
  }

  async function restore(version: ImportVersionView) {
    const ok = await confirm({
      message: t('imports.ui.restoreConfirm', { table: tableName(version.table), count: version.record_count }),
      danger: true,
    });
    if (!ok) return;
    setBusy(true);
    const res = await caller.post(`/staff/api/imports/versions/${version.id}/restore`);
    setBusy(false);
    notify({ type: res.status ? 'success' : 'error', message: res.message ?? '' });
    void loadVersions();
  }

  const canUpload = !!file && (table !== 'picklist-items' || !!picklist) && progress === null && can('imports.create');

  return (
    <Screen title={t('imports.ui.title')} intro={<p>{t('imports.ui.intro')}</p>}>
      <section className="staff-import-form">
        <p>
          <label htmlFor={ids.table}>{t('imports.ui.table')}</label>{' '}
          <select
            id={ids.table}
            value={table}
            onChange={(e) => {
              setTable(e.target.value as ImportTable);
              reset();
            }}
          >
            {TABLES.map((key) => (
              <option key={key} value={key}>
                {tableName(key)}
              </option>
            ))}
          </select>{' '}
          <button type="button" className="tk-btn tk-btn--small" onClick={() => void template()}>
            {t('imports.ui.template')}
          </button>{' '}
          <button
            type="button"
            className="tk-btn tk-btn--small"
            disabled={table === 'picklist-items' && !picklist}
            onClick={() => void exportTable()}
          >
            {t('imports.ui.export')}
          </button>
        </p>
        {table === 'picklist-items' && (
          <p>
            <label htmlFor={ids.picklist}>{t('imports.ui.picklist')}</label>{' '}
            <select id={ids.picklist} value={picklist} onChange={(e) => setPicklist(e.target.value)}>
              <option value="">{t('imports.ui.choosePicklist')}</option>
              {picklists.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </p>
        )}
        <fieldset className="staff-import-mode">
          <legend>{t('imports.ui.mode')}</legend>
          {(['upsert', 'replace'] as const).map((value) => (
            <p key={value}>
              <input
                type="radio"
                id={`${ids.mode}-${value}`}
                name={ids.mode}
                value={value}
                checked={mode === value}
                onChange={() => {
                  setMode(value);
                  reset();
                }}
              />{' '}
              <label htmlFor={`${ids.mode}-${value}`}>
                {t(value === 'upsert' ? 'imports.ui.modeUpsert' : 'imports.ui.modeReplace')}
              </label>
            </p>
          ))}
        </fieldset>
        <p>
          <FileInput
            label={t('imports.ui.file')}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onPick={(picked) => {
              setFile(picked);
              reset();
            }}
          />{' '}
          <button type="button" className="tk-btn tk-btn--primary" disabled={!canUpload} onClick={() => void upload()}>
            {t('imports.ui.upload')}
          </button>
        </p>
        {progress !== null && <p role="status">{t('imports.ui.uploading', { percent: progress })}</p>}
        {message && (
          <p role={preview?.id ? 'status' : 'alert'} className={preview?.id ? undefined : 'tk-error'}>
            {message}
          </p>
        )}
      </section>

      {preview && preview.errors.length > 0 && (
        <section>
          <h2>{t('imports.ui.errors')}</h2>
          <ScrollingTable headers={[t('imports.ui.row'), t('imports.ui.column'), t('imports.ui.message')]}>
            {preview.errors.map((e, i) => (
              <tr key={i}>
                <td>{e.row ?? ''}</td>
                <td>{e.column ?? ''}</td>
                <td>{e.message}</td>
              </tr>
            ))}
          </ScrollingTable>
        </section>
      )}

      {preview && preview.rows.length > 0 && (
        <section>
          <h2>{t('imports.ui.preview')}</h2>
          <ScrollingTable
            head={
              <>
                {IMPORT_COLUMNS[preview.table].map((c) => (
                  <th key={c.key} scope="col">
                    {c.header}
                  </th>
                ))}
              </>
            }
          >
            {preview.rows.slice(0, SHOWN_ROWS).map((row, i) => (
              <tr key={i}>
                {IMPORT_COLUMNS[preview.table].map((c) => (
                  <td key={c.key}>{row[c.key] === null || row[c.key] === undefined ? '' : String(row[c.key])}</td>
                ))}
              </tr>
            ))}
          </ScrollingTable>
          {preview.rows.length > SHOWN_ROWS && (
            <p>{t('imports.ui.moreRows', { count: preview.rows.length - SHOWN_ROWS })}</p>
          )}
          <p>
            {t('imports.ui.counts', {
              insert: preview.insert_count,
              update: preview.update_count,
              remove: preview.remove_count,
            })}
          </p>
          {preview.remove_count > 0 && (
            <>
              <h3 id={ids.removed}>{t('imports.ui.removed', { count: preview.remove_count })}</h3>
              <ul aria-labelledby={ids.removed}>
                {preview.removed.map((key) => (
                  <li key={key}>{key}</li>
                ))}
              </ul>
              {preview.remove_count > preview.removed.length && (
                <p>{t('imports.ui.removedMore', { count: preview.remove_count - preview.removed.length })}</p>
              )}
            </>
          )}
          {preview.id && can('imports.commit') && (
            <p>
              <button
                type="button"
                className={`tk-btn tk-btn--primary${preview.mode === 'replace' ? ' tk-btn--danger' : ''}`}
                disabled={busy}
                onClick={() => void commit()}
              >
                {t('imports.ui.commit')}
              </button>
            </p>
          )}
        </section>
      )}

      <PaymentsImport />

      <section>
        <h2>{t('imports.ui.history')}</h2>
        {versions.length === 0 ? (
          <p>{t('imports.ui.noVersions')}</p>
        ) : (
          <ScrollingTable
            headers={[
              t('imports.ui.table'),
              t('imports.ui.records'),
              t('imports.ui.createdAt'),
              t('imports.ui.createdBy'),
              '',
            ]}
          >
            {versions.map((v) => (
              <tr key={v.id}>
                <td>
                  {tableName(v.table)}
                  {v.scope_label ? ` (${v.scope_label})` : ''}
                </td>
                <td>{v.record_count}</td>
                <td>
                  <DateTime value={v.created_at} />
                  {v.restored_at && (
                    <div>{t('imports.ui.restoredAt', { at: new Date(v.restored_at).toLocaleString() })}</div>
                  )}
                </td>
                <td>{v.created_by ?? ''}</td>
                <td>
                  {can('imports.restore') && (
                    <button
                      type="button"
                      className="tk-btn tk-btn--small"
                      disabled={busy}
                      onClick={() => void restore(v)}
                    >
                      {t('imports.ui.restore')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </ScrollingTable>
        )}
      </section>
    </Screen>
  );
}
