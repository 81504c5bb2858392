import type { StatoHome } from '@portal/shared/schemas/home';
import type { DbOrTx } from '../../db/database.ts';
import { todayInRome } from '../../lib/clock.ts';
import { capoareaHome } from '../partners/partners.service.ts';
import { countPosatori } from '../posatori/posatori.repository.ts';
import { resellerHome } from '../posatori/posatori.service.ts';
import * as repo from './home.repository.ts';
import { has, type Viewer } from '../reach/viewer.ts';

/**
 * GET /api/statohome: the figures of the home of the viewer's first role. The area manager's and
 * the reseller's are those their homes' lists also give (/api/partner_ca2, /api/posatori4ri_home), from the same
 * code; an installer's home has no counters.
 */
export async function statoHome(db: DbOrTx, viewer: Viewer): Promise<StatoHome> {
  if (has(viewer, 'admin')) {
    const today = todayInRome();
    return {
      cusati: await repo.countCoupons(db, 'used', today),
      cposatori: await countPosatori(db, { all: true }, {}),
      cscad: await repo.countCoupons(db, 'expired', today),
    };
  }
  if (has(viewer, 'capoarea')) {
    const { caziende, criv, caziendescad } = await capoareaHome(db, viewer);
    return { caziende, criv, caziendescad };
  }
  if (has(viewer, 'rivenditori')) {
    const { cposatori, ccopoun } = await resellerHome(db, viewer);
    return { cposatori, ccopoun };
  }
  return {};
}
