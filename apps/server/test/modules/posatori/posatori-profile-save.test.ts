import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo.ts';
import {
  as,
  ctx,
  mario,
  CORREGGERE,
  stored,
  outsider,
  insider,
  edited,
  useProfileDatabase,
} from './posatori-profile-fixtures.ts';

useProfileDatabase();

describe('POST /api/posatori/{id}: the installer themselves', () => {
  it('saves their own profile', async () => {
    const body = await edited(
      mario,
      { address: 'Via Torino 5', phone: '02 1234567', codfis: 'rssmra85t10a562s'.toUpperCase() },
      as.posatore,
    );
    expect((await as.posatore.post(`/api/posatori/${mario}`, body)).json()).toEqual({ res: 'OK' });
    expect((await stored(mario)).address).toBe('Via Torino 5');
  });

  it('cannot change registry fields nor server-owned ones', async () => {
    const before = await stored(mario);
    const other = await ctx.db
      .selectFrom('capoarea')
      .select('uuid')
      .where('uuid', '<>', before.capoarea!)
      .executeTakeFirstOrThrow();
    const body = await edited(
      mario,
      {
        tipo: before.tipo === 'MASTER' ? 'BASE' : 'MASTER',
        certificato: before.certificato !== 1,
        azienda: 'Altra Azienda',
        diisocianati: before.diisocianati !== 1,
        code: 'HACK',
        capoarea: other.uuid,
        rivenditore: '',
        stato: 'SOSPESO',
        username: 'admin',
        userstato: 'disabled',
        img: '/api/files/posatori/x/profile/y.jpg',
        coupon: 99,
        uuid: '00000000-0000-4000-8000-000000000000',
        roles: ['admin'],
        city: 'Monza',
      },
      as.posatore,
    );
    expect((await as.posatore.post(`/api/posatori/${mario}`, body)).json()).toEqual({ res: 'OK' });
    const after = await stored(mario);
    expect(after).toMatchObject({
      tipo: before.tipo,
      certificato: before.certificato,
      azienda: before.azienda,
      diisocianati: before.diisocianati,
      code: 'POS0001',
      capoarea: before.capoarea,
      rivenditore: before.rivenditore,
      stato: 'OK',
      img: before.img,
      user_uuid: before.user_uuid,
      city: 'Monza',
    });
    const user = await ctx.db
      .selectFrom('users')
      .select('username')
      .where('uuid', '=', before.user_uuid!)
      .executeTakeFirstOrThrow();
    expect(user.username).toBe('posatore');
    expect(
      await ctx.db.selectFrom('user_roles').select('role').where('user_uuid', '=', before.user_uuid!).execute(),
    ).toEqual([{ role: 'posatore' }]);
  });

  it('cannot save another installer by changing the id in the URL', async () => {
    const target = await insider();
    const before = await stored(target);
    const body = await edited(mario, { name: 'Intruso' }, as.posatore);
    const res = await as.posatore.post(`/api/posatori/${target}`, body);
    expect(res.statusCode).toBe(404);
    expect((await stored(target)).name).toBe(before.name);
  });

  it('refuses a wrong check character with the form message and the field', async () => {
    const res = await as.posatore.post(
      `/api/posatori/${mario}`,
      await edited(mario, { codfis: 'RSSMRA85T10A562X' }, as.posatore),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ res: 'KO', reason: CORREGGERE, fields: { codfis: 'Codice fiscale non valido' } });
  });

  it('accepts an omocodic form and an 11-digit code checked as a partita IVA', async () => {
    // RSSMRA85T10A562S with the last digit of the place code turned into its letter (2 -> N): check letter recomputed.
    for (const codfis of ['RSSMRA85T10A56NH', '01114601006']) {
      const res = await as.posatore.post(`/api/posatori/${mario}`, await edited(mario, { codfis }, as.posatore));
      expect(res.json(), codfis).toEqual({ res: 'OK' });
    }
    const bad = await as.posatore.post(
      `/api/posatori/${mario}`,
      await edited(mario, { codfis: '01114601007' }, as.posatore),
    );
    expect(bad.json()).toEqual({ res: 'KO', reason: CORREGGERE, fields: { codfis: 'Codice fiscale non valido' } });
  });

  it('an empty codice fiscale passes the tax-code check but the installer form requires the field', async () => {
    const res = await as.posatore.post(`/api/posatori/${mario}`, await edited(mario, { codfis: '' }, as.posatore));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ codfis: 'Campo obbligatorio' });
  });

  it('checks every rule of the spec at once', async () => {
    const res = await as.posatore.post(
      `/api/posatori/${mario}`,
      await edited(
        mario,
        {
          name: '',
          dtnasc: '',
          cap: '123',
          email: 'mario@',
          phone: '',
          cell: '',
          piva: '12345678901',
          state: '',
        },
        as.posatore,
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      res: 'KO',
      reason: CORREGGERE,
      fields: {
        name: 'Campo obbligatorio',
        dtnasc: 'Campo obbligatorio',
        cap: 'Il CAP deve essere di 5 cifre',
        email: 'Indirizzo e-mail non valido',
        piva: 'Partita IVA non valida',
        state: 'Campo obbligatorio',
        phone: 'Indicare almeno un telefono o un cellulare',
        cell: 'Indicare almeno un telefono o un cellulare',
      },
    });
  });

  it('accepts a missing lastname and only one of phone or cell', async () => {
    const res = await as.posatore.post(
      `/api/posatori/${mario}`,
      await edited(mario, { lastname: '', phone: '', cell: '333 1234567' }, as.posatore),
    );
    expect(res.json()).toEqual({ res: 'OK' });
    await as.posatore.post(
      `/api/posatori/${mario}`,
      await edited(mario, { lastname: 'Rossi', codfis: 'RSSMRA85T10A562S' }, as.posatore),
    );
  });

  it('refuses wrong types and sizes with the same message', async () => {
    for (const changes of [
      { certificato: 'si' },
      { cap: '20I21' },
      { phone: '02-ABC' },
      { name: 'x'.repeat(101) },
      { dtnasc: '10/12/1985' },
    ]) {
      const res = await as.posatore.post(`/api/posatori/${mario}`, await edited(mario, changes, as.posatore));
      expect(res.statusCode, JSON.stringify(changes)).toBe(400);
      expect(res.json().reason).toBe(CORREGGERE);
      expect(Object.keys(res.json().fields)).toEqual(Object.keys(changes));
    }
  });

  it('becomes OK once an incomplete profile passes the rules', async () => {
    const incomplete = await ctx.db
      .selectFrom('posatori')
      .innerJoin('users', 'users.uuid', 'posatori.user_uuid')
      .select(['posatori.uuid', 'users.username'])
      .where('posatori.stato', '=', 'INCOMPLETO')
      .where('users.stato', '=', 'active')
      .where('posatori.codfis', '=', '')
      .executeTakeFirstOrThrow();
    const client = await as.login(incomplete.username, DEMO_PASSWORD);
    const body = await edited(
      incomplete.uuid,
      { codfis: '01114601006', dtnasc: '1980-01-01', phone: '02 555' },
      client,
    );
    expect((await client.post(`/api/posatori/${incomplete.uuid}`, body)).json()).toEqual({ res: 'OK' });
    expect((await stored(incomplete.uuid)).stato).toBe('OK');
    expect((await client.get('/api/avatar')).json().stato).toBe('OK');
  });
});

