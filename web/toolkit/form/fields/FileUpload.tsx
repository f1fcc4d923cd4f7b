// file and image: an upload queue. Files upload one at a time, 250 ms apart, with progress; each item is queued,
// uploading (n %), uploaded or failed. Limits: 9 MB, the field's types (documents: doc, docx, pdf, pages, bml, jpeg,
// png; images: jpeg, png), maxFiles ('Max file limit reached'). Deleting asks 'Are you sure you want to delete
// this file?' and calls the field's deleteUrl with model (file id), force=true and the file token.
import { useEffect, useRef, useState } from 'react';
import type { UploadedFile } from '../../../../machines/contracts/form-schema.ts';
import { useConfirm, useNotifyOptional } from '../../dialogs/DialogsProvider.tsx';
import { useToolkitT } from '../../i18n.ts';
import { FieldShell } from '../FieldShell.tsx';
import { fileSizeOk, MAX_FILE_SIZE_MB } from '../rules.ts';
import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';

export const UPLOAD_QUEUE_DELAY_MS = 250;
export const DOCUMENT_TYPES = ['doc', 'docx', 'pdf', 'pages', 'bml', 'jpeg', 'jpg', 'png'];
export const IMAGE_TYPES = ['jpeg', 'jpg', 'png'];

export type UploadState = 'queued' | 'uploading' | 'uploaded' | 'failed';

interface QueueItem {
  key: number;
  file: File;
  state: UploadState;
  progress: number;
  error?: string;
}

