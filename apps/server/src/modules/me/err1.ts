import { installerProfileRules } from '@portal/shared/validation/profile-rules';
import { validateRecord } from '@portal/shared/validation/rules';

/** The installer rules' fields as the profile form names them. */
const fieldLabels: Record<string, string> = {
  name: 'nome',
  dtnasc: 'data di nascita',
  codfis: 'codice fiscale',
  address: 'indirizzo',
  city: 'città',
  cap: 'CAP',
  state: 'provincia',
  email: 'email',
  piva: 'partita IVA',
  phone: 'telefono o cellulare',
  cell: 'telefono o cellulare',
};

/**
 * The installer home's err1: why the profile is not OK, in plain Italian. A suspension is the
 * admin's decision; an incomplete profile names the fields the installer rules (profile-rules.ts) find missing or
 * wrong, so the person knows what to fix in Il mio profilo. '' when the profile is OK.
 */
export function err1Of(stato: string, record: Record<string, unknown>): string {
  if (stato === 'SOSPESO') {
    return 'Il tuo profilo è sospeso: per informazioni contatta il tuo capo area o l’amministrazione.';
  }
  if (stato === 'OK') return '';
  const fields = [
    ...new Set(Object.keys(validateRecord(installerProfileRules, record)).map((f) => fieldLabels[f] ?? f)),
  ];
  if (fields.length === 0) return 'Salva il tuo profilo per completarlo e accedere a documenti e comunicazioni.';
  return `Il tuo profilo è incompleto: completa o correggi ${fields.join(', ')} in Il mio profilo per accedere a documenti e comunicazioni.`;
}
