import type { Kysely } from 'kysely';

/*
 * Frozen: never edit after it has shipped; add a new migration instead.
 * Reference data behind the combo endpoints that every installation needs. The qualifications
 * came with the foundation; provinces come from packages/shared/src/provinces.ts, area managers, resellers and
 * coupon types from their own tables.
 */

type Option = [value: string, label: string];

const combos: Record<string, Option[]> = {
  // Partner priority (partner company form).
  priolist: [
    ['1', 'Alta'],
    ['2', 'Media'],
    ['3', 'Bassa'],
  ],
  // Course types offered by the import wizard (impcorso).
  cbocorsi: [
    ['BASE', 'Corso base di posa ceramica'],
    ['AVANZATO', 'Corso avanzato di posa'],
    ['GRANDI_FORMATI', 'Grandi formati e lastre sottili'],
    ['IMPERMEABILIZZAZIONI', 'Impermeabilizzazioni e massetti'],
    ['MOSAICO', 'Posa di mosaico'],
    ['DIISOCIANATI', 'Formazione diisocianati (Reg. UE 2020/1149)'],
  ],
  // Kinds of laying work.
  tipiposa: [
    ['PAVIMENTI', 'Pavimenti interni'],
    ['RIVESTIMENTI', 'Rivestimenti'],
    ['ESTERNI', 'Pavimentazioni esterne'],
    ['GRANDI_FORMATI', 'Grandi formati'],
    ['MOSAICO', 'Mosaico'],
    ['PISCINE', 'Piscine e centri benessere'],
    ['SOPRAELEVATI', 'Pavimenti sopraelevati'],
  ],
  // The certificate filter of the installer lists (certificato is a boolean).
  tipicert: [
    ['1', 'Certificato'],
    ['0', 'Non certificato'],
  ],
  // Installer profile stato (the avatar's stato).
  cbostato: [
    ['OK', 'Attivo'],
    ['INCOMPLETO', 'Profilo incompleto'],
    ['SOSPESO', 'Sospeso'],
  ],
  // Sort orders of the installer list; the values are the keys the list endpoints accept.
  posaorder: [
    ['cognome', 'Cognome e nome'],
    ['nome', 'Nome e cognome'],
    ['codice', 'Codice'],
    ['provincia', 'Provincia'],
    ['corso', 'Corso più recente'],
    ['coupon', 'Numero di coupon'],
    ['recenti', 'Ultimi inseriti'],
  ],
};

export async function up(db: Kysely<any>): Promise<void> {
  const rows = Object.entries(combos).flatMap(([combo, options]) =>
    options.map(([value, label], i) => ({ combo, value, label, sort: i + 1 })),
  );
  await db.insertInto('combos').values(rows).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('combos').where('combo', 'in', Object.keys(combos)).execute();
}
