import { can } from '@portal/shared/permissions';
import type { Role } from '@portal/shared/roles';
import type { DbOrTx } from '../../db/database.ts';
import * as partners from '../partners/partners.service.ts';
import * as posatori from '../posatori/posatori.service.ts';
import * as repo from './images.repository.ts';
import type { ImageTable, PersonTable } from './images.repository.ts';
import type { Viewer } from '../reach/viewer.ts';

/**
 * The owners of images, by the entity name used in file keys and URLs. Each says who may see its gallery and
 * who may change its image and gallery: true may, false reaches the owner read-only (403), undefined does not
 * reach it (404).
 */
export type ImageEntity = {
  table: ImageTable;
  gallery: boolean;
  canView(db: DbOrTx, viewer: Viewer, uuid: string): Promise<boolean>;
  canEdit(db: DbOrTx, viewer: Viewer, uuid: string): Promise<boolean | undefined>;
};

const isSelf = async (db: DbOrTx, table: PersonTable, viewer: Viewer, uuid: string) =>
  (await repo.userOf(db, table, uuid)) === viewer.userUuid;

/** Registries the admin manages: the admin and the person themselves change the image. */
const managedPerson = (table: PersonTable): ImageEntity => ({
  table,
  gallery: false,
  canView: async () => true,
  canEdit: async (db, viewer, uuid) =>
    (await isSelf(db, table, viewer, uuid)) || can(viewer.roles, 'registries.manage') ? true : undefined,
});

export const imageEntities = {
  posatori: {
    table: 'posatori',
    gallery: true,
    canView: (db, viewer, uuid) => posatori.canView(db, viewer, uuid),
    canEdit: (db, viewer, uuid) => posatori.canEditImages(db, viewer, uuid),
  },
  // Partner logos: whoever may save the partner (admin, area manager in scope, the reseller it is assigned to).
  partners: {
    table: 'partners',
    gallery: false,
    canView: async () => true,
    canEdit: (db, viewer, uuid) => partners.canEditImages(db, viewer, uuid),
  },
  capoarea: managedPerson('capoarea'),
  rivenditori: managedPerson('rivenditori'),
  admins: {
    table: 'admins',
    gallery: false,
    canView: async () => true,
    canEdit: async (db, viewer, uuid) => ((await isSelf(db, 'admins', viewer, uuid)) ? true : undefined),
  },
} as const satisfies Record<string, ImageEntity>;

export type ImageEntityName = keyof typeof imageEntities;
export const imageEntityNames = Object.keys(imageEntities) as [ImageEntityName, ...ImageEntityName[]];

/** The entity a bare uuid belongs to (POST /api/saveimg/{uuid}/profile names no entity). */
export async function entityOfUuid(db: DbOrTx, uuid: string): Promise<ImageEntityName | undefined> {
  for (const name of imageEntityNames) {
    if (await repo.findOwner(db, imageEntities[name].table, uuid)) return name;
  }
  return undefined;
}

/** The current user's own row, by the role they land in (spec: post-login priority). */
export const ownEntityByRole: Record<Role, ImageEntityName & PersonTable> = {
  admin: 'admins',
  posatore: 'posatori',
  capoarea: 'capoarea',
  rivenditori: 'rivenditori',
};
