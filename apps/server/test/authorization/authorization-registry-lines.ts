import { ALL, DENIED, EDIT, OK, READ, everyone, line, only, type Line } from './authorization-cells.ts';

/**
 * The record as stored, sent back: a save that changes nothing and passes every check, so the status is the
 * authorization's alone (the admin's GET, since the role may not read the row).
 */
const resend =
  (path: string): Line['request'] =>
  async ({ row, adminGet }) => ({
    method: 'POST',
    url: path.replace(':id', row),
    payload: (await adminGet(path.replace(':id', row))) as object,
  });

const blankPartner = {
  ragsoc: 'Autorizzazioni S.r.l.',
  priorita: '',
  piva: '',
  codfis: '',
  code: '',
  dtstart: '',
  dtend: '',
  address: '',
  city: 'Milano',
  cap: '',
  state: 'MI',
  phone: '',
  cell: '',
  email: '',
  website: '',
  rivenditore: '',
};
const newPerson = (n: number) => ({
  name: 'Nuova',
  lastname: `Persona ${n}`,
  piva: '',
  codfis: '',
  address: 'Via Roma 1',
  city: 'Milano',
  cap: '20121',
  state: 'MI',
  phone: '',
  cell: '',
  email: `nuova.persona.${n}.${Date.now()}@esempio.it`,
  website: '',
  provs: [],
});
let n = 0;

/**
 * The first part of the authorization table (authorization-table.ts): system and session, own profile, combos,
 * installers, images, partners, area managers, resellers and the search.
 */
