import { randomBytes } from 'node:crypto';
import { msg } from '@portal/shared/messages-it';
import { landingRole } from '@portal/shared/roles';
import { GALLERY_MAX_ITEMS, type GalleryItem } from '@portal/shared/schemas/images';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { addWithinLimit } from '../../lib/count-limit.ts';
import { ownerPrefix, type FileStore, type FileStream } from '../../lib/file-store.ts';
import {
  contentTypeOf,
  FULL_SIDE,
  imageExtension,
  reencodeImage,
  sniffImage,
  THUMB_SIDE,
  type ImageFormat,
} from '../../lib/images.ts';
import { forbidden, HttpError, notFound } from '../../plugins/error-envelope.ts';
import * as repo from './images.repository.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { AuditEntity } from '@portal/shared/schemas/audit';
import { entityOfUuid, imageEntities, ownEntityByRole, type ImageEntityName } from './images.registry.ts';
import type { Viewer } from '../reach/viewer.ts';

export type Owner = { entity: ImageEntityName; uuid: string };
export type Slot = 'profile' | 'gallery';

/** The audit trail's name of each image owner (an admin's own picture belongs to their account). */
const auditEntityOf: Record<ImageEntityName, AuditEntity> = {
  posatori: 'posatore',
  partners: 'partner',
  capoarea: 'capoarea',
  rivenditori: 'rivenditore',
  admins: 'utente',
};

/** Profile images are shown small (avatars, cards); gallery images full screen in the carousel. */
const PROFILE_SIDE = 800;

/** Stored file names: base36 time (so a listing is in upload order), random part, optional .thumb, extension. */
export const storedFileName = /^[a-z0-9-]{1,64}(\.thumb)?\.(jpg|png|webp)$/;

const newName = () => `${Date.now().toString(36)}-${randomBytes(5).toString('hex')}`;
const keyOf = (o: Owner, slot: Slot, file: string) => `${ownerPrefix(o.entity, o.uuid)}/${slot}/${file}`;
export const urlOf = (o: Owner, slot: Slot, file: string) => `/api/files/${keyOf(o, slot, file)}`;
const fileOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** Sniffs and re-encodes an upload; anything that is not a decodable JPEG, PNG or WebP is a 400. */
async function prepare(bytes: Buffer, sides: number[]): Promise<{ format: ImageFormat; outputs: Buffer[] }> {
  const format = sniffImage(bytes);
  if (!format) throw new HttpError(400, msg.immagineNonValida);
  try {
    return { format, outputs: await Promise.all(sides.map((side) => reencodeImage(bytes, format, side))) };
  } catch {
    throw new HttpError(400, msg.immagineNonValida);
  }
}

/** The owner named by a uuid that the viewer may change (403 read-only, 404 out of reach). */
export async function editableOwner(db: Db, viewer: Viewer, uuid: string, entity?: ImageEntityName): Promise<Owner> {
  const name = entity ?? (await entityOfUuid(db, uuid));
  const allowed = name && (await imageEntities[name].canEdit(db, viewer, uuid));
  if (allowed === undefined || !name) throw notFound();
  if (!allowed) throw forbidden();
  return { entity: name, uuid };
}

/** The current user's own row, as the role they work in. */
export async function ownOwner(db: Db, viewer: Viewer): Promise<Owner> {
  const role = landingRole(viewer.roles);
  if (!role) throw notFound();
  // People's entities are named as their tables.
  const entity = ownEntityByRole[role];
  const row = await repo.findOwnerByUser(db, entity, viewer.userUuid);
  if (!row) throw notFound();
  return { entity, uuid: row.uuid };
}

/** The current user's gallery: only installers have one ('Realizzazioni'). */
export async function ownGalleryOwner(db: Db, viewer: Viewer): Promise<Owner> {
  const row = await repo.findOwnerByUser(db, 'posatori', viewer.userUuid);
  if (!row) throw forbidden();
  return { entity: 'posatori', uuid: row.uuid };
}

/** A gallery the viewer may see (404 otherwise). */
export async function visibleGalleryOwner(db: Db, viewer: Viewer, uuid: string): Promise<Owner> {
  if (!(await imageEntities.posatori.canView(db, viewer, uuid))) throw notFound();
  return { entity: 'posatori', uuid };
}

/** Replaces the owner's profile image; the URL is stored as img and returned. */
export async function saveProfileImage(
  db: Db,
  files: FileStore,
  actor: string,
  owner: Owner,
  bytes: Buffer,
): Promise<string> {
  const { format, outputs } = await prepare(bytes, [PROFILE_SIDE]);
  const file = `${newName()}.${imageExtension[format]}`;
  const [image] = outputs;
  if (!image) throw new Error('nessuna immagine prodotta');
  const previous = await files.list(`${ownerPrefix(owner.entity, owner.uuid)}/profile`);
  await files.put(keyOf(owner, 'profile', file), image);
  const url = urlOf(owner, 'profile', file);
  await db.transaction().execute(async (tx) => {
    await repo.setImg(tx, imageEntities[owner.entity].table, owner.uuid, url, nowIso());
    const before = previous.find((key) => !key.includes('.thumb.'));
    await recordAudit(tx, {
      actor,
      action: 'immagine-caricata',
      entity: auditEntityOf[owner.entity],
      entityId: owner.uuid,
      changes: [{ field: 'img', before: before ? `/api/files/${before}` : null, after: url }],
    });
  });
  for (const key of previous) await files.delete(key);
  return url;
}

