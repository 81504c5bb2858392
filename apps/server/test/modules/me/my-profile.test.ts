import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, loginEveryRole } from '../../helpers.ts';
import { imageForm } from '../../multipart.ts';

let ctx: TestContext;
let admin: string;
let capoarea: string;
let rivenditore: string;
let posatore: string;
let png: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  [admin, capoarea, rivenditore, posatore] = await loginEveryRole(ctx.app);
  png = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#2266aa' } })
    .png()
    .toBuffer();
});
afterAll(() => ctx.close());

const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: unknown, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const mine = async (cookie: string) => {
  const res = await get('/api/myprofile', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const uploadMine = (cookie: string) => {
  const form = imageForm(png, 'me.png', 'image/png');
  return ctx.app.inject({
    method: 'POST',
    url: '/api/savemyimg/profile',
    payload: form.payload,
    headers: { ...form.headers, cookie },
  });
};

describe('/api/myprofile', () => {
  it('needs a session; installers keep their own form at /api/posatori/{uuid}', async () => {
    expect((await get('/api/myprofile')).statusCode).toBe(401);
    expect((await post('/api/myprofile', {})).statusCode).toBe(401);
    expect((await get('/api/myprofile', posatore)).statusCode).toBe(403);
    expect((await post('/api/myprofile', {}, posatore)).statusCode).toBe(403);
  });

  it('admin: reads and saves their own record; the avatar shows it at once', async () => {
    const me = await mine(admin);
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
    const res = await post('/api/myprofile', { ...me, name: 'Lauretta', username: 'root', stato: 'disabled' }, admin);
    expect(res.json()).toEqual({ res: 'OK' });
    expect(await mine(admin)).toMatchObject({ name: 'Lauretta', username: 'admin', stato: 'active' });
    expect((await get('/api/avatar', admin)).json().name).toBe('Lauretta Amministratrice');
    expect((await get('/api/me', admin)).json()).toMatchObject({ name: 'Lauretta', username: 'admin' });
    const bad = await post('/api/myprofile', { ...me, email: 'non-valida' }, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      res: 'KO',
      reason: 'Attenzione, correggere i campi segnalati',
      fields: { email: 'Indirizzo e-mail non valido' },
    });
    expect((await post('/api/myprofile', { name: 'Solo nome' }, admin)).statusCode).toBe(400);
  });

  it('area manager: the current user’s record with provinces; saving keeps provinces, username and stato', async () => {
    const me = await mine(capoarea);
    expect(me).toMatchObject({ role: 'capoarea', name: 'Giorgio', username: 'capoarea', provs: ['BG', 'BS', 'MI'] });
    expect((await get('/api/me', capoarea)).json().uuid).toBe(me.uuid);
    const res = await post(
      '/api/myprofile',
      { ...me, lastname: 'Valli Rossi', phone: '02 1234567', provs: ['RM', 'NA'], stato: 'active' },
      capoarea,
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await mine(capoarea);
    expect(after).toMatchObject({ lastname: 'Valli Rossi', phone: '02 1234567', provs: ['BG', 'BS', 'MI'] });
    expect(after.ragsoc).toBe('Giorgio Valli Rossi');
    expect((await get('/api/avatar', capoarea)).json().name).toBe('Giorgio Valli Rossi');
    expect((await get('/api/me', capoarea)).json()).toMatchObject({ lastname: 'Valli Rossi', phone: '02 1234567' });
    // Still the same reach: the provinces are the admin's.
    expect((await get('/api/partner_ca?state=RM', capoarea)).json().reccount).toBe(
      (await get('/api/partner?state=RM&size=200', capoarea)).json().reccount,
    );
    const bad = await post('/api/myprofile', { ...me, cap: '123' }, capoarea);
    expect(bad.json()).toEqual({
      res: 'KO',
      reason: 'Il CAP deve essere di 5 cifre',
      fields: { cap: 'Il CAP deve essere di 5 cifre' },
    });
  });

  it('reseller: saves their own record; code, area manager and provinces stay the admin’s', async () => {
    const me = await mine(rivenditore);
    expect(me).toMatchObject({ role: 'rivenditori', ragsoc: 'Ceramiche Lombarde S.r.l.', code: 'RIV001' });
    const res = await post(
      '/api/myprofile',
      { ...me, website: 'www.ceramichelombarde.it', code: 'HACK', capoarea: '', provs: ['EE'] },
      rivenditore,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await mine(rivenditore)).toMatchObject({
      website: 'www.ceramichelombarde.it',
      code: 'RIV001',
      capoarea: me.capoarea,
      provs: ['MB', 'MI'],
    });
    expect((await post('/api/myprofile', { ...me, lastname: '' }, rivenditore)).json()).toMatchObject({
      reason: 'Campo obbligatorio',
      fields: { lastname: 'Campo obbligatorio' },
    });
  });

  it('the own profile image goes through /api/savemyimg/profile and shows in the record and the avatar', async () => {
    for (const cookie of [admin, capoarea, rivenditore]) {
      const res = await uploadMine(cookie);
      expect(res.statusCode, res.body).toBe(200);
      const url: string = res.json().path;
      expect((await mine(cookie)).img).toBe(url);
      expect((await get('/api/avatar', cookie)).json().img).toBe(url);
    }
  });
});
