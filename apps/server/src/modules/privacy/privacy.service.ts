import type { Content } from 'pdfmake';
import { msg } from '@portal/shared/messages-it';
import {
  auditActionLabels,
  auditEntityLabels,
  auditFieldLabels,
  type AuditAction,
  type AuditChange,
  type AuditEntity,
} from '@portal/shared/schemas/audit';
import { ERASED_NAME, type PrivacyEntity } from '@portal/shared/schemas/privacy';
import type { Db, DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { ownerPrefix, type FileStore } from '../../lib/file-store.ts';
import { itDate, renderPdf } from '../../lib/pdf.ts';
import { fold } from '../../lib/text-search.ts';
import { utf8 } from '../../lib/xml-bytes.ts';
import type { ZipFile } from '../../lib/zip-stream.ts';
import { HttpError, notFound } from '../../plugins/error-envelope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { deleteUser } from '../auth/users.repository.ts';
import type { Viewer } from '../reach/viewer.ts';
import * as repo from './privacy.repository.ts';

// The export: GET /api/privacy/export (GDPR art. 15 and 20).

type Row = Record<string, unknown>;

/** A JSON array written a page at a time: `pages` yields the rows, never all of them at once. */
async function* jsonArray(pages: AsyncIterable<readonly Row[]>): AsyncGenerator<Uint8Array> {
  yield utf8('[');
  let first = true;
  for await (const page of pages) {
    if (page.length === 0) continue;
    const text = page.map((r) => JSON.stringify(r, null, 2)).join(',\n');
    yield utf8(`${first ? '\n' : ',\n'}${text}`);
    first = false;
  }
  yield utf8('\n]\n');
}

const jsonFile = (name: string, value: unknown): ZipFile => ({
  name,
  data: async function* () {
    yield utf8(`${JSON.stringify(value, null, 2)}\n`);
  },
});

/** Every page of a keyset walk, `counted` told each page's size. */
async function* walk<R extends Row>(
  page: (after: repo.After) => Promise<R[]>,
  keyOf: (r: R) => { at: string; key: string },
  counted: (rows: readonly R[]) => void,
): AsyncGenerator<readonly R[]> {
  let after: repo.After = null;
  for (;;) {
    const rows = await page(after);
    counted(rows);
    yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < repo.EXPORT_PAGE) return;
    after = keyOf(last);
  }
}

/** The entries the PDF lists: the most recent ones; all of them are in attivita.json. */
const PDF_ENTRIES = 300;

type Summary = {
  account: NonNullable<Awaited<ReturnType<typeof repo.accountOf>>>;
  profiles: Awaited<ReturnType<typeof repo.profilesOf>>;
  coupons: Awaited<ReturnType<typeof repo.couponsOf>>;
  sent: number;
  received: number;
  documents: number;
  entries: number;
  latest: { at: string; action: string; entity: string; changes: AuditChange[] }[];
  images: number;
};

