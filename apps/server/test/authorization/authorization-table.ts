import type { Role } from '@portal/shared/roles';
import { codiceFiscaleCheckChar } from '@portal/shared/validation/codice-fiscale';
import { couponCodeFrom } from '@portal/shared/validation/coupon-code';
import type { Entity, RowKind } from './fixtures.ts';

/**
 * Who may call what: every route of the API, for every role, with the rows it reaches (contract, "Who sees what";
 * spec section 6). authorization.test.ts generates one case per line, role and kind of row from this table, and
 * fails when a route registered in Fastify has no line here.
 *
 * Adding a route: add its line in the section of its module, e.g.
 *   line('POST /api/documents/doc/:id', { row: 'documents', admin: EDIT, capoarea: DENIED, ... , request: ... }),
 * with a row entity (fixtures.ts makes its mine / seen / other rows for each role) when the path names a row.
 *
 * A cell says what each kind of row answers for that role (fixtures.ts): 200 allowed, 403 not for this role or
 * read-only, 404 out of reach. Without a session every /api route answers 401, unless the line is public.
 */
export type Status = 200 | 302 | 401 | 403 | 404;
export type Cell = Status | Partial<Record<RowKind, Status>>;

/** Allowed on every row (the admin). */
export const ALL: Cell = { mine: 200, seen: 200, other: 200 };
/** Reads what is in reach, the rest is out of sight. */
export const READ: Cell = { mine: 200, seen: 200, other: 404 };
/** Changes its own rows; rows it only reads are refused; the rest is out of sight. */
export const EDIT: Cell = { mine: 200, seen: 403, other: 404 };
/** Not for this role, whatever the row. */
export const DENIED: Cell = 403;
export const OK: Cell = 200;
/** A message its sender changes: the recipients and everyone else do not see it as theirs. */
export const SENT: Cell = { mine: 200, seen: 404, other: 404 };
/** A message's read state: only its recipients have one. */
export const RECEIVED: Cell = { mine: 404, seen: 200, other: 404 };

export type Request = {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
};

/** What a case's request may use: the row's id (path parameters, or a uuid in the body) and the role's own GET. */
export type CaseContext = {
  row: string;
  /** The role's own GET: its JSON, or undefined when refused. */
  get: (url: string) => Promise<unknown>;
  /** The admin's GET: the full record, whatever the role may see. */
  adminGet: (url: string) => Promise<unknown>;
  /** A small valid upload for the route's multipart body. */
  image: () => { payload: Buffer; headers: Record<string, string> };
  pdf: () => { payload: Buffer; headers: Record<string, string> };
};

export type Line = {
  /** 'METHOD /path/:param' exactly as registered in Fastify. */
  route: string;
  /** A second line for the same route tests another case of it (say another slot or entity). */
  label?: string;
  /** The entity whose rows fill the path or the body; absent for routes without a row. */
  row?: Entity;
  /** No session needed (login, reset, health, the docs outside production). */
  public?: boolean;
  /** The case spends the session (logout, login in the same browser): it gets its own. */
  ownSession?: boolean;
  cells: Record<Role, Cell>;
  /** The request of a case; without it, the route's own path with :params from the row and no body. */
  request?: (c: CaseContext) => Request | Promise<Request>;
  /**
   * 'open': part of home and profile, which an installer whose profile is not OK still reaches (their cell holds
   * for them too). Without it, such an installer gets a 403 whatever the row (docs/decisions/0009).
   */
  profileNotOk?: 'open';
};

const everyone = (cell: Cell): Record<Role, Cell> => ({
  admin: cell,
  capoarea: cell,
  rivenditori: cell,
  posatore: cell,
});
const only = (roles: Role[], cell: Cell = OK): Record<Role, Cell> => ({
  admin: roles.includes('admin') ? cell : DENIED,
  capoarea: roles.includes('capoarea') ? cell : DENIED,
  rivenditori: roles.includes('rivenditori') ? cell : DENIED,
  posatore: roles.includes('posatore') ? cell : DENIED,
});
const line = (route: string, spec: Omit<Line, 'route'>): Line => ({ route, ...spec });
const couponTypeBody = {
  tipo: 'Autorizzazioni',
  valore: 10,
  descri: '',
  colore: '#1976d2',
  ncoupon: 1,
  minima: 0,
  mesi: 12,
};
const unknownCode = couponCodeFrom([0, 1, 2, 3, 4, 5, 6, 7, 8]);
const importedCodfis = `AUTDAA80A01H501${codiceFiscaleCheckChar('AUTDAA80A01H501')}`;

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

