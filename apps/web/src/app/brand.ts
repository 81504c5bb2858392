/**
 * Brand colours, also used by the logo: slate blue tiles with a red accent tile. Read by the MUI theme and by the
 * installable app's manifest (vite.config.ts), which must not load MUI to know them.
 */
export const brand = {
  slate: '#1e3a5f',
  red: '#c62828',
  /** The page background behind the screens (the theme's background.default). */
  page: '#f4f6f9',
} as const;
