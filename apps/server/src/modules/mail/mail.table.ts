/** A row of mail_queue (migrations 2026-11-24-09, -25-14, -26-19): one e-mail waiting, sent, or given up on. */
export interface MailQueueTable {
  uuid: string;
  to_addr: string;
  subject: string;
  body: string;
  link: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_at: string;
  locked_until: string;
  last_error: string;
  created_at: string;
  sent_at: string;
  /** The run that queued it (a mass activation's uuid), '' for single mails: its progress counts by this. */
  batch: string;
  /** PRIORITY: every transactional mail before any bulk one. */
  priority: number;
  /** Who the mail is fair against: the sender of a message, a mass activation's run, the account of a link. */
  lane: string;
  /** Its place in the round of the lanes (nextTurn): lower turns go first. */
  turn: number;
}
