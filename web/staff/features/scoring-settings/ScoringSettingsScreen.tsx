// Scoring Settings (issue 11 "Underwriting as data"): the editors work on a draft (or a copy of the published
// version when there is none). Save draft answers 422 field errors shown at their inputs; Preview re-scores recent
// applications with the saved draft; Publish and Restore ask for confirmation and need `scoring.publish`.
import { useCallback, useEffect, useId, useState } from 'react';
import type {
  ScoringPreview,
  ScoringSettingsView,
  ScoringVersionRow,
} from '../../../../machines/contracts/scoring-settings.ts';
import { SCORING_NOTE_MAX } from '../../../../machines/contracts/scoring-settings.ts';
import type { ScoringSettings } from '../../../../machines/domain/scoring-settings.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useConfirm, useNotify } from '../../../toolkit/dialogs/DialogsProvider.tsx';
import { DateTime, Screen } from '../../common/Screen.tsx';
import { ScrollingTable } from '../../common/Table.tsx';
import { useSession } from '../../common/session.tsx';
import {
  ApprovalMatrixEditor,
  DecileMatrixEditor,
  LeaseTermsEditor,
  LimitsEditor,
  MultipliersEditor,
  OptionDecilesEditor,
  type FieldErrors,
} from './editors.tsx';

const BASE = '/staff/api/scoring-settings';

