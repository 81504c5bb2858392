import { SEARCH_PER_KIND, type SearchResult } from '@portal/shared/schemas/search';
import type { DbOrTx } from '../../db/database.ts';
import { searchDocuments } from '../documents/documents.service.ts';
import { searchMessages } from '../messages/messages.service.ts';
import { searchByName as searchPartners } from '../partners/partners.repository.ts';
import { partnersScopeOf } from '../reach/partners-reach.ts';
import { searchByName as searchPosatori } from '../posatori/posatori.repository.ts';
import { posatoriScopeOf } from '../reach/posatori-reach.ts';
import { allows, type Viewer } from '../reach/viewer.ts';

/**
 * One provider per kind of result (company, pers, msg, doc), each reading only what the viewer may
 * see, through the same scope as its list and an index: names that start with the text first (already in name
 * order), then others containing it, with no sort of every match (docs/decisions/0020).
 */
const providers: ((db: DbOrTx, viewer: Viewer, text: string) => Promise<SearchResult[]>)[] = [
  // Partner companies in reach (admin all; area manager and reseller their area).
  async (db, viewer, text) => {
    if (!allows(viewer, 'partners.view')) return [];
    const scope = await partnersScopeOf(db, viewer, 'any');
    const rows = await searchPartners(db, scope, text, SEARCH_PER_KIND);
    return rows.map((p) => ({
      tipo: 'company',
      uuid: p.uuid,
      descri: [p.ragsoc, p.state].filter(Boolean).join(' · '),
    }));
  },
  // Installers in reach; an installer finds nobody else (their own record is their profile).
  async (db, viewer, text) => {
    const roles = viewer.roles.filter((r) => r !== 'posatore');
    if (roles.length === 0) return [];
    const scope = await posatoriScopeOf(db, { userUuid: viewer.userUuid, roles }, 'any');
    const rows = await searchPosatori(db, scope, text, SEARCH_PER_KIND);
    return rows.map((p) => ({
      tipo: 'pers',
      uuid: p.uuid,
      descri: [`${p.name} ${p.lastname}`.trim(), p.state].filter(Boolean).join(' · '),
    }));
  },
  // Messages the viewer sent or received.
  (db, viewer, text) => searchMessages(db, viewer, text, SEARCH_PER_KIND),
  // Documents of the viewer's group (all for the admin).
  (db, viewer, text) => searchDocuments(db, viewer, text, SEARCH_PER_KIND),
];

/**
 * GET /api/ricerca: every kind's results, at most SEARCH_PER_KIND each, in the order of the providers. The kinds are
 * asked at once: on PostgreSQL each is a few round trips on its own pooled connection (SQLite's driver runs them one
 * after the other anyway).
 */
export async function search(db: DbOrTx, viewer: Viewer, text: string): Promise<SearchResult[]> {
  return (await Promise.all(providers.map((provide) => provide(db, viewer, text)))).flat();
}