describe('POST /api/posatori/{id}: area manager and reseller', () => {
  it('the area manager saves an installer in scope with the same rules, diisocianati included', async () => {
    const id = await insider();
    const before = await stored(id);
    const bad = await as.capoarea.post(
      `/api/posatori/${id}`,
      await edited(id, { codfis: 'RSSMRA85T10A562X' }, as.capoarea),
    );
    expect(bad.json()).toEqual({ res: 'KO', reason: CORREGGERE, fields: { codfis: 'Codice fiscale non valido' } });
    const body = await edited(
      id,
      {
        codfis: 'RSSMRA85T10A562S',
        dtnasc: '1985-12-10',
        phone: '035 123456',
        diisocianati: before.diisocianati !== 1,
        tipo: 'ESPERTO',
      },
      as.capoarea,
    );
    expect((await as.capoarea.post(`/api/posatori/${id}`, body)).json()).toEqual({ res: 'OK' });
    expect(await stored(id)).toMatchObject({ diisocianati: before.diisocianati === 1 ? 0 : 1, tipo: 'ESPERTO' });
  });

  it('the area manager cannot save outside their scope', async () => {
    const id = await outsider();
    const res = await as.capoarea.post(`/api/posatori/${id}`, await edited(id, { name: 'Fuori' }));
    expect(res.statusCode).toBe(404);
    expect((await stored(id)).name).not.toBe('Fuori');
  });

  it('the reseller reads their installers but may not save them', async () => {
    const res = await as.rivenditore.post(
      `/api/posatori/${mario}`,
      await edited(mario, { name: 'Riv' }, as.rivenditore),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ res: 'KO', reason: 'Operazione non consentita' });
    expect((await as.rivenditore.post(`/api/posatori/${await insider()}`, await edited(mario, {}))).statusCode).toBe(
      404,
    );
    expect((await stored(mario)).name).toBe('Mario');
  });

  it('answers 401 without a session', async () => {
    expect((await as.anonymous.post(`/api/posatori/${mario}`, await edited(mario, {}))).statusCode).toBe(401);
  });
});