export function ScoringSettingsScreen() {
  const t = useT();
  const { caller, can } = useSession();
  const confirm = useConfirm();
  const notify = useNotify();
  const noteId = useId();
  const [view, setView] = useState<ScoringSettingsView | undefined>(undefined);
  const [working, setWorking] = useState<ScoringSettings | undefined>(undefined);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<ScoringPreview | undefined>(undefined);
  const [previewLimit, setPreviewLimit] = useState('50');
  const [versions, setVersions] = useState<ScoringVersionRow[]>([]);
  const [busy, setBusy] = useState(false);
  // Bumped on every reload so the uncontrolled inputs take the loaded values.
  const [round, setRound] = useState(0);
  const mayEdit = can('scoring.edit');
  const mayPublish = can('scoring.publish');

  const load = useCallback(async () => {
    const [current, history] = await Promise.all([
      caller.get<ScoringSettingsView>(BASE),
      caller.get<ScoringVersionRow[]>(`${BASE}/versions`, { limit: 25 }),
    ]);
    if (current.status) {
      setView(current.data);
      setWorking(structuredClone(current.data.draft?.settings ?? current.data.published.settings));
      setNote(current.data.draft?.note ?? '');
      setRound((n) => n + 1);
    } else notify({ type: 'error', message: current.message ?? t('error.unknown') });
    if (history.status) setVersions(history.data);
  }, [caller, notify, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const change = useCallback((update: (draft: ScoringSettings) => void) => {
    setWorking((current) => {
      if (!current) return current;
      const next = structuredClone(current);
      update(next);
      return next;
    });
  }, []);

  async function saveDraft() {
    if (!working || !view) return;
    setBusy(true);
    const result = await caller.call<ScoringSettingsView['draft']>('PUT', `${BASE}/draft`, {
      settings: working,
      note: note || null,
      ...(view.draft ? { v: view.draft.v } : {}),
    });
    setBusy(false);
    if (result.status) {
      setErrors({});
      notify({ type: 'success', message: result.message ?? t('scoring.draftSaved') });
      setView({ ...view, draft: result.data });
      return;
    }
    setErrors(result.errors ?? {});
    notify({
      type: 'error',
      message: result.code === 422 ? t('scoring.ui.fixErrors') : (result.message ?? t('error.unknown')),
    });
  }

  async function runPreview() {
    setBusy(true);
    const limit = Math.min(200, Math.max(1, Number(previewLimit) || 50));
    const result = await caller.post<ScoringPreview>(`${BASE}/draft/preview`, { limit });
    setBusy(false);
    if (result.status) setPreview(result.data);
    else notify({ type: 'error', message: result.message ?? t('error.unknown') });
  }

  async function publish() {
    if (!view?.draft) return;
    if (!(await confirm({ message: t('scoring.ui.publishConfirm'), confirmLabel: t('scoring.ui.publish') }))) return;
    setBusy(true);
    const result = await caller.post(`${BASE}/draft/publish`, { v: view.draft.v });
    setBusy(false);
    notify({ type: result.status ? 'success' : 'error', message: result.message ?? t('error.unknown') });
    if (result.status) {
      setPreview(undefined);
      await load();
    }
  }

  async function restore(row: ScoringVersionRow) {
    if (!view) return;
    if (
      !(await confirm({
        message: t('scoring.ui.restoreConfirm', { version: row.version }),
        confirmLabel: t('scoring.ui.restore'),
        danger: true,
      }))
    )
      return;
    setBusy(true);
    const result = await caller.post(`${BASE}/versions/${row.id}/restore`, { v: view.published.id });
    setBusy(false);
    notify({ type: result.status ? 'success' : 'error', message: result.message ?? t('error.unknown') });
    if (result.status) await load();
  }

  if (!view || !working) {
    return (
      <Screen title={t('scoring.ui.nav')}>
        <p role="status" className="tk-loading">
          {t('app.loading')}
        </p>
      </Screen>
    );
  }

  const readOnly = !mayEdit;
  const editorProps = { settings: working, errors, readOnly, onChange: change };
  return (
    <Screen
      title={t('scoring.ui.nav')}
      intro={<p>{t('scoring.ui.intro')}</p>}
      actions={
        <>
          {mayEdit ? (
            <button type="button" className="tk-btn tk-btn--primary" disabled={busy} onClick={() => void saveDraft()}>
              {t('scoring.ui.saveDraft')}
            </button>
          ) : null}
          {mayEdit && view.draft ? (
            <button type="button" className="tk-btn" disabled={busy} onClick={() => void runPreview()}>
              {t('scoring.ui.preview')}
            </button>
          ) : null}
          {mayPublish && view.draft ? (
            <button type="button" className="tk-btn" disabled={busy} onClick={() => void publish()}>
              {t('scoring.ui.publish')}
            </button>
          ) : null}
        </>
      }
    >
      <dl className="staff-dl">
        <dt>{t('scoring.ui.published')}</dt>
        <dd>
          {view.published.version} (
          {t('scoring.ui.publishedBy', {
            at: new Date(view.published.updated_at || Date.now()).toLocaleString(),
            by: view.published.updated_by,
          })}
          )
        </dd>
        <dt>{t('scoring.ui.draft')}</dt>
        <dd>
          {view.draft
            ? t('scoring.ui.draftBy', {
                at: new Date(view.draft.updated_at).toLocaleString(),
                by: view.draft.updated_by,
              })
            : t('scoring.ui.noDraft')}
        </dd>
      </dl>
      {Object.keys(errors).length ? (
        <p className="staff-notice staff-notice--error" role="alert">
          {t('scoring.ui.fixErrors')}
        </p>
      ) : null}

      <div key={round}>
        <DecileMatrixEditor {...editorProps} />
        <ApprovalMatrixEditor {...editorProps} />
        <MultipliersEditor {...editorProps} />
        <LeaseTermsEditor {...editorProps} />
        <OptionDecilesEditor {...editorProps} />
        <LimitsEditor {...editorProps} />
      </div>

      {mayEdit ? (
        <div className="tk-field">
          <label htmlFor={noteId}>{t('scoring.ui.note')}</label>
          <textarea
            id={noteId}
            className="tk-input tk-textarea"
            maxLength={SCORING_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            aria-invalid={errors.note ? true : undefined}
          />
          {errors.note ? <span className="tk-error">{errors.note.join(' ')}</span> : null}
        </div>
      ) : null}

      {mayEdit && view.draft ? (
        <section className="staff-section" aria-labelledby={`${noteId}-preview`}>
          <h2 id={`${noteId}-preview`} className="staff-subtitle">
            {t('scoring.ui.previewTitle')}
          </h2>
          <label>
            {t('scoring.ui.previewCount')}{' '}
            <input
              className="tk-input scoring-cell"
              type="number"
              min={1}
              max={200}
              value={previewLimit}
              onChange={(e) => setPreviewLimit(e.currentTarget.value)}
            />
          </label>{' '}
          <button type="button" className="tk-btn tk-btn--small" disabled={busy} onClick={() => void runPreview()}>
            {t('scoring.ui.preview')}
          </button>
          {preview ? <PreviewPanel preview={preview} /> : null}
        </section>
      ) : null}

      <section className="staff-section" aria-labelledby={`${noteId}-versions`}>
        <h2 id={`${noteId}-versions`} className="staff-subtitle">
          {t('scoring.ui.versions')}
        </h2>
        <ScrollingTable
          caption={<caption className="tk-table__caption">{t('scoring.ui.versions')}</caption>}
          headers={[
            t('scoring.ui.version'),
            t('scoring.ui.at'),
            t('scoring.ui.by'),
            t('scoring.ui.note'),
            ...(mayPublish ? [t('toolkit.list.actions')] : []),
          ]}
        >
          {versions.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                {row.version}
                {row.current ? ` (${t('scoring.ui.current')})` : ''}
              </th>
              <td>
                <DateTime value={row.updated_at} />
              </td>
              <td>{row.updated_by}</td>
              <td>
                {row.note}
                {row.restored_from ? ` ${t('scoring.ui.restoredFrom', { version: `#${row.restored_from}` })}` : ''}
              </td>
              {mayPublish ? (
                <td className="tk-table__actions">
                  {row.current ? null : (
                    <button
                      type="button"
                      className="tk-btn tk-btn--small"
                      disabled={busy}
                      aria-label={`${t('scoring.ui.restore')} ${row.version}`}
                      onClick={() => void restore(row)}
                    >
                      {t('scoring.ui.restore')}
                    </button>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </ScrollingTable>
      </section>
    </Screen>
  );
}

function PreviewPanel({ preview }: { preview: ScoringPreview }) {
  const t = useT();
  const outcome = (o: { code: string; approval_amount: string }) =>
    o.code === 'A'
      ? t('scoring.ui.approved', { amount: `$${Number(o.approval_amount).toLocaleString('en-US')}` })
      : t('scoring.ui.denied');
  if (preview.sampled === 0 && preview.skipped === 0) return <p role="status">{t('scoring.ui.previewNone')}</p>;
  return (
    <div role="status" aria-live="polite">
      <p>
        <strong>
          {t('scoring.ui.previewSummary', {
            sampled: preview.sampled,
            decisions: preview.decisions_changed,
            amounts: preview.amounts_changed,
          })}
        </strong>{' '}
        {preview.skipped ? t('scoring.ui.previewSkipped', { skipped: preview.skipped }) : null}
      </p>
      {preview.changes.length ? (
        <ScrollingTable
          caption={<caption className="tk-table__caption">{t('scoring.ui.previewTitle')}</caption>}
          headers={[
            t('scoring.ui.application'),
            t('scoring.ui.decile'),
            t('scoring.ui.now'),
            t('scoring.ui.withDraft'),
          ]}
        >
          {preview.changes.map((c) => (
            <tr key={c.uuid}>
              <th scope="row">
                <a href={`#/applications/${encodeURIComponent(c.uuid)}`}>{c.uuid.slice(0, 8)}</a>
              </th>
              <td>{c.decile ?? ''}</td>
              <td>{outcome(c.published)}</td>
              <td>{outcome(c.draft)}</td>
            </tr>
          ))}
        </ScrollingTable>
      ) : null}
    </div>
  );
}
