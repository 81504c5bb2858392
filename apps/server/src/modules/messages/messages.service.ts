import { ERASED_NAME } from '@portal/shared/schemas/privacy';
import { provinces } from '@portal/shared/provinces';
import {
  FILTER_DEST_PREFIX,
  PARTNER_FILTER_DEST_PREFIX,
  tipiLettura,
  tipiLetturaLabels,
  tipiLetturaSentLabels,
  type DestOption,
  type MessageDetail,
  type MessageRow,
  type MessageSaveBody,
  type MessagesQuery,
} from '@portal/shared/schemas/messages';
import type { Paged } from '@portal/shared/schemas/paging';
import { partnersQuery } from '@portal/shared/schemas/partners';
import { posatoriQuery } from '@portal/shared/schemas/posatori';
import type { ComboOption } from '@portal/shared/schemas/combos';
import type { Db, DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { cachedResult } from '../../lib/list-counts.ts';
import { fold } from '../../lib/text-search.ts';
import { newId } from '../../lib/tokens.ts';
import { fieldsRefused, HttpError, notFound } from '../../plugins/error-envelope.ts';
import {
  accountsOfList as managerAccounts,
  accountsByName as managersByName,
} from '../capoarea/capoarea.repository.ts';
import { contactAccountsOfList, countPartners } from '../partners/partners.repository.ts';
import { accountsOfList, countPosatori, accountsByName as installersByName } from '../posatori/posatori.repository.ts';
import {
  addressableGroups,
  addressableInstallers,
  addressableProvinces,
  addressableResellers,
  addressesAllManagers,
  addressesPartnerLists,
  mayAddress,
  messageFor,
  resellersManager,
  writerFor,
  type WriterGroup,
} from '../reach/messages-reach.ts';
import {
  accountsOfList as resellerAccounts,
  accountsByName as resellersByName,
} from '../rivenditori/rivenditori.repository.ts';
import { enqueueMails } from '../mail/mail-queue.ts';
import { announce } from '../events/events.service.ts';
import { changesOf, fieldsOf, recordAudit } from '../audit/audit.service.ts';
import * as folders from './message-folders.repository.ts';
import * as search from './message-search.repository.ts';
import * as repo from './messages.repository.ts';
import { checkMessagesPerMinute, recordSend } from './send-limits.ts';
import type { AccountsQuery } from './messages.repository.ts';
import type { Viewer } from '../reach/viewer.ts';

/** The start of a body in a list row: enough for a line of the table, never the whole 20,000 characters. */
const PREVIEW_CHARS = 160;
const preview = (content: string) =>
  content.length > PREVIEW_CHARS ? `${content.slice(0, PREVIEW_CHARS).trimEnd()}…` : content;

const folderFilters = (q: MessagesQuery): folders.FolderFilters => ({
  oggetto: q.foggetto || undefined,
  read: q.tiporead || undefined,
});

type FolderPage = Awaited<ReturnType<typeof folders.outboxPage>>;

/** A folder's page as the list shows it: the row's own fields, plus who is on the other side when the folder says. */
function folderPaged<R extends FolderPage['rows'][number]>(
  page: { rows: readonly R[]; win: FolderPage['win']; reccount: number },
  other: (r: R) => Pick<MessageRow, 'docunread' | 'img' | 'descri'>,
): Paged<MessageRow> {
  return {
    data: page.rows.map((r) => ({
      uuid: r.uuid,
      ...other(r),
      dest: r.dest,
      oggetto: r.oggetto,
      messaggio: preview(r.content),
      data: r.created_at,
    })),
    page: page.win.page,
    pages: page.win.pages,
    reccount: page.reccount,
  };
}

/** A message's sender as shown: their account's name, a visitor's own words (the public contact form), or gone. */
const senderName = (person: { name: string } | undefined, mittente: string) =>
  person?.name ?? (mittente || ERASED_NAME);

/** GET /api/messages/recv: what the viewer received, newest first, with the sender's name and picture. */
export async function listInbox(db: DbOrTx, viewer: Viewer, query: MessagesQuery): Promise<Paged<MessageRow>> {
  const page = await folders.inboxPage(db, viewer.userUuid, folderFilters(query), query);
  const people = await repo.peopleOf(
    db,
    page.rows.flatMap((r) => (r.sender_uuid ? [r.sender_uuid] : [])),
  );
  return folderPaged(page, (r) => {
    const sender = r.sender_uuid ? people.get(r.sender_uuid) : undefined;
    return { docunread: r.read_at === null, img: sender?.img ?? '', descri: senderName(sender, r.mittente) };
  });
}

/** GET /api/messages/sent: what the viewer sent, newest first, with the recipients as chosen. */
export async function listOutbox(db: DbOrTx, viewer: Viewer, query: MessagesQuery): Promise<Paged<MessageRow>> {
  const page = await folders.outboxPage(db, viewer.userUuid, folderFilters(query), query);
  return folderPaged(page, () => ({ docunread: false, img: '', descri: '' }));
}

/** The Tipo filter's options; in the outbox they say whether every recipient has read the message. */
export const tipiLetturaOptions = (folder: 'recv' | 'sent' = 'recv'): ComboOption[] =>
  tipiLettura.map((value) => ({
    value,
    label: (folder === 'sent' ? tipiLetturaSentLabels : tipiLetturaLabels)[value],
  }));

const parseDests = (json: string): DestOption[] => {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as DestOption[]) : [];
  } catch {
    return [];
  }
};

