import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FieldErrors } from '../../../machines/contracts/envelope.ts';
import type { Binding } from './fields.tsx';

/**
 * Which errors a form shows: the live errors of the shared schemas (re-validated on every input) for fields the
 * shopper has left or after a submit attempt, and the server's errors (422, concealed values) until the field is
 * edited again.
 */
export function useBinding(
  live: FieldErrors,
  server: FieldErrors,
  submitted: boolean,
): Binding & { reset: () => void } {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  // a new set of server errors (by content): every field shows them again until edited
  const serverKey = JSON.stringify(server);
  useEffect(() => setEdited((s) => (s.size ? new Set() : s)), [serverKey]);

  // Shown a moment after the field is left: an error appearing at once would move the button the pointer is
  // pressing (Continue below the field) between mouse down and up, and the click would be lost.
  const touch = useCallback((path: string) => {
    setTimeout(() => setTouched((s) => (s.has(path) ? s : new Set(s).add(path))), 250);
  }, []);
  const edit = useCallback((path: string) => setEdited((s) => (s.has(path) ? s : new Set(s).add(path))), []);
  const reset = useCallback(() => {
    setTouched(new Set());
    setEdited(new Set());
  }, []);

  return useMemo(
    () => ({
      touch,
      edit,
      reset,
      error: (path: string) => {
        const own = live[path]?.[0];
        if (own && (submitted || touched.has(path))) return own;
        const fromServer = server[path]?.[0];
        if (fromServer && !edited.has(path)) return fromServer;
        return undefined;
      },
    }),
    [live, server, submitted, touched, edited, touch, edit, reset],
  );
}

/** Moves focus to the first invalid field (after a Continue or Submit that found errors). */
export function focusFirstInvalid(root: HTMLElement | null = document.getElementById('main')) {
  requestAnimationFrame(() => {
    const el = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
    el?.focus();
  });
}
