import { expect } from 'vitest';
import type { ApiClient } from '../../helpers-clients.ts';

/** Sends (id 'nuovo') or edits a message as `client`, expecting it saved: the message's uuid. */
export async function sendMessage(client: ApiClient, oggetto: string, dests: string[], id = 'nuovo'): Promise<string> {
  const res = await client.post(`/api/messages/message/${id}`, { oggetto, content: '', dests });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { uuid: string }).uuid;
}
