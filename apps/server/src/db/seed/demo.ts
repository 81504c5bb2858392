import type { Db } from '../database.ts';
import { todayInRome } from '../../lib/clock.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { demoContext } from './demo-context.ts';
import { seedImport } from './demo-import.ts';
import { seedPartners, type Receipt } from './demo-partners.ts';
import { seedPosatori } from './demo-posatori.ts';
import { seedRegistry } from './demo-registry.ts';
import { seedDocuments } from './documents.ts';
import { seedDemoGallery } from './demo-gallery.ts';
import type { PosatoriTable } from '../../modules/posatori/posatori.table.ts';
import { seedMessages } from './messages.ts';
import { rng } from './random.ts';
import { activePeople, seedUsageHistory } from './usage.ts';

export const DEMO_PASSWORD = 'portale-demo';

/** Days of made-up usage history before today (the statistics' logins, downloads and reads). */
export const DEMO_USAGE_DAYS = 90;

/**
 * Who shows 'Realizzazioni' on the public locator: the demo installer (seeded first) and the first other installer
 * the locator lists (certified first, then by name) who can be written to, so its first page has a gallery too.
 */
function publishedWithGallery(posatori: readonly PosatoriTable[]): string[] {
  const [demo, ...others] = posatori;
  const first = others
    .filter((p) => p.web === 1 && p.stato === 'OK' && p.userstato === 'active')
    .sort(
      (a, b) =>
        b.certificato - a.certificato ||
        a.lastname_key.localeCompare(b.lastname_key) ||
        a.name_key.localeCompare(b.name_key) ||
        a.uuid.localeCompare(b.uuid),
    )[0];
  return [demo, first].flatMap((p) => (p ? [p.uuid] : []));
}

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('uuid').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Fills an empty database with a realistic Italian network, in steps: the offices (admin, area managers,
 * resellers), a few hundred installers across many provinces with their coupons, an import, messages, documents,
 * partner companies with their payments, and the usage history. One transaction; each step's data is the same on
 * every machine. The files (payment receipts, documents, the demo installer's gallery) are written to the file store after the commit.
 */
export async function seedDemo(db: Db, files?: FileStore): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const receipts: Receipt[] = [];
  const documents: { key: string; bytes: Buffer }[] = [];
  const galleries: string[] = [];
  let today = new Date();
  await db.transaction().execute(async (tx) => {
    const ctx = demoContext(tx, passwordHash);
    const reg = await seedRegistry(ctx);
    const posatori = await seedPosatori(ctx, reg);
    galleries.push(...publishedWithGallery(posatori));
    today = ctx.today;
    await seedImport(tx, reg.adminUser, posatori, ctx.today);
    await seedMessages(tx, ctx.today);
    documents.push(...(await seedDocuments(tx, ctx.today)));
    receipts.push(...(await seedPartners(tx, reg, !!files)));
    // The statistics' usage (/admin/sessions), from its own sequence.
    await seedUsageHistory(
      await activePeople(tx),
      { today: todayInRome(ctx.today), days: DEMO_USAGE_DAYS, random: rng(20261126), busy: 1.5 },
      async (rows) => void (await tx.insertInto('usage_days').values(rows).execute()),
    );
  });
  for (const r of receipts) await files?.put(r.key, r.pdf);
  for (const d of documents) await files?.put(d.key, d.bytes);
  for (const uuid of galleries) if (files) await seedDemoGallery(files, uuid, today);
}
