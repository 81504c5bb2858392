/**
 * Role names as the spec spells them; they are also the route prefixes of each area. Free of zod, so the login
 * page can use it without loading zod (the schema of a role is in schemas/auth.ts).
 */
export const roles = ['admin', 'posatore', 'capoarea', 'rivenditori'] as const;
export type Role = (typeof roles)[number];

/** Landing priority after login: the first role the user holds wins. */
export function landingRole(userRoles: readonly Role[]): Role | undefined {
  return roles.find((r) => userRoles.includes(r));
}