/** The summary a person reads (riepilogo.pdf): who they are to the portal, and how many of each thing it keeps. */
function summaryPdf(s: Summary, generatedOn: string): Promise<Buffer> {
  const profile = [...s.profiles.posatori, ...s.profiles.capoarea, ...s.profiles.rivenditori, ...s.profiles.admins][0];
  const shown = ['name', 'lastname', 'ragsoc', 'dtnasc', 'codfis', 'piva', 'address', 'city', 'cap', 'state']
    .concat(['phone', 'cell', 'email', 'website'])
    .filter((f) => profile && typeof profile[f as keyof typeof profile] === 'string');
  const pairs = (rows: [string, string][]): Content => ({
    table: { widths: [150, '*'], body: rows.map(([k, v]) => [{ text: k, style: 'label' }, v]) },
    layout: 'noBorders',
  });
  const content: Content[] = [
    { text: 'Account', style: 'section' },
    pairs([
      ['Nome utente', s.account.username],
      ['Email', s.account.email],
      ['Ruoli', s.account.roles.join(', ')],
      ['Creato il', itDate(s.account.created_at)],
      [
        'Verifica in due passaggi',
        s.account.secondFactorSince ? `attiva dal ${itDate(s.account.secondFactorSince)}` : 'non attiva',
      ],
      ['Sessioni aperte', String(s.account.sessions.length)],
    ]),
    { text: 'Dati personali', style: 'section' },
    pairs(
      shown.map((f) => [
        auditFieldLabels[f] ?? f,
        f === 'dtnasc'
          ? itDate(String(profile?.[f as keyof typeof profile] ?? ''))
          : String(profile?.[f as keyof typeof profile] ?? ''),
      ]),
    ),
    { text: 'Cosa contiene l’archivio', style: 'section' },
    pairs([
      ['Coupon', String(s.coupons.length)],
      ['Comunicazioni inviate', String(s.sent)],
      ['Comunicazioni ricevute', String(s.received)],
      ['Documenti a disposizione', String(s.documents)],
      ['Voci del registro attività', String(s.entries)],
      ['Immagini', String(s.images)],
    ]),
  ];
  if (s.coupons.length > 0) {
    content.push({ text: 'Coupon', style: 'section' });
    content.push({
      table: {
        headerRows: 1,
        widths: ['*', '*', 'auto', 'auto', 'auto'],
        body: [
          ['Codice', 'Tipo', 'Valore', 'Scadenza', 'Usato il'].map((h) => ({ text: h, style: 'th' })),
          ...s.coupons.map((c) => [
            c.code,
            c.tipo ?? '',
            `${(c.valore / 100).toLocaleString('it-IT', { minimumFractionDigits: 2 })} €`,
            itDate(c.scadenza),
            itDate(c.dtesecuzione),
          ]),
        ],
      },
    });
  }
  content.push({
    text:
      s.entries > s.latest.length
        ? `Registro attività (le ${s.latest.length} voci più recenti; tutte in attivita.json)`
        : 'Registro attività',
    style: 'section',
  });
  content.push({
    table: {
      headerRows: 1,
      widths: ['auto', 'auto', 'auto', '*'],
      body: [
        ['Data', 'Azione', 'Su', 'Campi'].map((h) => ({ text: h, style: 'th' })),
        ...s.latest.map((e) => [
          `${itDate(e.at)} ${e.at.slice(11, 16)}`,
          auditActionLabels[e.action as AuditAction] ?? e.action,
          auditEntityLabels[e.entity as AuditEntity] ?? e.entity,
          e.changes.map((c) => auditFieldLabels[c.field] ?? c.field).join(', '),
        ]),
      ],
    },
    fontSize: 8,
  });
  return renderPdf({
    title: 'I miei dati',
    subtitle: 'Riepilogo dei dati personali conservati dal Portale Posatori (GDPR art. 15 e 20)',
    generatedOn,
    content,
  });
}

/** The image owners of a person's rows, as the file store names them (images.registry). */
const ownersOf = (profiles: Summary['profiles']) => [
  ...profiles.posatori.map((p) => ownerPrefix('posatori', p.uuid)),
  ...profiles.capoarea.map((p) => ownerPrefix('capoarea', p.uuid)),
  ...profiles.rivenditori.map((p) => ownerPrefix('rivenditori', p.uuid)),
  ...profiles.admins.map((p) => ownerPrefix('admins', p.uuid)),
];

/**
 * The files of the zip, each read as it is written: the profile and the account, the coupons, the messages sent and
 * received and the audit entries a page at a time, the documents, a PDF summary, and the images from the store.
 * The export is recorded in the trail first, so it is in the file it writes.
 */
