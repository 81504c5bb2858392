import { codiceFiscaleCheckChar, MONTH_LETTERS } from '@portal/shared/validation/codice-fiscale';
import { partitaIvaCheckDigit } from '@portal/shared/validation/partita-iva';

/** Italian names, places and company names the demo and stress seeds draw from, and the tax ids they make. */

export const maleNames = [
  'Marco',
  'Giuseppe',
  'Luca',
  'Andrea',
  'Francesco',
  'Alessandro',
  'Matteo',
  'Davide',
  'Stefano',
  'Paolo',
  'Roberto',
  'Simone',
  'Giovanni',
  'Antonio',
  'Fabio',
  'Massimo',
  'Daniele',
  'Riccardo',
  'Lorenzo',
  'Emanuele',
  'Salvatore',
  'Vincenzo',
  'Claudio',
  'Nicola',
  'Alberto',
  'Gianluca',
  'Michele',
  'Enrico',
  'Pietro',
  'Raffaele',
];
export const femaleNames = [
  'Giulia',
  'Sara',
  'Francesca',
  'Chiara',
  'Elena',
  'Silvia',
  'Valentina',
  'Laura',
  'Federica',
  'Anna',
];
export const lastNames = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
  'Barbieri',
  'Fontana',
  'Santoro',
  'Mariani',
  'Rinaldi',
  'Caruso',
  'Ferrara',
  'Galli',
  'Martini',
  'Leone',
  'Longo',
  'Gentile',
  'Martinelli',
  'Vitale',
  'Lombardo',
  'Serra',
  'Coppola',
  'De Santis',
  "D'Angelo",
  'Marchetti',
  'Parisi',
  'Villa',
  'Conte',
  'Ferraro',
  'Ferri',
  'Fabbri',
  'Bianco',
  'Marini',
  'Grasso',
  'Valentini',
];
/**
 * Real places so lists, filters and tax codes look like Italy: province, town, CAP and the town's cadastral
 * code (the birthplace part of a codice fiscale). Lombardy comes first and weighs more: the demo area manager's.
 */
export const italianPlaces = [
  { state: 'MI', city: 'Milano', cap: '20121', belfiore: 'F205' },
  { state: 'MI', city: 'Sesto San Giovanni', cap: '20099', belfiore: 'I690' },
  { state: 'MI', city: 'Rho', cap: '20017', belfiore: 'H264' },
  { state: 'BG', city: 'Bergamo', cap: '24121', belfiore: 'A794' },
  { state: 'BS', city: 'Brescia', cap: '25121', belfiore: 'B157' },
  { state: 'MB', city: 'Monza', cap: '20900', belfiore: 'F704' },
  { state: 'CO', city: 'Como', cap: '22100', belfiore: 'C933' },
  { state: 'VA', city: 'Varese', cap: '21100', belfiore: 'L682' },
  { state: 'TO', city: 'Torino', cap: '10121', belfiore: 'L219' },
  { state: 'GE', city: 'Genova', cap: '16121', belfiore: 'D969' },
  { state: 'AL', city: 'Alessandria', cap: '15121', belfiore: 'A182' },
  { state: 'NO', city: 'Novara', cap: '28100', belfiore: 'F952' },
  { state: 'VR', city: 'Verona', cap: '37121', belfiore: 'L781' },
  { state: 'PD', city: 'Padova', cap: '35121', belfiore: 'G224' },
  { state: 'VE', city: 'Venezia', cap: '30121', belfiore: 'L736' },
  { state: 'VI', city: 'Vicenza', cap: '36100', belfiore: 'L840' },
  { state: 'TV', city: 'Treviso', cap: '31100', belfiore: 'L407' },
  { state: 'TN', city: 'Trento', cap: '38121', belfiore: 'L378' },
  { state: 'UD', city: 'Udine', cap: '33100', belfiore: 'L483' },
  { state: 'BO', city: 'Bologna', cap: '40121', belfiore: 'A944' },
  { state: 'MO', city: 'Modena', cap: '41121', belfiore: 'F257' },
  { state: 'MO', city: 'Sassuolo', cap: '41049', belfiore: 'I462' },
  { state: 'RE', city: 'Reggio Emilia', cap: '42121', belfiore: 'H223' },
  { state: 'PR', city: 'Parma', cap: '43121', belfiore: 'G337' },
  { state: 'FI', city: 'Firenze', cap: '50122', belfiore: 'D612' },
  { state: 'PI', city: 'Pisa', cap: '56121', belfiore: 'G702' },
  { state: 'PG', city: 'Perugia', cap: '06121', belfiore: 'G478' },
  { state: 'AN', city: 'Ancona', cap: '60121', belfiore: 'A271' },
  { state: 'RM', city: 'Roma', cap: '00184', belfiore: 'H501' },
  { state: 'LT', city: 'Latina', cap: '04100', belfiore: 'E472' },
  { state: 'PE', city: 'Pescara', cap: '65121', belfiore: 'G482' },
  { state: 'NA', city: 'Napoli', cap: '80133', belfiore: 'F839' },
  { state: 'SA', city: 'Salerno', cap: '84121', belfiore: 'H703' },
  { state: 'BA', city: 'Bari', cap: '70121', belfiore: 'A662' },
  { state: 'LE', city: 'Lecce', cap: '73100', belfiore: 'E506' },
  { state: 'CS', city: 'Cosenza', cap: '87100', belfiore: 'D086' },
  { state: 'PA', city: 'Palermo', cap: '90133', belfiore: 'G273' },
  { state: 'CT', city: 'Catania', cap: '95121', belfiore: 'C351' },
  { state: 'CA', city: 'Cagliari', cap: '09124', belfiore: 'B354' },
  { state: 'SS', city: 'Sassari', cap: '07100', belfiore: 'I452' },
];
export type Place = (typeof italianPlaces)[number];

