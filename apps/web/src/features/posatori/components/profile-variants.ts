import type { GalleryPath } from '../../images/api/get-gallery.ts';
import type { ProfileImagePath } from '../../images/api/upload-profile-image.ts';

/**
 * The installer profile screens: the admin's edit (rules off), the area manager's, the
 * reseller's read-only view and the installer's own (the qualification-read-only variant).
 */
export type ProfileVariant = 'admin' | 'capoarea' | 'rivenditori' | 'self';

export type VariantSetup = {
  /** The admin edit has its rules switched off; types and sizes are still checked. */
  rules: boolean;
  readOnly: boolean;
  /**
   * Qualification, certificate, last course date and the capoarea / rivenditore references are the registry's and
   * the manufacturer's records: read-only on the installer's own profile.
   */
  registryReadOnly: boolean;
  /** Only admin and capoarea see and edit the diisocyanate flag. */
  diisocianati: boolean;
  /** The admin's: code and company editable, suspension and login switch in the side panel. */
  manage: boolean;
  /** Every save but the admin's confirms with 'Dati Salvati'. */
  confirmSave: boolean;
  /**
   * One's own profile: a new e-mail waits for the link sent to it (the server keeps the address in use), so after a
   * save the form goes on showing the address in use, and the notice above it the one waiting.
   */
  ownAddress: boolean;
  /** The list the screen belongs to: its back button, and for the area manager the place to go after saving. */
  listPath: string | null;
  backAfterSave: boolean;
  /** Where the profile image goes; null: the viewer may not change it (the reseller). */
  imagePath: (uuid: string) => ProfileImagePath | null;
  gallery: (uuid: string) => { path: GalleryPath; editable: boolean };
};

const otherInstaller = {
  imagePath: (uuid: string): ProfileImagePath => `/api/saveimg/${uuid}/profile`,
  gallery: (uuid: string) => ({ path: `/api/posagallery/${uuid}` as const, editable: true }),
};

export const variantSetups: Record<ProfileVariant, VariantSetup> = {
  admin: {
    rules: false,
    readOnly: false,
    registryReadOnly: false,
    diisocianati: true,
    manage: true,
    confirmSave: false,
    ownAddress: false,
    listPath: '/admin/posatori',
    backAfterSave: false,
    ...otherInstaller,
  },
  capoarea: {
    rules: true,
    readOnly: false,
    registryReadOnly: false,
    diisocianati: true,
    manage: false,
    confirmSave: true,
    ownAddress: false,
    listPath: '/capoarea/posatori',
    backAfterSave: true,
    ...otherInstaller,
  },
  rivenditori: {
    rules: true,
    readOnly: true,
    registryReadOnly: true,
    diisocianati: false,
    manage: false,
    confirmSave: true,
    ownAddress: false,
    listPath: '/rivenditori/posatori',
    backAfterSave: false,
    // A reseller changes neither the image nor the gallery of an installer.
    imagePath: () => null,
    gallery: (uuid) => ({ path: `/api/posagallery/${uuid}`, editable: false }),
  },
  self: {
    rules: true,
    readOnly: false,
    registryReadOnly: true,
    diisocianati: false,
    manage: false,
    confirmSave: true,
    ownAddress: true,
    listPath: null,
    backAfterSave: false,
    imagePath: () => '/api/savemyimg/profile',
    gallery: () => ({ path: '/api/mygallery', editable: true }),
  },
};
