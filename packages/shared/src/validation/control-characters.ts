/**
 * Control characters no text of the portal holds: the C0 set except tab, line feed and carriage return (a message
 * body has them), DEL and the C1 set. They cannot be typed, show as nothing, and some databases refuse or cut a
 * string at them (PostgreSQL's text has no NUL; SQLite's SQL parser ends a string there).
 */
const CONTROL = /(?![\t\n\r])\p{Cc}/u;
const CONTROLS = /(?![\t\n\r])\p{Cc}/gu;

export const hasControlCharacter = (text: string): boolean => CONTROL.test(text);

/** The text without them: for values read from elsewhere (a spreadsheet's cells), where they are stray bytes. */
export const withoutControlCharacters = (text: string): string => text.replace(CONTROLS, '');

export const CONTROL_CHARACTER_MSG = 'Contiene un carattere di controllo non ammesso';
