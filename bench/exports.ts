import fs from 'node:fs';
import type { BenchLogin } from './requests.ts';

/**
 * The spreadsheet exports (100,000 installers with their coupon figures in at most 3 s and 250 MB):
 * each is downloaded once, whole, and timed from the request to the last byte, while the server's resident memory
 * is sampled every 20 ms (Linux /proc) for its peak during the download. The memory an export takes is the growth
 * of the server's private memory from before it to its peak (what the server held before is not the export's:
 * the heap of a server that just answered the load lines, SQLite's page cache).
 */
export type ExportBench = { name: string; path: string; as: BenchLogin; target?: { ms: number; growthMb: number } };

/** The target for the whole registry, met by the stress network and by its double (`--scale 2`). */
const REGISTRY_TARGET = { ms: 3_000, growthMb: 250 };

export const benchExports: ExportBench[] = [
  { name: 'export anagrafica (tutti)', path: '/api/export', as: 'admin', target: REGISTRY_TARGET },
  { name: 'export coupon (tutti)', path: '/api/exports/puntiriv', as: 'admin' },
  { name: 'export log coupon provincia MI', path: '/api/exports/punti?state=MI', as: 'admin' },
  { name: 'exportrivenditori (capoarea)', path: '/api/exportrivenditori', as: 'capoarea' },
  { name: 'export statistiche 90 giorni', path: '/api/exports/sessions?dal=2026-08-25&al=2026-11-23', as: 'admin' },
];

/**
 * A process's resident memory in MB (VmRSS), and the private part of it (RssAnon: heap, SQLite's page cache,
 * buffers). The rest is mostly the database file's pages read through SQLite's memory map: the kernel's file cache,
 * shared and dropped under pressure, which grows with the pages an export reads whatever it keeps.
 */
function rssMb(pid: number | undefined): { total: number; anon: number } {
  if (!pid) return { total: Number.NaN, anon: Number.NaN };
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]);
    return { total: kb('VmRSS') / 1024, anon: kb('RssAnon') / 1024 };
  } catch {
    return { total: Number.NaN, anon: Number.NaN };
  }
}

/** Samples a process's resident memory every 20 ms until stop(), which answers the peak (anonPeak: its private part). */
function rssSampler(pid: number | undefined): {
  before: number;
  anonBefore: number;
  stop: () => number;
  anonPeak: () => number;
} {
  const first = rssMb(pid);
  let peak = first.total;
  let anonPeak = first.anon;
  const timer = setInterval(() => {
    const now = rssMb(pid);
    if (now.total > peak) peak = now.total;
    if (now.anon > anonPeak) anonPeak = now.anon;
  }, 20);
  return {
    before: first.total,
    anonBefore: first.anon,
    stop: () => {
      clearInterval(timer);
      return peak;
    },
    anonPeak: () => anonPeak,
  };
}

export type ExportMeasure = {
  name: string;
  path: string;
  /** Against the export's target, if it has one. */
  verdict: string;
  ms: number;
  bytes: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  anonBeforeMb: number;
  anonPeakMb: number;
};

/** Whether an export met its target: '' without one. */
export function exportVerdict(e: ExportBench, m: { ms: number; anonBeforeMb: number; anonPeakMb: number }): string {
  if (!e.target) return '';
  const ok = m.ms <= e.target.ms && m.anonPeakMb - m.anonBeforeMb <= e.target.growthMb;
  return `${ok ? 'ok' : 'NO'} (≤ ${e.target.ms} ms, ≤ ${e.target.growthMb} MB)`;
}

export async function measureExport(url: string, cookie: string | undefined, pid: number | undefined, name: string) {
  const rss = rssSampler(pid);
  const start = performance.now();
  try {
    const res = await fetch(url, { headers: cookie ? { cookie } : {} });
    if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
    const bytes = (await res.arrayBuffer()).byteLength;
    const rssPeakMb = rss.stop();
    return {
      ms: performance.now() - start,
      bytes,
      rssBeforeMb: rss.before,
      rssPeakMb,
      anonBeforeMb: rss.anonBefore,
      anonPeakMb: rss.anonPeak(),
    };
  } finally {
    rss.stop();
  }
}

export type MassActivationMeasure = {
  ms: number;
  candidati: number;
  accodati: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  run: string;
};

/**
 * Mass activation: one press over the whole registry, timed from the POST until the press has made its
 * accounts, links and queued e-mails (the sending itself is paced by the mail server, not measured). The first run
 * on a fresh stress database creates the accounts of the installers without one; later runs measure a press that
 * finds every link still valid.
 */
export async function measureMassActivation(
  base: string,
  cookie: string | undefined,
  pid: number | undefined,
): Promise<MassActivationMeasure> {
  const headers = { cookie: cookie ?? '', 'content-type': 'application/json' };
  const rss = rssSampler(pid);
  const start = performance.now();
  try {
    const res = await fetch(`${base}/api/sendmassive`, { method: 'POST', headers, body: '{}' });
    if (!res.ok) throw new Error(`sendmassive: HTTP ${res.status}`);
    for (;;) {
      const { run } = (await (await fetch(`${base}/api/sendmassive`, { headers })).json()) as {
        run: { uuid: string; finished_at: string; candidati: number; accodati: number };
      };
      if (run.finished_at !== '') {
        return {
          ms: performance.now() - start,
          candidati: run.candidati,
          accodati: run.accodati,
          rssBeforeMb: rss.before,
          rssPeakMb: rss.stop(),
          run: run.uuid,
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    rss.stop();
  }
}