export function allowedTypes(type: string, accept: string[] | string | undefined): string[] {
  if (accept) {
    const list = Array.isArray(accept) ? accept : accept.split(',');
    return list.map((item) => item.trim().replace(/^\./, '').toLowerCase()).filter(Boolean);
  }
  return type === 'image' ? IMAGE_TYPES : DOCUMENT_TYPES;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

function errorText(
  result: { message?: string; error?: string; errors?: Record<string, string[]> },
  fallback: string,
): string {
  const listed = result.errors ? Object.values(result.errors).flat().filter(Boolean) : [];
  if (listed.length) return listed.join(' ');
  return result.error || result.message || fallback;
}

export function FileUpload({ field, name, scope }: FieldProps) {
  const t = useToolkitT();
  const confirm = useConfirm();
  const notify = useNotifyOptional();
  const state = useField(field, name, scope);
  const [queue, setQueue] = useState<QueueItem[]>([]);
  const nextKey = useRef(1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  const multiple = field.multiple !== false && (field.multiple === true || (field.maxFiles ?? 2) > 1);
  const maxFiles = field.maxFiles ?? (multiple ? Infinity : 1);
  const maxMb = field.maxSizeMb ?? MAX_FILE_SIZE_MB;
  const types = allowedTypes(field.type, field.accept);
  const uploaded: UploadedFile[] = Array.isArray(state.value)
    ? (state.value as UploadedFile[])
    : state.value && typeof state.value === 'object'
      ? [state.value as UploadedFile]
      : [];
  const uploadedRef = useRef(uploaded);
  uploadedRef.current = uploaded;
  const { setValue } = state;
  const caller = state.form.caller;

  useEffect(() => () => clearTimeout(timer.current), []);

  // One at a time, 250 ms apart: when nothing is uploading and something waits, start the next after the delay.
  const busy = queue.some((item) => item.state === 'uploading');
  const waiting = queue.find((item) => item.state === 'queued');
  useEffect(() => {
    if (busy || !waiting || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      const item = waiting;
      const update = (patch: Partial<QueueItem>) =>
        setQueue((items) => items.map((i) => (i.key === item.key ? { ...i, ...patch } : i)));
      update({ state: 'uploading', progress: 0 });
      void caller
        .upload(field.url ?? '', item.file, { onProgress: (progress) => update({ progress }) })
        .then((result) => {
          if (result.status && result.data) {
            const record = result.data;
            setQueue((items) => items.filter((i) => i.key !== item.key));
            const next = multiple ? [...uploadedRef.current, record] : record;
            uploadedRef.current = Array.isArray(next) ? next : [next];
            setValue(next);
          } else {
            update({ state: 'failed', error: errorText(result, t('toolkit.upload.failedDefault')) });
          }
        });
    }, UPLOAD_QUEUE_DELAY_MS);
  }, [busy, waiting, caller, field.url, multiple, setValue, t]);

  function add(files: FileList | null) {
    if (!files) return;
    let active = uploaded.length + queue.filter((item) => item.state === 'queued' || item.state === 'uploading').length;
    const added: QueueItem[] = [];
    for (const file of Array.from(files)) {
      const item: QueueItem = { key: nextKey.current++, file, state: 'queued', progress: 0 };
      if (active >= maxFiles) {
        item.state = 'failed';
        item.error = t('toolkit.upload.maxFiles');
      } else if (!types.includes(extensionOf(file.name))) {
        item.state = 'failed';
        item.error = t('toolkit.upload.badType', { name: file.name, types: types.join(', ') });
      } else if (!fileSizeOk(file, maxMb)) {
        item.state = 'failed';
        item.error = t('toolkit.rule.fileSize', { size: maxMb });
      } else {
        active += 1;
      }
      added.push(item);
    }
    setQueue((items) => [...items, ...added]);
    if (inputRef.current) inputRef.current.value = '';
  }

  async function remove(record: UploadedFile) {
    if (!(await confirm({ message: t('toolkit.upload.deleteConfirm') }))) return;
    if (field.deleteUrl) {
      const result = await caller.call('DELETE', field.deleteUrl, {
        model: record.id,
        force: true,
        token: record.token,
      });
      if (!result.status) {
        notify?.({ type: 'error', message: result.message ?? result.error ?? '' });
        return;
      }
    }
    const rest = uploadedRef.current.filter((file) => file.id !== record.id);
    uploadedRef.current = rest;
    setValue(multiple ? rest : null);
  }

  const full = uploaded.length + queue.filter((item) => item.state !== 'failed').length >= maxFiles;

  return (
    <FieldShell state={state}>
      <div className="tk-upload">
        <input
          {...state.controlProps}
          ref={inputRef}
          className="tk-upload__input"
          type="file"
          multiple={multiple}
          accept={types.map((type) => `.${type}`).join(',')}
          disabled={state.disabled || full}
          onChange={(event) => add(event.target.files)}
        />
        <p className="tk-hint">{t('toolkit.upload.allowed', { types: types.join(', '), size: maxMb })}</p>
        <ul className="tk-upload__list" aria-live="polite">
          {uploaded.map((record) => (
            <li key={`u-${record.id}`} className="tk-upload__item tk-upload__item--uploaded" data-state="uploaded">
              {field.type === 'image' && record.url ? (
                <img className="tk-upload__thumb" src={record.url} alt={record.original_name} />
              ) : null}
              {record.url ? (
                <a href={record.url} target="_blank" rel="noreferrer">
                  {record.original_name}
                </a>
              ) : (
                <span>{record.original_name}</span>
              )}
              <span className="tk-upload__state">{t('toolkit.upload.uploaded')}</span>
              <button
                type="button"
                className="tk-btn tk-btn--small tk-btn--danger"
                disabled={state.disabled}
                onClick={() => void remove(record)}
              >
                {t('toolkit.upload.delete', { name: record.original_name })}
              </button>
            </li>
          ))}
          {queue.map((item) => (
            <li
              key={`q-${item.key}`}
              className={`tk-upload__item tk-upload__item--${item.state}`}
              data-state={item.state}
            >
              <span>{item.file.name}</span>
              {item.state === 'uploading' ? (
                <>
                  <progress
                    max={100}
                    value={item.progress}
                    aria-label={t('toolkit.upload.progress', { name: item.file.name })}
                  />
                  <span className="tk-upload__state">{t('toolkit.upload.uploading', { progress: item.progress })}</span>
                </>
              ) : (
                <span className="tk-upload__state">{t(`toolkit.upload.${item.state}`)}</span>
              )}
              {item.error ? (
                <span className="tk-error" role="alert">
                  {item.error}
                </span>
              ) : null}
              {item.state === 'failed' ? (
                <button
                  type="button"
                  className="tk-btn tk-btn--small"
                  aria-label={t('toolkit.notify.dismiss')}
                  onClick={() => setQueue((items) => items.filter((i) => i.key !== item.key))}
                >
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </FieldShell>
  );
}
