import { can, type Capability } from '@portal/shared/permissions';
import type { Role } from '@portal/shared/roles';

/**
 * Who asks: the logged-in person as every service sees them. The session's AuthContext is one, so a route passes
 * `authOf(request)` as it is; tests and background work build one from an account's uuid and roles.
 */
export type Viewer = { readonly userUuid: string; readonly roles: readonly Role[] };

export const has = (viewer: Viewer, role: Role): boolean => viewer.roles.includes(role);

/** The role x capability table (permissions.ts) asked for this viewer. */
export const allows = (viewer: Viewer, capability: Capability): boolean => can(viewer.roles, capability);