export async function listGallery(files: FileStore, owner: Owner): Promise<GalleryItem[]> {
  const keys = await files.list(`${ownerPrefix(owner.entity, owner.uuid)}/gallery`);
  const names = new Set(keys.map(fileOf));
  return [...names]
    .filter((f) => storedFileName.test(f) && !f.includes('.thumb.'))
    .map((f) => {
      const dot = f.lastIndexOf('.');
      const thumb = `${f.slice(0, dot)}.thumb${f.slice(dot)}`;
      return {
        name: f.slice(0, dot),
        urlreal: urlOf(owner, 'gallery', f),
        url: names.has(thumb) ? urlOf(owner, 'gallery', thumb) : urlOf(owner, 'gallery', f),
      };
    });
}

/**
 * Adds an image to the gallery. The images are decoded and re-encoded first (the slow part, outside any lock);
 * the count and the write then happen under the owner's lock (addWithinLimit), so concurrent uploads never pass
 * GALLERY_MAX_ITEMS.
 */
export async function addGalleryImage(
  db: Db,
  files: FileStore,
  actor: string,
  owner: Owner,
  bytes: Buffer,
): Promise<string> {
  // Early answer for a full gallery, before the decoding work; the check that counts is under the lock below.
  if ((await listGallery(files, owner)).length >= GALLERY_MAX_ITEMS) throw new HttpError(400, msg.galleriaPiena);
  const { format, outputs } = await prepare(bytes, [FULL_SIDE, THUMB_SIDE]);
  const [image, thumb] = outputs;
  if (!image || !thumb) throw new Error('nessuna immagine prodotta');
  const name = newName();
  const ext = imageExtension[format];
  const url = await addWithinLimit(
    db,
    { table: imageEntities[owner.entity].table, uuid: owner.uuid },
    {
      max: GALLERY_MAX_ITEMS,
      count: async () => (await listGallery(files, owner)).length,
      full: () => new HttpError(400, msg.galleriaPiena),
    },
    async () => {
      await files.put(keyOf(owner, 'gallery', `${name}.thumb.${ext}`), thumb);
      await files.put(keyOf(owner, 'gallery', `${name}.${ext}`), image);
      return urlOf(owner, 'gallery', `${name}.${ext}`);
    },
  );
  // A gallery lives in the file store, not in a row: its entry follows the files it records.
  await recordAudit(db, {
    actor,
    action: 'immagine-caricata',
    entity: 'posatore',
    entityId: owner.uuid,
    changes: [{ field: 'gallery', before: null, after: url }],
  });
  return url;
}

/** name is a validated gallery name; an unknown one is a 404. */
export async function deleteGalleryImage(
  db: Db,
  files: FileStore,
  actor: string,
  owner: Owner,
  name: string,
): Promise<void> {
  const item = (await listGallery(files, owner)).find((i) => i.name === name);
  if (!item) throw notFound();
  for (const url of [item.urlreal, item.url]) await files.delete(url.replace(/^\/api\/files\//, ''));
  await recordAudit(db, {
    actor,
    action: 'immagine-eliminata',
    entity: 'posatore',
    entityId: owner.uuid,
    changes: [{ field: 'gallery', before: item.urlreal, after: null }],
  });
}

/**
 * GET /api/files/...: profile images for any logged-in user (they appear in lists, cards and messages across
 * roles); gallery images only for who sees the owner's profile.
 */
export async function readFile(
  db: Db,
  files: FileStore,
  viewer: Viewer,
  owner: Owner,
  slot: Slot,
  file: string,
): Promise<{ file: FileStream; contentType: string }> {
  const entity = imageEntities[owner.entity];
  if (slot === 'gallery' && !(entity.gallery && (await entity.canView(db, viewer, owner.uuid)))) throw notFound();
  return ownerFile(files, owner, slot, file);
}

/** A stored image of an owner, once the caller has decided it may be seen (404 when there is none). */
export async function ownerFile(
  files: FileStore,
  owner: Owner,
  slot: Slot,
  file: string,
): Promise<{ file: FileStream; contentType: string }> {
  const contentType = contentTypeOf(file);
  const stored = contentType ? await files.read(keyOf(owner, slot, file)) : undefined;
  if (!stored || !contentType) throw notFound();
  return { file: stored, contentType };
}
