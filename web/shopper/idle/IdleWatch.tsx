import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { IDLE_TIMEOUTS_MS } from '../../../machines/idle-session/timeouts.ts';
import { IDLE_ACTIVITY_EVENTS, IDLE_ACTIVITY_THROTTLE_MS, useCurrentIdleScope } from './scope.ts';

// The idle-session warning's code (its machine, xstate, the dialog and its texts) is not part of the first page (the
// store search): there this watcher notes the shopper's activity and loads the warning a minute before it is due.
// Any other screen loads the application's code (xstate included) anyway, so there it hands over at once. The warning
// keeps its time: IdleSession counts its first period from the last activity noted here.

const IdleSession = lazy(() => import('./IdleSession.tsx').then((m) => ({ default: m.IdleSession })));

/** The warning's code is fetched this long before it is due, so that it shows on time on a slow connection. */
const LOAD_LEAD_MS = 60_000;

export function IdleWatch() {
  const scope = useCurrentIdleScope();
  const [location] = useLocation();
  const last = useRef(Date.now());
  // bumped by activity while the watcher still schedules the hand-over
  const [seen, setSeen] = useState(last.current);
  const [handedOver, setHandedOver] = useState(false);
  const lastActivity = useCallback(() => last.current, []);

  useEffect(() => {
    // a new scope starts the timer over, as IdleSession's does
    last.current = Date.now();
    setSeen(last.current);
  }, [scope]);

  useEffect(() => {
    const onActivity = () => {
      const now = Date.now();
      if (now - last.current < IDLE_ACTIVITY_THROTTLE_MS) return;
      last.current = now;
      if (!handedOver) setSeen(now);
    };
    for (const type of IDLE_ACTIVITY_EVENTS)
      window.addEventListener(type, onActivity, { passive: true, capture: true });
    return () => {
      for (const type of IDLE_ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [handedOver]);

  useEffect(() => {
    if (location !== '/') setHandedOver(true);
  }, [location]);

  useEffect(() => {
    if (handedOver) return;
    const due = seen + IDLE_TIMEOUTS_MS[scope] - LOAD_LEAD_MS;
    const timer = setTimeout(() => setHandedOver(true), Math.max(0, due - Date.now()));
    return () => clearTimeout(timer);
  }, [handedOver, seen, scope]);

  return handedOver ? (
    <Suspense fallback={null}>
      <IdleSession lastActivity={lastActivity} />
    </Suspense>
  ) : null;
}
