import path from 'node:path';
import { parseArgs } from 'node:util';
import { backup } from '../backup/backup.ts';
import { loadConfig } from '../config.ts';

/**
 * npm run backup -- --out FILE: the database and every stored file in one .tar.gz, while the server runs
 * (README, "Backups"). The configuration is the server's own: DATA_DIR or DATABASE_URL, FILE_STORE.
 */
const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('Uso: npm run backup -- --out FILE.tar.gz');
  process.exit(2);
}
const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
const started = Date.now();
const manifest = await backup(loadConfig(), out);
console.log(
  `Backup scritto in ${out}: database ${manifest.database}, ${manifest.files.length} file, ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
