import { describe, expect, it } from 'vitest';
import { passwordProblem, personalWords } from '../src/password-strength.ts';

describe('passwordProblem', () => {
  it.each(['aaaaaaaa', 'abcdefgh', 'qwertyui', '11223344', 'password2', '123123123', 'juventus1897', 'benvenuto1'])(
    'refuses %s with an Italian reason from the estimate',
    (password) => {
      expect(passwordProblem(password)).toMatch(/^Password troppo facile da indovinare: \p{Ll}.*\.$/u);
    },
  );

  it("says what is wrong in zxcvbn's Italian words", () => {
    expect(passwordProblem('aaaaaaaa')).toBe(
      'Password troppo facile da indovinare: i caratteri ripetuti come "aaa" sono facili da indovinare. Aggiungi altre parole poco comuni.',
    );
  });

  it('keeps the length limits and their messages', () => {
    expect(passwordProblem('Ab3$xyz')).toBe('La password deve avere almeno 8 caratteri');
    expect(passwordProblem(`${'fughe-grigie-'.repeat(10)}x`)).toBe('La password può avere al massimo 128 caratteri');
  });

  it('accepts passphrases of uncommon words', () => {
    for (const password of ['fughe-grigie-2027', 'mattonelle-2027', 'bergamo-ceramiche-3', 'Posa-Nuova-2026!']) {
      expect(passwordProblem(password), password).toBeNull();
    }
  });

  it("counts the person's own data and the portal's name against the password", () => {
    const mario = ['posatore', 'mario.rossi@esempio.it', 'Mario', 'Rossi'];
    expect(passwordProblem('mario.rossi@esempio.it')).toBeNull();
    expect(passwordProblem('mario.rossi@esempio.it', mario)).toMatch(/contiene i tuoi dati personali/);
    expect(passwordProblem('esempio2026', mario)).toMatch(/^Password troppo facile/);
    expect(passwordProblem('portale-demo')).toMatch(/^Password troppo facile/);
  });
});

describe('personalWords', () => {
  it('gives each value whole and its pieces of three letters or more, in lower case', () => {
    expect(personalWords(['Mario.Rossi@Esempio.it', ' De Luca ', '', 'Al'])).toEqual([
      'mario.rossi@esempio.it',
      'mario',
      'rossi',
      'esempio',
      'de luca',
      'luca',
      'al',
    ]);
  });
});
