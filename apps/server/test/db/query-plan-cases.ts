import type { DbOrTx } from '../../src/db/database.ts';
import * as audit from '../../src/modules/audit/audit.repository.ts';
import * as mailQueue from '../../src/modules/mail/mail-queue.ts';
import * as capoarea from '../../src/modules/capoarea/capoarea.repository.ts';
import * as couponTypes from '../../src/modules/coupon-types/coupon-types.repository.ts';
import * as coupons from '../../src/modules/coupons/coupons.repository.ts';
import * as documents from '../../src/modules/documents/documents.repository.ts';
import * as imports from '../../src/modules/imports/imports.repository.ts';
import * as home from '../../src/modules/home/home.repository.ts';
import * as folders from '../../src/modules/messages/message-folders.repository.ts';
import * as messageSearch from '../../src/modules/messages/message-search.repository.ts';
import * as sendLimits from '../../src/modules/messages/send-limits.ts';
import * as partners from '../../src/modules/partners/partners.repository.ts';
import * as couponTotals from '../../src/modules/coupons/coupon-totals.repository.ts';
import * as posatori from '../../src/modules/posatori/posatori.repository.ts';
import * as publicPosatori from '../../src/modules/public-posatori/public-posatori.repository.ts';
import * as resetTokens from '../../src/modules/auth/reset-tokens.repository.ts';
import * as rivenditori from '../../src/modules/rivenditori/rivenditori.repository.ts';
import * as sendmassive from '../../src/modules/mass-activation/mass-activation.repository.ts';
import * as sessions from '../../src/modules/usage-statistics/usage-statistics.repository.ts';

/**
 * The lists whose query plans \`query-plans.test.ts\` checks: one line per list, order and filter. A new list, order
 * or filter adds one line here. \`sorts: 'matches'\` marks the filters whose rows cannot come in the order's index (a
 * contains-search, an "or" over two tables): their matched rows are sorted, never the table, and they must still
 * read through an index.
 */

/** The large folders the test fills before the plans are taken (a reader's inbox and a sender's outbox). */
export const big = { reader: '', sender: '' };

const ANY_UUID = '00000000-0000-4000-8000-000000000000';
const page = { page: 1, pages: 1, size: 20, offset: 0 };

export type Case = {
  name: string;
  /** The tables the list reads; a scan of one of them is a failure. */
  tables: string[];
  /** The list's whole table in its order, without a filter: the order's index is walked, not searched. */
  walks?: true;
  sorts?: 'matches';
  /** The filter's own index, which one of the list's queries must read (another index would filter row by row). */
  uses?: string;
  run(db: DbOrTx): Promise<unknown>;
};

const all = { all: true } as const;
const posatoriList =
  (f: posatori.PosatoriFilters, order: Parameters<typeof posatori.listPosatori>[3] = 'cognome') =>
  async (db: DbOrTx) =>
    posatori.listPosatori(db, all, f, order, page, await posatori.countPosatori(db, all, f));

const publicList = (f: publicPosatori.PublicFilters) => async (db: DbOrTx) =>
  publicPosatori.listPublished(db, f, page, await publicPosatori.countPublished(db, f));

