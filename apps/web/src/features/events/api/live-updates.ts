import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { avatarKeys } from '../../avatar/api/avatar-keys.ts';
import { couponsKeys } from '../../coupons/api/coupons-keys.ts';
import { messagesKeys } from '../../messages/api/messages-keys.ts';

/** The events of GET /api/events that name a list of the person's own (the server's modules/events). */
export type LiveEventKind = 'messages' | 'coupons';

/**
 * What each event makes stale: the lists it names and the toolbar's record (the bell's unread count, the installer's
 * coupon count). Events carry nothing else; the refetch goes through the ordinary API and its reach rules.
 */
export const liveInvalidations: Record<LiveEventKind, readonly QueryKey[]> = {
  messages: [messagesKeys.all, avatarKeys.all],
  coupons: [couponsKeys.all, avatarKeys.all],
};

const everything: readonly QueryKey[] = [messagesKeys.all, couponsKeys.all, avatarKeys.all];

/** The wait before opening a stream the browser gave up on: 2 s, doubling, at most a minute. */
export const reopenDelayMs = (failures: number): number => Math.min(60_000, 2_000 * 2 ** Math.max(0, failures - 1));

/**
 * One EventSource per tab while the shell is shown: each event refetches the lists it names. EventSource reconnects
 * by itself after a dropped connection (at the server's retry interval); it gives up for good on a refusal (401 after
 * a logout, 429, a proxy's 502), and then the avatar is asked again (a 401 there logs the tab out, which unmounts
 * this) and the stream is opened again later. After any gap every list is refetched, since events may have been
 * missed. A subscription to an outside system, so an effect: the data itself stays in TanStack Query.
 */
export function useLiveUpdates(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const refresh = (keys: readonly QueryKey[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let missed = false;
    const closeAndRetry = () => {
      source?.close();
      failures++;
      refresh([avatarKeys.all]);
      reopen = setTimeout(open, reopenDelayMs(failures));
    };
    function open() {
      const es = new EventSource('/api/events');
      source = es;
      es.onopen = () => {
        if (missed) refresh(everything);
        missed = false;
        failures = 0;
      };
      for (const kind of Object.keys(liveInvalidations) as LiveEventKind[]) {
        es.addEventListener(kind, () => refresh(liveInvalidations[kind]));
      }
      // The session is over (logout elsewhere, expiry, account disabled).
      es.addEventListener('end', () => {
        missed = true;
        closeAndRetry();
      });
      es.onerror = () => {
        missed = true;
        if (es.readyState === EventSource.CLOSED) closeAndRetry();
      };
    }
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [enabled, queryClient]);
}
