/**
 * Italian texts of the field rules. The spec's catalogue (messages-it.ts) has no per-field wording,
 * so the validation library defines it here; texts the catalogue already has (e.g. msg.campoObbligatorio)
 * are used from there, never retyped.
 */
export const validationMsg = {
  valoreNonValido: 'Valore non valido',
  capNonValido: 'Il CAP deve essere di 5 cifre',
  provinciaNonValida: 'Provincia non valida',
  provinciaDueCaratteri: 'La provincia deve essere di 2 caratteri',
  emailNonValida: 'Indirizzo e-mail non valido',
  codiceFiscaleNonValido: 'Codice fiscale non valido',
  partitaIvaNonValida: 'Partita IVA non valida',
  dataNonValida: 'Data non valida',
  dataTroppoVecchia: 'La data non può essere anteriore al 01/01/1900',
  dataTroppoLontana: 'La data non può essere successiva al 31/12/2100',
  meseNonValido: 'Mese non valido',
  meseFuoriIntervallo: (max: number) => `L’anno deve essere compreso tra il 1970 e il ${max}`,
  telefonoOCellulare: 'Indicare almeno un telefono o un cellulare',
  soloMaiuscoleECifre: 'Usare solo lettere maiuscole e cifre',
  soloCifre: 'Usare solo cifre',
  telefonoNonValido: 'Usare solo cifre, spazi, barra, trattino e più',
  massimoCaratteri: (max: number) => `Massimo ${max} caratteri`,
  importoNonValido: 'Importo non valido: un numero di euro con al massimo 2 decimali',
  importoNegativo: 'L’importo non può essere negativo',
  importoTroppoGrande: 'Importo troppo grande',
  provinciaRipetuta: 'Provincia indicata più volte',
  fineDopoInizio: 'La fine non può precedere l’inizio',
  intervalloTroppoLungo: (days: number) => `L’intervallo non può superare ${days} giorni`,
} as const;
