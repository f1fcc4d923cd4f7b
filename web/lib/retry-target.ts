import { sessionStore } from './safe-storage.ts';

// The route the Unknown Error page's Retry button goes back to.
const KEY = 'lto.retry';

export function setRetryTarget(path: string): void {
  sessionStore().setItem(KEY, path);
}

export function takeRetryTarget(): string {
  const path = sessionStore().getItem(KEY);
  sessionStore().removeItem(KEY);
  return path && path.startsWith('/') ? path : '/';
}
