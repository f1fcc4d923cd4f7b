import { expect } from 'vitest';

/** The error `promise` rejects with, checked to be an `errorClass` (a promise that resolves fails the test). */
export async function rejectionOf<E extends Error>(
  promise: Promise<unknown>,
  errorClass: abstract new (...args: never[]) => E,
): Promise<E> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(errorClass);
  return error as E;
}
