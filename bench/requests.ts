/**
 * What `npm run bench` measures, one line per request, in this order. A new list or heavy call joins the table with
 * one line: its path with the query it is measured with, and the demo login that calls it. GET /health comes first:
 * every other line is compared with it; `minRatio` is the share of its req/s a line must reach (the admin's first
 * page: 0.30). `search` marks the contains-searches judged on p95 (<= 30 ms) too.
 * `connections` measures a line with fewer connections than the table's 50: the latency one person typing in the
 * Cerca box sees (a 3-letter query under 30 ms p95), judged on p95 alone, since 50 connections on 2 cores
 * measure the queue in front of it.
 */
export type BenchLogin = 'admin' | 'capoarea' | 'rivenditore' | 'capoarea.001' | 'rivenditore.0001';

/** The stress seed's logins the bench uses: its realistic area manager and big reseller besides the demo ones. */
export const benchLogins: readonly BenchLogin[] = [
  'admin',
  'capoarea',
  'rivenditore',
  'capoarea.001',
  'rivenditore.0001',
];

export type BenchRequest = {
  name: string;
  path: string;
  as?: BenchLogin;
  search?: true;
  connections?: number;
  minRatio?: number;
};

/** In a path, the installer holding the most coupons (found through the admin's list, order 'coupon'). */
export const TOP_INSTALLER = '{posatore}';

const orders = ['cognome', 'nome', 'codice', 'provincia', 'corso', 'coupon', 'recenti'] as const;

