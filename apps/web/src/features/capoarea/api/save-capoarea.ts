import type { CapoareaSaveBody } from '@portal/shared/schemas/capoarea';
import { useSaveRecord, type RecordPaths } from '../../../lib/save-record.ts';
import { capoareaKeys } from './capoarea-keys.ts';
import { combosKeys } from '../../combos/api/combos-keys.ts';

/**
 * Admin: POST /api/capoarea/{id}, or for a new one POST /api/capoarea, which also creates the login (username = the
 * e-mail, no password yet).
 */
const paths: RecordPaths = { create: '/api/capoarea', update: (id) => `/api/capoarea/${encodeURIComponent(id)}` };

export function useSaveCapoarea(id: string | null) {
  // The name is the label of the area-manager combos of the other forms.
  return useSaveRecord<CapoareaSaveBody>(paths, id, [capoareaKeys.all, combosKeys.of('cbocapoarea')]);
}
