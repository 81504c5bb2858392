import type { PartnerSaveBody } from '@portal/shared/schemas/partners';
import { useSaveRecord, type RecordPaths } from '../../../lib/save-record.ts';
import { partnersKeys } from './partners-keys.ts';

/** POST /api/partner/{id}, or for a new partner POST /api/partner/nuovo. */
const paths: RecordPaths = { create: '/api/partner/nuovo', update: (id) => `/api/partner/${encodeURIComponent(id)}` };

export function useSavePartner(id: string | null) {
  return useSaveRecord<PartnerSaveBody>(paths, id, [partnersKeys.all]);
}