export async function exportOwnData(db: Db, files: FileStore, viewer: Viewer): Promise<AsyncIterable<ZipFile>> {
  const account = await repo.accountOf(db, viewer.userUuid);
  if (!account) throw notFound();
  await recordAudit(db, {
    actor: viewer.userUuid,
    action: 'export-dati-personali',
    entity: 'privacy',
    entityId: viewer.userUuid,
  });
  const profiles = await repo.profilesOf(db, viewer.userUuid);
  const records = [...profiles.posatori, ...profiles.capoarea, ...profiles.rivenditori, ...profiles.admins].map(
    (p) => p.uuid,
  );
  const coupons = await repo.couponsOf(
    db,
    profiles.posatori.map((p) => p.uuid),
  );
  const summary: Summary = {
    account,
    profiles,
    coupons,
    sent: 0,
    received: 0,
    documents: 0,
    entries: 0,
    latest: [],
    images: 0,
  };
  const userUuid = viewer.userUuid;
  return (async function* () {
    yield jsonFile('profilo.json', profiles);
    yield jsonFile('account.json', account);
    yield jsonFile('coupon.json', coupons);
    yield {
      name: 'comunicazioni-inviate.json',
      data: () =>
        jsonArray(
          walk(
            (after) => repo.sentPage(db, userUuid, after),
            (r) => ({ at: r.created_at, key: r.uuid }),
            (rows) => (summary.sent += rows.length),
          ),
        ),
    };
    yield {
      name: 'comunicazioni-ricevute.json',
      data: () =>
        jsonArray(
          walk(
            (after) => repo.receivedPage(db, userUuid, after),
            (r) => ({ at: r.created_at, key: r.uuid }),
            (rows) => (summary.received += rows.length),
          ),
        ),
    };
    const documents = await repo.documentsFor(db, account.roles);
    summary.documents = documents.length;
    yield jsonFile('documenti.json', {
      disponibili: documents,
      // The portal counts a person's downloads and message reads by day, not which document they opened.
      utilizzoPerGiorno: await repo.usageOf(db, userUuid),
    });
    yield {
      name: 'attivita.json',
      data: () =>
        jsonArray(
          walk(
            async (after) =>
              (await repo.auditPage(db, userUuid, records, after)).map((e) => ({
                uuid: e.uuid,
                at: e.at,
                action: e.action,
                entity: e.entity,
                entityId: e.entity_id,
                // Who else acted on their data is said by role, not by name: the export is theirs, not their colleagues'.
                actorName: e.actor === userUuid ? e.actor_name : 'Altro utente',
                changes: JSON.parse(e.changes) as AuditChange[],
              })),
            (r) => ({ at: r.at, key: r.uuid }),
            (rows) => {
              summary.entries += rows.length;
              for (const r of rows)
                summary.latest.push({ at: r.at, action: r.action, entity: r.entity, changes: r.changes });
              if (summary.latest.length > PDF_ENTRIES) summary.latest.splice(0, summary.latest.length - PDF_ENTRIES);
            },
          ),
        ),
    };
    const images: string[] = [];
    for (const owner of ownersOf(profiles)) {
      for (const slot of ['profile', 'gallery'])
        images.push(...(await files.list(`${owner}/${slot}`)).filter((k) => !k.includes('.thumb.')));
    }
    summary.images = images.length;
    summary.latest.reverse();
    const pdf = await summaryPdf(summary, nowIso());
    yield {
      name: 'riepilogo.pdf',
      data: async function* () {
        yield pdf;
      },
    };
    for (const key of images) {
      const stream = await files.read(key);
      if (!stream) continue;
      const [, , slot, file] = key.split('/');
      yield {
        name: `immagini/${slot === 'gallery' ? 'realizzazioni' : 'profilo'}/${file}`,
        data: async function* () {
          for await (const chunk of stream.body) yield chunk as Uint8Array;
        },
      };
    }
  })();
}

// The erasure: POST /api/privacy/erase/{entity}/{id} (GDPR art. 17).

const tableOf: Record<PrivacyEntity, repo.PersonTable> = {
  posatore: 'posatori',
  capoarea: 'capoarea',
  rivenditore: 'rivenditori',
};

/** Texts shorter than this are not searched for in others' texts: a short one would match unrelated words. */
const MIN_TEXT = 5;

/** What identifies the person in free text kept for others: tax ids, addresses, phones, full name, login names. */
function identifyingTexts(
  people: readonly NonNullable<Awaited<ReturnType<typeof repo.findPerson>>>[],
  logins: readonly string[],
) {
  const texts = new Set<string>();
  for (const p of people) {
    for (const t of [
      p.codfis,
      p.piva,
      p.email,
      p.phone,
      p.cell,
      p.ragsoc,
      `${p.name} ${p.lastname}`,
      `${p.lastname} ${p.name}`,
    ])
      if (t.trim().length >= MIN_TEXT) texts.add(t.trim());
  }
  for (const l of logins) if (l.length >= MIN_TEXT) texts.add(l);
  // The longer first, so a full name goes before a shorter text it contains.
  return [...texts].sort((a, b) => b.length - a.length);
}

