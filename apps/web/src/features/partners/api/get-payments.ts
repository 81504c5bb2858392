import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsReply, type PaymentRow } from '@portal/shared/schemas/partners';
import { apiGet } from '../../../lib/api-client.ts';
import { partnersKeys } from './partners-keys.ts';

/** GET /api/partner/{uuid}/pagamenti (admin and area manager): most recent renewal first. */
export function getPayments(partnerId: string, signal?: AbortSignal): Promise<PaymentRow[]> {
  return apiGet(`/api/partner/${encodeURIComponent(partnerId)}/pagamenti`, paymentsReply, { signal });
}

export function paymentsQuery(partnerId: string) {
  return queryOptions({
    queryKey: partnersKeys.payments(partnerId),
    queryFn: ({ signal }) => getPayments(partnerId, signal),
  });
}

export function usePayments(partnerId: string) {
  return useQuery(paymentsQuery(partnerId));
}
