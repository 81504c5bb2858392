import { can } from '@portal/shared/permissions';
import type { PartnersSource } from '../api/get-partners.ts';

/** The three areas with partner screens. */
export type PartnerArea = 'admin' | 'capoarea' | 'rivenditori';

export type PartnerAreaSetup = {
  area: PartnerArea;
  title: string;
  source: PartnersSource;
  listPath: string;
  editPath: (uuid: string) => string;
  /** The create screen; null where partners are not created (the reseller). */
  newPath: string | null;
  /** Create and delete (permissions.ts: partners.manage). */
  manage: boolean;
  /** List, upload, edit and delete payments (partners.payments). */
  payments: boolean;
  /** The list shows the renewal (dtrinnovo) and expiry (dtscad) columns. */
  renewals: boolean;
  /** Every save but the admin's confirms with 'Dati Salvati'. */
  confirmSave: boolean;
  /** Decision 0006: a reseller may not move a partner to another area manager or reseller. */
  referencesReadOnly: boolean;
};

function setupOf(area: PartnerArea, title: string, source: PartnersSource, newPage: boolean): PartnerAreaSetup {
  return {
    area,
    title,
    source,
    listPath: `/${area}/partner`,
    editPath: (uuid) => `/${area}/partner/${uuid}`,
    newPath: newPage ? `/${area}/newpartner` : null,
    manage: can([area], 'partners.manage'),
    payments: can([area], 'partners.payments'),
    renewals: area !== 'admin',
    confirmSave: area !== 'admin',
    referencesReadOnly: area === 'rivenditori',
  };
}

export const partnerAreas: Record<PartnerArea, PartnerAreaSetup> = {
  admin: setupOf('admin', 'Aziende partner', '/api/partner', true),
  capoarea: setupOf('capoarea', 'Partner', '/api/partner_ca', true),
  rivenditori: setupOf('rivenditori', 'Partner', '/api/partner_ri', false),
};
