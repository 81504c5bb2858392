/** Debian's Chromium for the journeys and bench:web, never a downloaded browser; CHROMIUM_PATH points elsewhere. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The machine has no network but the package registries: keep Chromium from calling home. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