export const streets = [
  'Via Roma',
  'Via Garibaldi',
  'Corso Italia',
  'Via Mazzini',
  'Via Verdi',
  'Viale dei Mille',
  'Via Dante',
  'Via Cavour',
  'Piazza della Repubblica',
  'Via XX Settembre',
  'Via Matteotti',
  'Via Marconi',
  'Via Gramsci',
  'Viale Europa',
  'Via dell’Artigianato',
  'Via dell’Industria',
];
export const companies = [
  'Posa Ceramiche',
  'Pavimenti',
  'Edil Piastrelle',
  'Rivestimenti',
  'Ceramica Design',
  'Superfici',
  'Mosaici',
  'Parquet e Ceramiche',
  'Posa Grandi Formati',
  'Edilizia e Finiture',
];
export const companyForms = ['', ' S.n.c.', ' S.r.l.', ' S.a.s.', ' & C.'];

/** The qualifications of installers, repeated as often as they occur: most are BASE, few MASTER. */
export const qualifiche = ['BASE', 'BASE', 'BASE', 'QUALIFICATO', 'QUALIFICATO', 'ESPERTO', 'ESPERTO', 'MASTER'];

/** Partner companies' trades, and the legal forms of companies. */
export const partnerKinds = [
  'Ceramiche',
  'Edilizia',
  'Pavimenti',
  'Arredobagno',
  'Materiali Edili',
  'Piastrelle',
  'Showroom',
];
export const legalForms = [' S.r.l.', ' S.p.A.', ' S.n.c.', ' S.a.s.'];

/** A well-formed partita IVA from 9 random digits, with its check digit. */
export function partitaIvaOf(digits: (n: number) => string): string {
  const first10 = `0${digits(9)}`;
  return `${first10}${partitaIvaCheckDigit(first10)}`;
}

/** The 3 letters of a surname or name in a codice fiscale (for names, 4+ consonants keep the 1st, 3rd, 4th). */
function cfLetters(text: string, isName: boolean): string {
  const letters = text.toUpperCase().replace(/[^A-Z]/g, '');
  const consonants = letters.replace(/[AEIOU]/g, '');
  const vowels = letters.replace(/[^AEIOU]/g, '');
  if (isName && consonants.length >= 4) return `${consonants[0]}${consonants[2]}${consonants[3]}`;
  return `${consonants}${vowels}XXX`.slice(0, 3);
}

/** A well-formed codice fiscale with the right check letter (the shared rule accepts it). */
export function codiceFiscaleOf(p: {
  name: string;
  lastname: string;
  dtnasc: string;
  female: boolean;
  belfiore: string;
}): string {
  const [year = '', month = '', day = ''] = p.dtnasc.split('-');
  const dd = String(Number(day) + (p.female ? 40 : 0)).padStart(2, '0');
  const first15 = `${cfLetters(p.lastname, false)}${cfLetters(p.name, true)}${year.slice(2)}${MONTH_LETTERS[Number(month) - 1]}${dd}${p.belfiore}`;
  return `${first15}${codiceFiscaleCheckChar(first15)}`;
}
