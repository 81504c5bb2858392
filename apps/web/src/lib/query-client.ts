import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { msg } from '@portal/shared/messages-it';
import { ApiError } from './api-error.ts';
import { showToast } from './toast-store.ts';

type CallMeta = {
  /** The screen shows this error itself (e.g. 'Login errata'), so no global toast. */
  silentError?: boolean;
  /** Periodic housekeeping (session renewal): it does not turn the toolbar spinner on. */
  background?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}

function reportError(error: unknown, meta: CallMeta | undefined): void {
  if (meta?.silentError) return;
  // 401 already sends the user to the login page with its own message.
  if (error instanceof ApiError && error.status === 401) return;
  showToast(error instanceof ApiError ? error.reason : msg.erroreInterno);
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Client errors (bad input, forbidden, expired session) do not get better by retrying.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => reportError(error, query.meta) }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _result, mutation) => reportError(error, mutation.meta),
  }),
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
