import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { IDLE_TIMEOUTS_MS, idleSessionMachine } from '../../../machines/idle-session/idle-session.machine.ts';
import { api } from '../../lib/api.ts';
import { useModalDialog } from '../../lib/modal-dialog.ts';
import { useIdleT } from './text.ts';
import { IDLE_ACTIVITY_EVENTS, IDLE_ACTIVITY_THROTTLE_MS, useCurrentIdleScope } from './scope.ts';
import '../verification/decision.css';

// The idle-session warning (seed 000 sections 1 and 9; WCAG 2.2.1 Timing Adjustable): after 30 minutes without
// activity (15 on the application result) an alert dialog counts down 60 seconds, then the page reloads.
// 'Stay Connected' calls GET /keep-alive and starts over.

/**
 * Mounted once for the whole app (by IdleWatch.tsx, shortly before the warning is due): follows the current scope
 * (the result screen asks for 15 minutes). `lastActivity` is the watcher's: the first period ends that long after it.
 */
export function IdleSession({ lastActivity }: { lastActivity?: () => number }) {
  const scope = useCurrentIdleScope();
  const [firstScope] = useState(scope);
  const [scopeChanged, setScopeChanged] = useState(false);
  useEffect(() => {
    if (scope !== firstScope) setScopeChanged(true);
  }, [scope, firstScope]);
  // after a change of scope the timer starts over with the full period, as it always did
  const deadline =
    lastActivity && !scopeChanged && scope === firstScope ? lastActivity() + IDLE_TIMEOUTS_MS[scope] : undefined;
  return <IdleTimer key={scope} timeoutMs={IDLE_TIMEOUTS_MS[scope]} firstDeadline={deadline} />;
}

function IdleTimer({ timeoutMs, firstDeadline }: { timeoutMs: number; firstDeadline?: number }) {
  const { t } = useIdleT();
  const deadline = useRef(firstDeadline);
  const machine = useMemo(
    () =>
      idleSessionMachine.provide({
        actors: { keepAlive: fromPromise<unknown, void>(() => api('GET', '/keep-alive')) },
        // the first period ends at the deadline handed over; once the shopper acts, every period is the full one
        delays: {
          idleTimeout: ({ context }) =>
            deadline.current === undefined ? context.timeoutMs : Math.max(0, deadline.current - Date.now()),
        },
      }),
    [],
  );
  const actor = useActorRef(machine, { input: { timeoutMs } });
  const warning = useSelector(actor, (s) => s.matches('warning'));
  const staying = useSelector(actor, (s) => s.matches('keepingAlive'));
  const expired = useSelector(actor, (s) => s.status === 'done');
  const secondsLeft = useSelector(actor, (s) => s.context.secondsLeft);
  const open = warning || staying || expired;
  const dialog = useModalDialog(open);

  // Any activity starts the idle timer over (the machine ignores it while the warning shows).
  useEffect(() => {
    let last = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - last < IDLE_ACTIVITY_THROTTLE_MS) return;
      last = now;
      deadline.current = undefined;
      actor.send({ type: 'idle.activity' });
    };
    for (const type of IDLE_ACTIVITY_EVENTS)
      window.addEventListener(type, onActivity, { passive: true, capture: true });
    return () => {
      for (const type of IDLE_ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [actor]);

  useEffect(() => {
    if (expired) window.location.reload();
  }, [expired]);

  return (
    <dialog
      ref={dialog}
      className="dialog idle-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="idle-title"
      aria-describedby="idle-text"
      onCancel={(e) => {
        // Escape keeps the session, as Stay Connected does.
        e.preventDefault();
        actor.send({ type: 'idle.stay' });
      }}
    >
      {open && (
        <>
          <h2 id="idle-title" className="dialog__title">
            {t('idle.title')}
          </h2>
          <p id="idle-text">{expired ? t('idle.expired') : t('idle.text', { seconds: secondsLeft })}</p>
          <p className="idle-countdown" aria-hidden="true">
            {secondsLeft}
          </p>
          <div className="actions">
            <button
              type="button"
              className="button"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the first action of a modal dialog takes focus, as the WAI-ARIA dialog pattern asks
              autoFocus
              disabled={staying || expired}
              onClick={() => actor.send({ type: 'idle.stay' })}
            >
              {staying ? t('idle.staying') : t('idle.stay')}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}

export default IdleSession;
