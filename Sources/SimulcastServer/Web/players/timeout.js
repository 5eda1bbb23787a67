// @ts-check
// Every call into a service's SDK ends: a promise that never settles would stop a page
// following for good.

export const SDK_TIMEOUT_MS = 10000;

export class TimeoutError extends Error {
  /** @param {string} what */
  constructor(what) {
    super(what + " did not answer in time");
    this.kind = "timeout";
  }
}

/**
 * `promise`, or a TimeoutError after `ms`.
 * @template T
 * @param {Promise<T> | T} promise
 * @param {string} what
 * @param {number} [ms]
 * @returns {Promise<T>}
 */
export function withTimeout(promise, what, ms = SDK_TIMEOUT_MS) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {Promise<never>} */
  const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new TimeoutError(what)), ms); });
  return Promise.race([Promise.resolve(promise), timeout]).finally(() => clearTimeout(timer));
}
