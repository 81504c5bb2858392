import { useDeferredValue, type ReactNode } from 'react';

/**
 * Its children in a second render, after the screen's first paint: the first commit holds what is light (the
 * heading, the toolbar) and starts the screen's queries, so the heading shows and the request leaves before the
 * filters and the table are built; those follow in a background render that React does a few milliseconds at a
 * time, not in one long task of a slow phone's main thread (docs/performance/front-end-weight.md). On a screen
 * already shown it changes nothing: only a mount renders twice.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const painted = useDeferredValue(true, false);
  return painted ? children : null;
}
