import { sql, type Kysely } from 'kysely';

/*
 * Frozen: never edit after it has shipped; add a new migration instead.
 * Accounts and status (docs/decisions/0009-accounts-and-status.md): usernames and e-mail addresses stored trimmed and in lower case, an installer's
 * code unique when set, an index for the installer list's account filter, and profile-state labels that no longer
 * read like the account's.
 */

/** The stored form of a username or e-mail address (the app's normalizeLogin; migrations import nothing). */
const normal = (value: string) => value.trim().toLowerCase();

/** A value that collides with one already taken keeps its text, marked so that a person sees it and fixes it. */
function unique(value: string, taken: Set<string>): string {
  if (!taken.has(value)) return value;
  for (let n = 2; ; n++) {
    const marked = `${value} (doppio ${n})`;
    if (!taken.has(marked)) return marked;
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  // Usernames: trimmed and lower case, still unique. An account whose name collides after normalization could
  // never log in by that name (login normalizes what is typed and finds the other account), so the account
  // already in the normal form keeps the name and the other gets it marked '(doppio N)'.
  const users: { uuid: string; username: string; email: string; created_at: string }[] = await db
    .selectFrom('users')
    .select(['uuid', 'username', 'email', 'created_at'])
    .orderBy('created_at')
    .orderBy('uuid')
    .execute();
  const clean = users.filter((u) => u.username === normal(u.username));
  const taken = new Set(clean.map((u) => u.username));
  for (const u of users) {
    const email = normal(u.email);
    const username = u.username === normal(u.username) ? u.username : unique(normal(u.username), taken);
    taken.add(username);
    if (username !== u.username || email !== u.email) {
      await db.updateTable('users').set({ username, email }).where('uuid', '=', u.uuid).execute();
    }
  }

  // People's and partners' e-mail addresses: the same form (ASCII case folding is enough for addresses).
  for (const table of ['posatori', 'capoarea', 'rivenditori', 'admins', 'partners']) {
    await db
      .updateTable(table)
      .set({ email: sql`lower(trim(email))` })
      .where(sql`email`, '<>', sql`lower(trim(email))`)
      .execute();
  }

  // Installer codes: trimmed, and unique when set. A code held by several installers stays on the first one
  // registered; the others keep it marked '(doppio N)', visible in the list and the profile, for the admin to fix.
  await db
    .updateTable('posatori')
    .set({ code: sql`trim(code)` })
    .where(sql`code`, '<>', sql`trim(code)`)
    .execute();
  const coded: { uuid: string; code: string }[] = await db
    .selectFrom('posatori')
    .select(['uuid', 'code'])
    .where('code', '<>', '')
    .orderBy('created_at')
    .orderBy('uuid')
    .execute();
  const codes = new Set<string>();
  const all = new Set(coded.map((p) => p.code));
  for (const p of coded) {
    if (!codes.has(p.code)) {
      codes.add(p.code);
      continue;
    }
    const marked = unique(p.code, all);
    all.add(marked);
    codes.add(marked);
    await db.updateTable('posatori').set({ code: marked }).where('uuid', '=', p.uuid).execute();
  }
  // Beside posatori_code, which keeps serving the list's order by code (this one leaves the empty codes out).
  await db.schema
    .createIndex('posatori_code_unique')
    .on('posatori')
    .column('code')
    .unique()
    .where(sql.ref('code'), '<>', '')
    .execute();

  // Profile states: 'Attivo' was also the account's word, so one list filter seemed to select the other's rows.
  for (const [value, label] of [
    ['OK', 'In regola'],
    ['INCOMPLETO', 'Incompleto'],
    ['SOSPESO', 'Sospeso'],
  ] as const) {
    await db.updateTable('combos').set({ label }).where('combo', '=', 'cbostato').where('value', '=', value).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [value, label] of [
    ['OK', 'Attivo'],
    ['INCOMPLETO', 'Profilo incompleto'],
    ['SOSPESO', 'Sospeso'],
  ] as const) {
    await db.updateTable('combos').set({ label }).where('combo', '=', 'cbostato').where('value', '=', value).execute();
  }
  await db.schema.dropIndex('posatori_code_unique').execute();
}
