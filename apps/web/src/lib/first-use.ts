/**
 * A value made when it is first asked for, then kept. For the Intl formatters: a page's first Intl object loads
 * ICU's data (a first `Intl.NumberFormat` took 160-300 ms of the main thread at a phone's 4x CPU slowdown, the first
 * one with a time zone another 25-50 ms; docs/performance/front-end-weight.md), which made at a module's load landed
 * in every page's first long task, the login's too, though neither the login nor the lists format a number or a
 * time before they paint.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
