import { useQuery } from '@tanstack/react-query';
import { useRoles } from '../../auth/api/get-session.ts';
import { meQuery } from '../../me/api/get-me.ts';
import { readWallet } from '../api/wallet-copy.ts';

/**
 * A login on a browser that keeps somebody's coupon wallet: asks who is in (GET /api/me), whose answer removes the
 * copy when it is not theirs (get-me.ts). Nothing is asked when no copy is kept or nobody is logged in.
 */
export function ForgetOtherWallets() {
  const roles = useRoles();
  useQuery({ ...meQuery, enabled: roles !== undefined && roles.length > 0 && readWallet() !== null });
  return null;
}
