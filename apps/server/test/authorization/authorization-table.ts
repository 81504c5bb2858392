import { codiceFiscaleCheckChar } from '@portal/shared/validation/codice-fiscale';
import { couponCodeFrom } from '@portal/shared/validation/coupon-code';
import {
  ALL,
  DENIED,
  OK,
  READ,
  RECEIVED,
  SENT,
  everyone,
  line,
  only,
  type CaseContext,
  type Line,
} from './authorization-cells.ts';
import { registryLines } from './authorization-registry-lines.ts';

/**
 * Who may call what: every route of the API, for every role, with the rows it reaches. authorization.test.ts
 * generates one case per line, role and kind of row from this table, and fails when a route registered in Fastify
 * has no line here.
 *
 * Adding a route: add its line in the section of its module (here or in authorization-registry-lines.ts), e.g.
 *   line('POST /api/documents/doc/:id', { row: 'documents', admin: EDIT, capoarea: DENIED, ... , request: ... }),
 * with a row entity (fixtures.ts makes its mine / seen / other rows for each role) when the path names a row.
 *
 * A cell says what each kind of row answers for that role (fixtures.ts, authorization-cells.ts): 200 allowed, 403
 * not for this role or read-only, 404 out of reach. Without a session every /api route answers 401, unless the line
 * is public.
 */

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
 * A published installer with an account and a gallery, other than the demo one (whose profile the table's
 * profile-state cases change, which takes them off the locator): the one the demo seeds a gallery for.
 */
async function published(c: CaseContext): Promise<string> {
  const list = (await c.adminGet('/api/public/posatori')) as { data: { uuid: string; name: string }[] };
  for (const p of list.data) {
    const profile = (await c.adminGet(`/api/posatori/${p.uuid}`)) as { username: string; userstato: string };
    if (profile.username === 'posatore' || profile.userstato !== 'active') continue;
    const gallery = (await c.adminGet(`/api/posagallery/${p.uuid}`)) as unknown[];
    if (gallery.length > 0) return p.uuid;
  }
  throw new Error('nessun posatore pubblicato con una galleria');
}
const publicLine = { public: true, profileNotOk: 'open', cells: everyone(OK) } as const;

export const authorizationTable: Line[] = [
  ...registryLines,

  // The public installer locator: no session needed, the same answer for everyone
  line('GET /api/public/posatori', publicLine),
  line('GET /sitemap.xml', publicLine),
  line('GET /robots.txt', publicLine),
  line('GET /trova-posatore', publicLine),
  line('GET /trova-posatore/:uuid', {
    ...publicLine,
    request: async (c) => ({ method: 'GET', url: `/trova-posatore/${await published(c)}` }),
  }),
  // The honeypot filled: answered as sent, delivered nowhere, not counted against the address's limit.
  line('POST /trova-posatore/:uuid/contatto', {
    ...publicLine,
    request: async (c) => ({
      method: 'POST',
      url: `/trova-posatore/${await published(c)}/contatto`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: Buffer.from('nome=Robot&contatto=robot%40example.com&messaggio=Spam&consenso=on&sito=x'),
    }),
  }),
  line('GET /trova-posatore/foto/:uuid/:slot/:file', {
    ...publicLine,
    request: async (c) => {
      const uuid = await published(c);
      const [first] = (await c.adminGet(`/api/posagallery/${uuid}`)) as { url: string }[];
      return { method: 'GET', url: (first?.url ?? '').replace('/api/files/posatori/', '/trova-posatore/foto/') };
    },
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
  // A training video's poster frame: the admin sets it, every role sees it as it sees the video
  line('GET /api/docs/poster/:id', { row: 'videos', cells: everyone(READ) }),
  line('POST /api/docs/poster/:id', {
    row: 'videos',
    cells: only(['admin'], ALL),
    request: ({ row, image }) => ({ method: 'POST', url: `/api/docs/poster/${row}`, ...image() }),
  }),

  // Home dashboards: each role its own figures
  line('GET /api/statohome', { profileNotOk: 'open', cells: everyone(OK) }),

  // Communications: every role reads what it received; admins, area managers and resellers write
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

  // Coupon types: the admin's registry
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

  // Coupons: the admin edits, the area manager and the installer read, the reseller redeems
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

  // Spreadsheet exports: each role its own list's
  line('GET /api/export', { cells: only(['admin']) }),
  line('GET /api/exportpartner', { cells: only(['admin', 'capoarea', 'rivenditori']) }),
  line('GET /api/exports/punti', { cells: only(['admin']) }),
  line('GET /api/exports/puntiriv', { cells: only(['admin']) }),
  line('GET /api/riven/export', { cells: only(['rivenditori']) }),
  line('GET /api/exportrivenditori', { cells: only(['capoarea']) }),
  line('GET /api/exportrivenditore/:id', { row: 'rivenditori', cells: { ...only([]), capoarea: READ } }),

  // Mass activation: the admin's press and its progress
  line('POST /api/sendmassive', {
    cells: only(['admin']),
    request: () => ({ method: 'POST', url: '/api/sendmassive', payload: {} }),
  }),
  line('GET /api/sendmassive', { cells: only(['admin']) }),

  // The import wizard: the admin's
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

  // The audit trail: the admin only reads it; no route changes it
  line('GET /api/audit', { cells: only(['admin']) }),

  // The data-protection rights: each person downloads their own data (even with a profile not OK); only the admin
  // erases a person, of each kind of person with an account
  line('GET /api/privacy/export', { profileNotOk: 'open', cells: everyone(OK) }),
  line('POST /api/privacy/erase/:entity/:id', {
    row: 'posatoriWithAccount',
    cells: only(['admin'], ALL),
    request: ({ row }) => ({ method: 'POST', url: `/api/privacy/erase/posatore/${row}`, payload: {} }),
  }),
  line('POST /api/privacy/erase/:entity/:id', {
    label: 'capoarea',
    row: 'capoarea',
    cells: only(['admin'], ALL),
    request: ({ row }) => ({ method: 'POST', url: `/api/privacy/erase/capoarea/${row}`, payload: {} }),
  }),
  line('POST /api/privacy/erase/:entity/:id', {
    label: 'rivenditore',
    row: 'rivenditori',
    cells: only(['admin'], ALL),
    request: ({ row }) => ({ method: 'POST', url: `/api/privacy/erase/rivenditore/${row}`, payload: {} }),
  }),

  // PDF reports: the list for the admin; each PDF for whoever may read its subject
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
