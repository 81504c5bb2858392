import cluster from 'node:cluster';
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { poolOf, sqliteNotifications, type Notification } from '../../db/connect.ts';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { TooManyRequests } from '../../plugins/error-envelope.ts';
import { liveSessionIds } from '../auth/sessions.repository.ts';
import { decodeAnnouncement, type Announcement, type EventKind } from './event-kinds.ts';
import { channelName } from './events.repository.ts';

/**
 * The live-update streams of this process (GET /api/events) and what feeds them (docs/decisions/0029-live-updates.md).
 * Whatever changes a person's lists announces it with pg_notify in its own transaction (events.service.ts); every
 * process hears every announcement and writes an event to the streams it holds for the people named:
 * - PostgreSQL: one dedicated connection per process LISTENs on the portal's channel, so an announcement made by
 *   any instance reaches the streams of every instance;
 * - SQLite: db/connect.ts hands this process's announcements over at commit; with cluster workers, each worker
 *   passes its own to the primary, which passes them to the other workers (relayEventsBetweenWorkers).
 * A stream lives as long as its session: every heartbeat the sessions of the open streams are checked together, and
 * a 'session' announcement (a logout, an account disabled) checks that person's at once.
 */

/** The SSE comment that keeps proxies (nginx's 60 s read timeout) and the browser from dropping an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** How long the browser waits before reconnecting a dropped stream (the SSE retry field). */
export const RETRY_MS = 3_000;
/** Streams one session (one browser: one per tab) and one person may hold in a process. */
export const MAX_STREAMS_PER_SESSION = 10;
export const MAX_STREAMS_PER_PERSON = 30;
/** A client that reads nothing while this much waits for it is dropped: it reconnects and refetches. */
const MAX_BUFFERED_BYTES = 64 * 1024;
const TOO_MANY_STREAMS = 'Troppe schede aperte con gli aggiornamenti in tempo reale: chiudine qualcuna';

const RELAY = 'portale:event';
type Relayed = { type: typeof RELAY; payload: string };
const isRelayed = (m: unknown): m is Relayed =>
  typeof m === 'object' && m !== null && (m as Relayed).type === RELAY && typeof (m as Relayed).payload === 'string';

/**
 * In the cluster's primary, on SQLite: what a worker announces reaches the other workers (on PostgreSQL every worker
 * listens for itself, and this is not started).
 */
export function relayEventsBetweenWorkers(): void {
  cluster.on('message', (from, message: unknown) => {
    if (!isRelayed(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker.id !== from.id && worker.isConnected()) worker.send(message);
    }
  });
}

type Stream = { userUuid: string; sessionId: string; out: PassThrough };

export type EventHub = {
  /** A new stream for the session, already holding the retry field; 429 past the limits. */
  open(session: { userUuid: string; sessionId: string }): PassThrough;
  /** Starts hearing announcements (LISTEN on PostgreSQL) and the heartbeat. */
  start(): Promise<void>;
  /** Ends every stream (the browsers reconnect, to another instance behind a balancer): the server is closing. */
  endStreams(): void;
  /** Stops hearing and closes the listening connection. */
  stop(): Promise<void>;
  /** Open streams in this process (tests, metrics). */
  count(): number;
};

