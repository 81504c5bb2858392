import { fuzzWriteRoutes } from './fuzz-run.ts';

/** Partners and their payments, area managers, resellers. */
fuzzWriteRoutes('registries');
