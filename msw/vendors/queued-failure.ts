/** The failure a test queued for a vendor mock's next call, taken off the queue: it fails that one call only. */
export function takeQueuedFailure<T>(state: { failNext: T | undefined }): T | undefined {
  const failure = state.failNext;
  state.failNext = undefined;
  return failure;
}
