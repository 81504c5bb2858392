import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okReply } from '@portal/shared/schemas/auth';
import {
  assignCouponsReply,
  couponsPage,
  redeemReply,
  type AssignCouponsBody,
  type SetCouponBody,
} from '@portal/shared/schemas/coupons';
import { apiDelete, apiGet, apiPost, withQuery } from '../../../lib/api-client.ts';
import { posatoriKeys } from '../../posatori/api/posatori-keys.ts';
import { couponTypesKeys, couponsKeys } from './coupons-keys.ts';
import { avatarKeys } from '../../avatar/api/avatar-keys.ts';
import { homeKeys } from '../../home/api/home-keys.ts';

/** The admin's editable list, or the read-only one (area manager, installer). */
export type CouponsSource = 'coupons' | 'readcoupons';

export function useInstallerCoupons(source: CouponsSource, posatore: string, page: number, size = 20) {
  return useQuery({
    enabled: posatore !== '',
    queryKey: couponsKeys.list(source, posatore, page, size),
    meta: { errorInPlace: true },
    queryFn: ({ signal }) =>
      apiGet(withQuery(`/api/${source}/${encodeURIComponent(posatore)}`, { page, size }), couponsPage, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Coupons change installers' counts, types' counts, the avatar and the homes: refresh them together. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [couponsKeys.all, posatoriKeys.all, couponTypesKeys.all, avatarKeys.all, homeKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** POST /api/setcoupon/{id}: a new type or a new expiry (renewal: today + 90 days). */
export function useSetCoupon() {
  const refresh = useRefresh();
  return useMutation({
    // The screen tells a failure itself (its notice or its own toast): see lib/query-client.ts.
    meta: { silentError: true },
    mutationFn: ({ id, body }: { id: string; body: SetCouponBody }) =>
      apiPost(`/api/setcoupon/${encodeURIComponent(id)}`, body, okReply),
    onSettled: refresh,
  });
}

export function useDeleteCoupon() {
  const refresh = useRefresh();
  return useMutation({
    // The screen tells a failure itself (its notice or its own toast): see lib/query-client.ts.
    meta: { silentError: true },
    mutationFn: (id: string) => apiDelete(`/api/coupon/${encodeURIComponent(id)}`, okReply),
    onSettled: refresh,
  });
}

/** POST /api/assegnacoupon: one installer, or every installer of the list's filters. */
export function useAssignCoupons() {
  const refresh = useRefresh();
  return useMutation({
    // The screen tells a failure itself (its notice or its own toast): see lib/query-client.ts.
    meta: { silentError: true },
    mutationFn: (body: AssignCouponsBody) => apiPost('/api/assegnacoupon', body, assignCouponsReply),
    onSettled: refresh,
  });
}

/** POST /api/posatori/{uuid}/coupon {code}: the reseller's redemption. */
export function useRedeemCoupon(posatore: string) {
  const refresh = useRefresh();
  return useMutation({
    // The screen tells a failure itself (its notice or its own toast): see lib/query-client.ts.
    meta: { silentError: true },
    mutationFn: (code: string) =>
      apiPost(`/api/posatori/${encodeURIComponent(posatore)}/coupon`, { code }, redeemReply),
    onSettled: refresh,
  });
}
