/** The page a reset or activation link opens, with its token. */
export const resetLink = (publicUrl: string, token: string) => `${publicUrl}/resetpwd/${token}`;

/** The page the link of an own e-mail change opens, with its token. */
export const emailConfirmLink = (publicUrl: string, token: string) => `${publicUrl}/confermaemail/${token}`;

/**
 * The e-mail to the new address of an own change: the change happens only when its link is opened, so an address
 * typed wrong, or someone else's, never becomes the account's login.
 */
export function emailConfirmMail(username: string, link: string): { subject: string; text: string } {
  const text = [
    'Gentile utente,',
    '',
    `è stato chiesto di usare questo indirizzo per l'account "${username}" sul Portale Posatori. Per confermarlo apri questo link:`,
    '',
    link,
    '',
    'Il link è valido 24 ore e può essere usato una sola volta. Fino alla conferma resta valido il vecchio indirizzo.',
    'Se non hai chiesto tu il cambio puoi ignorare questa e-mail: non cambierà nulla.',
    '',
    'Portale Posatori',
  ].join('\n');
  return { subject: 'Portale Posatori - Conferma il nuovo indirizzo e-mail', text };
}

/**
 * The e-mail that carries a reset or activation link: the admin's single send, the self-service reset and the mass
 * activation write the same words.
 */
export function accountLinkMail(link: string, activation: boolean): { subject: string; text: string } {
  const validity = activation ? '72 ore' : "un'ora";
  const subject = activation ? 'Portale Posatori - Attivazione account' : 'Portale Posatori - Reimpostazione password';
  const intro = activation
    ? 'è stato creato il tuo account sul Portale Posatori. Per attivarlo scegli la tua password aprendo questo link:'
    : 'abbiamo ricevuto una richiesta di reimpostazione della password del tuo account sul Portale Posatori. Per scegliere una nuova password apri questo link:';
  const text = [
    'Gentile utente,',
    '',
    intro,
    '',
    link,
    '',
    `Il link è valido ${validity} e può essere usato una sola volta.`,
    'Se non hai richiesto tu questa operazione puoi ignorare questa e-mail: la password attuale resta valida.',
    '',
    'Portale Posatori',
  ].join('\n');
  return { subject, text };
}

const inRome = { timeZone: 'Europe/Rome' } as const;
const romeDate = new Intl.DateTimeFormat('it-IT', { ...inRome, day: '2-digit', month: '2-digit', year: 'numeric' });
const romeTime = new Intl.DateTimeFormat('it-IT', { ...inRome, hour: '2-digit', minute: '2-digit' });

/**
 * The notice to an account's previous address when another one replaces it: from then on reset links go to the new
 * one, so whoever changed it without the owner's word could take the account. It names neither the new address
 * (the old mailbox may no longer be the owner's) nor how to undo it alone: the admin can.
 */
export function emailChangedMail(username: string, at: Date): { subject: string; text: string } {
  const text = [
    'Gentile utente,',
    '',
    `l'indirizzo e-mail dell'account "${username}" sul Portale Posatori è stato cambiato il ${romeDate.format(at)} alle ${romeTime.format(at)}.`,
    'Da ora i link per reimpostare la password e le notifiche arrivano al nuovo indirizzo, non più a questo.',
    '',
    "Se il cambio l'hai fatto o chiesto tu, non serve altro.",
    "Se non ne sai nulla, avvisa subito l'amministratore del portale: potrà rimettere il tuo indirizzo e bloccare l'accesso a chi l'ha cambiato.",
    '',
    'Portale Posatori',
  ].join('\n');
  return { subject: 'Portale Posatori - Indirizzo e-mail cambiato', text };
}
