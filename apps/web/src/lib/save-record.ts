import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { createdReply, okReply } from '@portal/shared/schemas/auth';
import { apiPost } from './api-client.ts';

/** Where a registry record (partner, rivenditore, capo area) is saved: a new one at `create`, a known one at `update`. */
export type RecordPaths = { create: string; update: (id: string) => string };

/**
 * Saves the full record: POST to `update(id)` ({res:'OK'}), or for a new one (id null) POST to `create`, which
 * answers the new uuid. Answers the record's uuid either way.
 */
export async function saveRecord<B>(paths: RecordPaths, id: string | null, body: B): Promise<string> {
  if (id === null) return (await apiPost(paths.create, body, createdReply)).uuid;
  await apiPost(paths.update(id), body, okReply);
  return id;
}

/**
 * The save of a registry form: on success the queries under `invalidates` reload (the lists, the record, the
 * combos that show its name). The form answers every failure itself, with its own message and the fields marked.
 */
export function useSaveRecord<B>(paths: RecordPaths, id: string | null, invalidates: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => saveRecord(paths, id, body),
    onSuccess: () => Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    meta: { silentError: true },
  });
}
