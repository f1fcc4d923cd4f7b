// Mass Import of payments (issue 23 item 8): upload a csv or xlsx of payments, read each row's status and errors,
// confirm to post the ready ones (each reference once), and download the ledger for accounting over a date range.
import { useId, useState } from 'react';
import {
  PAYMENT_IMPORT_MAX_BYTES,
  type PaymentImportPreview,
  type PaymentImportResult,
  type PaymentImportRow,
} from '../../../../machines/contracts/payment-imports.ts';
import { centsToDecimal } from '../../../../machines/domain/money.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useConfirm, useNotify } from '../../../toolkit/dialogs/DialogsProvider.tsx';
import { useSession } from '../../common/session.tsx';
import { ScrollingTable } from '../../common/Table.tsx';
import { FileInput } from './FileInput.tsx';

const SHOWN_ROWS = 200;

export function PaymentsImport() {
  const t = useT();
  const { caller, can } = useSession();
  const confirm = useConfirm();
  const notify = useNotify();
  const ids = { upload: useId(), export: useId(), from: useId(), to: useId(), message: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<PaymentImportPreview | null>(null);
  const [rows, setRows] = useState<PaymentImportRow[]>([]);
  const [message, setMessage] = useState('');
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  async function check() {
    if (!file) return;
    setPreview(null);
    setRows([]);
    if (file.size >= PAYMENT_IMPORT_MAX_BYTES) {
      setMessage(t('paymentImports.fileTooLarge'));
      setFailed(true);
      return;
    }
    setProgress(0);
    const res = await caller.upload('/staff/api/payment-imports', file, { onProgress: setProgress });
    setProgress(null);
    const data = res.data as unknown as PaymentImportPreview | null;
    if (res.status && data && Array.isArray(data.rows)) {
      setPreview(data);
      setRows(data.rows);
    }
    setMessage(res.message ?? '');
    setFailed(!res.status);
  }

  async function post() {
    if (!preview?.id) return;
    const ok = await confirm({
      message: t('paymentImports.confirm', { count: preview.ready, total: `$${centsToDecimal(preview.total_cents)}` }),
    });
    if (!ok) return;
    setBusy(true);
    const res = await caller.post(`/staff/api/payment-imports/${preview.id}/post`, {});
    setBusy(false);
    notify({ type: res.status ? 'success' : 'error', message: res.message ?? '' });
    const result = res.data as PaymentImportResult | null;
    if (res.status && result && Array.isArray(result.rows)) {
      setRows(result.rows);
      setPreview({ ...preview, id: null });
      setMessage(res.message ?? '');
      setFailed(false);
    }
  }

  const exportHref = (format: 'csv' | 'xlsx') => {
    const q = new URLSearchParams({ format });
    if (from) q.set('from', from);
    if (to) q.set('to', to);
    return `/staff/api/ledger-export?${q}`;
  };

  return (
    <>
      {can('imports.create') && (
        <section aria-labelledby={`${ids.upload}-title`}>
          <h2 id={`${ids.upload}-title`}>{t('paymentImports.title')}</h2>
          <p>{t('paymentImports.intro')}</p>
          <p>
            <FileInput
              label={t('paymentImports.file')}
              accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              describedBy={message ? ids.message : undefined}
              onPick={(picked) => {
                setFile(picked);
                setPreview(null);
                setRows([]);
                setMessage('');
              }}
            />{' '}
            <button
              type="button"
              className="tk-btn tk-btn--primary"
              disabled={!file || progress !== null}
              onClick={() => void check()}
            >
              {t('paymentImports.preview')}
            </button>
          </p>
          {progress !== null && <p role="status">{t('imports.ui.uploading', { percent: progress })}</p>}
          {message && (
            <p id={ids.message} role={failed ? 'alert' : 'status'} className={failed ? 'tk-error' : undefined}>
              {message}
            </p>
          )}
          {rows.length > 0 && (
            <ScrollingTable
              head={
                <>
                  {(['row', 'lease', 'amount', 'date', 'channel', 'reference', 'status'] as const).map((key) => (
                    <th key={key} scope="col">
                      {t(`paymentImports.col.${key}`)}
                    </th>
                  ))}
                </>
              }
            >
              {rows.slice(0, SHOWN_ROWS).map((row) => (
                <tr key={row.row}>
                  <td>{row.row}</td>
                  <td>{row.lease}</td>
                  <td>{row.amount}</td>
                  <td>{row.date}</td>
                  <td>{row.channel}</td>
                  <td>{row.reference}</td>
                  <td>
                    {t(`paymentImports.status.${row.status}`)}
                    {row.errors.length > 0 && (
                      <ul className="tk-error">
                        {row.errors.map((error) => (
                          <li key={error}>{error}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </ScrollingTable>
          )}
          {rows.length > SHOWN_ROWS && <p>{t('imports.ui.moreRows', { count: rows.length - SHOWN_ROWS })}</p>}
          {preview?.id && can('imports.commit') && (
            <p>
              <button type="button" className="tk-btn tk-btn--primary" disabled={busy} onClick={() => void post()}>
                {t('paymentImports.post', { count: preview.ready })}
              </button>
            </p>
          )}
        </section>
      )}
      {can('imports.view') && (
        <section aria-labelledby={`${ids.export}-title`}>
          <h2 id={`${ids.export}-title`}>{t('paymentImports.export.title')}</h2>
          <p>
            <label htmlFor={ids.from}>{t('paymentImports.export.from')}</label>{' '}
            <input id={ids.from} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />{' '}
            <label htmlFor={ids.to}>{t('paymentImports.export.to')}</label>{' '}
            <input id={ids.to} type="date" value={to} onChange={(e) => setTo(e.target.value)} />{' '}
            <a className="tk-btn tk-btn--small" href={exportHref('csv')} download>
              {t('paymentImports.export.csv')}
            </a>{' '}
            <a className="tk-btn tk-btn--small" href={exportHref('xlsx')} download>
              {t('paymentImports.export.xlsx')}
            </a>
          </p>
        </section>
      )}
    </>
  );
}
