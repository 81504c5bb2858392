import type { DbOrTx } from '../database.ts';
import { addRecipients, insertMessage, type AccountsQuery } from '../../modules/messages/messages.repository.ts';
import { newId } from '../../lib/tokens.ts';

type Who = 'admin' | 'capoarea' | 'rivenditore' | 'posatore';
type DemoMessage = {
  from: Who;
  /** People by demo login, or every installer with an account. */
  to: readonly Who[] | 'tutti i posatori';
  oggetto: string;
  content: string;
  daysAgo: number;
  /** Who has already read it. */
  readBy?: readonly Who[];
};

/**
 * Communications between every role of the demo, some read and some not, so each inbox, outbox and bell shows
 * something true after `npm start`. Unread: admin 2, capoarea 2, rivenditore 2, posatore 3.
 */
const demoMessages: readonly DemoMessage[] = [
  {
    from: 'admin',
    to: 'tutti i posatori',
    oggetto: 'Nuovo catalogo 2027',
    content:
      'Gentili posatori,\nè disponibile il nuovo catalogo prodotti 2027 nella sezione Documenti, con le nuove linee di gres porcellanato e i sistemi di posa.\n\nBuon lavoro,\nl’ufficio tecnico',
    daysAgo: 1,
  },
  {
    from: 'admin',
    to: ['posatore'],
    oggetto: 'Corso di aggiornamento a Milano',
    content:
      'Il prossimo corso di aggiornamento sulla posa di grandi formati si terrà a Milano il mese prossimo. Le iscrizioni sono aperte: rispondi a questa comunicazione tramite il tuo capo area.',
    daysAgo: 2,
  },
  {
    from: 'rivenditore',
    to: ['posatore'],
    oggetto: 'Materiale pronto per il ritiro',
    content: 'Buongiorno, il materiale ordinato per il cantiere di via Verdi è pronto per il ritiro in negozio.',
    daysAgo: 3,
  },
  {
    from: 'capoarea',
    to: ['posatore'],
    oggetto: 'Visita in cantiere',
    content: 'Passerò giovedì mattina per la verifica della posa nel cantiere di Sesto San Giovanni.',
    daysAgo: 9,
    readBy: ['posatore'],
  },
  {
    from: 'admin',
    to: ['capoarea', 'rivenditore'],
    oggetto: 'Listino prezzi 2027',
    content: 'In allegato nella sezione Documenti il listino prezzi 2027, in vigore dal 1° gennaio.',
    daysAgo: 4,
  },
  {
    from: 'admin',
    to: ['capoarea'],
    oggetto: 'Riunione capi area di dicembre',
    content: 'La riunione dei capi area si terrà in sede il 12 dicembre alle 10. Portate la situazione dei rinnovi.',
    daysAgo: 12,
    readBy: ['capoarea'],
  },
  {
    from: 'capoarea',
    to: ['admin'],
    oggetto: 'Rinnovi partner Lombardia',
    content: 'Ecco la situazione dei rinnovi delle aziende partner della Lombardia: tre rinnovi in scadenza a gennaio.',
    daysAgo: 2,
  },
  {
    from: 'rivenditore',
    to: ['admin'],
    oggetto: 'Segnalazione nuovo posatore',
    content: 'Vi segnalo un nuovo posatore che frequenta il nostro negozio e vorrebbe partecipare al prossimo corso.',
    daysAgo: 5,
  },
  {
    from: 'rivenditore',
    to: ['capoarea'],
    oggetto: 'Richiesta materiale espositivo',
    content: 'Buongiorno, avremmo bisogno di nuovo materiale espositivo per lo showroom.',
    daysAgo: 6,
  },
  {
    from: 'capoarea',
    to: ['rivenditore'],
    oggetto: 'Promozione di Natale',
    content:
      'Dal 1° dicembre parte la promozione di Natale sui coupon: ricordatela ai posatori che passano in negozio.',
    daysAgo: 7,
  },
  {
    from: 'admin',
    to: ['rivenditore'],
    oggetto: 'Aggiornamento condizioni commerciali',
    content: 'Le condizioni commerciali 2027 sono disponibili: le trovate nella sezione Documenti.',
    daysAgo: 15,
    readBy: ['rivenditore'],
  },
];

export async function seedMessages(db: DbOrTx, today: Date): Promise<void> {
  const users = await db
    .selectFrom('users')
    .select(['uuid', 'username'])
    .where('username', 'in', ['admin', 'capoarea', 'rivenditore', 'posatore'])
    .execute();
  const uid = (who: Who) => {
    const found = users.find((u) => u.username === who);
    if (!found) throw new Error(`Utente dimostrativo mancante: ${who}`);
    return found.uuid;
  };
  const labels: Record<Who, string> = {
    admin: 'Laura Amministratrice',
    capoarea: 'Giorgio Valli',
    rivenditore: 'Franco Bellini',
    posatore: 'Mario Rossi',
  };
  for (const m of demoMessages) {
    const uuid = newId();
    const at = new Date(today.getTime() - m.daysAgo * 86_400_000).toISOString();
    const sender = uid(m.from);
    const to = m.to;
    const everyone = to === 'tutti i posatori';
    const chosen = everyone
      ? [{ id: 'g:posatori', label: 'Tutti i posatori' }]
      : to.map((who) => ({ id: uid(who), label: labels[who] }));
    await insertMessage(db, {
      uuid,
      sender,
      oggetto: m.oggetto,
      content: m.content,
      dest: chosen.map((c) => c.label).join(', '),
      dests: JSON.stringify(chosen),
      now: at,
    });
    const accounts: AccountsQuery = everyone
      ? db.selectFrom('posatori').select('user_uuid').where('user_uuid', 'is not', null)
      : db
          .selectFrom('users')
          .select('users.uuid as user_uuid')
          .where(
            'users.uuid',
            'in',
            chosen.map((c) => c.id),
          );
    await addRecipients(db, { uuid, sender, createdAt: at }, [accounts]);
    if (everyone) {
      // Most installers of the network have read the circular; the demo installer has not.
      await db
        .updateTable('message_recipients')
        .set({ read_at: at })
        .where('message_uuid', '=', uuid)
        .where('user_uuid', '<>', uid('posatore'))
        .execute();
    }
    for (const who of m.readBy ?? []) {
      await db
        .updateTable('message_recipients')
        .set({ read_at: at })
        .where('message_uuid', '=', uuid)
        .where('user_uuid', '=', uid(who))
        .execute();
    }
  }
}
