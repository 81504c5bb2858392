import { useQuery } from '@tanstack/react-query';
import { statoHomeReply } from '@portal/shared/schemas/home';
import { partnerCa2Reply } from '@portal/shared/schemas/partners';
import { posatori4riHome } from '@portal/shared/schemas/posatori';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/statohome: the counters of the viewer's home. */
export function useStatoHome() {
  return useQuery({
    queryKey: ['home', 'statohome'],
    queryFn: ({ signal }) => apiGet('/api/statohome', statoHomeReply, { signal }),
  });
}

/** GET /api/partner_ca2: the area manager's figures and the partners about to expire. */
export function usePartnerCa2() {
  return useQuery({
    queryKey: ['partners', 'ca2'],
    queryFn: ({ signal }) => apiGet('/api/partner_ca2', partnerCa2Reply, { signal }),
  });
}

/** GET /api/posatori4ri_home: the reseller's figures and latest installers. */
export function usePosatori4riHome() {
  return useQuery({
    queryKey: ['posatori', '4ri_home'],
    queryFn: ({ signal }) => apiGet('/api/posatori4ri_home', posatori4riHome, { signal }),
  });
}
