import path from 'node:path';

/** Where `npm run seed:stress` and `npm run bench` keep the SQLite stress database: ./data/stress, beside the demo. */
export const STRESS_DATA_DIR = path.resolve(import.meta.dirname, '../../../../data/stress');
