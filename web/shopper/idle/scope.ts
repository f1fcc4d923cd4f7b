import { useLayoutEffect, useSyncExternalStore } from 'react';
import type { IdleScope } from '../../../machines/idle-session/timeouts.ts';

// Which idle timeout applies now: the app-wide one (30 minutes) unless a screen asks for the application-result
// timeout (15 minutes) while it is shown. Kept outside React so the app-wide timer (App.tsx) and the result screen
// (another lazily loaded chunk) share it without a provider.

/** What counts as activity, and how often it is noted at most (IdleWatch.tsx, IdleSession.tsx). */
export const IDLE_ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'mousemove', 'wheel', 'touchstart', 'scroll'] as const;
export const IDLE_ACTIVITY_THROTTLE_MS = 1_000;

/** The scope that applies, and since when (Date.now()): its period is counted from then, not from when a timer is set. */
export interface CurrentIdleScope {
  scope: IdleScope;
  since: number;
}

let stack: IdleScope[] = [];
let now: CurrentIdleScope = { scope: 'app', since: Date.now() };
const listeners = new Set<() => void>();
const current = (): IdleScope => now.scope;
const currentWithSince = (): CurrentIdleScope => now;

function changeStack(next: IdleScope[]) {
  stack = next;
  const scope = stack[stack.length - 1] ?? 'app';
  if (scope !== now.scope) now = { scope, since: Date.now() };
  listeners.forEach((l) => l());
}

export function subscribeIdleScope(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getIdleScope = current;

/**
 * While the calling screen is shown, the idle warning uses `scope`'s timeout. A layout effect: the scope (and the
 * moment its period starts) changes as the screen is put on the page, not a frame later.
 */
export function useIdleScope(scope: IdleScope): void {
  useLayoutEffect(() => {
    changeStack([...stack, scope]);
    return () => {
      const at = stack.lastIndexOf(scope);
      changeStack(stack.filter((_, i) => i !== at));
    };
  }, [scope]);
}

export const useCurrentIdleScope = (): IdleScope => useSyncExternalStore(subscribeIdleScope, current, current);
/** The current scope with the moment it began. */
export const useCurrentIdleScopeSince = (): CurrentIdleScope =>
  useSyncExternalStore(subscribeIdleScope, currentWithSince, currentWithSince);
