import { z } from 'zod';

/** Zod's own messages in Italian, for the rare issue without a message of ours. Import once at start-up. */
z.config(z.locales.it());