export const registryLines: Line[] = [
  // System and session
  line('GET /health', { profileNotOk: 'open', public: true, cells: everyone(OK) }),
  line('GET /ready', { profileNotOk: 'open', public: true, cells: everyone(OK) }),
  // Open when METRICS_TOKEN is not set, as here; the token's refusals are in test/plugins/metrics.test.ts.
  line('GET /metrics', { profileNotOk: 'open', public: true, cells: everyone(OK) }),
  // The API's map: open outside production (security-headers and http-replies tests cover production).
  line('GET /api/docs', { public: true, cells: everyone(OK) }),
  line('GET /api/docs/static/index.html', { public: true, cells: everyone(302) }),
  line('GET /api/docs/static/swagger-initializer.js', { public: true, cells: everyone(OK) }),
  line('GET /api/docs/json', { public: true, cells: everyone(OK) }),
  line('GET /api/docs/yaml', { public: true, cells: everyone(OK) }),
  line('GET /api/docs/static/*', {
    public: true,
    cells: everyone(OK),
    request: () => ({ method: 'GET', url: '/api/docs/static/swagger-ui.css' }),
  }),
  line('GET /auth/check', { profileNotOk: 'open', public: true, cells: everyone(OK) }),
  line('POST /auth/login', {
    profileNotOk: 'open',
    public: true,
    ownSession: true,
    cells: everyone(OK),
    request: () => ({ method: 'POST', url: '/auth/login', payload: { user: 'nessuno', pwd: 'sbagliata' } }),
  }),
  line('POST /auth/logout', {
    profileNotOk: 'open',
    public: true,
    ownSession: true,
    cells: everyone(OK),
    request: () => ({ method: 'POST', url: '/auth/logout', payload: {} }),
  }),
  line('POST /auth/renew', {
    profileNotOk: 'open',
    cells: everyone(OK),
    request: () => ({ method: 'POST', url: '/auth/renew', payload: {} }),
  }),
  line('POST /auth/resetpassword', {
    profileNotOk: 'open',
    public: true,
    cells: everyone(OK),
    request: () => ({ method: 'POST', url: '/auth/resetpassword', payload: { user: 'nessuno' } }),
  }),
  line('POST /auth/resetpwd', {
    profileNotOk: 'open',
    public: true,
    cells: everyone(OK),
    request: () => ({
      method: 'POST',
      url: '/auth/resetpwd',
      payload: { pid: 'inventato', ppwd: 'fughe-chiare-2027' },
    }),
  }),
  // An own change of address: its link needs no session (an unknown token is a 400); what waits is one's own.
  line('POST /auth/email/confirm', {
    profileNotOk: 'open',
    public: true,
    anonymous: 400,
    cells: everyone(400),
    request: () => ({ method: 'POST', url: '/auth/email/confirm', payload: { token: 'inventato' } }),
  }),
  line('GET /auth/email/pending', { profileNotOk: 'open', cells: everyone(OK) }),
  // The second login factor: any account may have one; the code's step takes only a session between the password
  // and the code (a logged-in session is 401 there). A wrong code, or a factor that is not on, is a 400.
  line('GET /auth/2fa', { profileNotOk: 'open', cells: everyone(OK) }),
  line('POST /auth/2fa/setup', {
    profileNotOk: 'open',
    cells: everyone(OK),
    request: () => ({ method: 'POST', url: '/auth/2fa/setup', payload: {} }),
  }),
  line('POST /auth/2fa/enable', {
    profileNotOk: 'open',
    cells: everyone(400),
    request: () => ({ method: 'POST', url: '/auth/2fa/enable', payload: { code: 'nessuno' } }),
  }),
  line('POST /auth/2fa/verify', {
    profileNotOk: 'open',
    cells: everyone(401),
    request: () => ({ method: 'POST', url: '/auth/2fa/verify', payload: { code: '123456' } }),
  }),
  line('POST /auth/2fa/disable', {
    profileNotOk: 'open',
    cells: everyone(400),
    request: () => ({ method: 'POST', url: '/auth/2fa/disable', payload: { pwd: 'sbagliata', code: '123456' } }),
  }),
  line('POST /auth/admin/resetpassword', {
    profileNotOk: 'open',
    row: 'posatori',
    cells: { admin: ALL, capoarea: DENIED, rivenditori: DENIED, posatore: DENIED },
    request: ({ row }) => ({ method: 'POST', url: '/auth/admin/resetpassword', payload: { user: row } }),
  }),

  // Own card and profile
  line('GET /api/avatar', { profileNotOk: 'open', cells: everyone(OK) }),
  line('GET /api/me', { profileNotOk: 'open', cells: everyone(OK) }),
  // Live updates: every logged-in person, of their own lists; an installer whose profile is not OK has no bell.
  line('GET /api/events', { stream: true, cells: everyone(OK) }),
  line('GET /api/myprofile', { profileNotOk: 'open', cells: only(['admin', 'capoarea', 'rivenditori']) }),
  line('POST /api/myprofile', {
    profileNotOk: 'open',
    cells: only(['admin', 'capoarea', 'rivenditori']),
    request: async ({ get }) => ({
      method: 'POST',
      url: '/api/myprofile',
      // An installer has no record here (403): any object will do for them.
      payload: ((await get('/api/myprofile')) as object | undefined) ?? {},
    }),
  }),

  // Combos: reference data for every logged-in user
  ...[
    'qualifiche',
    'priolist',
    'cbocorsi',
    'tipiposa',
    'tipicert',
    'cbostato',
    'posaorder',
    'liststates',
    'cbocapoarea',
    'cborivenditori',
    'cbotcoupons',
    'cbotcoupons2',
  ].map((combo) =>
    line(`GET /api/${combo}`, {
      cells: everyone(OK),
      // The profile form's reference data; the coupon types are the coupons'.
      ...(combo.startsWith('cbotcoupons') ? {} : { profileNotOk: 'open' as const }),
    }),
  ),

  // Installers
  line('GET /api/posatori', { cells: only(['admin', 'capoarea', 'rivenditori']) }),
  line('GET /api/posatori4ca', { cells: only(['capoarea']) }),
  line('GET /api/posatori4ri', { cells: only(['rivenditori']) }),
  line('GET /api/posatori4ri_home', { cells: only(['rivenditori']) }),
  line('GET /api/posatori/:id', {
    profileNotOk: 'open',
    row: 'posatori',
    cells: { admin: ALL, capoarea: READ, rivenditori: READ, posatore: READ },
  }),
  line('POST /api/posatori/:id', {
    profileNotOk: 'open',
    row: 'posatori',
    cells: { admin: ALL, capoarea: EDIT, rivenditori: EDIT, posatore: EDIT },
    request: resend('/api/posatori/:id'),
  }),
  line('POST /api/posatori/:id/sospensione', {
    row: 'posatori',
    cells: { admin: ALL, capoarea: DENIED, rivenditori: DENIED, posatore: DENIED },
    request: ({ row }) => ({ method: 'POST', url: `/api/posatori/${row}/sospensione`, payload: { sospeso: true } }),
  }),
  line('POST /api/posatori/:id/accesso', {
    row: 'posatoriWithAccount',
    cells: { admin: ALL, capoarea: DENIED, rivenditori: DENIED, posatore: DENIED },
    request: ({ row }) => ({ method: 'POST', url: `/api/posatori/${row}/accesso`, payload: { stato: 'disabled' } }),
  }),
  line('DELETE /api/posatore/:id', {
    row: 'posatori',
    cells: { admin: ALL, capoarea: EDIT, rivenditori: DENIED, posatore: DENIED },
  }),

  // Images and galleries
  line('POST /api/saveimg/:uuid/profile', {
    profileNotOk: 'open',
    row: 'posatori',
    cells: { admin: ALL, capoarea: EDIT, rivenditori: EDIT, posatore: EDIT },
    request: ({ row, image }) => ({ method: 'POST', url: `/api/saveimg/${row}/profile`, ...image() }),
  }),
  line('POST /api/savemyimg/profile', {
    profileNotOk: 'open',
    cells: everyone(OK),
    request: ({ image }) => ({ method: 'POST', url: '/api/savemyimg/profile', ...image() }),
  }),
  line('GET /api/posagallery/:uuid', {
    profileNotOk: 'open',
    row: 'posatori',
    cells: { admin: ALL, capoarea: READ, rivenditori: READ, posatore: READ },
  }),
  line('POST /api/posagallery/:uuid', {
    row: 'posatori',
    cells: { admin: ALL, capoarea: EDIT, rivenditori: EDIT, posatore: EDIT },
    request: ({ row, image }) => ({ method: 'POST', url: `/api/posagallery/${row}`, ...image() }),
  }),
  line('DELETE /api/posagallery/:uuid/:name', {
    row: 'galleryItems',
    cells: { admin: ALL, capoarea: EDIT, rivenditori: EDIT, posatore: EDIT },
    request: ({ row }) => ({ method: 'DELETE', url: `/api/posagallery/${row}` }),
  }),
  line('GET /api/mygallery', { profileNotOk: 'open', cells: only(['posatore']) }),
  line('POST /api/mygallery', {
    cells: only(['posatore']),
    request: ({ image }) => ({ method: 'POST', url: '/api/mygallery', ...image() }),
  }),
  line('DELETE /api/mygallery/:name', {
    row: 'myGalleryItems',
    cells: { admin: DENIED, capoarea: DENIED, rivenditori: DENIED, posatore: { mine: 200 } },
    request: ({ row }) => ({ method: 'DELETE', url: `/api/mygallery/${row}` }),
  }),
  line('GET /api/files/:entity/:uuid/:slot/:file', {
    profileNotOk: 'open',
    label: 'profile images: any logged-in user',
    row: 'profileFiles',
    cells: everyone(OK),
    request: ({ row }) => ({ method: 'GET', url: `/api/files/${row}` }),
  }),
  line('GET /api/files/:entity/:uuid/:slot/:file', {
    profileNotOk: 'open',
    label: 'gallery images: whoever sees the installer',
    row: 'galleryItems',
    cells: { admin: ALL, capoarea: READ, rivenditori: READ, posatore: READ },
    request: async ({ row, get }) => {
      const [uuid, name] = row.split('/');
      const items = (await get(`/api/posagallery/${uuid}`)) as { name: string; url: string }[] | undefined;
      // Out of reach the listing is refused too: ask for the file by its stored name pattern.
      const item = Array.isArray(items) ? items.find((i) => i.name === name) : undefined;
      return { method: 'GET', url: item?.url ?? `/api/files/posatori/${uuid}/gallery/${name}.jpg` };
    },
  }),

  // Partner companies and payments
  line('GET /api/partner', { cells: only(['admin', 'capoarea', 'rivenditori']) }),
  line('GET /api/partner_ca', { cells: only(['capoarea']) }),
  line('GET /api/partner_ca2', { cells: only(['capoarea']) }),
  line('GET /api/partner_ri', { cells: only(['rivenditori']) }),
  line('GET /api/npartner', { cells: only(['admin', 'capoarea']) }),
  line('POST /api/partner/nuovo', {
    cells: only(['admin', 'capoarea']),
    request: async ({ get }) => {
      const blank = (await get('/api/npartner')) as { capoarea?: string } | undefined;
      return {
        method: 'POST',
        url: '/api/partner/nuovo',
        payload: { ...blankPartner, capoarea: blank?.capoarea ?? '' },
      };
    },
  }),
  line('GET /api/partner/:id', {
    row: 'partners',
    cells: { admin: ALL, capoarea: READ, rivenditori: READ, posatore: DENIED },
  }),
  line('POST /api/partner/:id', {
    row: 'partners',
    cells: { admin: ALL, capoarea: EDIT, rivenditori: EDIT, posatore: DENIED },
    request: resend('/api/partner/:id'),
  }),
  line('DELETE /api/partner/:id', {
    row: 'partners',
    cells: { admin: ALL, capoarea: EDIT, rivenditori: DENIED, posatore: DENIED },
  }),
  line('GET /api/partner/:id/pagamenti', {
    row: 'partners',
    cells: { admin: ALL, capoarea: READ, rivenditori: DENIED, posatore: DENIED },
  }),
  line('POST /api/caricapag/:id', {
    row: 'partners',
    cells: { admin: ALL, capoarea: EDIT, rivenditori: DENIED, posatore: DENIED },
    request: ({ row, pdf }) => ({ method: 'POST', url: `/api/caricapag/${row}`, ...pdf() }),
  }),
  line('POST /api/partner/:id/pagamenti/:name', {
    row: 'payments',
    cells: { admin: ALL, capoarea: EDIT, rivenditori: DENIED, posatore: DENIED },
    request: ({ row }) => ({
      method: 'POST',
      url: `/api/partner/${row.replace('/', '/pagamenti/')}`,
      payload: { dtrinnovo: '2026-01-15', fatturato: 120.5 },
    }),
  }),
  line('DELETE /api/partner/:id/pagamenti/:name', {
    row: 'payments',
    cells: { admin: ALL, capoarea: EDIT, rivenditori: DENIED, posatore: DENIED },
    request: ({ row }) => ({ method: 'DELETE', url: `/api/partner/${row.replace('/', '/pagamenti/')}` }),
  }),
  line('GET /api/partner/:id/pagamenti/:name/pdf', {
    row: 'payments',
    cells: { admin: ALL, capoarea: READ, rivenditori: DENIED, posatore: DENIED },
    request: ({ row }) => ({ method: 'GET', url: `/api/partner/${row.replace('/', '/pagamenti/')}/pdf` }),
  }),

  // Area managers: the admin's registry
  line('GET /api/capoarea', { cells: only(['admin']) }),
  line('POST /api/capoarea', {
    cells: only(['admin']),
    request: () => ({ method: 'POST', url: '/api/capoarea', payload: newPerson(++n) }),
  }),
  line('GET /api/capoarea/:id', { row: 'capoarea', cells: only(['admin'], ALL) }),
  line('POST /api/capoarea/:id', {
    row: 'capoarea',
    cells: only(['admin'], ALL),
    request: resend('/api/capoarea/:id'),
  }),
  line('POST /api/capoarea/:id/stato', {
    row: 'capoarea',
    cells: only(['admin'], ALL),
    request: ({ row }) => ({ method: 'POST', url: `/api/capoarea/${row}/stato`, payload: { stato: 'disabled' } }),
  }),
  line('DELETE /api/capoarea/:id', { row: 'capoarea', cells: only(['admin'], ALL) }),

  // Resellers: the admin's registry, read by the area manager in reach
  line('GET /api/rivenditori', { cells: only(['admin', 'capoarea']) }),
  line('GET /api/rivenditori_ca', { cells: only(['capoarea']) }),
  line('GET /api/rivenditore/:id', {
    row: 'rivenditori',
    cells: { admin: ALL, capoarea: READ, rivenditori: DENIED, posatore: DENIED },
  }),
  line('POST /api/riventitore', {
    cells: only(['admin']),
    request: () => ({
      method: 'POST',
      url: '/api/riventitore',
      payload: { ...newPerson(++n), ragsoc: 'Nuovo Rivenditore S.r.l.', code: '', capoarea: '' },
    }),
  }),
  line('POST /api/rivenditore/:id', {
    row: 'rivenditori',
    cells: only(['admin'], ALL),
    request: resend('/api/rivenditore/:id'),
  }),
  line('POST /api/rivenditore/:id/stato', {
    row: 'rivenditori',
    cells: only(['admin'], ALL),
    request: ({ row }) => ({ method: 'POST', url: `/api/rivenditore/${row}/stato`, payload: { stato: 'disabled' } }),
  }),
  line('DELETE /api/rivenditore/:id', { row: 'rivenditori', cells: only(['admin'], ALL) }),

  // The toolbar's search: every role, each finding only what it may see (search.test.ts)
  line('GET /api/ricerca', {
    cells: everyone(OK),
    request: () => ({ method: 'GET', url: '/api/ricerca?pricerca=rossi' }),
  }),
];
