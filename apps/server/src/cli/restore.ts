import path from 'node:path';
import { parseArgs } from 'node:util';
import { restore, RestoreRefused } from '../backup/restore.ts';
import { loadConfig } from '../config.ts';

/**
 * npm run restore -- FILE: a backup into an empty DATA_DIR (or empty DATABASE_URL schema) and an empty file
 * store. Start the server afterwards: it migrates the restored database to the current version.
 */
const { positionals } = parseArgs({ allowPositionals: true });
const [file] = positionals;
if (!file) {
  console.error('Uso: npm run restore -- FILE.tar.gz');
  process.exit(2);
}
try {
  const manifest = await restore(loadConfig(), path.resolve(process.env.INIT_CWD ?? process.cwd(), file));
  console.log(
    `Ripristinato il backup del ${manifest.createdAt}: database ${manifest.database}, ${manifest.files.length} file`,
  );
} catch (err) {
  console.error(err instanceof RestoreRefused ? `Ripristino rifiutato: ${err.message}` : err);
  process.exit(1);
}
