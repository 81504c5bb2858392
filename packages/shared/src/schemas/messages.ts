import { z } from 'zod';
import { msg } from '../messages-it.ts';
import { comboOption } from './combos.ts';
import { NAME_MAX, text } from './fields.ts';
import { pagedReply, pagingQuery } from './paging.ts';
import { formRefusal } from './errors.ts';

/** Limits: a message body up to 20,000 characters; a subject is a title (200). */
export const MESSAGE_BODY_MAX = 20_000;
export const MESSAGE_SUBJECT_MAX = 200;
/** Recipients chosen one by one in a composer; a group counts as one. */
export const MESSAGE_DESTS_MAX = 500;

/**
 * tiporead (GET /api/messages/tipiletto): '' every message, 'nonletti' unread only, 'letti' read only. In the
 * outbox (folder=sent) a message is read once every recipient has read it, and unread while someone has not.
 */
export const tipiLettura = ['nonletti', 'letti'] as const;
export type TipoLettura = (typeof tipiLettura)[number];
export const tipiLetturaLabels: Record<TipoLettura, string> = { nonletti: 'Da leggere', letti: 'Letti' };
export const tipiLetturaSentLabels: Record<TipoLettura, string> = {
  nonletti: 'Non ancora letti da tutti',
  letti: 'Letti da tutti',
};
export const tipilettoQuery = z.object({ folder: z.enum(['recv', 'sent']).optional() });

/**
 * GET /api/messages/recv and /api/messages/sent. folder and mode are accepted as the spec's client
 * sends them; the path already says which folder is listed.
 */
export const messagesQuery = pagingQuery.extend({
  foggetto: text(MESSAGE_SUBJECT_MAX).optional(),
  tiporead: z.union([z.literal(''), z.enum(tipiLettura)]).optional(),
  folder: text(20).optional(),
  mode: text(20).optional(),
});
export type MessagesQuery = z.infer<typeof messagesQuery>;

/** A row of either folder. data: ISO timestamp; messaggio: the start of the body. */
export const messageRow = z.object({
  uuid: z.string(),
  docunread: z.boolean(),
  img: z.string(),
  descri: z.string(),
  dest: z.string(),
  oggetto: z.string(),
  messaggio: z.string(),
  data: z.string(),
});
export type MessageRow = z.infer<typeof messageRow>;
export const messagesPage = pagedReply(messageRow);
export type MessagesPage = z.infer<typeof messagesPage>;

/** A recipient as the composer shows it: a person's or a group's id and its label. */
export const destOption = z.object({ id: z.string(), label: z.string() });
export type DestOption = z.infer<typeof destOption>;

/**
 * GET /api/messages/message/{id}: the detail. For 'nuovo', an empty message the composer fills.
 * dests and editable only for the sender (the outbox's Modifica).
 */
export const messageDetail = z.object({
  uuid: z.string(),
  mittente: z.string(),
  data: z.string(),
  title: z.string(),
  content: z.string(),
  dests: z.array(destOption),
  editable: z.boolean(),
});
export type MessageDetail = z.infer<typeof messageDetail>;

/** Recipient ids: a person's account uuid, or a group ('g:...') or a list filter ('f:...') the server resolves. */
const destId = z.string().min(1).max(2_000);

/**
 * POST /api/messages/message/{id} (spec: title sent as oggetto, content, dests). The same schema checks the composer
 * in the browser. Duplicate recipients are ignored, by the server as well.
 */
export const messageSaveBody = z.object({
  oggetto: z.string().trim().min(1, msg.oggettoObbligatorio).max(MESSAGE_SUBJECT_MAX),
  content: z.string().max(MESSAGE_BODY_MAX),
  dests: z.array(destId).min(1, msg.almenoUnDestinatario).max(MESSAGE_DESTS_MAX),
});
formRefusal.add(messageSaveBody, { refusal: 'first-message' });
export type MessageSaveBody = z.infer<typeof messageSaveBody>;

export const messageSavedReply = z.object({ res: z.literal('OK'), uuid: z.string(), recipients: z.number().int() });

/** GET /api/dests?q=: what the writer may address matching q (groups first), at most 30. */
export const destsQuery = z.object({ q: text(NAME_MAX).optional() });
export const destsReply = z.array(destOption);

export const messageIdParam = z.object({ id: z.uuid() });
export const messageIdOrNew = z.object({ id: z.union([z.literal('nuovo'), z.uuid()]) });

export const tipilettoReply = z.array(comboOption);

/** The filter of the installer list as a recipient (the list's 'Invia comunicazione'): 'f:posatori?<query>'. */
export const FILTER_DEST_PREFIX = 'f:posatori?';
/** The partner list's filter as a recipient: the portal accounts that stand for those partners (their contacts). */
export const PARTNER_FILTER_DEST_PREFIX = 'f:partner?';
