import { ZxcvbnFactory, type FeedbackType } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as italian from '@zxcvbn-ts/language-it';
import { msg } from './messages-it.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './schemas/auth-forms.ts';

/**
 * The password rule of every screen and command that sets one, the same in the browser and on the server
 * (docs/decisions/0021): 8 to 128 characters, and a strength estimate by zxcvbn-ts with the common passwords, the
 * Italian words and names, and the person's own data. The dictionaries weigh about a megabyte, so the browser
 * imports this module lazily, only on the screen that sets a password.
 */

/**
 * zxcvbn's score 3 or more: about 10^8 guesses or more ('safely unguessable' in zxcvbn's words), beyond what the
 * login throttling lets anyone try online, and slow to try offline against argon2id.
 */
export const MIN_SCORE = 3;

/** Words of the portal itself, which anyone guessing would try first. */
const portalWords = ['portale', 'posatori', 'posatore', 'piastrelle'];

let built: ZxcvbnFactory | undefined;

/** The Italian package's texts, two of them said the way a person here would say them. */
const translations = {
  ...italian.translations,
  warnings: { ...italian.translations.warnings, userInputs: 'Contiene i tuoi dati personali o il nome del portale.' },
  suggestions: { ...italian.translations.suggestions, anotherWord: 'Aggiungi altre parole poco comuni.' },
};

/** Built on first use: ranking the dictionaries takes about a tenth of a second. */
function estimator(): ZxcvbnFactory {
  built ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...italian.dictionary },
    graphs: common.adjacencyGraphs,
    translations,
  });
  return built;
}

/**
 * What the person's own data gives a guesser: each value whole, and its pieces ('mario.rossi@esempio.it' is also
 * 'mario', 'rossi' and 'esempio'), in lower case.
 */
export function personalWords(values: readonly string[]): string[] {
  const words = new Set<string>();
  for (const value of values) {
    const whole = value.trim().toLowerCase();
    if (whole === '') continue;
    words.add(whole);
    for (const piece of whole.split(/[^\p{L}\p{N}]+/u)) if (piece.length >= 3) words.add(piece);
  }
  return [...words];
}

/** zxcvbn's warning and its first suggestion, already Italian, as the rest of the reason after its colon. */
function detailOf(feedback: FeedbackType): string {
  const parts = [feedback.warning, feedback.suggestions[0]].filter((p): p is string => Boolean(p));
  const detail = parts.length > 0 ? parts.join(' ') : msg.passwordPiuLunga;
  return detail.charAt(0).toLowerCase() + detail.slice(1);
}

/**
 * The Italian reason why this password may not be used, or null when it may. personal: the person's name,
 * username and e-mail address (where known), which count against the password.
 */
export function passwordProblem(password: string, personal: readonly string[] = []): string | null {
  if (password.length < PASSWORD_MIN) return msg.passwordTroppoCorta;
  if (password.length > PASSWORD_MAX) return msg.passwordTroppoLunga;
  const result = estimator().check(password, [...portalWords, ...personalWords(personal)]);
  return result.score >= MIN_SCORE ? null : msg.passwordDebole(detailOf(result.feedback));
}