export const cases: Case[] = [
  { name: 'public locator', tables: ['posatori'], uses: 'posatori_pubblici', run: publicList({}) },
  {
    name: 'public locator, province',
    tables: ['posatori'],
    uses: 'posatori_pubblici_prov',
    run: publicList({ prov: 'MI' }),
  },
  { name: 'public locator, qualification', tables: ['posatori'], run: publicList({ tipo: 'ESPERTO' }) },
  {
    name: 'public locator, province and qualification',
    tables: ['posatori'],
    run: publicList({ prov: 'MI', tipo: 'ESPERTO' }),
  },
  { name: 'public locator, name', tables: ['posatori'], sorts: 'matches', run: publicList({ q: 'ros' }) },
  ...(
    [
      ['audit, everything', {}, undefined],
      ['audit, one record', { entity: 'posatore', id: ANY_UUID }, 'audit_log_entity'],
      ['audit, one person', { actor: ANY_UUID }, 'audit_log_actor'],
      ['audit, one action', { action: 'login' }, 'audit_log_action'],
      ['audit, a range of days', { from: '2026-01-01T00:00:00.000Z', to: '2026-02-01T00:00:00.000Z' }, 'audit_log_at'],
      ['audit, one person in a range', { actor: ANY_UUID, from: '2026-01-01T00:00:00.000Z' }, 'audit_log_actor'],
    ] as const
  ).map(([name, f, uses]): Case => ({
    name,
    tables: ['audit_log'],
    ...(uses ? { uses } : { walks: true as const }),
    run: async (db) => audit.listAudit(db, f, page, await audit.countAudit(db, f)),
  })),
  ...(['cognome', 'nome', 'codice', 'provincia', 'corso', 'coupon', 'recenti'] as const).map((order): Case => ({
    name: `posatori, order ${order}`,
    tables: ['posatori'],
    walks: true,
    run: posatoriList({}, order),
  })),
  { name: 'posatori, qualification', tables: ['posatori'], run: posatoriList({ tipo: 'ESPERTO' }) },
  { name: 'posatori, certificate', tables: ['posatori'], run: posatoriList({ certificato: '1' }) },
  { name: 'posatori, province', tables: ['posatori'], run: posatoriList({ state: 'MI' }) },
  { name: 'posatori, profile stato', tables: ['posatori'], run: posatoriList({ stato: 'SOSPESO' }) },
  { name: 'posatori, account state', tables: ['posatori'], run: posatoriList({ accesso: 'disabled' }) },
  { name: 'posatori, course month', tables: ['posatori'], run: posatoriList({ dtcorso: '2024-05' }) },
  { name: 'posatori, name', tables: ['posatori'], sorts: 'matches', run: posatoriList({ name: 'ros' }) },
  { name: 'posatori, name 2 letters', tables: ['posatori'], sorts: 'matches', run: posatoriList({ name: 'ro' }) },
  { name: 'posatori, code', tables: ['posatori'], sorts: 'matches', run: posatoriList({ code: '012' }) },
  { name: 'posatori, code 2 letters', tables: ['posatori'], sorts: 'matches', run: posatoriList({ code: 'po' }) },
  {
    name: 'posatori4ca (assigned or in the provinces)',
    tables: ['posatori'],
    run: async (db) => {
      const scope: posatori.PosatoriScope = { all: false, capoarea: { uuid: ANY_UUID, provs: ['MI', 'BG', 'BS'] } };
      return posatori.listPosatori(db, scope, {}, 'cognome', page, await posatori.countPosatori(db, scope, {}));
    },
  },
  {
    name: 'posatori4ri',
    tables: ['posatori'],
    run: async (db) => {
      const scope: posatori.PosatoriScope = { all: false, rivenditore: ANY_UUID };
      return posatori.listPosatori(db, scope, {}, 'cognome', page, await posatori.countPosatori(db, scope, {}));
    },
  },
  ...(
    [
      ['partners', {}, undefined],
      ['partners, province', { state: 'MI' }, undefined],
      ['partners, company name', { ragsoc: 'cer' }, 'matches'],
      ['partners, code', { code: '001' }, 'matches'],
    ] as const
  ).map(([name, f, sorts]): Case => ({
    name,
    tables: ['partners'],
    ...(Object.keys(f).length === 0 ? { walks: true as const } : {}),
    ...(sorts ? { sorts } : {}),
    run: async (db) => partners.listPartners(db, all, f, page, await partners.countPartners(db, all, f)),
  })),
  {
    name: 'partner_ca (assigned or in the provinces)',
    tables: ['partners'],
    run: async (db) => {
      const scope: partners.PartnersScope = { all: false, capoarea: { uuid: ANY_UUID, provs: ['MI', 'BG'] } };
      return partners.listPartners(db, scope, {}, page, await partners.countPartners(db, scope, {}));
    },
  },
  {
    name: 'partner_ri (assigned or in the area)',
    tables: ['partners'],
    run: async (db) => {
      const scope: partners.PartnersScope = { all: false, rivenditore: { uuid: ANY_UUID, area: ['MI', 'MB'] } };
      return partners.listPartners(db, scope, {}, page, await partners.countPartners(db, scope, {}));
    },
  },
  ...(
    [
      ['capoarea', {}, undefined],
      ['capoarea, name', { fname: 'val' }, 'matches'],
      ['capoarea, province', { fstate: 'MI' }, 'matches'],
    ] as const
  ).map(([name, f, sorts]): Case => ({
    name,
    tables: ['capoarea', 'capoarea_provs'],
    ...(Object.keys(f).length === 0 ? { walks: true as const } : {}),
    ...(sorts ? { sorts } : {}),
    run: async (db) => capoarea.listCapoarea(db, f, page, await capoarea.countCapoarea(db, f)),
  })),
  ...(
    [
      ['rivenditori', {}, undefined],
      ['rivenditori, name', { name: 'cer' }, 'matches'],
      ['rivenditori, code', { code: 'riv' }, 'matches'],
      ['rivenditori, province', { state: 'MI' }, 'matches'],
    ] as const
  ).map(([name, f, sorts]): Case => ({
    name,
    tables: ['rivenditori', 'rivenditori_provs'],
    ...(Object.keys(f).length === 0 ? { walks: true as const } : {}),
    ...(sorts ? { sorts } : {}),
    run: async (db) => rivenditori.listRivenditori(db, all, f, page, await rivenditori.countRivenditori(db, all, f)),
  })),
  {
    name: 'rivenditori_ca (assigned or in the provinces)',
    tables: ['rivenditori', 'rivenditori_provs'],
    run: async (db) => {
      const scope: rivenditori.RivenditoriScope = { all: false, capoarea: { uuid: ANY_UUID, provs: ['MI', 'BG'] } };
      return rivenditori.listRivenditori(db, scope, {}, page, await rivenditori.countRivenditori(db, scope, {}));
    },
  },
  // Home figures: coupons by state and by reseller, on coupons_state and coupons_rivenditore.
  ...(['used', 'expired'] as const).map((state): Case => ({
    name: `coupons ${state} (admin home)`,
    tables: ['coupons'],
    run: async (db) => home.countCoupons(db, state, '2026-11-24'),
  })),
  { name: 'coupons redeemed at a reseller', tables: ['coupons'], run: (db) => couponTotals.redeemedAt(db, ANY_UUID) },
  {
    name: 'coupons of an installer, with their totals',
    tables: ['coupons'],
    sorts: 'matches',
    run: async (db) => [
      await coupons.listOfInstaller(db, ANY_UUID, '2026-11-25', page, page.size),
      await coupons.totalsOfInstaller(db, ANY_UUID, '2026-11-25'),
    ],
  },
  {
    name: 'posatori export, a page after a cursor',
    tables: ['posatori'],
    walks: true,
    run: (db) => posatori.exportPage(db, all, {}, { lastname_key: 'rossi', name_key: 'mario', uuid: ANY_UUID }, 2000),
  },
  {
    name: 'coupon figures of an export page',
    tables: ['coupons'],
    sorts: 'matches',
    run: (db) => coupons.figuresOf(db, [ANY_UUID, ANY_UUID.replace('0000-4', '0001-4')], '2026-11-25'),
  },
  {
    // The whole registry's export: its valid coupons are one range of coupons_state, grouped by installer.
    name: 'coupons valid today of every installer',
    tables: ['coupons'],
    sorts: 'matches',
    run: (db) => coupons.validFiguresOfAll(db, '2026-11-25'),
  },
  {
    // A recount after coupons change: the installers' rows by key, each one's coupons in coupons_figures.
    name: 'coupon totals recounted for two installers',
    tables: ['posatori', 'coupons'],
    run: (db) => couponTotals.refreshCouponCounts(db, [ANY_UUID, ANY_UUID.replace('0000-4', '0001-4')]),
  },
  {
    name: 'coupons of a type (before deleting it)',
    tables: ['coupons'],
    run: (db) => couponTypes.hasCoupons(db, ANY_UUID),
  },
  // Documents: every document (admin) or a group's, with or without the type filter, newest first.
  ...(
    [
      ['documents, all', { all: true }, undefined],
      ['documents, all of a type', { all: true }, 'pdf'],
      ['documents, a group', { all: false, group: 'posatore' }, undefined],
      ['documents, a group and a type', { all: false, group: 'posatore' }, 'zip'],
    ] as const
  ).map(([name, scope, kind]): Case => ({
    name,
    tables: ['documents', 'document_groups'],
    ...(scope.all && kind === undefined ? { walks: true as const } : {}),
    run: async (db) => {
      const reccount = await documents.countDocuments(db, scope, kind);
      return documents.listDocuments(db, scope, kind, page, reccount);
    },
  })),
  // Communications: a user's folder is one range of its index, newest first; the filters look only inside it.
  ...(
    [
      ['messages, inbox', {}],
      ['messages, inbox unread', { read: 'nonletti' }],
      ['messages, inbox subject', { oggetto: 'catalogo' }],
    ] as const
  ).map(([name, f]): Case => ({
    name,
    tables: ['message_recipients', 'messages'],
    run: (db) => folders.inboxPage(db, ANY_UUID, f, page),
  })),
  ...(
    [
      ['messages, outbox', {}],
      ['messages, outbox subject', { oggetto: 'catalogo' }],
      ['messages, outbox read by every recipient', { read: 'letti' }],
      ['messages, outbox not read by someone', { read: 'nonletti' }],
      ['messages, outbox subject, not read by someone', { oggetto: 'catalogo', read: 'nonletti' }],
    ] as const
  ).map(([name, f]): Case => ({
    name,
    tables: ['messages'],
    ...('read' in f ? { uses: 'messages_sender_read' } : {}),
    run: (db) => folders.outboxPage(db, ANY_UUID, f, page),
  })),
  // The subject filter in a folder larger than SMALL_FOLDER reads the trigram index (beforeAll fills one), and the
  // global search looks through the whole history of each folder (docs/decisions/0020).
  ...(
    [
      ['messages, large inbox subject', { oggetto: 'catalogo' }],
      ['messages, large inbox subject, unread', { oggetto: 'catalogo', read: 'nonletti' }],
      ['messages, large inbox subject 2 letters', { oggetto: 'ca' }],
    ] as const
  ).map(([name, f]): Case => ({
    name,
    tables: ['message_recipients', 'messages'],
    // A common word's matches in a large folder are sorted once per change of the folder, each page a slice.
    ...(f.oggetto.length >= 3 ? { sorts: 'matches' as const } : {}),
    run: (db) => folders.inboxPage(db, big.reader, f, page),
  })),
  ...(
    [
      ['messages, large outbox subject', { oggetto: 'catalogo' }],
      ['messages, large outbox subject, read by every recipient', { oggetto: 'catalogo', read: 'letti' }],
    ] as const
  ).map(([name, f]): Case => ({
    name,
    tables: ['messages'],
    sorts: 'matches',
    run: (db) => folders.outboxPage(db, big.sender, f, page),
  })),
  // A rare word (501 subjects: its matches checked by key) and a common one (4,500: the folder walked newest first).
  ...(['reader', 'sender'] as const).flatMap((who) =>
    ['catalogo', 'ordine'].map((text): Case => ({
      name: `global search, messages of a large folder's ${who} "${text}"`,
      tables: ['message_recipients', 'messages'],
      ...(text === 'catalogo' ? { sorts: 'matches' as const } : {}),
      run: (db) => messageSearch.searchFolders(db, big[who], text, 20),
    })),
  ),
  {
    name: 'global search, messages of a small folder',
    tables: ['message_recipients', 'messages'],
    sorts: 'matches',
    run: (db) => messageSearch.searchFolders(db, ANY_UUID, 'catalogo', 20),
  },
  ...(
    [
      ['all', { all: true }],
      ['a group', { all: false, group: 'posatore' }],
    ] as const
  ).map(([name, scope]): Case => ({
    name: `global search, documents of ${name}`,
    tables: ['documents', 'document_groups'],
    sorts: 'matches',
    run: (db) => documents.searchTitles(db, scope, 'listino', 20),
  })),
  // Installers and companies: names starting with the text from the name indexes, then contains-matches with a
  // LIMIT (a text the demo's names start with, and one they only contain, so both steps run).
  ...(
    [
      ['all', all],
      ['an area manager', { all: false, capoarea: { uuid: ANY_UUID, provs: ['MI', 'BG'] } }],
      ['a reseller', { all: false, rivenditore: ANY_UUID }],
    ] satisfies [string, posatori.PosatoriScope][]
  ).flatMap(([name, scope]) =>
    ['ros', 'ari'].map((text): Case => ({
      name: `global search, installers of ${name} "${text}"`,
      tables: ['posatori'],
      run: (db) => posatori.searchByName(db, scope, text, 20),
    })),
  ),
  ...(
    [
      ['all', all],
      ['an area manager', { all: false, capoarea: { uuid: ANY_UUID, provs: ['MI', 'BG'] } }],
      ['a reseller', { all: false, rivenditore: { uuid: ANY_UUID, area: ['MI', 'MB'] } }],
    ] satisfies [string, partners.PartnersScope][]
  ).flatMap(([name, scope]) =>
    ['cer', 'ami'].map((text): Case => ({
      name: `global search, companies of ${name} "${text}"`,
      tables: ['partners'],
      run: (db) => partners.searchByName(db, scope, text, 20),
    })),
  ),
  // Mass activation: the registry in uuid pages, each batch's live links, a press's progress.
  {
    name: 'sendmassive, registry page',
    tables: ['posatori'],
    run: (db) => sendmassive.installersAfter(db, ANY_UUID, 500),
  },
  {
    name: 'sendmassive, live links of a batch',
    tables: ['password_resets'],
    run: (db) => resetTokens.usersWithLiveLink(db, [ANY_UUID], new Date().toISOString()),
  },
  { name: 'sendmassive, progress', tables: ['mail_queue'], run: (db) => sendmassive.queueCounts(db, ANY_UUID) },
  // The mail queue's pick and a lane's turns, and the sending limits' count (docs/decisions/0010).
  { name: 'mail queue, the next mail due', tables: ['mail_queue'], run: (db) => mailQueue.nextDue(db, ANY_UUID) },
  {
    name: 'mail queue, a lane’s next turn',
    tables: ['mail_queue'],
    run: (db) => mailQueue.nextTurn(db, 'bulk', ANY_UUID),
  },
  {
    name: 'sending limits, a person’s sends of the hour',
    tables: ['message_sends'],
    run: (db) => sendLimits.sendsSince(db, ANY_UUID, '2026-01-01T00:00:00.000Z'),
  },
  // The import wizard: a batch's people by tax code and partners by code, who holds the coupon type,
  // the imports so far and one import's installers.
  {
    name: 'imports, installers by codice fiscale',
    tables: ['posatori'],
    run: (db) => imports.posatoriWithCodfis(db, ['RSSMRA80A01H501U', 'VRDGNN75S05F205N']),
  },
  {
    name: 'imports, partners by code',
    tables: ['partners'],
    run: (db) => imports.partnersByCode(db, ['C-1']),
  },
  {
    name: 'imports, resellers named',
    tables: ['rivenditori'],
    run: (db) => imports.rivenditoriNamed(db, ['RIV001', 'Ceramiche Lombarde']),
  },
  {
    name: 'imports, holders of a coupon type',
    tables: ['coupons'],
    run: (db) => imports.holdersOfType(db, ANY_UUID, [ANY_UUID]),
  },
  {
    name: 'imports, latest',
    tables: ['imports'],
    walks: true,
    run: async (db) => {
      return imports.listImports(db, page, await imports.countImports(db));
    },
  },
  ...[{}, { tipo: 'BASE' }, { name: 'ros' }, { code: 'po' }].map((f): Case => ({
    name: `impposatori ${JSON.stringify(f)}`,
    tables: ['import_posatori'],
    sorts: 'matches',
    run: async (db) => {
      return imports.listImported(db, ANY_UUID, f, page, await imports.countImported(db, ANY_UUID, f));
    },
  })),
  // Usage statistics: ranges of day or date indexes, grouped; the registry's groups walk their index.
  {
    name: 'sessions, events per day and role',
    tables: ['usage_days'],
    run: (db) => sessions.dailyCounts(db, '2026-10-27', '2026-11-25'),
  },
  {
    name: 'sessions, active people per role',
    tables: ['usage_days'],
    sorts: 'matches',
    run: (db) => sessions.activePeople(db, '2026-11-19', '2026-10-27', '2026-11-25'),
  },
  {
    name: 'sessions, installers by province and stato',
    tables: ['posatori'],
    walks: true,
    run: (db) => sessions.installersByProvince(db),
  },
  ...(
    [
      ['assigned', (db: DbOrTx) => sessions.assignedByMonth(db, '2026-01-01', '2026-11-25')],
      ['redeemed', (db: DbOrTx) => sessions.redeemedByMonth(db, '2026-01-01', '2026-11-25')],
      ['expired', (db: DbOrTx) => sessions.expiredByMonth(db, '2026-01-01', '2026-11-25', '2026-11-25')],
      ['top resellers', (db: DbOrTx) => sessions.topResellers(db, '2026-01-01', '2026-11-25', 10)],
    ] as const
  ).map(([name, run]): Case => ({
    name: `sessions, coupons ${name}`,
    tables: ['coupons', 'rivenditori'],
    sorts: 'matches',
    run,
  })),
];

/**
 * Records the queries a repository call runs, to explain them afterwards. Kysely also passes subqueries through a
 * plugin when they are embedded (with queryIds of their own); only a query that returns a result was run.
 */
