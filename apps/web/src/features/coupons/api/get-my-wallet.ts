import { useQuery } from '@tanstack/react-query';
import { couponsPage } from '@portal/shared/schemas/coupons';
import { ApiError } from '../../../lib/api-error.ts';
import { apiGet, withQuery } from '../../../lib/api-client.ts';
import { couponsKeys } from './coupons-keys.ts';
import { readWalletOf, saveWallet, type WalletCopy } from './wallet-copy.ts';

/** An installer holds tens of coupons: one page of the largest size shows them all. */
export const WALLET_SIZE = 200;

/** The wallet as the screen shows it: the list, when it was read, and whether it is the copy kept offline. */
export type Wallet = WalletCopy & { offline: boolean };

/**
 * GET /api/readcoupons/{own uuid}, all on one page: the installer's 'Coupons' window. Each answer is also kept on
 * this browser as the owner's copy (wallet-copy.ts); when the server cannot be reached, that copy answers instead,
 * said so on screen. Under the coupons' own key, so a redemption or an assignment refreshes it as it does the rest.
 */
export function useMyWallet(owner: string) {
  return useQuery({
    enabled: owner !== '',
    queryKey: couponsKeys.list('readcoupons', owner, 1, WALLET_SIZE),
    meta: { errorInPlace: true },
    queryFn: async ({ signal }): Promise<Wallet> => {
      try {
        const path = withQuery(`/api/readcoupons/${encodeURIComponent(owner)}`, { page: 1, size: WALLET_SIZE });
        const coupons = await apiGet(path, couponsPage, { signal });
        const copy = { owner, savedAt: new Date().toISOString(), coupons };
        saveWallet(copy);
        return { ...copy, offline: false };
      } catch (error) {
        const kept = error instanceof ApiError && error.status === 0 ? readWalletOf(owner) : null;
        if (kept) return { ...kept, offline: true };
        throw error;
      }
    },
  });
}
