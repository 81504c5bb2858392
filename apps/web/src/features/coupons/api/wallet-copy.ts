import type { CouponsPage } from '@portal/shared/schemas/coupons';

/**
 * The copy of an installer's coupon wallet this browser keeps, so that the 'Coupons' window opens without a network
 * (docs/decisions/0030-installable-app-and-offline-wallet.md). One person's copy at most: it names its owner, saving
 * another person's replaces it, a logout removes it, and a login of somebody else removes it
 * (ForgetOtherWallets). Kept in localStorage: a few kB, read before anything else has loaded, and no other code
 * of the app reads it. No zod here: the offline window loads without the role areas' libraries.
 */
export type WalletCopy = {
  /** The installer's uuid (GET /api/me). */
  owner: string;
  /** When the list was read from the server, ISO 8601. */
  savedAt: string;
  coupons: CouponsPage;
};

const key = 'portale.wallet';

function looksLikeCopy(value: unknown): value is WalletCopy {
  if (typeof value !== 'object' || value === null) return false;
  const copy = value as Partial<WalletCopy>;
  return (
    typeof copy.owner === 'string' &&
    typeof copy.savedAt === 'string' &&
    typeof copy.coupons === 'object' &&
    copy.coupons !== null &&
    Array.isArray(copy.coupons.data) &&
    typeof copy.coupons.totals === 'object'
  );
}

/** The kept copy, whoever it belongs to; null when there is none (or storage is off, or it is unreadable). */
export function readWallet(): WalletCopy | null {
  try {
    const text = localStorage.getItem(key);
    if (text === null) return null;
    const value: unknown = JSON.parse(text);
    return looksLikeCopy(value) ? value : null;
  } catch {
    return null;
  }
}

/** The kept copy only when it is this person's. */
export function readWalletOf(owner: string): WalletCopy | null {
  const copy = readWallet();
  return copy && copy.owner === owner ? copy : null;
}

export function saveWallet(copy: WalletCopy): void {
  try {
    localStorage.setItem(key, JSON.stringify(copy));
  } catch {
    // Storage full or disabled (private mode): the window still works online, only not offline.
  }
}

export function forgetWallet(): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept either.
  }
}

/** Somebody else signed in on this browser: the previous person's coupons go. */
export function forgetWalletUnlessOwner(person: string): void {
  const copy = readWallet();
  if (copy && copy.owner !== person) forgetWallet();
}
