import fs from 'node:fs';
import type { BenchLogin } from './requests.ts';

/**
 * The spreadsheet exports (issue 10: 100,000 installers with their coupon figures in at most 3 s and 250 MB):
 * each is downloaded once, whole, and timed from the request to the last byte, while the server's resident memory
 * is sampled every 20 ms (Linux /proc) for its peak during the download.
 */
export type ExportBench = { name: string; path: string; as: BenchLogin };

export const benchExports: ExportBench[] = [
  { name: 'export anagrafica (tutti)', path: '/api/export', as: 'admin' },
  { name: 'export coupon (tutti)', path: '/api/exports/puntiriv', as: 'admin' },
  { name: 'export log coupon provincia MI', path: '/api/exports/punti?state=MI', as: 'admin' },
  { name: 'exportrivenditori (capoarea)', path: '/api/exportrivenditori', as: 'capoarea' },
];

function rssMb(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

export type ExportMeasure = {
  name: string;
  path: string;
  ms: number;
  bytes: number;
  rssBeforeMb: number;
  rssPeakMb: number;
};

export async function measureExport(url: string, cookie: string | undefined, pid: number | undefined, name: string) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    const now = rssMb(pid);
    if (now > peak) peak = now;
  }, 20);
  const start = performance.now();
  try {
    const res = await fetch(url, { headers: cookie ? { cookie } : {} });
    if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
    const bytes = (await res.arrayBuffer()).byteLength;
    return { ms: performance.now() - start, bytes, rssBeforeMb: before, rssPeakMb: peak };
  } finally {
    clearInterval(sampler);
  }
}
