/**
 * The notice the login page shows once after a session expired ('Sessione scaduta, ...'). The role areas and the
 * login page are two entries of the app (docs/decisions/0008) and going from one to the other reloads the page, so
 * the notice travels in sessionStorage: this tab only, read once.
 */
const key = 'portale.notice';

export function leaveNotice(text: string): void {
  try {
    sessionStorage.setItem(key, text);
  } catch {
    // Storage disabled (private mode): the login page simply shows no notice.
  }
}

export function takeNotice(): string | null {
  try {
    const text = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    return text;
  } catch {
    return null;
  }
}
