import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { couponsPage } from '@portal/shared/schemas/coupons';
import { partnersPage } from '@portal/shared/schemas/partners';
import { posatoriPage } from '@portal/shared/schemas/posatori';
import { reportsReply } from '@portal/shared/schemas/reports';
import { SEARCH_MIN } from '@portal/shared/schemas/search';
import { apiGet, withQuery } from '../../../lib/api-client.ts';
import { reportsKeys } from './reports-keys.ts';

/** GET /api/reports: the reports an admin can produce. */
export function useReports() {
  return useQuery({
    queryKey: reportsKeys.all,
    meta: { errorInPlace: true },
    queryFn: ({ signal }) => apiGet('/api/reports', reportsReply, { signal }),
  });
}

export type Subject = { uuid: string; label: string };
const PICK = 10;

/** The installers whose name contains the text (the admin list's own filter), from 3 characters. */
export function useInstallerChoices(text: string) {
  return useQuery({
    queryKey: reportsKeys.subjects('posatori', text),
    queryFn: async ({ signal }): Promise<Subject[]> =>
      (await apiGet(withQuery('/api/posatori', { name: text, size: String(PICK) }), posatoriPage, { signal })).data.map(
        (p) => ({ uuid: p.uuid, label: [p.descri, p.code, p.prov].filter(Boolean).join(' · ') }),
      ),
    enabled: text.length >= SEARCH_MIN,
    placeholderData: keepPreviousData,
    meta: { background: true },
  });
}

/** The partners whose company name contains the text, from 3 characters. */
export function usePartnerChoices(text: string) {
  return useQuery({
    queryKey: reportsKeys.subjects('partner', text),
    queryFn: async ({ signal }): Promise<Subject[]> =>
      (
        await apiGet(withQuery('/api/partner', { ragsoc: text, size: String(PICK) }), partnersPage, { signal })
      ).data.map((p) => ({ uuid: p.uuid, label: [p.ragsoc, p.code, p.prov].filter(Boolean).join(' · ') })),
    enabled: text.length >= SEARCH_MIN,
    placeholderData: keepPreviousData,
    meta: { background: true },
  });
}

/** An installer's coupons, valid first (the order of the coupon lists). */
export function useCouponChoices(posatore: string) {
  return useQuery({
    queryKey: reportsKeys.subjects('coupons', posatore),
    queryFn: ({ signal }) =>
      apiGet(withQuery(`/api/readcoupons/${encodeURIComponent(posatore)}`, { size: '200' }), couponsPage, { signal }),
    enabled: posatore !== '',
  });
}
