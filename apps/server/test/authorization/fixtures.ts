import sharp from 'sharp';
import type { Role } from '@portal/shared/roles';
import type { Db } from '../../src/db/database.ts';
import { simplePdf } from '../../src/lib/pdf-files.ts';
import { insertUser } from '../../src/modules/auth/users.repository.ts';
import { capoareaKeys } from '../../src/modules/capoarea/capoarea.repository.ts';
import { partnerKeys } from '../../src/modules/partners/partners.repository.ts';
import { addRecipients, insertMessage } from '../../src/modules/messages/messages.repository.ts';
import { posatoreKeys } from '../../src/modules/posatori/posatori.repository.ts';
import { noCouponTotals } from '../../src/modules/posatori/posatori.table.ts';
import { rivenditoreKeys } from '../../src/modules/rivenditori/rivenditori.repository.ts';
import { personOfUser, type TestContext, userUuidOf } from '../helpers.ts';
import { imageForm, multipart } from '../multipart.ts';

/**
 * Rows for the generated authorization tests, made fresh for every case so that a delete or a switch in one case
 * never changes another. For each role a row is one of three kinds:
 * - mine: in the role's reach, and the role may change it (the area manager's installer, the installer's own row);
 * - seen: in reach for reading only (the reseller's installers, the partners of the reseller's area);
 * - other: out of the role's reach.
 * A role without such a row for an entity has no entry: the case is skipped, and the table says why.
 */
export type RowKind = 'mine' | 'seen' | 'other';
export type Entity =
  | 'posatori'
  | 'posatoriWithAccount'
  | 'partners'
  | 'payments'
  | 'capoarea'
  | 'rivenditori'
  | 'galleryItems'
  | 'myGalleryItems'
  | 'profileFiles'
  | 'messages'
  | 'documents'
  | 'videos'
  | 'coupons'
  | 'couponTypes'
  | 'imports';

type Maker = () => Promise<string>;
export type Fixtures = Record<Entity, Partial<Record<Role, Partial<Record<RowKind, Maker>>>>>;

const now = () => new Date().toISOString();
let seq = 0;
const next = () => String(++seq).padStart(5, '0');

async function demoIds(db: Db) {
  return {
    capoarea: await personOfUser(db, 'capoarea', 'capoarea'),
    rivenditore: await personOfUser(db, 'rivenditori', 'rivenditore'),
    mario: await personOfUser(db, 'posatori', 'posatore'),
  };
}

