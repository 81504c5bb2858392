import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { massActivation, massActivationReply, type MassActivation } from '@portal/shared/schemas/mass-activation';
import { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { massActivationKeys } from './mass-activation-keys.ts';

const pressReply = z.object({ res: z.literal('OK'), run: massActivation });

/** Still working: accounts being prepared, or e-mails waiting in the queue. */
export const isRunning = (run: MassActivation | null | undefined) =>
  !!run && (run.finished_at === '' || run.in_attesa > 0);

/** GET /api/sendmassive: the latest press, polled every 2 s while it is still working. */
export function useMassActivation(enabled: boolean) {
  return useQuery({
    queryKey: massActivationKeys.latest,
    queryFn: ({ signal }) => apiGet('/api/sendmassive', massActivationReply, { signal }),
    enabled,
    refetchInterval: (query) => (isRunning(query.state.data?.run) ? 2_000 : false),
    // The dialog shows a failed load in place.
    meta: { background: true, errorInPlace: true },
  });
}

/** POST /api/sendmassive: a new press, shown at once by the progress dialog. */
export function useStartMassActivation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('/api/sendmassive', {}, pressReply),
    // The progress dialog tells a refusal itself: a toast behind it would be hidden from screen readers.
    meta: { silentError: true },
    onSuccess: ({ run }) => {
      queryClient.setQueryData(massActivationKeys.latest, { run });
    },
  });
}
