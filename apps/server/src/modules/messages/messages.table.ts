import type { Generated } from 'kysely';

export interface MessagesTable {
  uuid: string;
  sender_uuid: string | null;
  oggetto: string;
  /** The subject folded (lib/text-search fold), what the Oggetto filter compares. */
  oggetto_key: string;
  content: string;
  /** The outbox's Destinatari text, written at send time. */
  dest: string;
  /** JSON [{id, label}]: the recipients as the sender chose them (people, groups, a list's filter). */
  dests: string;
  created_at: string;
  updated_at: string;
  /** How many recipients have not read it; kept by triggers on message_recipients (migration 2026-11-26-19). */
  unread_recipients: Generated<number>;
  /** 1 when every recipient has read it (unread_recipients = 0), else 0: the outbox's Tipo filter. */
  read_by_all: Generated<number>;
  /** Who wrote a message no account sent (a visitor of the public locator's contact form); '' otherwise. */
  mittente: Generated<string>;
}

/** Read state is per recipient. created_at: the message's, so an inbox is one index range in date order. */
export interface MessageRecipientsTable {
  message_uuid: string;
  user_uuid: string;
  read_at: string | null;
  created_at: string;
}

/** One message sent or edited, with the recipients it added: what the limits per person count (send-limits.ts). */
export interface MessageSendsTable {
  uuid: string;
  user_uuid: string;
  sent_at: string;
  recipients: number;
}
