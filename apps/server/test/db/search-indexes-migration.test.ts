import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { searchTitles } from '../../src/modules/documents/documents.repository.ts';
import { searchFolders } from '../../src/modules/messages/message-search.repository.ts';
import { createTestContext, migrateWhileOthersDrop, type TestContext } from '../helpers.ts';

/**
 * Migration 2026-11-25-17 (docs/decisions/0020): rows written before it get a folded title (documents) or a
 * subject folded again (messages had lower(), which keeps accents), and the trigram search finds them.
 */

type OldTables = {
  users: { uuid: string; username: string; email: string; stato: string; created_at: string; updated_at: string };
  messages: {
    uuid: string;
    sender_uuid: string;
    oggetto: string;
    oggetto_key: string;
    content: string;
    created_at: string;
    updated_at: string;
  };
  documents: {
    uuid: string;
    title: string;
    filename: string;
    ext: string;
    kind: string;
    size: number;
    file_key: string;
    created_at: string;
    updated_at: string;
  };
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false, migrateUpTo: '2026-11-25-16-imports' });
});
afterAll(() => ctx.close());

it('folds what is stored and indexes it', async () => {
  const db = ctx.db as unknown as Kysely<OldTables>;
  const at = '2024-01-02T10:00:00.000Z';
  const user = '00000000-0000-4000-8000-000000000001';
  await db
    .insertInto('users')
    .values({ uuid: user, username: 'mittente', email: '', stato: 'active', created_at: at, updated_at: at })
    .execute();
  await db
    .insertInto('messages')
    .values({
      uuid: '00000000-0000-4000-8000-000000000002',
      sender_uuid: user,
      oggetto: 'Novità:  Perché  Sì',
      oggetto_key: 'novità:  perché  sì',
      content: '',
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto('documents')
    .values({
      uuid: '00000000-0000-4000-8000-000000000003',
      title: 'Qualità  Già Certificata',
      filename: 'q.pdf',
      ext: 'pdf',
      kind: 'pdf',
      size: 1,
      file_key: 'documents/x/documento.pdf',
      created_at: at,
      updated_at: at,
    })
    .execute();

  await migrateWhileOthersDrop(ctx.db, ctx.schema);

  const message = await ctx.db.selectFrom('messages').select('oggetto_key').executeTakeFirstOrThrow();
  expect(message.oggetto_key).toBe('novita: perche si');
  const document = await ctx.db.selectFrom('documents').select('title_key').executeTakeFirstOrThrow();
  expect(document.title_key).toBe('qualita gia certificata');
  expect((await searchFolders(ctx.db, user, 'perché', 20)).map((m) => m.oggetto)).toEqual(['Novità:  Perché  Sì']);
  expect((await searchTitles(ctx.db, { all: true }, 'qualita', 20)).map((d) => d.title)).toEqual([
    'Qualità  Già Certificata',
  ]);
  // The triggers keep the index in step with later writes.
  await ctx.db.updateTable('documents').set({ title: 'Scheda', title_key: 'scheda' }).execute();
  expect(await searchTitles(ctx.db, { all: true }, 'qualita', 20)).toEqual([]);
  expect((await searchTitles(ctx.db, { all: true }, 'sched', 20)).map((d) => d.title)).toEqual(['Scheda']);
  await sql`delete from documents`.execute(ctx.db);
  expect(await searchTitles(ctx.db, { all: true }, 'sched', 20)).toEqual([]);
});
