export interface MessagesTable {
  uuid: string;
  sender_uuid: string | null;
  oggetto: string;
  content: string;
  created_at: string;
  updated_at: string;
}

/** Read state is per recipient (contract). */
export interface MessageRecipientsTable {
  message_uuid: string;
  user_uuid: string;
  read_at: string | null;
}
