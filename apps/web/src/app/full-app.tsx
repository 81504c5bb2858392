import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import type { CheckReply } from '@portal/shared/schemas/auth';
import type { Role } from '@portal/shared/roles';
import { ForgetOtherWallets } from '../features/coupons/components/forget-other-wallets.tsx';
import { queryClient } from '../lib/query-client.ts';
import { registerServiceWorker } from '../lib/service-worker.ts';
import { sessionQueryKey } from '../lib/session.ts';
import { Providers } from './providers.tsx';
import { createRouter } from './router.tsx';

// The installable app's worker, once the areas are on screen and the browser is idle (never from the login page).
registerServiceWorker();

/**
 * The role areas: router, query cache, forms. Loaded after the login (with the roles it returned, so the session is
 * not asked again) or at once for any other address than the public screens' (docs/decisions/0008).
 */
export function FullApp({ roles }: { roles?: Role[] | undefined }) {
  if (roles && queryClient.getQueryData(sessionQueryKey) === undefined) {
    queryClient.setQueryData<CheckReply>(sessionQueryKey, { role: roles });
  }
  const [router] = useState(createRouter);
  return (
    <Providers>
      <ForgetOtherWallets />
      <RouterProvider router={router} />
    </Providers>
  );
}
