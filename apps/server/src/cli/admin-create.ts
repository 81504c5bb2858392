import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { loginTaken } from '../modules/auth/accounts.service.ts';
import { loginInUse, insertUser } from '../modules/auth/users.repository.ts';
import { passwordProblem } from '@portal/shared/password-strength';
import { hashPassword } from '../lib/passwords.ts';
import { newId } from '../lib/tokens.ts';
import { nowIso } from '../lib/clock.ts';
import { isValidEmail, normalizeLogin } from '@portal/shared/validation/common';

/**
 * Creates an administrator: the way production gets its first admin (demo data never runs there).
 * npm run admin:create -- --username mario --email mario@example.com [--name Mario --lastname Rossi]
 * The password is read from ADMIN_PASSWORD or asked on the terminal.
 */
const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string', default: '' },
    lastname: { type: 'string', default: '' },
  },
});

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

const username = normalizeLogin(values.username ?? (await ask('Nome utente: ')));
const email = normalizeLogin(values.email ?? (await ask('Email: ')));
const password = process.env.ADMIN_PASSWORD ?? (await ask('Password (almeno 8 caratteri): '));
if (!isValidEmail(email) || !username) {
  console.error('Nome utente ed email validi sono obbligatori.');
  process.exit(2);
}
const problem = passwordProblem(password, [username, email, values.name, values.lastname]);
if (problem) {
  console.error(problem);
  process.exit(2);
}

const config = loadConfig();
const { db } = await openDatabase(config);
const taken = `Esiste già un utente con il nome ${username} o l'email ${email}.`;
try {
  // Each address logs in one account: a username or an e-mail another account has would take its login.
  if ((await loginInUse(db, username)) || (await loginInUse(db, email))) {
    console.error(taken);
    process.exitCode = 2;
  } else {
    const now = nowIso();
    const passwordHash = await hashPassword(password);
    const created = await db
      .transaction()
      .execute(async (tx) => {
        const userUuid = await insertUser(
          tx,
          { username, email, passwordHash, stato: 'active', roles: ['admin'] },
          now,
        );
        await tx
          .insertInto('admins')
          .values({
            uuid: newId(),
            user_uuid: userUuid,
            name: values.name,
            lastname: values.lastname,
            email: normalizeLogin(email),
            phone: '',
            img: '',
            created_at: now,
            updated_at: now,
          })
          .execute();
        return true;
      })
      // A save that gave another account one of the two addresses since the check.
      .catch((err: unknown) => {
        if (loginTaken(err)) return false;
        throw err;
      });
    if (created) console.log(`Amministratore ${username} creato.`);
    else {
      console.error(taken);
      process.exitCode = 2;
    }
  }
} finally {
  await db.destroy();
}
