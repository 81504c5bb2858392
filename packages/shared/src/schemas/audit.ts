import { z } from 'zod';
import { isIsoDate } from '../validation/common.ts';
import { validationMsg } from '../validation/messages.ts';
import { pagedReply, pagingQuery } from './paging.ts';

/**
 * The audit trail (GET /api/audit, admin only): who did what to which record, newest first. Filters: one record's
 * history (entity and id), one person's actions (actor), one kind of action, a range of days (from..to, both
 * included, UTC).
 */
export const auditEntities = [
  'posatore',
  'partner',
  'rivenditore',
  'capoarea',
  'utente',
  'coupon',
  'documento',
  'export',
  'import',
  'privacy',
  'messaggio',
  'tipo-coupon',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

export const auditActions = [
  'login',
  'login-fallito',
  'logout',
  'reset-password',
  'attivazione',
  'stato-account',
  'creazione',
  'modifica',
  'eliminazione',
  'coupon-assegnato',
  'coupon-usato',
  'upload',
  'export',
  'import',
  'attivazione-massiva',
  'export-dati-personali',
  'cancellazione-dati-personali',
  '2fa-attivata',
  '2fa-disattivata',
  'codice-recupero',
  'invio',
  'immagine-caricata',
  'immagine-eliminata',
  'pagamento-registrato',
  'pagamento-eliminato',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** How each action reads on screen. */
export const auditActionLabels: Record<AuditAction, string> = {
  login: 'Accesso',
  'login-fallito': 'Accesso non riuscito',
  logout: 'Uscita',
  'reset-password': 'Reimpostazione password',
  attivazione: 'Attivazione',
  'stato-account': 'Stato account',
  creazione: 'Creazione',
  modifica: 'Modifica',
  eliminazione: 'Eliminazione',
  'coupon-assegnato': 'Coupon assegnato',
  'coupon-usato': 'Coupon usato',
  upload: 'Caricamento',
  export: 'Esportazione',
  import: 'Importazione',
  'attivazione-massiva': 'Attivazione massiva',
  'export-dati-personali': 'Esportazione dati personali',
  'cancellazione-dati-personali': 'Cancellazione dati personali',
  '2fa-attivata': 'Verifica in due passaggi attivata',
  '2fa-disattivata': 'Verifica in due passaggi disattivata',
  'codice-recupero': 'Accesso con codice di recupero',
  invio: 'Invio',
  'immagine-caricata': 'Immagine caricata',
  'immagine-eliminata': 'Immagine eliminata',
  'pagamento-registrato': 'Pagamento registrato',
  'pagamento-eliminato': 'Pagamento eliminato',
};

export const auditEntityLabels: Record<AuditEntity, string> = {
  posatore: 'Posatore',
  partner: 'Partner',
  rivenditore: 'Rivenditore',
  capoarea: 'Capo area',
  utente: 'Utente',
  coupon: 'Coupon',
  documento: 'Documento',
  export: 'Esportazione',
  import: 'Importazione',
  privacy: 'Dati personali',
  messaggio: 'Comunicazione',
  'tipo-coupon': 'Tipo di coupon',
};

/**
 * The Italian label of a recorded field, as the record's form names it; a field without one (a new column) shows
 * its stored name.
 */
export const auditFieldLabels: Readonly<Record<string, string>> = {
  name: 'Nome',
  lastname: 'Cognome',
  ragsoc: 'Ragione sociale',
  dtnasc: 'Data di nascita',
  codfis: 'Codice fiscale',
  code: 'Codice',
  dtstart: 'Data inizio',
  dtend: 'Data fine',
  address: 'Indirizzo',
  city: 'Città',
  cap: 'CAP',
  state: 'Provincia',
  prov: 'Provincia',
  provs: 'Province',
  azienda: 'Azienda',
  tipo: 'Tipo',
  certificato: 'Certificato',
  diisocianati: 'Diisocianati',
  web: 'Visibile sul web',
  img: 'Immagine del profilo',
  gallery: 'Realizzazioni',
  oggetto: 'Oggetto',
  dest: 'Destinatari',
  contoterzi: 'Conto terzi',
  phone: 'Telefono',
  cell: 'Cellulare',
  email: 'Email',
  website: 'Sito web',
  piva: 'Partita IVA',
  capoarea: 'Capo area',
  rivenditore: 'Rivenditore',
  stato: 'Stato',
  priorita: 'Priorità',
  dtrinnovo: 'Data rinnovo',
  dtscad: 'Data scadenza',
  valore: 'Valore',
  scadenza: 'Scadenza',
  coupon: 'Coupon',
  filtro: 'Filtro',
  title: 'Titolo',
  filename: 'File',
  poster: 'Anteprima',
};

const day = z.string().refine(isIsoDate, validationMsg.dataNonValida);

export const auditQuery = pagingQuery
  .extend({
    entity: z.enum(auditEntities, validationMsg.valoreNonValido).optional(),
    id: z.string().max(100, validationMsg.valoreNonValido).optional(),
    actor: z.uuid(validationMsg.valoreNonValido).optional(),
    action: z.enum(auditActions, validationMsg.valoreNonValido).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: validationMsg.fineDopoInizio });
  });
export type AuditQuery = z.infer<typeof auditQuery>;

/** A changed field; before and after as text (null: empty). Passwords, tokens and secrets never appear. */
export const auditChange = z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() });
export type AuditChange = z.infer<typeof auditChange>;

export const auditRow = z.object({
  uuid: z.string(),
  at: z.string(),
  actor: z.string().nullable(),
  actorName: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  changes: z.array(auditChange),
});
export type AuditRow = z.infer<typeof auditRow>;

export const auditPage = pagedReply(auditRow);
