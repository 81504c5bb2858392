import { crc32 } from 'node:zlib';
import type { Role } from '@portal/shared/roles';
import type { DbOrTx } from '../database.ts';
import { simplePdf } from '../../lib/pdf-files.ts';
import { newId } from '../../lib/tokens.ts';
import { insertDocument, updateDocument } from '../../modules/documents/documents.repository.ts';

/** A zip archive holding one stored (uncompressed) file: enough for a real, openable demo download. */
export function storedZip(name: string, content: Buffer): Buffer {
  const fileName = Buffer.from(name);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralAt = local.length + fileName.length + content.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, fileName, content, central, fileName, end]);
}

const everyone: Role[] = ['admin', 'capoarea', 'rivenditori', 'posatore'];
const demoDocuments: { title: string; filename: string; groups: Role[]; daysAgo: number; bytes: () => Buffer }[] = [
  {
    title: 'Catalogo prodotti 2027',
    filename: 'catalogo-prodotti-2027.pdf',
    groups: everyone,
    daysAgo: 2,
    bytes: () => simplePdf(['Catalogo prodotti 2027', 'Gres porcellanato, rivestimenti e sistemi di posa']),
  },
  {
    title: 'Listino prezzi 2027',
    filename: 'listino-prezzi-2027.pdf',
    groups: ['admin', 'capoarea', 'rivenditori'],
    daysAgo: 5,
    bytes: () => simplePdf(['Listino prezzi 2027', 'In vigore dal 1 gennaio 2027']),
  },
  {
    title: 'Scheda tecnica adesivo cementizio C2TE',
    filename: 'scheda-tecnica-c2te.pdf',
    groups: ['admin', 'rivenditori', 'posatore'],
    daysAgo: 12,
    bytes: () => simplePdf(['Scheda tecnica adesivo C2TE', 'Tempo aperto 30 minuti, pedonabilita dopo 24 ore']),
  },
  {
    title: 'Calendario corsi 2027',
    filename: 'calendario-corsi-2027.pdf',
    groups: everyone,
    daysAgo: 20,
    bytes: () => simplePdf(['Calendario corsi 2027', 'Milano, Bologna, Roma, Bari']),
  },
  {
    title: 'Condizioni commerciali rivenditori',
    filename: 'condizioni-commerciali.pdf',
    groups: ['admin', 'rivenditori'],
    daysAgo: 30,
    bytes: () => simplePdf(['Condizioni commerciali 2027']),
  },
  {
    title: 'Fotografie di posa a regola d’arte',
    filename: 'fotografie-posa.zip',
    groups: ['admin', 'capoarea', 'posatore'],
    daysAgo: 45,
    bytes: () => storedZip('leggimi.txt', Buffer.from('Esempi di posa a regola d’arte del Portale Posatori.\n')),
  },
];

/**
 * Documents for every group, so each role's Documenti shows real files to open after `npm start`. The rows go in
 * with the demo's transaction; the files are returned for the caller to store once it has committed.
 */
export async function seedDocuments(db: DbOrTx, today: Date): Promise<{ key: string; bytes: Buffer }[]> {
  const files: { key: string; bytes: Buffer }[] = [];
  for (const d of demoDocuments) {
    const uuid = newId();
    const at = new Date(today.getTime() - d.daysAgo * 86_400_000).toISOString();
    const ext = d.filename.split('.').pop() ?? 'pdf';
    const kind = ext === 'zip' ? 'zip' : 'pdf';
    const bytes = d.bytes();
    const key = `documents/${uuid}/documento.${ext}`;
    await insertDocument(db, {
      uuid,
      title: d.title,
      filename: d.filename,
      ext,
      kind,
      size: bytes.length,
      file_key: key,
      created_at: at,
      updated_at: at,
    });
    await updateDocument(db, { uuid, kind, created_at: at }, d.title, d.groups, at);
    files.push({ key, bytes });
  }
  return files;
}
