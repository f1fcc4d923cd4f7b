import { useState } from 'react';
import { errorText } from '../common/client.ts';

/**
 * A panel's call to the server: busy while it runs, and a failure shown as the panel's error (the catalogue key of
 * what the server said), unless `onFailure` takes it (a field's own error) and answers true.
 */
export function usePanelAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async (action: () => Promise<void>, onFailure?: (failure: unknown) => boolean) => {
    setBusy(true);
    setError('');
    try {
      await action();
    } catch (failure) {
      if (!onFailure?.(failure)) setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
