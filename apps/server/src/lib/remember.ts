/**
 * Puts a result in a bounded cache, the oldest out first when it is full: a Map iterates in insertion order, and a
 * refreshed entry is inserted again.
 */
export function remember<V>(cache: Map<string, V>, key: string, value: V, max: number): void {
  cache.delete(key);
  if (cache.size >= max) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(key, value);
}
