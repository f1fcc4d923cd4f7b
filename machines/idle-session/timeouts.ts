// The idle periods, apart from the machine so that the shopper page's idle watcher (web/shopper/idle/IdleWatch.tsx)
// reads them without bringing xstate into the first page.

/** App-wide idle timeout: 30 minutes. */
export const APP_IDLE_TIMEOUT_MS = 1_800_000;
/** Idle timeout on the application result screen: 15 minutes. */
export const RESULT_IDLE_TIMEOUT_MS = 900_000;

export type IdleScope = 'app' | 'result';
export const IDLE_TIMEOUTS_MS: Record<IdleScope, number> = { app: APP_IDLE_TIMEOUT_MS, result: RESULT_IDLE_TIMEOUT_MS };
