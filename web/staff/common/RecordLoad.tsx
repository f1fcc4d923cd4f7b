// One staff record read by its API path, for the record screens that show a single read-only record (a checkout, a
// payment): the loading line, the error with a retry (a 404 in the screen's own words), and the record once it is
// there, remembered among the user's recent records.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { rememberRecord } from './recent.ts';
import { Screen } from './Screen.tsx';
import { useSession } from './session.tsx';

export type RecordLoad<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/** Reads `api` once and on `reload`; a 404 shows the catalogue key `notFoundKey`. */
export function useStaffRecord<T>(api: string, notFoundKey: string): { load: RecordLoad<T>; reload: () => void } {
  const t = useT();
  const { caller } = useSession();
  const [load, setLoad] = useState<RecordLoad<T>>({ status: 'loading' });

  const fetch = useCallback(async () => {
    setLoad({ status: 'loading' });
    const result = await caller.get<T>(api);
    if (result.status && result.data) setLoad({ status: 'ready', data: result.data });
    else
      setLoad({
        status: 'error',
        message: result.code === 404 ? t(notFoundKey) : (result.message ?? result.error ?? t('error.unknown')),
      });
  }, [caller, api, notFoundKey, t]);

  useEffect(() => {
    void fetch();
  }, [fetch]);

  const reload = useCallback(() => void fetch(), [fetch]);
  return { load, reload };
}

/** Remembers the record among the user's recent ones once it is loaded (label and kind as the recent list shows). */
export function useRememberRecord(record: { path: string; kind: string; label: string } | undefined): void {
  const { me } = useSession();
  const path = record?.path;
  const kind = record?.kind;
  const label = record?.label;
  useEffect(() => {
    if (path !== undefined && kind !== undefined && label !== undefined)
      rememberRecord(me.user.id, { path, kind, label });
  }, [path, kind, label, me.user.id]);
}

/** A record screen's record, remembered among the user's recent ones once it is loaded (`data` is there once ready). */
export function useRecentStaffRecord<T>(
  api: string,
  notFoundKey: string,
  recent: (data: T) => { path: string; kind: string; label: string },
): { load: RecordLoad<T>; reload: () => void; data: T | undefined } {
  const { load, reload } = useStaffRecord<T>(api, notFoundKey);
  const data = load.status === 'ready' ? load.data : undefined;
  useRememberRecord(data && recent(data));
  return { load, reload, data };
}

/** What a record screen shows until its record is there: the loading line, or the error with a retry. */
export function RecordPending({
  title,
  load,
  onRetry,
}: {
  title: string;
  load: RecordLoad<unknown>;
  onRetry: () => void;
}): ReactNode {
  const t = useT();
  return (
    <Screen title={title}>
      {load.status === 'error' ? (
        <div className="tk-alert tk-alert--error" role="alert">
          {load.message}{' '}
          <button type="button" className="tk-btn tk-btn--small" onClick={onRetry}>
            {t('toolkit.list.retry')}
          </button>
        </div>
      ) : (
        <p className="tk-loading" role="status">
          {t('app.loading')}
        </p>
      )}
    </Screen>
  );
}
