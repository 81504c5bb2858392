import { useQuery } from '@tanstack/react-query';
import { statoHomeReply } from '@portal/shared/schemas/home';
import { partnerCa2Reply } from '@portal/shared/schemas/partners';
import { posatori4riHome } from '@portal/shared/schemas/posatori';
import { apiGet } from '../../../lib/api-client.ts';
import { posatoriKeys } from '../../posatori/api/posatori-keys.ts';
import { partnersKeys } from '../../partners/api/partners-keys.ts';
import { homeKeys } from './home-keys.ts';

/** GET /api/statohome: the counters of the viewer's home. */
export function useStatoHome() {
  return useQuery({
    queryKey: homeKeys.statoHome,
    meta: { errorInPlace: true },
    queryFn: ({ signal }) => apiGet('/api/statohome', statoHomeReply, { signal }),
  });
}

/** GET /api/partner_ca2: the area manager's figures and the partners about to expire. */
export function usePartnerCa2() {
  return useQuery({
    queryKey: partnersKeys.areaManagerHome,
    meta: { errorInPlace: true },
    queryFn: ({ signal }) => apiGet('/api/partner_ca2', partnerCa2Reply, { signal }),
  });
}

/** GET /api/posatori4ri_home: the reseller's figures and latest installers. */
export function usePosatori4riHome() {
  return useQuery({
    queryKey: posatoriKeys.resellerHome,
    meta: { errorInPlace: true },
    queryFn: ({ signal }) => apiGet('/api/posatori4ri_home', posatori4riHome, { signal }),
  });
}
