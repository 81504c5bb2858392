import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { addMinutes, nowIso } from '../../../src/lib/clock.ts';
import { MESSAGES_PER_MINUTE, RECIPIENTS_PER_HOUR } from '../../../src/modules/messages/send-limits.ts';
import { createTestContext, type TestContext, userUuidOf } from '../../helpers.ts';
import { clientOf, loginAs, type ApiClient, type RoleClients } from '../../helpers-clients.ts';

/**
 * A reseller sent 10 messages to their installers in 0.1 s: 290 e-mails in the one queue. Each person may send
 * MESSAGES_PER_MINUTE messages a minute and reach RECIPIENTS_PER_HOUR recipients an hour; past either, a 429 with
 * the reason in Italian and Retry-After. The counts are in the database, so every instance shares them.
 */

let ctx: TestContext;
let as: RoleClients;
beforeAll(async () => {
  ctx = await createTestContext();
  as = await loginAs(ctx);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('message_sends').execute();
});

/** A message to every installer, through this app or another instance on the same database. */
const send = (client: ApiClient, oggetto = 'Promozione', app = ctx.app) =>
  clientOf(app, client.cookie).post('/api/messages/message/nuovo', {
    oggetto,
    content: 'Testo',
    dests: ['g:posatori'],
  });
const messagesBy = async (username: string) =>
  Number(
    (
      await ctx.db
        .selectFrom('messages')
        .innerJoin('users', 'users.uuid', 'messages.sender_uuid')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('users.username', '=', username)
        .executeTakeFirstOrThrow()
    ).n,
  );
const userUuid = (username: string) => userUuidOf(ctx.db, username);

describe('messages per minute', () => {
  it(`lets a person send ${MESSAGES_PER_MINUTE} a minute; the next is a 429 with the reason and Retry-After`, async () => {
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++)
      expect((await send(as.rivenditore, `Promo ${i}`)).statusCode).toBe(200);
    const before = await messagesBy('rivenditore');
    const queued = await ctx.db
      .selectFrom('mail_queue')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .execute();
    const refused = await send(as.rivenditore, 'Una di troppo');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      res: 'KO',
      reason: expect.stringMatching(
        new RegExp(
          `^Hai inviato ${MESSAGES_PER_MINUTE} comunicazioni nell’ultimo minuto, il massimo: riprova tra \\d+ second[io]$`,
        ),
      ),
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Nothing of the refused message is stored or queued.
    expect(await messagesBy('rivenditore')).toBe(before);
    expect(
      await ctx.db
        .selectFrom('mail_queue')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .execute(),
    ).toEqual(queued);
    // Another person is not held back by it.
    expect((await send(as.capoarea, 'Dal capo area')).statusCode).toBe(200);
    // A minute later the reseller writes again.
    await ctx.db
      .updateTable('message_sends')
      .set({ sent_at: addMinutes(nowIso(), -2) })
      .where('user_uuid', '=', await userUuid('rivenditore'))
      .execute();
    expect((await send(as.rivenditore, 'Di nuovo')).statusCode).toBe(200);
  });

  it('ten at once: exactly the allowed ones go through', async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => send(as.rivenditore, `Insieme ${i}`)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(MESSAGES_PER_MINUTE);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(10 - MESSAGES_PER_MINUTE);
  });

  it('is counted in the database: a second instance shares the count', async () => {
    const other = ctx.connectAgain();
    const second = await buildApp({ config: ctx.config, db: other });
    await second.ready();
    try {
      for (let i = 0; i < MESSAGES_PER_MINUTE; i++) {
        expect((await send(as.rivenditore, `Istanza ${i}`, i % 2 === 0 ? ctx.app : second)).statusCode).toBe(200);
      }
      expect((await send(as.rivenditore, 'Dalla seconda', second)).statusCode).toBe(429);
      expect((await send(as.rivenditore, 'Dalla prima')).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('a refused message does not count', async () => {
    for (let i = 0; i < MESSAGES_PER_MINUTE + 2; i++) {
      const res = await as.rivenditore.post('/api/messages/message/nuovo', {
        oggetto: '',
        content: 'x',
        dests: ['g:posatori'],
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await send(as.rivenditore)).statusCode).toBe(200);
  });
});

describe('recipients per hour', () => {
  it('refuses a message that would take a person past their recipients of the hour, saying when to retry', async () => {
    const cap = RECIPIENTS_PER_HOUR.rivenditori;
    // Half an hour ago the reseller reached all but five.
    await ctx.db
      .insertInto('message_sends')
      .values({
        uuid: crypto.randomUUID(),
        user_uuid: await userUuid('rivenditore'),
        sent_at: addMinutes(nowIso(), -30),
        recipients: cap - 5,
      })
      .execute();
    const refused = await send(as.rivenditore);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().reason).toMatch(
      new RegExp(
        `^Questa comunicazione supererebbe il limite di ${cap.toLocaleString('it-IT')} destinatari all’ora: riprova tra (29|30) minuti$`,
      ),
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(29 * 60);
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);
    // The admin writes to the whole registry in one message.
    const all = await send(as.admin, 'Circolare a tutti');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().recipients).toBeLessThanOrEqual(RECIPIENTS_PER_HOUR.admin);
  });
});
