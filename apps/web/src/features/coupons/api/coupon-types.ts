import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createdReply, okReply } from '@portal/shared/schemas/auth';
import { couponTypeBlank, couponTypeRow, couponTypesReply, type CouponTypeForm } from '@portal/shared/schemas/coupons';
import { apiDelete, apiGet, apiPost } from '../../../lib/api-client.ts';
import { couponTypesKeys } from './coupons-keys.ts';
import { combosKeys } from '../../combos/api/combos-keys.ts';

// The combos built from the coupon types: any change to a type refreshes them with it.
const typeCombos = [combosKeys.of('cbotcoupons'), combosKeys.of('cbotcoupons2')];

/** errorInPlace: the screen shows a failed load in place of the types (see lib/query-client.ts). */
export function useCouponTypes(errorInPlace = false) {
  return useQuery({
    queryKey: couponTypesKeys.list,
    meta: { errorInPlace },
    queryFn: ({ signal }) => apiGet('/api/tcoupons', couponTypesReply, { signal }),
  });
}

/** GET /api/tcoupon/{id}, or GET /api/ntcoupon for a new type. */
export function useCouponType(id: string | undefined) {
  return useQuery({
    queryKey: couponTypesKeys.one(id ?? 'nuovo'),
    meta: { errorInPlace: true },
    queryFn: ({ signal }) =>
      id
        ? apiGet(`/api/tcoupon/${encodeURIComponent(id)}`, couponTypeRow, { signal })
        : apiGet('/api/ntcoupon', couponTypeBlank, { signal }),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: couponTypesKeys.all }),
      ...typeCombos.map((key) => queryClient.invalidateQueries({ queryKey: key })),
    ]);
}

/** POST /api/tcoupon/{id|nuovo}. */
export function useSaveCouponType() {
  const refresh = useRefresh();
  return useMutation({
    // The screen tells a failure itself (its notice or its own toast): see lib/query-client.ts.
    meta: { silentError: true },
    mutationFn: ({ id, body }: { id: string | undefined; body: CouponTypeForm }) =>
      apiPost(`/api/tcoupon/${encodeURIComponent(id ?? 'nuovo')}`, body, createdReply),
    onSettled: refresh,
  });
}

/** POST /api/enabletcoupon/{id} or /api/disabletcoupon/{id}. */
export function useToggleCouponType() {
  const refresh = useRefresh();
  return useMutation({
    // The screen tells a failure itself (its notice or its own toast): see lib/query-client.ts.
    meta: { silentError: true },
    mutationFn: ({ id, disable }: { id: string; disable: boolean }) =>
      apiPost(`/api/${disable ? 'disable' : 'enable'}tcoupon/${encodeURIComponent(id)}`, {}, okReply),
    onSettled: refresh,
  });
}

/** DELETE /api/tcoupon/{id}: only a type without coupons. */
export function useDeleteCouponType() {
  const refresh = useRefresh();
  return useMutation({
    // The screen tells a failure itself (its notice or its own toast): see lib/query-client.ts.
    meta: { silentError: true },
    mutationFn: (id: string) => apiDelete(`/api/tcoupon/${encodeURIComponent(id)}`, okReply),
    onSettled: refresh,
  });
}