/** GET /api/messages/message/{id}: the sender or a recipient; 'nuovo' is the composer's empty message. */
export async function getMessage(db: DbOrTx, viewer: Viewer, id: string): Promise<MessageDetail> {
  if (id === 'nuovo') {
    writerFor(viewer);
    return { uuid: 'nuovo', mittente: '', data: '', title: '', content: '', dests: [], editable: true };
  }
  const { access, row: message } = await messageFor(db, viewer, id, 'read');
  const sender = message.sender_uuid
    ? (await repo.peopleOf(db, [message.sender_uuid])).get(message.sender_uuid)
    : undefined;
  return {
    uuid: message.uuid,
    mittente: senderName(sender, message.mittente),
    data: message.created_at,
    title: message.oggetto,
    content: message.content,
    dests: access === 'sender' ? parseDests(message.dests) : [],
    editable: access === 'sender',
  };
}

type Resolved = { id: string; label: string; accounts: AccountsQuery[] };

const GROUP_LABELS: Record<WriterGroup, string> = {
  'g:admin': 'Amministratori',
  'g:posatori': 'Tutti i posatori',
  'g:capoarea': 'Tutti i capi area',
  'g:rivenditori': 'Tutti i rivenditori',
  'g:partner': 'Referenti delle aziende partner',
};

