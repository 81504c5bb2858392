import type { Role } from './roles.ts';

/**
 * The single role x capability table. Server guards and client menus read it;
 * row-level scope (which installers a capoarea sees, ...) lives in the server's visibility helpers.
 */
export const capabilities = {
  'registries.manage': ['admin'], // area managers, resellers, coupon types, imports
  'passwords.reset': ['admin'], // reset / activation e-mails, mass activation
  'posatori.view': ['admin', 'capoarea', 'rivenditori'],
  'posatori.edit': ['admin', 'capoarea'],
  'posatori.delete': ['admin', 'capoarea'],
  // Suspend and reinstate an installer, disable and re-enable their login, set their code and company.
  'posatori.manage': ['admin'],
  'posatori.diisocianati': ['admin', 'capoarea'],
  'posatori.images': ['admin', 'capoarea'], // another installer's image and gallery; never a reseller
  'posatori.area': ['capoarea'], // the area manager's own list (/api/posatori4ca)
  'posatori.reseller': ['rivenditori'], // the reseller's own list and home (/api/posatori4ri, _home)
  'partners.view': ['admin', 'capoarea', 'rivenditori'],
  // Save a partner and its logo; a reseller only the partners assigned to them (row scope on the server).
  'partners.edit': ['admin', 'capoarea', 'rivenditori'],
  'partners.manage': ['admin', 'capoarea'], // create and delete partners
  'partners.payments': ['admin', 'capoarea'], // list, upload, edit, delete and download payments
  'partners.area': ['capoarea'], // the area manager's lists and home (/api/partner_ca, /api/partner_ca2)
  'partners.reseller': ['rivenditori'], // the reseller's list (/api/partner_ri)
  'capoarea.view': ['admin'],
  'rivenditori.view': ['admin', 'capoarea'], // an area manager reads the resellers in their reach
  'rivenditori.area': ['capoarea'], // the area manager's reseller list (/api/rivenditori_ca)
  'coupons.edit': ['admin'],
  'coupons.view': ['admin', 'capoarea', 'posatore'],
  'coupons.redeem': ['rivenditori'],
  'exports.run': ['admin', 'capoarea', 'rivenditori'],
  'messages.send': ['admin', 'capoarea', 'rivenditori'],
  'messages.read': ['admin', 'capoarea', 'rivenditori', 'posatore'],
  'documents.manage': ['admin'],
  'documents.read': ['admin', 'capoarea', 'rivenditori', 'posatore'],
  'profile.own': ['admin', 'capoarea', 'rivenditori', 'posatore'],
  'sessions.view': ['admin'], // the usage statistics (/admin/sessions) and their workbook
  'reports.list': ['admin'], // the list of reports (/admin/report); each PDF follows its subject's own rule
  // Erase a person's data (GDPR art. 17); each person downloads their own with 'profile.own'.
  'privacy.erase': ['admin'],
  'audit.view': ['admin'], // the audit trail (/api/audit), its 'Storico' tabs and the 'Attività' list
  'system.docs': ['admin'], // the OpenAPI document and its UI, in production
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof capabilities;

export function can(userRoles: readonly Role[], capability: Capability): boolean {
  const allowed: readonly Role[] = capabilities[capability];
  return userRoles.some((r) => allowed.includes(r));
}
