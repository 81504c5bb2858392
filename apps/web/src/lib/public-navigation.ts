import { useSyncExternalStore, type MouseEvent } from 'react';

/**
 * Moving between the four public screens without a router: the History API and a store React reads. React Router
 * (31 kB gzip) stays with the role areas, so the login page loads only what it shows (docs/decisions/0008).
 */
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  for (const listener of listeners) listener();
}

/** A link's click: moves in the page, except when the visitor asks for a new tab or window. */
export function followLink(event: MouseEvent<HTMLAnchorElement>, options: { replace?: boolean } = {}): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(event.currentTarget.getAttribute('href') ?? '/', options);
}