export const benchRequests: BenchRequest[] = [
  { name: 'GET /health', path: '/health' },
  // Admin installer list: every order, on page 1 and on a deep page (2,500 pages at 50,000 installers).
  ...orders.flatMap((order): BenchRequest[] => [
    {
      name: `posatori ${order} p.1`,
      path: `/api/posatori?order=${order}&page=1&size=20`,
      as: 'admin',
      // The list's first page as the admin opens it (its default order) holds 0.30 x /health.
      ...(order === 'cognome' && { minRatio: 0.3 }),
    },
    { name: `posatori ${order} p.1000`, path: `/api/posatori?order=${order}&page=1000&size=20`, as: 'admin' },
  ]),
  // Each filter alone, default order.
  { name: 'posatori nome "ros"', path: '/api/posatori?name=ros&size=20', as: 'admin', search: true },
  { name: 'posatori codice "123"', path: '/api/posatori?code=123&size=20', as: 'admin', search: true },
  { name: 'posatori provincia RM', path: '/api/posatori?state=RM&size=20', as: 'admin' },
  { name: 'posatori qualifica ESPERTO', path: '/api/posatori?tipo=ESPERTO&size=20', as: 'admin' },
  { name: 'posatori certificati', path: '/api/posatori?certificato=1&size=20', as: 'admin' },
  { name: 'posatori corso 2024-05', path: '/api/posatori?dtcorso=2024-05&size=20', as: 'admin' },
  { name: 'posatori stato SOSPESO', path: '/api/posatori?stato=SOSPESO&size=20', as: 'admin' },
  { name: 'posatori accesso disattivato', path: '/api/posatori?accesso=disabled&size=20', as: 'admin' },
  // The other roles' installer lists: the demo area manager (installers shared among his provinces' managers),
  // the one who owns every installer of his five provinces as real ones do, a reseller holding 3,000 of them.
  { name: 'posatori4ca (capoarea)', path: '/api/posatori4ca?size=20', as: 'capoarea' },
  { name: 'posatori4ca (capoarea titolare)', path: '/api/posatori4ca?size=20', as: 'capoarea.001' },
  { name: 'posatori4ca p.100 (capoarea titolare)', path: '/api/posatori4ca?page=100&size=20', as: 'capoarea.001' },
  { name: 'posatori4ri (rivenditore)', path: '/api/posatori4ri?size=20', as: 'rivenditore' },
  { name: 'posatori4ri (grande rivenditore)', path: '/api/posatori4ri?size=20', as: 'rivenditore.0001' },
  { name: 'partner (capoarea titolare)', path: '/api/partner?size=20', as: 'capoarea.001' },
  { name: 'partner (grande rivenditore)', path: '/api/partner?size=20', as: 'rivenditore.0001' },
  { name: 'rivenditori (capoarea titolare)', path: '/api/rivenditori?size=20', as: 'capoarea.001' },
  // The public locator, no login (certified first, then by name): the page, a province, a deep page, a name.
  { name: 'trova-posatore (pagina)', path: '/trova-posatore' },
  { name: 'trova-posatore provincia MI', path: '/trova-posatore?prov=MI' },
  { name: 'public/posatori p.500', path: '/api/public/posatori?page=500' },
  { name: 'public/posatori nome "ros"', path: '/api/public/posatori?q=ros', search: true },
  // The other registries.
  { name: 'partner', path: '/api/partner?size=20', as: 'admin' },
  { name: 'capoarea', path: '/api/capoarea?size=20', as: 'admin' },
  { name: 'rivenditori', path: '/api/rivenditori?size=20', as: 'admin' },
  // Home dashboards: the admin's coupon figures over a million coupons, the area manager's and reseller's.
  { name: 'statohome (admin)', path: '/api/statohome', as: 'admin' },
  { name: 'partner_ca2 (capoarea)', path: '/api/partner_ca2', as: 'capoarea' },
  { name: 'posatori4ri_home (rivenditore)', path: '/api/posatori4ri_home', as: 'rivenditore' },
  // The toolbar's search: a 3-letter name, every kind, as the admin and as a reseller.
  { name: 'ricerca "ros" (admin)', path: '/api/ricerca?pricerca=ros', as: 'admin', search: true },
  { name: 'ricerca "ros" (rivenditore)', path: '/api/ricerca?pricerca=ros', as: 'rivenditore', search: true },
  // The same as one person typing sees it, and a few at once.
  ...([1, 5] as const).flatMap((connections): BenchRequest[] =>
    (['admin', 'rivenditore'] as const).map((as) => ({
      name: `ricerca "ros" (${as}, ${connections} conn.)`,
      path: '/api/ricerca?pricerca=ros',
      as,
      search: true,
      connections,
    })),
  ),
  // A subject and title word of thousands of messages and documents (docs/decisions/0020).
  { name: 'ricerca "listino" (admin)', path: '/api/ricerca?pricerca=listino', as: 'admin', search: true },
  { name: 'ricerca "listino" (rivenditore)', path: '/api/ricerca?pricerca=listino', as: 'rivenditore', search: true },
  // Documents: the admin's list of all, a group's, a deep page, the type filter.
  { name: 'documenti admdocs (admin)', path: '/api/docs/admdocs?size=20', as: 'admin' },
  { name: 'documenti admdocs p.1000 (admin)', path: '/api/docs/admdocs?page=1000&size=20', as: 'admin' },
  { name: 'documenti docs (capoarea)', path: '/api/docs/docs?size=20', as: 'capoarea' },
  { name: 'documenti docs excel (rivenditore)', path: '/api/docs/docs?ftipo=excel&size=20', as: 'rivenditore' },
  // Communications: each login's folders, a deep page, the filters.
  { name: 'messaggi uscita (admin)', path: '/api/messages/sent?size=20', as: 'admin' },
  { name: 'messaggi uscita p.200 (admin)', path: '/api/messages/sent?page=200&size=20', as: 'admin' },
  { name: 'messaggi entrata (admin)', path: '/api/messages/recv?size=20', as: 'admin' },
  { name: 'messaggi entrata p.200 (admin)', path: '/api/messages/recv?page=200&size=20', as: 'admin' },
  { name: 'messaggi entrata da leggere (admin)', path: '/api/messages/recv?tiporead=nonletti&size=20', as: 'admin' },
  {
    name: 'messaggi uscita non letti da tutti (admin)',
    path: '/api/messages/sent?tiporead=nonletti&size=20',
    as: 'admin',
  },
  { name: 'messaggi oggetto "listino" (admin)', path: '/api/messages/recv?foggetto=listino&size=20', as: 'admin' },
  {
    name: 'messaggi uscita oggetto "listino" (admin)',
    path: '/api/messages/sent?foggetto=listino&size=20',
    as: 'admin',
  },
  {
    name: 'messaggi oggetto "listino" (rivenditore)',
    path: '/api/messages/recv?foggetto=listino&size=20',
    as: 'rivenditore',
  },
  { name: 'messaggi entrata (capoarea)', path: '/api/messages/recv?size=20', as: 'capoarea' },
  { name: 'messaggi uscita (rivenditore)', path: '/api/messages/sent?size=20', as: 'rivenditore' },
  { name: 'destinatari "ros" (capoarea)', path: '/api/dests?q=ros', as: 'capoarea' },
  // Coupons: the types with their counts, the admin's dialog and a deep page of the busiest installer.
  { name: 'tcoupons (admin)', path: '/api/tcoupons', as: 'admin' },
  { name: 'coupons di un posatore (admin)', path: `/api/coupons/${TOP_INSTALLER}?size=10`, as: 'admin' },
  { name: 'coupons p.3 (admin)', path: `/api/coupons/${TOP_INSTALLER}?page=3&size=10`, as: 'admin' },
  // PDF reports: drawn per request, so the heaviest single call a person makes.
  { name: 'scheda posatore PDF (admin)', path: `/api/report/posatore/${TOP_INSTALLER}`, as: 'admin' },
  // The audit trail (2,000,000 entries): the admin's Attività list, page 1 and a deep page, and one record's history.
  { name: 'attività (admin)', path: '/api/audit?size=20', as: 'admin' },
  { name: 'attività p.1000 (admin)', path: '/api/audit?page=1000&size=20', as: 'admin' },
  { name: 'attività accessi (admin)', path: '/api/audit?action=login&size=20', as: 'admin' },
  {
    name: 'storico di un posatore (admin)',
    path: `/api/audit?entity=posatore&id=${TOP_INSTALLER}&size=20`,
    as: 'admin',
  },
  // Usage statistics: the stress seed's 90 days of events up to its STRESS_TODAY (2026-11-23), and the
  // longest range allowed (2 years of coupons out of a million).
  { name: 'statistiche di utilizzo (admin)', path: '/api/sessions?dal=2026-08-25&al=2026-11-23', as: 'admin' },
  {
    name: 'statistiche di utilizzo 2 anni (admin)',
    path: '/api/sessions?dal=2024-11-23&al=2026-11-23',
    as: 'admin',
  },
];
