import { SEARCH_PER_KIND, type SearchResult } from '@portal/shared/schemas/search';
import type { DbOrTx } from '../../db/database.ts';
import { cachedResult } from '../../lib/list-counts.ts';
import { searchDocuments } from '../documents/documents.service.ts';
import { searchMessages } from '../messages/messages.service.ts';
import { searchByName as searchPartners } from '../partners/partners.repository.ts';
import { documentsScopeOf } from '../reach/documents-reach.ts';
import { partnersScopeOf } from '../reach/partners-reach.ts';
import { searchByName as searchPosatori } from '../posatori/posatori.repository.ts';
import { posatoriScopeOf } from '../reach/posatori-reach.ts';
import { allows, type Viewer } from '../reach/viewer.ts';

/**
 * One provider per kind of result (company, pers, msg, doc), each reading only what the viewer may
 * see, through the same scope as its list and an index: names that start with the text first (already in name
 * order), then others containing it, with no sort of every match (docs/decisions/0020).
 *
 * Each kind's answer is remembered per scope and text until its data changes (cachedResult): people in one scope
 * type the same first letters, and a common text's answer is a dozen queries, or a walk of a large folder. The
 * scope is read at every request and is part of the key, so a change of reach is seen at once; the messages are
 * dated by the searcher's own two folders.
 */
const providers: ((db: DbOrTx, viewer: Viewer, text: string) => Promise<SearchResult[]>)[] = [
  // Partner companies in reach (admin all; area manager and reseller their area).
  async (db, viewer, text) => {
    if (!allows(viewer, 'partners.view')) return [];
    const scope = await partnersScopeOf(db, viewer, 'any');
    return cachedResult(db, ['partners'], answerKey('company', scope, text), async () =>
      (await searchPartners(db, scope, text, SEARCH_PER_KIND)).map((p) => ({
        tipo: 'company' as const,
        uuid: p.uuid,
        descri: [p.ragsoc, p.state].filter(Boolean).join(' · '),
      })),
    );
  },
  // Installers in reach; an installer finds nobody else (their own record is their profile).
  async (db, viewer, text) => {
    const roles = viewer.roles.filter((r) => r !== 'posatore');
    if (roles.length === 0) return [];
    const scope = await posatoriScopeOf(db, { userUuid: viewer.userUuid, roles }, 'any');
    return cachedResult(db, ['posatori'], answerKey('pers', scope, text), async () =>
      (await searchPosatori(db, scope, text, SEARCH_PER_KIND)).map((p) => ({
        tipo: 'pers' as const,
        uuid: p.uuid,
        descri: [`${p.name} ${p.lastname}`.trim(), p.state].filter(Boolean).join(' · '),
      })),
    );
  },
  // Messages the viewer sent or received: their two folders date them (an edit bumps both, bumpInboxes).
  (db, viewer, text) =>
    cachedResult(
      db,
      [`inbox:${viewer.userUuid}`, `outbox:${viewer.userUuid}`],
      answerKey('msg', viewer.userUuid, text),
      () => searchMessages(db, viewer, text, SEARCH_PER_KIND),
    ),
  // Documents of the viewer's group (all for the admin).
  async (db, viewer, text) => {
    const scope = documentsScopeOf(viewer);
    if (!scope) return [];
    return cachedResult(db, ['documents', 'document_groups'], answerKey('doc', scope, text), () =>
      searchDocuments(db, scope, text, SEARCH_PER_KIND),
    );
  },
];

/** What a kind's answer depends on besides its tables' data: the searcher's scope and the text. */
const answerKey = (kind: SearchResult['tipo'], scope: unknown, text: string) =>
  `ricerca\u0000${kind}\u0000${JSON.stringify(scope)}\u0000${text}`;

/**
 * GET /api/ricerca: every kind's results, at most SEARCH_PER_KIND each, in the order of the providers. The kinds are
 * asked at once: on PostgreSQL each is a few round trips on its own pooled connection (SQLite's driver runs them one
 * after the other anyway).
 */
export async function search(db: DbOrTx, viewer: Viewer, text: string): Promise<SearchResult[]> {
  return (await Promise.all(providers.map((provide) => provide(db, viewer, text)))).flat();
}
