/**
 * The public screens: the login page, the password reset and the confirmation of a new e-mail address. They are served by the light public
 * entry (public-app.tsx); every other path belongs to the role areas (full-app.tsx). docs/decisions/0008.
 */
const publicPaths = [
  /^\/$/,
  /^\/recover\/?$/,
  /^\/resetted\/?$/,
  /^\/resetpwd\/[^/]+\/?$/,
  /^\/confermaemail\/[^/]+\/?$/,
];

export const isPublicPath = (pathname: string) => publicPaths.some((p) => p.test(pathname));

/** The login and recover pages send a visitor who is already logged in to their area. */
export const redirectsLoggedIn = (pathname: string) => /^\/(recover\/?)?$/.test(pathname);