export function createEventHub(db: Db, log: FastifyBaseLogger, opts: { heartbeatMs?: number } = {}): EventHub {
  const byUser = new Map<string, Set<Stream>>();
  let stopped = false;
  let heartbeat: NodeJS.Timeout | undefined;
  let listener: pg.Client | undefined;
  let reconnect: NodeJS.Timeout | undefined;
  let unhookSqlite: (() => void) | undefined;

  const all = () => [...byUser.values()].flatMap((set) => [...set]);

  function remove(s: Stream) {
    const set = byUser.get(s.userUuid);
    set?.delete(s);
    if (set?.size === 0) byUser.delete(s.userUuid);
  }

  function write(s: Stream, text: string) {
    if (s.out.writableLength > MAX_BUFFERED_BYTES) {
      s.out.destroy();
      return;
    }
    s.out.write(text);
  }

  const send = (s: Stream, kind: EventKind | 'end') => write(s, `event: ${kind}\ndata: ${kind}\n\n`);

  /** Ends the streams whose session is no longer live (logged out, expired, account disabled). */
  async function endDeadSessions(streams: Stream[]) {
    if (streams.length === 0) return;
    const live = await liveSessionIds(db, [...new Set(streams.map((s) => s.sessionId))], nowIso());
    for (const s of streams) {
      if (live.has(s.sessionId)) continue;
      send(s, 'end');
      s.out.end();
    }
  }
  const checkSessions = (streams: Stream[]) =>
    endDeadSessions(streams).catch((err: unknown) => log.warn({ err }, 'controllo delle sessioni non riuscito'));

  function deliver(a: Announcement) {
    if (a.kind === 'session') {
      void checkSessions(a.users.flatMap((u) => [...(byUser.get(u) ?? [])]));
      return;
    }
    for (const user of a.users) for (const s of byUser.get(user) ?? []) send(s, a.kind);
  }

  function hear(payload: string) {
    const a = decodeAnnouncement(payload);
    if (a) deliver(a);
  }

  /** After the listening connection was lost, announcements may have been missed: every list is refetched. */
  function resync() {
    for (const s of all()) {
      send(s, 'messages');
      send(s, 'coupons');
    }
  }

  async function listen(pool: pg.Pool, channel: string, again: boolean) {
    const client = new pg.Client(pool.options);
    const retry = () => {
      if (stopped || listener !== client) return;
      listener = undefined;
      client.end().catch(() => {});
      reconnect = setTimeout(() => void listen(pool, channel, true), 2_000);
      reconnect.unref();
    };
    listener = client;
    client.on('error', (err) => {
      log.warn({ err }, 'connessione degli aggiornamenti in tempo reale persa: la riapro');
      retry();
    });
    client.on('end', retry);
    client.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) hear(n.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      if (again) resync();
    } catch (err) {
      log.warn({ err }, 'ascolto degli aggiornamenti in tempo reale non riuscito: riprovo');
      retry();
    }
  }

  return {
    open({ userUuid, sessionId }) {
      const mine = byUser.get(userUuid) ?? new Set<Stream>();
      const ofSession = [...mine].filter((s) => s.sessionId === sessionId).length;
      if (mine.size >= MAX_STREAMS_PER_PERSON || ofSession >= MAX_STREAMS_PER_SESSION) {
        throw new TooManyRequests(TOO_MANY_STREAMS, RETRY_MS / 1000);
      }
      const s: Stream = { userUuid, sessionId, out: new PassThrough() };
      mine.add(s);
      byUser.set(userUuid, mine);
      // Fastify destroys the stream when the browser goes away; ended or destroyed, it leaves the hub.
      s.out.on('close', () => remove(s));
      s.out.write(`retry: ${RETRY_MS}\n\n`);
      return s.out;
    },

    async start() {
      const pool = poolOf(db);
      if (pool) {
        await listen(pool, await channelName(db), false);
      } else {
        const notifications = sqliteNotifications(db);
        const onLocal = (n: Notification) => {
          hear(n.payload);
          if (cluster.isWorker && process.send) process.send({ type: RELAY, payload: n.payload } satisfies Relayed);
        };
        const onRelayed = (m: unknown) => {
          if (isRelayed(m)) hear(m.payload);
        };
        notifications?.on('notification', onLocal);
        if (cluster.isWorker) process.on('message', onRelayed);
        unhookSqlite = () => {
          notifications?.off('notification', onLocal);
          process.off('message', onRelayed);
        };
      }
      heartbeat = setInterval(() => {
        const streams = all();
        for (const s of streams) write(s, ': \n\n');
        void checkSessions(streams);
      }, opts.heartbeatMs ?? HEARTBEAT_MS);
      heartbeat.unref();
    },

    endStreams() {
      for (const s of all()) s.out.end();
    },

    async stop() {
      stopped = true;
      clearInterval(heartbeat);
      clearTimeout(reconnect);
      unhookSqlite?.();
      for (const s of all()) s.out.destroy();
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
    },

    count: () => all().length,
  };
}
