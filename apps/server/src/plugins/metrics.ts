import cluster from 'node:cluster';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { poolOf } from '../db/connect.ts';
import { laneDropped, laneWaiting } from '../db/read-lane.ts';
import { pdfDropped, pdfWaiting } from '../lib/pdf.ts';
import type { Db } from '../db/database.ts';
import { queueFigures } from '../modules/mail/mail-queue.ts';
import { HttpError } from './error-envelope.ts';

const ASK = 'portale:metrics';
const ANSWER = 'portale:metrics-reply';
type Answer = { type: typeof ANSWER; id: number; text?: string; error?: string };

/**
 * In the cluster's primary: a worker asked for GET /metrics gets the metrics of every worker, summed (counters,
 * histograms) or averaged (event-loop lag) by prom-client's AggregatorRegistry, so a scrape answered by any worker
 * sees the whole server (docs/decisions/0026-processes-and-instances.md).
 */
export function answerMetricsForWorkers(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message.type !== ASK) return;
    const reply = (a: Omit<Answer, 'type' | 'id'>) => worker.send({ type: ANSWER, id: message.id, ...a });
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (err: unknown) => reply({ error: String(err) }),
    );
  });
}

let asked = 0;
function askPrimary(): Promise<string> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onAnswer);
      reject(new Error('metriche: il processo principale non risponde'));
    }, 6_000);
    function onAnswer(message: Answer) {
      if (message.type !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onAnswer);
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(message.error ?? 'metriche non disponibili'));
    }
    process.on('message', onAnswer);
    process.send?.({ type: ASK, id });
  });
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * GET /metrics in the Prometheus text format: requests and their latency per route pattern (never the raw URL, so
 * ids do not make series), Node's own metrics with the event-loop lag, the mail queue's depth and failures, the
 * heavy work waiting for its thread, and on PostgreSQL the connection pool. With METRICS_TOKEN set, only `Authorization: Bearer <token>` reads it.
 */
export function registerMetrics(
  app: FastifyInstance,
  db: Db,
  token: string | undefined,
  listsWaiting: () => number,
): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Richieste HTTP servite, per route (modello del percorso), metodo e stato',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Durata delle richieste HTTP, per route, metodo e stato',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // Read from the database at each scrape: the same figure in every worker, so the cluster keeps one ('max').
  new Gauge({
    name: 'mail_queue_messages',
    help: 'E-mail nella coda: in attesa, in attesa dopo un tentativo fallito, fallite definitivamente',
    labelNames: ['state'],
    aggregator: 'max',
    registers: [registry],
    async collect() {
      const q = await queueFigures(db);
      this.set({ state: 'pending' }, q.pending);
      this.set({ state: 'retrying' }, q.retrying);
      this.set({ state: 'failed' }, q.failed);
    },
  });
  // Heavy work waits for its own thread or connection instead of holding up the requests (db/read-lane.ts): a queue
  // that keeps growing says the lane is too narrow for the load.
  new Gauge({
    name: 'background_queue_tasks',
    help: 'Lavori pesanti in attesa del loro turno: letture della corsia di lettura, report PDF',
    labelNames: ['queue'],
    registers: [registry],
    collect() {
      this.set({ queue: 'read_lane' }, laneWaiting(db));
      this.set({ queue: 'pdf' }, pdfWaiting());
    },
  });
  // The lists take turns on the request thread (plugins/list-turns.ts): a queue that stays long says the process
  // has more list requests than it can answer, a reason for another worker or instance.
  new Gauge({
    name: 'list_turns_waiting',
    help: 'Richieste di elenchi in attesa del loro turno sul thread delle richieste',
    registers: [registry],
    collect() {
      this.set(listsWaiting());
    },
  });
  new Counter({
    name: 'background_dropped_tasks_total',
    help: 'Lavori pesanti lasciati al loro turno perché chi li aveva chiesti aveva chiuso la richiesta',
    labelNames: ['queue'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ queue: 'read_lane' }, laneDropped(db));
      this.inc({ queue: 'pdf' }, pdfDropped());
    },
  });
  const pool = poolOf(db);
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Connessioni del pool PostgreSQL: totali, libere, richieste in attesa di una connessione',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'non trovata',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  const inCluster = cluster.isWorker;
  if (inCluster) {
    // Installs the worker's side of prom-client's aggregation, answering the primary with this registry.
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([registry]);
  }
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token !== undefined && !bearerMatches(request, token))
      throw new HttpError(401, 'Token delle metriche mancante o errato');
    const text = inCluster ? await askPrimary() : await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}
