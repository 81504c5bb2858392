import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { HttpError } from './error-envelope.ts';

/**
 * What an installer whose profile is not OK (SOSPESO or INCOMPLETO) may call: home and profile, as their menu
 * (docs/decisions/0009). The avatar and the card (/api/me), the home's figures, their own profile read and saved
 * with its image (so an incomplete profile can be completed), its PDF sheet, the gallery and the images read, and
 * the reference data the profile form picks from. Every other API route answers 403, new ones included until they
 * are added here: messages, documents, coupons and vouchers, the search, gallery changes.
 */
const OPEN_WHILE_PROFILE_NOT_OK: ReadonlySet<string> = new Set([
  'GET /api/avatar',
  'GET /api/me',
  'GET /api/statohome',
  'GET /api/posatori/:id',
  'POST /api/posatori/:id',
  'POST /api/saveimg/:uuid/profile',
  'POST /api/savemyimg/profile',
  'GET /api/report/posatore/:id',
  // The right of access does not wait for a profile in order (GDPR art. 15, docs/decisions/0028).
  'GET /api/privacy/export',
  'GET /api/posagallery/:uuid',
  'GET /api/mygallery',
  'GET /api/files/:entity/:uuid/:slot/:file',
  ...['qualifiche', 'priolist', 'cbocorsi', 'tipiposa', 'tipicert', 'cbostato', 'posaorder', 'liststates'].map(
    (combo) => `GET /api/${combo}`,
  ),
  'GET /api/cbocapoarea',
  'GET /api/cborivenditori',
  // The public locator's list answers everyone, logged in or not.
  'GET /api/public/posatori',
  // Routes an installer never holds anyway (their own records are installers'): the role's 403 stays the answer.
  'GET /api/myprofile',
  'POST /api/myprofile',
]);

export const profileNotOkReason = (stato: string) =>
  stato === 'SOSPESO'
    ? 'Il tuo profilo è sospeso: puoi usare solo la Home e il tuo profilo'
    : 'Il tuo profilo non è in regola: completa Il mio profilo per usare questa funzione';

/**
 * The one place that keeps an installer whose profile is not OK to home and profile, on the server: an onRequest
 * hook after the session's, for API routes outside the list above, for sessions that hold the installer role and
 * no other (whose other roles give them their own reach).
 */
export function registerProfileGate(app: FastifyInstance, db: Db): void {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    const auth = request.auth;
    if (!auth || route === undefined || !route.startsWith('/api/')) return;
    if (auth.roles.length !== 1 || auth.roles[0] !== 'posatore') return;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (OPEN_WHILE_PROFILE_NOT_OK.has(`${method} ${route}`)) return;
    const own = await db
      .selectFrom('posatori')
      .select('stato')
      .where('user_uuid', '=', auth.userUuid)
      .executeTakeFirst();
    const stato = own?.stato ?? '';
    if (stato !== 'OK') throw new HttpError(403, profileNotOkReason(stato));
  });
}
