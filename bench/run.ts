/**
 * npm run bench: measurements that must not be timed assertions in tests (the machine is shared and noisy).
 * Login cost: argon2id hashing dominates a login; this shows what one costs here.
 */
import { performance } from 'node:perf_hooks';
import { hashPassword, verifyPassword } from '../apps/server/src/lib/passwords.ts';

const runs = 20;
const stored = await hashPassword('portale-demo');
const started = performance.now();
for (let i = 0; i < runs; i++) await verifyPassword(stored, 'portale-demo');
const ms = (performance.now() - started) / runs;
console.log(`argon2id verify: ${ms.toFixed(1)} ms per login (media su ${runs})`);
