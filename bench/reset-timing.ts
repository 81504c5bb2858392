/**
 * POST /auth/resetpassword for an account that exists and for a name that does not: the request path does
 * the same work for both, and the e-mail follows the reply. Over HTTP on a loopback port (BENCH_PORT, default 3402)
 * against a fresh demo database; the two kinds alternate, so a slow moment of the machine falls on both.
 */
import { performance } from 'node:perf_hooks';
import { createTestContext } from '../apps/server/test/helpers.ts';

const runs = 300;
const port = Number(process.env.BENCH_PORT ?? 3402);
const ctx = await createTestContext();
try {
  await ctx.app.listen({ port, host: '127.0.0.1' });
  const samples: Record<string, number[]> = { admin: [], 'nessuno@esempio.it': [] };
  for (let i = 0; i < runs; i++) {
    for (const [user, list] of Object.entries(samples)) {
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/auth/resetpassword`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user }),
      });
      await res.text();
      list.push(performance.now() - started);
    }
  }
  await ctx.app.background.drain();
  const summary = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return `p50 ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms (${list.length} richieste)`;
  };
  console.log(`reset request, account che esiste: ${summary(samples['admin'] ?? [])}`);
  console.log(`reset request, nome sconosciuto:   ${summary(samples['nessuno@esempio.it'] ?? [])}`);
} finally {
  await ctx.close();
}
