import { afterEach, beforeEach, vi } from 'vitest';

/** Fake timers for every test of the enclosing describe (or file), real ones again after each. */
export function useFakeTimersInEachTest(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
