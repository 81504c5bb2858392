import type SvgIcon from '@mui/material/SvgIcon';
import type { Avatar } from '@portal/shared/schemas/me';

/** One item of an area's side menu. Menus are plain data, one file per area. */
export type MenuEntry = {
  readonly label: string;
  readonly path: string;
  readonly icon: typeof SvgIcon;
  /** Opens in a new window (target _blank), like the installer's 'Coupons'. */
  readonly newWindow?: boolean;
  /** Selected only on its own path (the area home); other items are selected by path prefix. */
  readonly exact?: boolean;
  /** Further path prefixes that belong to this item (e.g. /admin/newpartner to 'Aziende partner'). */
  readonly alsoSelects?: readonly string[];
  /** Shown only when the avatar allows it (the installer menu). */
  readonly showWhen?: 'statoOk' | 'hasCoupons';
};

function allowed(entry: MenuEntry, avatar: Avatar | undefined): boolean {
  switch (entry.showWhen) {
    case undefined:
      return true;
    case 'statoOk':
      return avatar?.stato === 'OK';
    case 'hasCoupons':
      // Only Home and the profile unless the stato is OK: the coupons too.
      return avatar?.stato === 'OK' && (avatar.ccoupon ?? 0) > 0;
  }
}

/** The items to show; while the avatar is loading, conditional items stay hidden. */
export function visibleEntries(entries: readonly MenuEntry[], avatar: Avatar | undefined): MenuEntry[] {
  return entries.filter((entry) => allowed(entry, avatar));
}

function underPath(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isSelected(entry: MenuEntry, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (entry.exact) return path === entry.path;
  return underPath(path, entry.path) || (entry.alsoSelects ?? []).some((prefix) => underPath(path, prefix));
}
