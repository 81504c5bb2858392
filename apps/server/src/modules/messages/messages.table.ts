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
}

/** Read state is per recipient (contract). created_at: the message's, so an inbox is one index range in date order. */
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
