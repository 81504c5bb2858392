import type { RivenditoreSaveBody } from '@portal/shared/schemas/rivenditori';
import { useSaveRecord, type RecordPaths } from '../../../lib/save-record.ts';
import { rivenditoriKeys } from './rivenditori-keys.ts';
import { combosKeys } from '../../combos/api/combos-keys.ts';

/**
 * Admin: POST /api/rivenditore/{id}, or for a new one POST /api/riventitore (the path is spelled so), which also
 * creates the login (username = the e-mail).
 */
const paths: RecordPaths = {
  create: '/api/riventitore',
  update: (id) => `/api/rivenditore/${encodeURIComponent(id)}`,
};

export function useSaveRivenditore(id: string | null) {
  // The company is the label of the reseller combos of the other forms.
  return useSaveRecord<RivenditoreSaveBody>(paths, id, [rivenditoriKeys.all, combosKeys.of('cborivenditori')]);
}
