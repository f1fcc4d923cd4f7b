import { useEffect, useSyncExternalStore } from 'react';
import type { IdleScope } from '../../../machines/idle-session/timeouts.ts';

// Which idle timeout applies now: the app-wide one (30 minutes) unless a screen asks for the application-result
// timeout (15 minutes) while it is shown. Kept outside React so the app-wide timer (App.tsx) and the result screen
// (another lazily loaded chunk) share it without a provider.

/** What counts as activity, and how often it is noted at most (IdleWatch.tsx, IdleSession.tsx). */
export const IDLE_ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'mousemove', 'wheel', 'touchstart', 'scroll'] as const;
export const IDLE_ACTIVITY_THROTTLE_MS = 1_000;

let stack: IdleScope[] = [];
const listeners = new Set<() => void>();
const current = (): IdleScope => stack[stack.length - 1] ?? 'app';

export function subscribeIdleScope(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getIdleScope = current;

/** While the calling screen is shown, the idle warning uses `scope`'s timeout. */
export function useIdleScope(scope: IdleScope): void {
  useEffect(() => {
    stack = [...stack, scope];
    listeners.forEach((l) => l());
    return () => {
      const at = stack.lastIndexOf(scope);
      stack = stack.filter((_, i) => i !== at);
      listeners.forEach((l) => l());
    };
  }, [scope]);
}

export const useCurrentIdleScope = (): IdleScope => useSyncExternalStore(subscribeIdleScope, current, current);