const replaceAll = (text: string, texts: readonly string[]) =>
  texts.reduce((t, x) => t.split(x).join(ERASED_NAME), text);

/**
 * Erases a person (docs/decisions/0028): their images first (a store that fails leaves the database untouched, and
 * the admin tries again), then in one transaction their rows emptied, their account with its sessions gone, their
 * messages kept for the other side, their traces in the queue and the throttles removed, their data taken out of
 * the trail; the erasure's own entry says who erased whom, with no erased value.
 */
export async function erasePerson(
  db: Db,
  files: FileStore,
  viewer: Viewer,
  entity: PrivacyEntity,
  id: string,
): Promise<void> {
  const table = tableOf[entity];
  const person = await repo.findPerson(db, table, id);
  if (!person) throw notFound();
  const userUuid = person.user_uuid;
  if (userUuid && (await repo.rolesOf(db, userUuid)).includes('admin'))
    throw new HttpError(400, msg.amministratoreNonCancellabile);
  const rows = userUuid ? await repo.rowsOfAccount(db, userUuid) : [{ table, uuid: id }];
  for (const r of rows) await files.deletePrefix(ownerPrefix(r.table, r.uuid));

  const people = [];
  for (const r of rows) {
    const p = await repo.findPerson(db, r.table, r.uuid);
    if (p) people.push(p);
  }
  const texts = identifyingTexts(people, userUuid ? await repo.loginsOf(db, userUuid) : []);
  const records = rows.map((r) => r.uuid);
  await db.transaction().execute(async (tx) => {
    const now = nowIso();
    for (const r of rows) await repo.anonymize(tx, r.table, r.uuid, ERASED_NAME, now);
    if (userUuid) {
      await repo.eraseMessages(tx, userUuid, ERASED_NAME);
      await rewriteMessages(tx, userUuid, texts);
    }
    await repo.eraseTraces(tx, userUuid ?? '', texts, ERASED_NAME);
    await eraseFromTrail(tx, userUuid, records, texts);
    if (userUuid) await deleteUser(tx, userUuid);
    await recordAudit(tx, { actor: viewer.userUuid, action: 'cancellazione-dati-personali', entity, entityId: id });
  });
}

/** The person's identifying texts taken out of the messages kept for the other side, a page at a time. */
async function rewriteMessages(tx: DbOrTx, userUuid: string, texts: readonly string[]) {
  if (texts.length === 0) return;
  let after = '';
  for (;;) {
    const page = await repo.messagesNaming(tx, userUuid, texts, after);
    for (const m of page) {
      const oggetto = replaceAll(m.oggetto, texts);
      await repo.rewriteMessage(tx, m.uuid, {
        oggetto,
        oggetto_key: fold(oggetto),
        content: replaceAll(m.content, texts),
        dest: replaceAll(m.dest, texts),
        dests: replaceAll(m.dests, texts),
      });
    }
    const last = page.at(-1);
    if (!last) return;
    after = last.uuid;
  }
}

async function eraseFromTrail(
  tx: DbOrTx,
  userUuid: string | null,
  records: readonly string[],
  texts: readonly string[],
) {
  const { about, naming } = await repo.eraseFromTrail(tx, userUuid, records, texts, ERASED_NAME);
  for (const e of about) {
    const changes = (JSON.parse(e.changes) as AuditChange[]).map((c) => ({
      field: c.field,
      before: null,
      after: null,
    }));
    await repo.setChanges(tx, e.uuid, JSON.stringify(changes));
  }
  for (const e of naming) {
    const changes = (JSON.parse(e.changes) as AuditChange[]).map((c) => ({
      field: c.field,
      before: c.before === null ? null : replaceAll(c.before, texts),
      after: c.after === null ? null : replaceAll(c.after, texts),
    }));
    await repo.setChanges(tx, e.uuid, JSON.stringify(changes));
  }
}
