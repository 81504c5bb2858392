import type { Paged } from '@portal/shared/schemas/paging';
import {
  PUBLIC_PAGE_SIZE,
  publicContactBody,
  type PublicContactBody,
  type PublicPosatore,
  type PublicPosatoriQuery,
} from '@portal/shared/schemas/public-posatori';
import type { ComboOption } from '@portal/shared/schemas/combos';
import type { Db, DbOrTx } from '../../db/database.ts';
import { addMinutes, nowIso } from '../../lib/clock.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { cachedResult } from '../../lib/list-counts.ts';
import { pagedList } from '../../lib/paging.ts';
import { notFound, TooManyRequests } from '../../plugins/error-envelope.ts';
import { countFailures, recordFailure } from '../auth/throttles.repository.ts';
import { tableCombo } from '../combos/combos.service.ts';
import { listGallery, ownerFile, type Slot } from '../images/images.service.ts';
import { receiveVisitorMessage, type SendContext } from '../messages/messages.service.ts';
import * as repo from './public-posatori.repository.ts';

export const publicPageUrl = (uuid: string) => `/trova-posatore/${uuid}`;

/** The public address of a stored image: /api/files/posatori/{uuid}/{slot}/{file} -> /trova-posatore/foto/... */
const publicImageUrl = (stored: string) => {
  const match = /^\/api\/files\/posatori\/([0-9a-f-]{36})\/(profile|gallery)\/([^/]+)$/.exec(stored);
  return match ? `/trova-posatore/foto/${match[1]}/${match[2]}/${match[3]}` : '';
};

const toPublic = (r: repo.PublicRow): PublicPosatore => ({
  uuid: r.uuid,
  name: r.name,
  lastname: r.lastname,
  azienda: r.azienda,
  city: r.city,
  state: r.state,
  tipo: r.tipo,
  destipo: r.destipo ?? r.tipo,
  certificato: r.certificato === 1,
  img: publicImageUrl(r.img),
  url: publicPageUrl(r.uuid),
});

/** GET /trova-posatore and /api/public/posatori: the published installers, certified first then by name. */
export function listPublic(db: DbOrTx, query: PublicPosatoriQuery): Promise<Paged<PublicPosatore>> {
  const f = { prov: query.prov, tipo: query.tipo, q: query.q };
  return pagedList(
    { page: query.page, size: PUBLIC_PAGE_SIZE },
    () => repo.countPublished(db, f),
    (win, reccount) => repo.listPublished(db, f, win, reccount),
    toPublic,
  );
}

/** The qualifications the search form offers. */
export const qualifiche = (db: DbOrTx): Promise<ComboOption[]> => tableCombo(db, 'qualifiche');

/**
 * GET /trova-posatore as `write` makes it from a page of the list and the qualifications: remembered per filters,
 * page and qualifications until the installers change (cachedResult), so a province's page asked by every visitor
 * is written once per change instead of for each of them (15 kB of HTML). The qualifications are read each time
 * (their labels are on the page and have no data version) and are part of the key.
 */
export async function listPage(
  db: DbOrTx,
  query: PublicPosatoriQuery,
  write: (list: Paged<PublicPosatore>, tipi: ComboOption[]) => string,
): Promise<string> {
  const tipi = await qualifiche(db);
  return cachedResult(
    db,
    ['posatori'],
    `trova-posatore\u0000${JSON.stringify(query)}\u0000${JSON.stringify(tipi)}`,
    async () => write(await listPublic(db, query), tipi),
  );
}

export type PublicGalleryItem = { url: string; urlreal: string };
export type PublicDetail = PublicPosatore & { gallery: PublicGalleryItem[]; contactable: boolean };

async function published(db: DbOrTx, uuid: string) {
  const row = await repo.findPublished(db, uuid);
  if (!row) throw notFound();
  return row;
}