export const authorizationTable: Line[] = [
  // System and session
  line('GET /health', { profileNotOk: 'open', public: true, cells: everyone(OK) }),
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
  line('POST /auth/admin/resetpassword', {
    profileNotOk: 'open',
    row: 'posatori',
    cells: { admin: ALL, capoarea: DENIED, rivenditori: DENIED, posatore: DENIED },
    request: ({ row }) => ({ method: 'POST', url: '/auth/admin/resetpassword', payload: { user: row } }),
  }),

  // Own card and profile
  line('GET /api/avatar', { profileNotOk: 'open', cells: everyone(OK) }),
  line('GET /api/me', { profileNotOk: 'open', cells: everyone(OK) }),
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

  // Documents: the admin manages them; every role reads what its group may see
  line('GET /api/docs/admdocs', { cells: only(['admin']) }),
  line('GET /api/docs/docs', { cells: everyone(OK) }),
  line('GET /api/docs/combodest', { cells: only(['admin']) }),
  line('GET /api/docs/doc/:id', { row: 'documents', cells: everyone(READ) }),
  line('GET /api/docs/file/:id', { row: 'documents', cells: everyone(READ) }),
  line('POST /api/docs/doc/:id', {
    row: 'documents',
    cells: only(['admin'], ALL),
    request: ({ row }) => ({
      method: 'POST',
      url: `/api/docs/doc/${row}`,
      payload: { title: 'Autorizzazioni', dests: ['posatore'] },
    }),
  }),
  line('DELETE /api/docs/doc/:id', { row: 'documents', cells: only(['admin'], ALL) }),
  line('POST /api/docs/caricadoc', {
    cells: only(['admin']),
    request: ({ pdf }) => ({ method: 'POST', url: '/api/docs/caricadoc', ...pdf() }),
  }),

  // Home dashboards: each role its own figures
  line('GET /api/statohome', { profileNotOk: 'open', cells: everyone(OK) }),

  // Communications: every role reads what it received; admins, area managers and resellers write (spec section 6)
  line('GET /api/messages/recv', { cells: everyone(OK) }),
  line('GET /api/messages/sent', { cells: only(['admin', 'capoarea', 'rivenditori']) }),
  line('GET /api/messages/tipiletto', { cells: everyone(OK) }),
  line('GET /api/dests', { cells: only(['admin', 'capoarea', 'rivenditori']) }),
  line('GET /api/messages/message/:id', { row: 'messages', cells: everyone(READ) }),
  line('GET /api/messages/message/:id', {
    label: 'nuovo',
    cells: only(['admin', 'capoarea', 'rivenditori']),
    request: () => ({ method: 'GET', url: '/api/messages/message/nuovo' }),
  }),
  line('POST /api/messages/message/:id', {
    label: 'nuovo',
    cells: only(['admin', 'capoarea', 'rivenditori']),
    request: () => ({
      method: 'POST',
      url: '/api/messages/message/nuovo',
      payload: { oggetto: 'Autorizzazioni', content: 'Testo', dests: ['g:posatori'] },
    }),
  }),
  // A recipient reads a message but may not change or delete it: out of sight as a sent message.
  line('POST /api/messages/message/:id', {
    row: 'messages',
    cells: { ...only(['admin', 'capoarea', 'rivenditori'], SENT), posatore: DENIED },
    request: ({ row }) => ({
      method: 'POST',
      url: `/api/messages/message/${row}`,
      payload: { oggetto: 'Modificato', content: 'Testo', dests: ['g:posatori'] },
    }),
  }),
  line('DELETE /api/messages/message/:id', {
    row: 'messages',
    cells: { ...only(['admin', 'capoarea', 'rivenditori'], SENT), posatore: DENIED },
  }),
  line('POST /api/setread/:id', {
    row: 'messages',
    cells: everyone(RECEIVED),
    request: ({ row }) => ({ method: 'POST', url: `/api/setread/${row}`, payload: {} }),
  }),
  line('POST /api/setunread/:id', {
    row: 'messages',
    cells: everyone(RECEIVED),
    request: ({ row }) => ({ method: 'POST', url: `/api/setunread/${row}`, payload: {} }),
  }),

  // Coupon types: the admin's registry (spec sections 2 and 7)
  line('GET /api/tcoupons', { cells: only(['admin']) }),
  line('GET /api/ntcoupon', { cells: only(['admin']) }),
  line('GET /api/tcoupon/:id', { row: 'couponTypes', cells: { ...only([]), admin: ALL } }),
  line('POST /api/tcoupon/:id', {
    row: 'couponTypes',
    cells: { ...only([]), admin: ALL },
    request: ({ row }) => ({ method: 'POST', url: `/api/tcoupon/${row}`, payload: couponTypeBody }),
  }),
  line('POST /api/tcoupon/:id', {
    label: 'nuovo',
    cells: only(['admin']),
    request: () => ({ method: 'POST', url: '/api/tcoupon/nuovo', payload: couponTypeBody }),
  }),
  line('POST /api/enabletcoupon/:id', {
    row: 'couponTypes',
    cells: { ...only([]), admin: ALL },
    request: ({ row }) => ({ method: 'POST', url: `/api/enabletcoupon/${row}`, payload: {} }),
  }),
  line('POST /api/disabletcoupon/:id', {
    row: 'couponTypes',
    cells: { ...only([]), admin: ALL },
    request: ({ row }) => ({ method: 'POST', url: `/api/disabletcoupon/${row}`, payload: {} }),
  }),
  line('DELETE /api/tcoupon/:id', { row: 'couponTypes', cells: { ...only([]), admin: ALL } }),

  // Coupons: the admin edits, the area manager and the installer read, the reseller redeems (spec section 6)
  line('GET /api/coupons/:id', { row: 'posatori', cells: { ...only([]), admin: ALL } }),
  line('GET /api/readcoupons/:id', {
    row: 'posatori',
    cells: { admin: ALL, capoarea: READ, rivenditori: DENIED, posatore: READ },
  }),
  line('POST /api/setcoupon/:id', {
    row: 'coupons',
    cells: { ...only([]), admin: ALL },
    request: ({ row }) => ({ method: 'POST', url: `/api/setcoupon/${row}`, payload: { pscadenza: '2030-06-30' } }),
  }),
  line('DELETE /api/coupon/:id', { row: 'coupons', cells: { ...only([]), admin: ALL } }),
  line('POST /api/assegnacoupon', {
    row: 'posatori',
    cells: { ...only([]), admin: ALL },
    request: async ({ row, adminGet }) => {
      const [type] = (await adminGet('/api/cbotcoupons')) as { value: string }[];
      return { method: 'POST', url: '/api/assegnacoupon', payload: { tipo: type?.value, posatore: row } };
    },
  }),
  // A well-formed code that is nobody's: the reseller gets 200 {res:"KO"} for an installer of theirs.
  line('POST /api/posatori/:uuid/coupon', {
    row: 'posatori',
    cells: { ...only([]), rivenditori: READ },
    request: ({ row }) => ({ method: 'POST', url: `/api/posatori/${row}/coupon`, payload: { code: unknownCode } }),
  }),

  // Spreadsheet exports: each role its own list's (spec section 7)
  line('GET /api/export', { cells: only(['admin']) }),
  line('GET /api/exportpartner', { cells: only(['admin', 'capoarea', 'rivenditori']) }),
  line('GET /api/exports/punti', { cells: only(['admin']) }),
  line('GET /api/exports/puntiriv', { cells: only(['admin']) }),
  line('GET /api/riven/export', { cells: only(['rivenditori']) }),
  line('GET /api/exportrivenditori', { cells: only(['capoarea']) }),
  line('GET /api/exportrivenditore/:id', { row: 'rivenditori', cells: { ...only([]), capoarea: READ } }),

  // Mass activation: the admin's press and its progress (spec section 7, sendmassive)
  line('POST /api/sendmassive', {
    cells: only(['admin']),
    request: () => ({ method: 'POST', url: '/api/sendmassive', payload: {} }),
  }),
  line('GET /api/sendmassive', { cells: only(['admin']) }),

  // The import wizard: the admin's (spec sections 2 and 7, issue 11)
  line('POST /api/imports', {
    cells: only(['admin']),
    request: () => ({ method: 'POST', url: '/api/imports', payload: { tipo: 'posatori', file: 'a.xlsx', righe: 1 } }),
  }),
  line('GET /api/imports', { cells: only(['admin']) }),
  line('GET /api/imports/:id', { row: 'imports', cells: { ...only([]), admin: ALL } }),
  line('POST /api/imports/:id/righe', {
    row: 'imports',
    cells: { ...only([]), admin: ALL },
    request: ({ row }) => ({
      method: 'POST',
      url: `/api/imports/${row}/righe`,
      // A row the rules refuse: the call succeeds and stores nothing.
      payload: { righe: [{ riga: 2, record: { codfis: 'X' } }] },
    }),
  }),
  line('POST /api/imports/posatori', {
    cells: only(['admin']),
    request: () => ({
      method: 'POST',
      url: '/api/imports/posatori',
      payload: { codfis: importedCodfis, lastname: 'Autorizzazioni', name: 'Ada', ragsocaz: 'Posa S.r.l.' },
    }),
  }),
  line('POST /api/imports/azienda', {
    cells: only(['admin']),
    request: () => ({
      method: 'POST',
      url: '/api/imports/azienda',
      payload: { code: 'AUT-IMPORT', ragsoc: 'Autorizzazioni S.r.l.' },
    }),
  }),
  line('GET /api/impposatori/:id', { row: 'imports', cells: { ...only([]), admin: ALL } }),
  // Usage statistics (/admin/sessions): the figures and their workbook, for the admin only
  line('GET /api/sessions', { cells: only(['admin']) }),
  line('GET /api/exports/sessions', { cells: only(['admin']) }),

  // PDF reports: the list for the admin; each PDF for whoever may read its subject (spec sections 1-3)
  line('GET /api/reports', { cells: only(['admin']) }),
  line('GET /api/report/posatore/:id', {
    profileNotOk: 'open',
    row: 'posatori',
    cells: { admin: ALL, capoarea: READ, rivenditori: READ, posatore: READ },
  }),
  line('GET /api/report/coupon/:id', {
    row: 'coupons',
    cells: { admin: ALL, capoarea: READ, rivenditori: DENIED, posatore: READ },
  }),
  line('GET /api/report/pagamenti/:id', {
    row: 'partners',
    cells: { admin: ALL, capoarea: READ, rivenditori: DENIED, posatore: DENIED },
  }),
];
