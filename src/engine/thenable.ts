import type { FulfilledReactPromise, PendingReactPromise, RejectedReactPromise } from 'react';

/** A promise that records its outcome the way React's `use` reads it, so a settled one never suspends. */
export type TrackedPromise<T> = Promise<T> & (PendingReactPromise<T> | FulfilledReactPromise<T> | RejectedReactPromise<T>);

/**
 * Wraps a promise so that `use(promise)` returns at once after it has settled, even in a component
 * that mounts for the first time (React reads `status` and `value`). Call `use` on it unconditionally.
 * @example
 * const contract = tracked(import('./contract.json'));
 * function Form() { const c = use(contract); ... }
 */
export function tracked<T>(promise: Promise<T>): TrackedPromise<T> {
  const t: TrackedPromise<T> = Object.assign(promise, { status: 'pending' as const });
  promise.then(
    (value) => Object.assign(t, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(t, { status: 'rejected', reason }),
  );
  return t;
}
