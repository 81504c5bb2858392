import type { Role } from './roles.ts';

/**
 * The single role x capability table (spec section 6). Server guards and client menus read it;
 * row-level scope (which installers a capoarea sees, ...) lives in the server's visibility helpers.
 */
export const capabilities = {
  'registries.manage': ['admin'], // area managers, resellers, coupon types, imports, statistics
  'passwords.reset': ['admin'], // reset / activation e-mails, mass activation
  'posatori.view': ['admin', 'capoarea', 'rivenditori'],
  'posatori.edit': ['admin', 'capoarea'],
  'posatori.delete': ['admin', 'capoarea'],
  'posatori.diisocianati': ['admin', 'capoarea'],
  'posatori.images': ['admin', 'capoarea'], // another installer's image and gallery; never a reseller
  'posatori.area': ['capoarea'], // the area manager's own list (/api/posatori4ca)
  'posatori.reseller': ['rivenditori'], // the reseller's own list and home (/api/posatori4ri, _home)
  'partners.view': ['admin', 'capoarea', 'rivenditori'],
  'partners.edit': ['admin', 'capoarea'],
  'partners.payments': ['admin', 'capoarea'],
  'capoarea.view': ['admin'],
  'rivenditori.view': ['admin', 'capoarea'],
  'coupons.edit': ['admin'],
  'coupons.view': ['admin', 'capoarea', 'posatore'],
  'coupons.redeem': ['rivenditori'],
  'exports.run': ['admin', 'capoarea', 'rivenditori'],
  'messages.send': ['admin', 'capoarea', 'rivenditori'],
  'messages.read': ['admin', 'capoarea', 'rivenditori', 'posatore'],
  'documents.manage': ['admin'],
  'documents.read': ['admin', 'capoarea', 'rivenditori', 'posatore'],
  'profile.own': ['admin', 'capoarea', 'rivenditori', 'posatore'],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof capabilities;

export function can(userRoles: readonly Role[], capability: Capability): boolean {
  const allowed: readonly Role[] = capabilities[capability];
  return userRoles.some((r) => allowed.includes(r));
}