export async function createFixtures(ctx: TestContext, adminCookie: string, posatoreCookie: string): Promise<Fixtures> {
  const { db } = ctx;
  const demo = await demoIds(db);
  const template = await db.selectFrom('posatori').selectAll().where('uuid', '=', demo.mario).executeTakeFirstOrThrow();

  /** An installer: in MI (the demo area manager's province), or in PA (out of every demo reach but the admin's). */
  const posatore = async (o: { state: 'MI' | 'PA'; capoarea?: string; rivenditore?: string; account?: boolean }) => {
    const uuid = crypto.randomUUID();
    const code = `AUT${next()}`;
    let userUuid: string | null = null;
    if (o.account) {
      const address = `${code.toLowerCase()}@esempio.it`;
      userUuid = await insertUser(
        db,
        { username: address, email: address, passwordHash: null, stato: 'requested', roles: ['posatore'] },
        now(),
      );
    }
    await db
      .insertInto('posatori')
      .values({
        ...template,
        ...posatoreKeys({ ...template, code }),
        uuid,
        user_uuid: userUuid,
        userstato: userUuid ? 'requested' : 'none',
        ...noCouponTotals,
        code,
        email: `${code.toLowerCase()}@esempio.it`,
        state: o.state,
        capoarea: o.capoarea ?? null,
        rivenditore: o.rivenditore ?? null,
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    return uuid;
  };

  const partner = async (o: { state: 'MI' | 'PA'; capoarea?: string; rivenditore?: string }) => {
    const uuid = crypto.randomUUID();
    const ragsoc = `Partner ${next()} S.r.l.`;
    await db
      .insertInto('partners')
      .values({
        uuid,
        ...partnerKeys({ ragsoc, code: '' }),
        ragsoc,
        priorita: '',
        piva: '',
        codfis: '',
        code: '',
        dtstart: '',
        dtend: '',
        address: 'Via Roma 1',
        city: o.state === 'MI' ? 'Milano' : 'Palermo',
        cap: o.state === 'MI' ? '20121' : '90133',
        state: o.state,
        phone: '',
        cell: '',
        email: '',
        website: '',
        capoarea: o.capoarea ?? null,
        rivenditore: o.rivenditore ?? null,
        img: '',
        dtrinnovo: '',
        dtscad: '',
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    return uuid;
  };

  /** A person of the admin's registries, with a login waiting for activation. */
  const person = async (table: 'capoarea' | 'rivenditori', o: { state: 'MI' | 'PA'; capoarea?: string }) => {
    const uuid = crypto.randomUUID();
    const address = `${table}${next()}@esempio.it`;
    const userUuid = await insertUser(
      db,
      { username: address, email: address, passwordHash: null, stato: 'requested', roles: [table] },
      now(),
    );
    const common = {
      uuid,
      user_uuid: userUuid,
      name: 'Prova',
      lastname: `Autorizzazioni ${next()}`,
      ragsoc: `Prova ${next()}`,
      piva: '',
      codfis: '',
      address: 'Via Roma 1',
      city: 'Milano',
      cap: '20121',
      state: o.state,
      phone: '',
      cell: '',
      email: address,
      website: '',
      img: '',
      created_at: now(),
      updated_at: now(),
    };
    if (table === 'capoarea')
      await db
        .insertInto('capoarea')
        .values({ ...common, ...capoareaKeys(common) })
        .execute();
    else
      await db
        .insertInto('rivenditori')
        .values({ ...common, ...rivenditoreKeys({ ...common, code: '' }), code: '', capoarea: o.capoarea ?? null })
        .execute();
    return uuid;
  };

  const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#36c' } })
    .jpeg()
    .toBuffer();
  const upload = async (url: string, cookie: string, form: ReturnType<typeof multipart>) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
    if (res.statusCode !== 200) throw new Error(`fixture ${url}: ${res.body}`);
    return res.json() as { path: string; name?: string };
  };
  /** An installer's gallery image, as `{uuid}/{name}`. */
  const galleryItem = async (installer: string) => {
    const { path } = await upload(`/api/posagallery/${installer}`, adminCookie, imageForm(jpeg));
    const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.[a-z]+$/, '');
    return `${installer}/${name}`;
  };
  /** A profile image's path parameters, as `{entity}/{uuid}/profile/{file}`. */
  const profileFile = async (installer: string) => {
    const { path } = await upload(`/api/saveimg/${installer}/profile`, adminCookie, imageForm(jpeg));
    return path.replace('/api/files/', '');
  };
  /** A partner's payment with its PDF, as `{partner}/{name}`. */
  const payment = async (partnerUuid: string) => {
    const pdf = multipart([
      { name: 'file', filename: 'fattura.pdf', contentType: 'application/pdf', data: simplePdf(['Fattura di prova']) },
    ]);
    const res = await upload(`/api/caricapag/${partnerUuid}`, adminCookie, pdf);
    return `${partnerUuid}/${res.name}`;
  };

  /** A message between two demo logins: the sender's 'mine', the recipient's 'seen', everybody else's 'other'. */
  const userOf = (username: string) => userUuidOf(db, username);
  const message = async (from: string, to: string) => {
    const uuid = crypto.randomUUID();
    const sender = await userOf(from);
    const recipient = await userOf(to);
    const at = now();
    await insertMessage(db, {
      uuid,
      sender,
      oggetto: `Prova ${next()}`,
      content: 'Testo',
      dest: to,
      dests: '[]',
      now: at,
    });
    await addRecipients(db, { uuid, sender, createdAt: at }, [
      db.selectFrom('users').select('users.uuid as user_uuid').where('users.uuid', '=', recipient),
    ]);
    return uuid;
  };

  /** A document uploaded by the admin and given to these groups. */
  const documentFor = async (...groups: Role[]) => {
    const form = multipart([
      { name: 'file', filename: 'listino.pdf', contentType: 'application/pdf', data: simplePdf(['Listino']) },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/docs/caricadoc',
      headers: { cookie: adminCookie, ...form.headers },
      payload: form.payload,
    });
    if (res.statusCode !== 200) throw new Error(`fixture caricadoc: ${res.body}`);
    const { uuid } = res.json() as { uuid: string };
    if (groups.length > 0) {
      const saved = await ctx.app.inject({
        method: 'POST',
        url: `/api/docs/doc/${uuid}`,
        headers: { cookie: adminCookie },
        payload: { title: 'Listino', dests: groups },
      });
      if (saved.statusCode !== 200) throw new Error(`fixture doc: ${saved.body}`);
    }
    return uuid;
  };

  /** A training video with its poster frame, given to these groups: the head of a WebM is all the server checks. */
  const videoFor = async (...groups: Role[]) => {
    const webm = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
      Buffer.from('webm', 'latin1'),
      Buffer.alloc(2000),
    ]);
    const form = multipart([
      { name: 'filename', data: 'corso.webm' },
      { name: 'file', filename: 'corso.webm', contentType: 'video/webm', data: webm },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/docs/caricadoc',
      headers: { cookie: adminCookie, ...form.headers },
      payload: form.payload,
    });
    if (res.statusCode !== 200) throw new Error(`fixture caricadoc video: ${res.body}`);
    const { uuid } = res.json() as { uuid: string };
    await upload(`/api/docs/poster/${uuid}`, adminCookie, imageForm(jpeg));
    const saved = await ctx.app.inject({
      method: 'POST',
      url: `/api/docs/doc/${uuid}`,
      headers: { cookie: adminCookie },
      payload: { title: 'Corso', dests: groups.length > 0 ? groups : ['admin'] },
    });
    if (saved.statusCode !== 200) throw new Error(`fixture video: ${saved.body}`);
    return uuid;
  };

  /** A coupon type, with no coupons until couponOf gives one. */
  /** An import record as the wizard opens it (the admin's only, like every import). */
  const importRecord = async () => {
    const uuid = crypto.randomUUID();
    const adminUser = await db
      .selectFrom('users')
      .select('uuid')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('imports')
      .values({
        uuid,
        tipo: 'posatori',
        file: `autorizzazioni-${next()}.xlsx`,
        user_uuid: adminUser.uuid,
        started_at: now(),
        updated_at: now(),
        righe: 1,
        elaborate: 0,
        nuovi: 0,
        aggiornati: 0,
        invariati: 0,
        errori: 0,
        coupon: 0,
        impcoupon: '',
        impcorso: '',
        impdtcorso: '',
      })
      .execute();
    return uuid;
  };

  const couponType = async () => {
    const uuid = crypto.randomUUID();
    await db
      .insertInto('coupon_types')
      .values({
        uuid,
        tipo: `Tipo ${next()}`,
        colore: '#1976d2',
        valore: 1000,
        ncoupon: 1,
        minima: 0,
        mesi: 12,
        descri: '',
        disattiva: 0,
        ccoupon: 0,
        created_at: now(),
      })
      .execute();
    return uuid;
  };
  /** A coupon, not redeemed, of a fresh installer. */
  const couponOf = async (posatoreUuid: string) => {
    const uuid = crypto.randomUUID();
    await db
      .insertInto('coupons')
      .values({
        uuid,
        code: `AUT${next()}`,
        posatore: posatoreUuid,
        tipo: await couponType(),
        valore: 1000,
        scadenza: '2099-12-31',
        dtesecuzione: null,
        rivenditore: null,
        created_at: now(),
      })
      .execute();
    return uuid;
  };

  const inMi = { state: 'MI' as const };
  const inPa = { state: 'PA' as const };
  const caMine = { ...inMi, capoarea: demo.capoarea };
  const rivMine = { ...inMi, rivenditore: demo.rivenditore };

  return {
    posatori: {
      admin: { mine: () => posatore(inPa) },
      capoarea: { mine: () => posatore(caMine), other: () => posatore(inPa) },
      rivenditori: { seen: () => posatore(rivMine), other: () => posatore(inMi) },
      posatore: { mine: async () => demo.mario, other: () => posatore(inMi) },
    },
    posatoriWithAccount: {
      admin: { mine: () => posatore({ ...inPa, account: true }) },
      capoarea: { mine: () => posatore({ ...caMine, account: true }) },
      rivenditori: { seen: () => posatore({ ...rivMine, account: true }) },
      posatore: { mine: async () => demo.mario },
    },
    partners: {
      admin: { mine: () => partner(inPa) },
      capoarea: { mine: () => partner(caMine), other: () => partner(inPa) },
      // The demo reseller's area is MI: a partner there is seen; one assigned to them is theirs to edit.
      rivenditori: { mine: () => partner(rivMine), seen: () => partner(inMi), other: () => partner(inPa) },
      posatore: { other: () => partner(inMi) },
    },
    payments: {
      admin: { mine: async () => payment(await partner(inPa)) },
      capoarea: { mine: async () => payment(await partner(caMine)), other: async () => payment(await partner(inPa)) },
      rivenditori: { mine: async () => payment(await partner(rivMine)) },
      posatore: { other: async () => payment(await partner(inMi)) },
    },
    capoarea: {
      admin: { mine: () => person('capoarea', inPa) },
      capoarea: { other: () => person('capoarea', inPa) },
      rivenditori: { other: () => person('capoarea', inPa) },
      posatore: { other: () => person('capoarea', inPa) },
    },
    rivenditori: {
      admin: { mine: () => person('rivenditori', inPa) },
      capoarea: {
        seen: () => person('rivenditori', { ...inPa, capoarea: demo.capoarea }),
        other: () => person('rivenditori', inPa),
      },
      rivenditori: { other: () => person('rivenditori', inMi) },
      posatore: { other: () => person('rivenditori', inMi) },
    },
    galleryItems: {
      admin: { mine: async () => galleryItem(await posatore(inPa)) },
      capoarea: {
        mine: async () => galleryItem(await posatore(caMine)),
        other: async () => galleryItem(await posatore(inPa)),
      },
      rivenditori: {
        seen: async () => galleryItem(await posatore(rivMine)),
        other: async () => galleryItem(await posatore(inMi)),
      },
      posatore: { mine: async () => galleryItem(demo.mario), other: async () => galleryItem(await posatore(inMi)) },
    },
    myGalleryItems: {
      // Only an installer has a gallery of their own; the others have no such row (403 before any lookup).
      posatore: {
        mine: async () => {
          const { path } = await upload('/api/mygallery', posatoreCookie, imageForm(jpeg));
          return path.slice(path.lastIndexOf('/') + 1).replace(/\.[a-z]+$/, '');
        },
      },
      admin: { other: async () => 'nessuna-immagine' },
      capoarea: { other: async () => 'nessuna-immagine' },
      rivenditori: { other: async () => 'nessuna-immagine' },
    },
    profileFiles: {
      admin: { mine: async () => profileFile(await posatore(inPa)) },
      capoarea: { mine: async () => profileFile(await posatore(inPa)) },
      rivenditori: { mine: async () => profileFile(await posatore(inPa)) },
      posatore: { mine: async () => profileFile(await posatore(inPa)) },
    },
    messages: {
      admin: {
        mine: () => message('admin', 'capoarea'),
        seen: () => message('capoarea', 'admin'),
        other: () => message('rivenditore', 'capoarea'),
      },
      capoarea: {
        mine: () => message('capoarea', 'admin'),
        seen: () => message('admin', 'capoarea'),
        other: () => message('admin', 'rivenditore'),
      },
      rivenditori: {
        mine: () => message('rivenditore', 'admin'),
        seen: () => message('admin', 'rivenditore'),
        other: () => message('admin', 'capoarea'),
      },
      posatore: { seen: () => message('admin', 'posatore'), other: () => message('admin', 'capoarea') },
    },
    documents: {
      admin: { mine: () => documentFor() },
      capoarea: { seen: () => documentFor('capoarea'), other: () => documentFor('posatore', 'rivenditori') },
      rivenditori: { seen: () => documentFor('rivenditori'), other: () => documentFor('capoarea') },
      posatore: { seen: () => documentFor('posatore'), other: () => documentFor('admin') },
    },
    videos: {
      admin: { mine: () => videoFor() },
      capoarea: { seen: () => videoFor('capoarea'), other: () => videoFor('posatore', 'rivenditori') },
      rivenditori: { seen: () => videoFor('rivenditori'), other: () => videoFor('capoarea') },
      posatore: { seen: () => videoFor('posatore'), other: () => videoFor('admin') },
    },
    // Only the admin changes coupons and their types; the area manager and the installer read those in reach
    // (the voucher PDF); the reseller is refused before any lookup.
    coupons: {
      admin: { mine: async () => couponOf(await posatore(inPa)) },
      capoarea: {
        mine: async () => couponOf(await posatore(caMine)),
        other: async () => couponOf(await posatore(inPa)),
      },
      rivenditori: { other: async () => couponOf(await posatore(rivMine)) },
      posatore: { mine: async () => couponOf(demo.mario), other: async () => couponOf(await posatore(inMi)) },
    },
    couponTypes: {
      admin: { mine: couponType },
      capoarea: { other: couponType },
      rivenditori: { other: couponType },
      posatore: { other: couponType },
    },
    imports: {
      admin: { mine: importRecord },
      capoarea: { other: importRecord },
      rivenditori: { other: importRecord },
      posatore: { other: importRecord },
    },
  };
}