/** GET /trova-posatore/{id}: one published installer and their gallery 'Realizzazioni'; 404 for anyone else. */
export async function detailPublic(db: DbOrTx, files: FileStore, uuid: string): Promise<PublicDetail> {
  const row = await published(db, uuid);
  const gallery = (await listGallery(files, { entity: 'posatori', uuid })).map((g) => ({
    url: publicImageUrl(g.url),
    urlreal: publicImageUrl(g.urlreal),
  }));
  return { ...toPublic(row), gallery, contactable: row.user_uuid !== null };
}

/** GET /trova-posatore/foto/...: the photo and gallery of an installer published now, of nobody else. */
export async function publicImage(db: DbOrTx, files: FileStore, uuid: string, slot: Slot, file: string) {
  await published(db, uuid);
  return ownerFile(files, { entity: 'posatori', uuid }, slot, file);
}

/**
 * Contact requests one client address may send in an hour: a person writes to a few installers while choosing,
 * a script is stopped after a handful. Counted in the database (login_failures, as the login's and the coupons'
 * limits), so every instance shares the count.
 */
export const CONTACTS_PER_HOUR = 5;

/** What the form's page shows after a POST: its values, and the field problems of a refused one. */
export type ContactOutcome =
  { kind: 'sent' } | { kind: 'refused'; values: Record<string, string>; fields: Record<string, string> };

const contactKey = (ip: string) => `contatto:${ip}`;
const formValues = (body: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(typeof body === 'object' && body !== null ? body : {}).flatMap(([k, v]) =>
      typeof v === 'string' && ['nome', 'contatto', 'messaggio', 'consenso'].includes(k) ? [[k, v]] : [],
    ),
  );

/**
 * POST /trova-posatore/{id}/contatto. The body is parsed here, not by the route, because a refusal is the page
 * with the form again, its values kept and each problem beside its field. Order: the installer must be published
 * (404), the address within its hourly limit (429), the form valid (400); a filled honeypot then looks sent and
 * goes nowhere (and is not counted). A request that passes reaches the installer's inbox and their e-mail (receiveVisitorMessage).
 */
export async function contactInstaller(
  db: Db,
  uuid: string,
  body: unknown,
  ip: string,
  ctx: SendContext,
): Promise<ContactOutcome> {
  const row = await published(db, uuid);
  if (!row.user_uuid) throw notFound();
  const now = nowIso();
  const key = contactKey(ip);
  const sent = await countFailures(db, key, addMinutes(now, -60));
  if (sent >= CONTACTS_PER_HOUR) {
    throw new TooManyRequests(
      `Hai inviato ${CONTACTS_PER_HOUR} richieste di contatto nell’ultima ora, il massimo: riprova più tardi`,
      3600,
    );
  }
  const parsed = publicContactBody.safeParse(body);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'richiesta')] ??= issue.message;
    return { kind: 'refused', values: formValues(body), fields };
  }
  // A robot's post costs nothing and counts for nothing: it goes nowhere.
  if (parsed.data.sito) return { kind: 'sent' };
  await recordFailure(db, key, now);
  await deliver(db, { userUuid: row.user_uuid, email: row.user_email ?? '' }, parsed.data, ctx);
  return { kind: 'sent' };
}

async function deliver(db: Db, to: { userUuid: string; email: string }, c: PublicContactBody, ctx: SendContext) {
  const text =
    `Richiesta di contatto dalla pagina pubblica del Portale Posatori.\n\n` +
    `Da: ${c.nome}\nRecapito: ${c.contatto}\n\n${c.messaggio}\n\n` +
    `Per rispondere scrivi o telefona a ${c.contatto}: chi ha scritto non ha un accesso al portale.`;
  await receiveVisitorMessage(
    db,
    to,
    {
      mittente: `${c.nome} (${c.contatto})`,
      oggetto: `Richiesta di contatto da ${c.nome}`,
      content: text,
      mail: { subject: `Richiesta di contatto da ${c.nome}`, body: text },
    },
    ctx,
  );
}

/** Every published installer's page, for the sitemap (its protocol takes 50,000 addresses a file). */
export const sitemapEntries = (db: DbOrTx) => repo.publishedKeys(db, 49_999);
