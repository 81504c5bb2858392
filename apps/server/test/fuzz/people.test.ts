import { fuzzWriteRoutes } from './fuzz-run.ts';

/** The session, own profiles, installers, images and galleries. */
fuzzWriteRoutes('people');
