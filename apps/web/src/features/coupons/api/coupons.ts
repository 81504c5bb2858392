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
import { posatoriKey } from '../../posatori/api/get-posatori.ts';
import { couponTypesKey } from './coupon-types.ts';

/** Everything under this key is coupon data. */
export const couponsKey = ['coupons'] as const;

/** The admin's editable list, or the read-only one (area manager, installer). */
export type CouponsSource = 'coupons' | 'readcoupons';

export function useInstallerCoupons(source: CouponsSource, posatore: string, page: number, size = 20) {
  return useQuery({
    enabled: posatore !== '',
    queryKey: [...couponsKey, source, posatore, page, size],
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
      [couponsKey, posatoriKey, couponTypesKey, ['avatar'], ['home']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** POST /api/setcoupon/{id}: a new type or a new expiry (renewal: today + 90 days). */
export function useSetCoupon() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SetCouponBody }) =>
      apiPost(`/api/setcoupon/${encodeURIComponent(id)}`, body, okReply),
    onSettled: refresh,
  });
}

export function useDeleteCoupon() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/api/coupon/${encodeURIComponent(id)}`, okReply),
    onSettled: refresh,
  });
}

/** POST /api/assegnacoupon: one installer, or every installer of the list's filters. */
export function useAssignCoupons() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AssignCouponsBody) => apiPost('/api/assegnacoupon', body, assignCouponsReply),
    onSettled: refresh,
  });
}

/** POST /api/posatori/{uuid}/coupon {code}: the reseller's redemption. */
export function useRedeemCoupon(posatore: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) =>
      apiPost(`/api/posatori/${encodeURIComponent(posatore)}/coupon`, { code }, redeemReply),
    onSettled: refresh,
  });
}
