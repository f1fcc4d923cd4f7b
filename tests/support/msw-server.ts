import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** Serves `server`'s handlers to this file's tests: an unhandled request fails the test; handlers reset after each. */
export function serveDuringTests(server: SetupServer): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}