const provinceLabel = (sigla: string) =>
  `Posatori della provincia di ${provinces.find((p) => p.sigla === sigla)?.name ?? sigla}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What one recipient id stands for, if the writer may address it; undefined otherwise. */
async function resolveDest(db: DbOrTx, viewer: Viewer, id: string): Promise<Resolved | undefined> {
  const writerScope = () => addressableInstallers(db, viewer);
  if (id in GROUP_LABELS) {
    const group = id as WriterGroup;
    if (!addressableGroups(viewer).includes(group)) return undefined;
    const label = GROUP_LABELS[group];
    if (group === 'g:admin') return { id, label, accounts: [repo.adminAccounts(db)] };
    if (group === 'g:capoarea') return { id, label, accounts: [managerAccounts(db)] };
    if (group === 'g:rivenditori') {
      const scope = await addressableResellers(db, viewer);
      if (!scope) return undefined;
      return { id, label, accounts: [resellerAccounts(db, scope)] };
    }
    if (group === 'g:partner') return { id, label, accounts: contactAccountsOfList(db, { all: true }, {}) };
    return { id, label, accounts: accountsOfList(db, await writerScope(), {}) };
  }
  if (id.startsWith(PARTNER_FILTER_DEST_PREFIX) && addressesPartnerLists(viewer)) {
    // The admin's partner list: its filter, resolved to the accounts that stand for those partners.
    const params = Object.fromEntries(new URLSearchParams(id.slice(PARTNER_FILTER_DEST_PREFIX.length)));
    const parsed = partnersQuery.safeParse({ ragsoc: params.ragsoc, state: params.state, code: params.code });
    if (!parsed.success) return undefined;
    const n = await countPartners(db, { all: true }, parsed.data);
    return {
      id,
      label: `Referenti delle aziende partner dell’elenco filtrato (${n} aziende)`,
      accounts: contactAccountsOfList(db, { all: true }, parsed.data),
    };
  }
  if (id.startsWith('g:posatori:')) {
    const sigla = id.slice('g:posatori:'.length);
    if (!(await addressableProvinces(db, viewer)).includes(sigla)) return undefined;
    return { id, label: provinceLabel(sigla), accounts: accountsOfList(db, await writerScope(), { state: sigla }) };
  }
  if (id.startsWith(FILTER_DEST_PREFIX)) {
    const params = Object.fromEntries(new URLSearchParams(id.slice(FILTER_DEST_PREFIX.length)));
    delete params.page;
    delete params.size;
    delete params.order;
    const parsed = posatoriQuery.safeParse(params);
    if (!parsed.success) return undefined;
    const scope = await writerScope();
    const n = await countPosatori(db, scope, parsed.data);
    return { id, label: `Posatori dell’elenco filtrato (${n})`, accounts: accountsOfList(db, scope, parsed.data) };
  }
  if (!UUID.test(id) || !(await mayAddress(db, viewer, id))) return undefined;
  const person = (await repo.peopleOf(db, [id])).get(id);
  return { id, label: person?.name || 'Utente', accounts: [repo.userAccount(db, id)] };
}

/** The Destinatari column: the chosen labels, shortened when many. */
function destText(labels: readonly string[]): string {
  const shown: string[] = [];
  let length = 0;
  for (const label of labels) {
    if (length + label.length > 180 && shown.length > 0) break;
    shown.push(label);
    length += label.length + 2;
  }
  const rest = labels.length - shown.length;
  return rest > 0 ? `${shown.join(', ')} e altri ${rest}` : shown.join(', ');
}

export type SendContext = { publicUrl: string; onQueued: () => void };

/**
 * POST /api/messages/message/{id}: 'nuovo' sends a new message, an id edits one the viewer sent. Recipients are
 * resolved on the server within the writer's reach (a stranger's id is refused, not skipped), stored as rows in one
 * statement per recipient id, and notified by e-mail through the durable queue. A send counts against the writer's
 * limits (send-limits.ts): messages a minute, checked first, and the recipients it adds, an hour.
 */
export async function saveMessage(
  db: Db,
  viewer: Viewer,
  id: string,
  body: MessageSaveBody,
  ctx: SendContext,
): Promise<{ uuid: string; recipients: number }> {
  writerFor(viewer);
  // Duplicate recipients (same id) are ignored.
  const ids = [...new Set(body.dests)];
  const resolved: Resolved[] = [];
  for (const destId of ids) {
    const r = await resolveDest(db, viewer, destId);
    if (!r) throw fieldsRefused({ dests: 'Destinatario non valido o fuori dalla tua area' });
    resolved.push(r);
  }
  const now = nowIso();
  const dests = JSON.stringify(resolved.map((r) => ({ id: r.id, label: r.label })));
  const dest = destText(resolved.map((r) => r.label));
  const oggetto = body.oggetto.trim();
  const result = await db.transaction().execute(async (tx) => {
    await checkMessagesPerMinute(tx, viewer, now);
    let uuid = id;
    let createdAt = now;
    // An edit may take recipients away: their inbox changes too.
    const before = id === 'nuovo' ? [] : await repo.recipientsOf(tx, id);
    if (id === 'nuovo') {
      uuid = newId();
      await repo.insertMessage(tx, { uuid, sender: viewer.userUuid, oggetto, content: body.content, dest, dests, now });
      await recordAudit(tx, {
        actor: viewer.userUuid,
        action: 'invio',
        entity: 'messaggio',
        entityId: uuid,
        changes: fieldsOf({ oggetto, dest }),
      });
    } else {
      const { row } = await messageFor(tx, viewer, id, 'edit');
      createdAt = row.created_at;
      await repo.updateMessage(tx, id, { oggetto, content: body.content, dest, dests, now });
      await recordAudit(tx, {
        actor: viewer.userUuid,
        action: 'modifica',
        entity: 'messaggio',
        entityId: uuid,
        changes: changesOf(row, { oggetto, dest }),
      });
    }
    const message = { uuid, sender: viewer.userUuid, createdAt };
    const accounts = resolved.flatMap((r) => r.accounts);
    if (id !== 'nuovo') await repo.bumpInboxes(tx, message, accounts);
    const added = await repo.addRecipients(tx, message, accounts);
    if (id !== 'nuovo') await repo.keepOnlyRecipients(tx, uuid, accounts);
    const recipients = await repo.recipientCount(tx, uuid);
    if (recipients === 0) {
      throw new HttpError(400, 'Nessuno dei destinatari scelti ha un accesso al portale', {
        dests: 'Nessuno dei destinatari scelti ha un accesso al portale',
      });
    }
    await recordSend(tx, viewer, added, now);
    // The recipients' bells and inboxes, and the writer's outbox in their other tabs, update live.
    await announce(tx, 'messages', [...before, ...(await repo.recipientsOf(tx, uuid)), viewer.userUuid]);
    const sender = (await repo.peopleOf(tx, [viewer.userUuid])).get(viewer.userUuid)?.name ?? 'Portale Posatori';
    const link = `${ctx.publicUrl}/msg/${uuid}`;
    await repo.queueNotifications(tx, uuid, {
      subject: `Nuova comunicazione: ${oggetto}`,
      body: `${sender} ti ha inviato una comunicazione sul Portale Posatori: "${oggetto}".\n\nLeggila qui: ${link}\n`,
      link,
      now,
      sender: viewer.userUuid,
    });
    return { uuid, recipients };
  });
  ctx.onQueued();
  return result;
}

/**
 * A visitor's request from an installer's public page: a message in the installer's inbox, with no sending account
 * (the visitor's name and contact are its `mittente` and part of its text), and an e-mail to the installer saying
 * who wrote and how to answer, queued in the same transaction. The limits per address are the caller's.
 */
export async function receiveVisitorMessage(
  db: Db,
  to: { userUuid: string; email: string },
  m: { mittente: string; oggetto: string; content: string; mail: { subject: string; body: string } },
  ctx: SendContext,
): Promise<void> {
  const now = nowIso();
  const uuid = newId();
  const link = `${ctx.publicUrl}/msg/${uuid}`;
  await db.transaction().execute(async (tx) => {
    await repo.insertMessage(tx, {
      uuid,
      sender: null,
      mittente: m.mittente,
      oggetto: m.oggetto,
      content: m.content,
      dest: '',
      dests: '[]',
      now,
    });
    await repo.addRecipient(tx, { uuid, createdAt: now }, to.userUuid);
    await announce(tx, 'messages', [to.userUuid]);
    if (to.email) {
      await enqueueMails(tx, [
        {
          uuid: `msg:${uuid}:${to.userUuid}`,
          to: to.email,
          subject: m.mail.subject,
          body: `${m.mail.body}\n\nLa richiesta è anche nelle tue comunicazioni: ${link}\n`,
          link,
          lane: 'contatti',
        },
      ]);
    }
  });
  ctx.onQueued();
}

/** DELETE /api/messages/message/{id}: only its sender; it disappears from every inbox. */
export async function deleteMessage(db: Db, viewer: Viewer, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const { row } = await messageFor(tx, viewer, id, 'edit');
    const recipients = await repo.recipientsOf(tx, id);
    await repo.deleteMessage(tx, id);
    await recordAudit(tx, {
      actor: viewer.userUuid,
      action: 'eliminazione',
      entity: 'messaggio',
      entityId: id,
      changes: fieldsOf({ oggetto: row.oggetto, dest: row.dest }, true),
    });
    await announce(tx, 'messages', [...recipients, viewer.userUuid]);
  });
}

/** setread / setunread: a recipient's own read state; anyone else 404. */
export async function setRead(db: Db, viewer: Viewer, id: string, read: boolean): Promise<void> {
  await db.transaction().execute(async (tx) => {
    if (!(await repo.setRead(tx, viewer.userUuid, id, read ? nowIso() : null))) throw notFound();
    // The reader's other tabs: the bell's count and the inbox's bold rows.
    await announce(tx, 'messages', [viewer.userUuid]);
  });
}

/** GET /api/dests?q=: the groups and people the writer may address whose name contains q (people from 2 letters). */
export async function dests(db: DbOrTx, viewer: Viewer, q: string | undefined): Promise<DestOption[]> {
  writerFor(viewer);
  const needle = fold(q ?? '');
  const matches = (label: string) => needle === '' || fold(label).includes(needle);
  const options: DestOption[] = addressableGroups(viewer)
    .map((g) => ({ id: g as string, label: GROUP_LABELS[g] }))
    .filter((o) => matches(o.label));
  if (needle.length >= 2) {
    for (const sigla of await addressableProvinces(db, viewer)) {
      const label = provinceLabel(sigla);
      if (fold(label).includes(needle) || sigla.toLowerCase() === needle)
        options.push({ id: `g:posatori:${sigla}`, label });
    }
  }
  if (needle.length < 2) return options.slice(0, 30);

  const people: DestOption[] = [];
  for (const a of await repo.administrators(db)) {
    const name = `${a.name} ${a.lastname}`.trim();
    if (a.user_uuid !== viewer.userUuid && matches(name))
      people.push({ id: a.user_uuid, label: `${name} (Amministratore)` });
  }
  const scope = await addressableInstallers(db, viewer);
  // Names that start with the text first, from the name index, then others containing it (as the Cerca box), and
  // remembered as its answers are, per scope and text until the installers change (cachedResult).
  const installers = await cachedResult(db, ['posatori'], `dests\u0000${JSON.stringify(scope)}\u0000${needle}`, () =>
    installersByName(db, scope, needle, 10),
  );
  for (const p of installers) {
    people.push({ id: p.user_uuid, label: `${p.name} ${p.lastname} (Posatore, ${p.state || '—'})` });
  }
  const rscope = await addressableResellers(db, viewer);
  if (rscope) {
    for (const r of await resellersByName(db, rscope, needle, 10)) {
      const name = `${r.name} ${r.lastname}`.trim();
      people.push({ id: r.user_uuid, label: `${name}${r.ragsoc ? ` – ${r.ragsoc}` : ''} (Rivenditore)` });
    }
  }
  if (addressesAllManagers(viewer)) {
    for (const c of await managersByName(db, needle, 10)) {
      people.push({ id: c.user_uuid, label: `${c.name} ${c.lastname} (Capo area)` });
    }
  } else {
    const manager = await resellersManager(db, viewer);
    if (manager) {
      const name = (await repo.peopleOf(db, [manager])).get(manager)?.name ?? '';
      if (matches(name)) people.push({ id: manager, label: `${name} (Capo area)` });
    }
  }
  return [...options, ...people].slice(0, 30);
}

/**
 * The global search's messages (/api/ricerca): those the viewer sent or received whose subject contains the text,
 * newest first, over the whole history (each folder through its subject filter, docs/decisions/0020).
 */
export async function searchMessages(
  db: DbOrTx,
  viewer: Viewer,
  text: string,
  limit: number,
): Promise<{ tipo: 'msg'; uuid: string; descri: string }[]> {
  const found = (await search.searchFolders(db, viewer.userUuid, text, limit)).sort(search.newestFirst);
  const seen = new Set<string>();
  return found
    .filter((m) => !seen.has(m.uuid) && seen.add(m.uuid))
    .slice(0, limit)
    .map((m) => ({ tipo: 'msg' as const, uuid: m.uuid, descri: m.oggetto }));
}
