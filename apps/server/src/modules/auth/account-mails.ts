/** The page a reset or activation link opens, with its token. */
export const resetLink = (publicUrl: string, token: string) => `${publicUrl}/resetpwd/${token}`;

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
