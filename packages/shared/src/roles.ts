import { z } from 'zod';

/** Role names as the spec spells them; they are also the route prefixes of each area. */
export const roles = ['admin', 'posatore', 'capoarea', 'rivenditori'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** Landing priority after login (spec section 2 and 6): the first role the user holds wins. */
export function landingRole(userRoles: readonly Role[]): Role | undefined {
  return roles.find((r) => userRoles.includes(r));
}
