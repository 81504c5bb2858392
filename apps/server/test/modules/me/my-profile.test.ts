import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers.ts';
import { loginAs, type ApiClient, type RoleClients } from '../../helpers-clients.ts';
import { imageForm } from '../../multipart.ts';

let ctx: TestContext;
let as: RoleClients;
let png: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
  png = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#2266aa' } })
    .png()
    .toBuffer();
});
afterAll(() => ctx.close());

const mine = async (client: ApiClient) => {
  const res = await client.get('/api/myprofile');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const uploadMine = (client: ApiClient) => {
  const form = imageForm(png, 'me.png', 'image/png');
  return ctx.app.inject({
    method: 'POST',
    url: '/api/savemyimg/profile',
    payload: form.payload,
    headers: { ...form.headers, cookie: client.cookie },
  });
};

describe('/api/myprofile', () => {
  it('needs a session; installers keep their own form at /api/posatori/{uuid}', async () => {
    expect((await as.anonymous.get('/api/myprofile')).statusCode).toBe(401);
    expect((await as.anonymous.post('/api/myprofile', {})).statusCode).toBe(401);
    expect((await as.posatore.get('/api/myprofile')).statusCode).toBe(403);
    expect((await as.posatore.post('/api/myprofile', {})).statusCode).toBe(403);
  });

  it('admin: reads and saves their own record; the avatar shows it at once', async () => {
    const me = await mine(as.admin);
    expect(me).toEqual({
      role: 'admin',
      uuid: expect.any(String),
      name: 'Laura',
      lastname: 'Amministratrice',
      email: 'admin@portale-posatori.it',
      phone: '02 5550100',
      img: '',
      username: 'admin',
      stato: 'active',
    });
    const res = await as.admin.post('/api/myprofile', { ...me, name: 'Lauretta', username: 'root', stato: 'disabled' });
    expect(res.json()).toEqual({ res: 'OK' });
    expect(await mine(as.admin)).toMatchObject({ name: 'Lauretta', username: 'admin', stato: 'active' });
    expect((await as.admin.get('/api/avatar')).json().name).toBe('Lauretta Amministratrice');
    expect((await as.admin.get('/api/me')).json()).toMatchObject({ name: 'Lauretta', username: 'admin' });
    const bad = await as.admin.post('/api/myprofile', { ...me, email: 'non-valida' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      res: 'KO',
      reason: 'Attenzione, correggere i campi segnalati',
      fields: { email: 'Indirizzo e-mail non valido' },
    });
    expect((await as.admin.post('/api/myprofile', { name: 'Solo nome' })).statusCode).toBe(400);
  });

  it('area manager: the current user’s record with provinces; saving keeps provinces, username and stato', async () => {
    const me = await mine(as.capoarea);
    expect(me).toMatchObject({ role: 'capoarea', name: 'Giorgio', username: 'capoarea', provs: ['BG', 'BS', 'MI'] });
    expect((await as.capoarea.get('/api/me')).json().uuid).toBe(me.uuid);
    const res = await as.capoarea.post('/api/myprofile', {
      ...me,
      lastname: 'Valli Rossi',
      phone: '02 1234567',
      provs: ['RM', 'NA'],
      stato: 'active',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await mine(as.capoarea);
    expect(after).toMatchObject({ lastname: 'Valli Rossi', phone: '02 1234567', provs: ['BG', 'BS', 'MI'] });
    expect(after.ragsoc).toBe('Giorgio Valli Rossi');
    expect((await as.capoarea.get('/api/avatar')).json().name).toBe('Giorgio Valli Rossi');
    expect((await as.capoarea.get('/api/me')).json()).toMatchObject({ lastname: 'Valli Rossi', phone: '02 1234567' });
    // Still the same reach: the provinces are the admin's.
    expect((await as.capoarea.get('/api/partner_ca?state=RM')).json().reccount).toBe(
      (await as.capoarea.get('/api/partner?state=RM&size=200')).json().reccount,
    );
    const bad = await as.capoarea.post('/api/myprofile', { ...me, cap: '123' });
    expect(bad.json()).toEqual({
      res: 'KO',
      reason: 'Il CAP deve essere di 5 cifre',
      fields: { cap: 'Il CAP deve essere di 5 cifre' },
    });
  });

  it('reseller: saves their own record; code, area manager and provinces stay the admin’s', async () => {
    const me = await mine(as.rivenditore);
    expect(me).toMatchObject({ role: 'rivenditori', ragsoc: 'Ceramiche Lombarde S.r.l.', code: 'RIV001' });
    const res = await as.rivenditore.post('/api/myprofile', {
      ...me,
      website: 'www.ceramichelombarde.it',
      code: 'HACK',
      capoarea: '',
      provs: ['EE'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await mine(as.rivenditore)).toMatchObject({
      website: 'www.ceramichelombarde.it',
      code: 'RIV001',
      capoarea: me.capoarea,
      provs: ['MB', 'MI'],
    });
    expect((await as.rivenditore.post('/api/myprofile', { ...me, lastname: '' })).json()).toMatchObject({
      reason: 'Campo obbligatorio',
      fields: { lastname: 'Campo obbligatorio' },
    });
  });

  it('the own profile image goes through /api/savemyimg/profile and shows in the record and the avatar', async () => {
    for (const client of [as.admin, as.capoarea, as.rivenditore]) {
      const res = await uploadMine(client);
      expect(res.statusCode, res.body).toBe(200);
      const url: string = res.json().path;
      expect((await mine(client)).img).toBe(url);
      expect((await client.get('/api/avatar')).json().img).toBe(url);
    }
  });
});
