import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold, textFilter } from '../../src/lib/text-search.ts';
import { nameField } from '../../src/modules/posatori/posatori.repository.ts';
import { createTestContext, type TestContext } from '../helpers.ts';
import { loginAs, type RoleClients } from '../helpers-clients.ts';
import { multipart } from '../multipart.ts';

/**
 * A NUL byte in a search or a subject ended in SQLite's 'unterminated string' (an FTS5 phrase, a literal spliced
 * into SQL) or PostgreSQL's 'invalid byte sequence': a 500. Control characters are refused with a 400 before any
 * query, in every parameter; tabs and line breaks stay, since a message body holds them; an import strips them.
 */

let ctx: TestContext;
let as: RoleClients;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
});
afterAll(() => ctx.close());

const refusal = (name: string) => ({
  res: 'KO',
  reason: `Parametro non valido (${name}): Contiene un carattere di controllo non ammesso`,
  fields: { [name]: 'Contiene un carattere di controllo non ammesso' },
});

describe('control characters in the query', () => {
  it.each([
    ['/api/ricerca?pricerca=abc%00', 'pricerca'],
    ['/api/posatori?name=ab%00c', 'name'],
    ['/api/posatori?code=ab%00c', 'code'],
    ['/api/partner?ragsoc=P%00Q', 'ragsoc'],
    ['/api/rivenditori?name=ab%00c', 'name'],
    ['/api/capoarea?fname=ab%00c', 'fname'],
    ['/api/dests?q=ab%00c', 'q'],
    ['/api/posatori?name=ros%07si', 'name'],
    ['/api/posatori?name=ros%1Bsi', 'name'],
    ['/api/posatori?name=ros%7Fsi', 'name'],
    ['/api/posatori?name=ros%C2%85si', 'name'],
  ])('%s: 400 with the reason in Italian, never a 500', async (url, name) => {
    const res = await as.admin.get(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(refusal(name));
  });

  it('the area manager is refused the same way', async () => {
    expect((await as.capoarea.get('/api/posatori4ca?name=ab%00c')).json()).toEqual(refusal('name'));
  });

  it('an unknown parameter holding one is refused too, named by its position', async () => {
    const res = await as.admin.get('/api/posatori?x%00y=1');
    expect(res.statusCode).toBe(400);
    expect(res.json().res).toBe('KO');
  });

  it('tabs and line breaks in a search are plain spaces', async () => {
    const res = await as.admin.get('/api/posatori?name=ros%09si');
    expect(res.statusCode).toBe(200);
  });
});

describe('control characters in a body', () => {
  it('a subject with NUL is refused before anything is stored or queued', async () => {
    const before = await ctx.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .execute();
    const res = await as.admin.post('/api/messages/message/nuovo', {
      oggetto: 'ciao\u0000mondo',
      content: 'Testo',
      dests: ['g:posatori'],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      res: 'KO',
      reason: 'Dato non valido (oggetto): Contiene un carattere di controllo non ammesso',
      fields: { oggetto: 'Contiene un carattere di controllo non ammesso' },
    });
    const after = await ctx.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .execute();
    expect(Number(after[0]?.n)).toBe(Number(before[0]?.n));
  });

  it('a control character deep in a list is named by its path', async () => {
    const res = await as.admin.post('/api/messages/message/nuovo', {
      oggetto: 'Ciao',
      content: 'Testo',
      dests: ['g:posatori', 'g:capo\u0001area'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'dests.1': 'Contiene un carattere di controllo non ammesso' });
  });

  it('a message body keeps its tabs and line breaks', async () => {
    const content = 'Prima riga\r\n\tseconda riga\n\nterza';
    const res = await as.admin.post('/api/messages/message/nuovo', {
      oggetto: 'A capo',
      content,
      dests: ['g:capoarea'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { uuid } = res.json() as { uuid: string };
    expect((await as.admin.get(`/api/messages/message/${uuid}`)).json().content).toBe(content);
  });

  it('a profile save with NUL is refused, whatever the field', async () => {
    const { uuid } = await ctx.db
      .selectFrom('posatori')
      .select('uuid')
      .where('code', '=', 'POS0001')
      .executeTakeFirstOrThrow();
    const profile = (await as.admin.get(`/api/posatori/${uuid}`)).json() as Record<string, unknown>;
    const res = await as.admin.post(`/api/posatori/${uuid}`, { ...profile, city: 'Mi\u0000lano' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual({ city: 'Contiene un carattere di controllo non ammesso' });
  });

  it('an imported row has its control characters removed: a cell is text read from a sheet', async () => {
    const res = await as.admin.post('/api/imports/azienda', {
      code: 'CTRL\u0000-01',
      ragsoc: 'Ceramiche\u000b Controllo\u0007 S.r.l.',
      city: 'Milano',
      state: 'MI',
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await ctx.db
      .selectFrom('partners')
      .select(['code', 'ragsoc'])
      .where('code', '=', 'CTRL-01')
      .executeTakeFirstOrThrow();
    expect(stored.ragsoc).toBe('Ceramiche Controllo S.r.l.');
  });

  it('an upload whose file name holds a control character is refused', async () => {
    const form = multipart([
      { name: 'file', filename: 'listino\u0000.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4') },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/docs/caricadoc',
      headers: { cookie: as.admin.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      res: 'KO',
      reason: 'Il nome del file contiene un carattere di controllo non ammesso',
    });
  });
});

describe('full-text phrases', () => {
  it('fold drops control characters and keeps tabs and line breaks as spaces', () => {
    expect(fold('Ros\u0000si\u0007')).toBe('rossi');
    expect(fold('Ros\tsi\nMario')).toBe('ros si mario');
  });

  it('a typed text with control characters or quotes never breaks the query', async () => {
    for (const typed of ['abc\u0000', 'ro"s\u0000si', '"', '""x', 'a\u0000b']) {
      const filter = textFilter(ctx.db, nameField, typed);
      const rows = await ctx.db
        .selectFrom('posatori')
        .select('uuid')
        .$if(!!filter, (q) => q.where(filter!))
        .limit(5)
        .execute();
      expect(Array.isArray(rows), typed).toBe(true);
    }
  });
});
