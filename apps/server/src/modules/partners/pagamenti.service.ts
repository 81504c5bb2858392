import { randomBytes } from 'node:crypto';
import { centsToEuros, eurosToCents } from '@portal/shared/money';
import { msg } from '@portal/shared/messages-it';
import { paymentSaveBody, type PaymentRow, type PaymentSaveBody } from '@portal/shared/schemas/partners';
import type { Db } from '../../db/database.ts';
import { nowIso, todayInRome } from '../../lib/clock.ts';
import { ownerPrefix, type FileStore, type FileStream } from '../../lib/file-store.ts';
import { isPdf } from '../../lib/pdf-files.ts';
import type { Upload } from '../../lib/uploads.ts';
import { checkedBody, HttpError, notFound } from '../../plugins/error-envelope.ts';
import { changesOf, fieldsOf, recordAudit } from '../audit/audit.service.ts';
import * as repo from './pagamenti.repository.ts';
import type { PartnerPaymentsTable } from './partners.table.ts';
import { paymentsPartner } from './partners.service.ts';
import type { Viewer } from '../reach/viewer.ts';

type Log = { warn(obj: object, text: string): void };

/** Payment files live beside the partner's logo: partners/{uuid}/pagamenti/{name}.pdf (deleted with the partner). */
export const paymentFileKey = (partnerUuid: string, file: string) =>
  `${ownerPrefix('partners', partnerUuid)}/pagamenti/${file}`;
const pdfUrl = (partnerUuid: string, name: string) => `/api/partner/${partnerUuid}/pagamenti/${name}/pdf`;

/** base36 time (listings in upload order) and a random part: never guessable, never from the request. */
const newName = () => `${Date.now().toString(36)}-${randomBytes(5).toString('hex')}`;

const toRow = (p: PartnerPaymentsTable): PaymentRow => ({
  name: p.name,
  dtrinnovo: p.dtrinnovo,
  fatturato: centsToEuros(p.fatturato),
  url: p.file ? pdfUrl(p.partner_uuid, p.name) : '',
});

export async function listPayments(db: Db, viewer: Viewer, partnerUuid: string): Promise<PaymentRow[]> {
  await paymentsPartner(db, viewer, partnerUuid);
  return (await repo.listPayments(db, partnerUuid)).map(toRow);
}

/** The original name as metadata: its last path segment, printable, bounded. */
function originalName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/[\p{Cc}"]/gu, '').slice(-200);
}

/** The optional fields of the upload form; amounts may come typed with a decimal comma ("1234,56"). */
function uploadFields(fields: Record<string, string>): PaymentSaveBody {
  const amount = (fields['fatturato'] ?? '').trim();
  return checkedBody(paymentSaveBody, {
    dtrinnovo: (fields['dtrinnovo'] ?? '').trim() || todayInRome(),
    fatturato: amount === '' ? 0 : /^\d+([.,]\d+)?$/.test(amount) ? Number(amount.replace(',', '.')) : Number.NaN,
  });
}

/**
 * POST /api/caricapag/{uuid}: a real PDF (type and structure from the bytes) becomes a new payment, dated today
 * unless the form says otherwise. The file is written first and removed again if the rows cannot be saved.
 */
export async function uploadPayment(
  db: Db,
  files: FileStore,
  viewer: Viewer,
  partnerUuid: string,
  read: () => Promise<Upload>,
): Promise<PaymentRow> {
  // The partner first: the body of an upload to a partner out of reach is never read.
  await paymentsPartner(db, viewer, partnerUuid);
  const upload = await read();
  if (!isPdf(upload.bytes)) throw new HttpError(400, msg.pdfNonValido);
  const values = uploadFields(upload.fields);
  const now = nowIso();
  const name = newName();
  const row: PartnerPaymentsTable = {
    name,
    partner_uuid: partnerUuid,
    dtrinnovo: values.dtrinnovo,
    fatturato: eurosToCents(values.fatturato),
    file: `${name}.pdf`,
    filename: originalName(upload.filename),
    created_at: now,
    updated_at: now,
  };
  await files.put(paymentFileKey(partnerUuid, row.file), upload.bytes);
  try {
    await db.transaction().execute(async (tx) => {
      await repo.insertPayment(tx, row);
      await repo.refreshRenewal(tx, partnerUuid, now);
      // On the partner's history: a payment is its renewal.
      await recordAudit(tx, {
        actor: viewer.userUuid,
        action: 'pagamento-registrato',
        entity: 'partner',
        entityId: partnerUuid,
        changes: fieldsOf({ dtrinnovo: row.dtrinnovo, fatturato: values.fatturato, filename: row.filename }),
      });
    });
  } catch (err) {
    await files.delete(paymentFileKey(partnerUuid, row.file));
    throw err;
  }
  return toRow(row);
}

/** POST /api/partner/{uuid}/pagamenti/{name}: renewal date and amount; the partner's dtrinnovo and dtscad follow. */
export async function savePayment(
  db: Db,
  viewer: Viewer,
  partnerUuid: string,
  name: string,
  body: PaymentSaveBody,
): Promise<void> {
  await paymentsPartner(db, viewer, partnerUuid);
  const now = nowIso();
  const saved = await db.transaction().execute(async (tx) => {
    const before = await repo.findPayment(tx, partnerUuid, name);
    const ok = await repo.updatePayment(
      tx,
      partnerUuid,
      name,
      { dtrinnovo: body.dtrinnovo, fatturato: eurosToCents(body.fatturato) },
      now,
    );
    if (ok) await repo.refreshRenewal(tx, partnerUuid, now);
    if (ok && before) {
      const changes = changesOf(
        { dtrinnovo: before.dtrinnovo, fatturato: centsToEuros(before.fatturato), filename: before.filename },
        { dtrinnovo: body.dtrinnovo, fatturato: body.fatturato, filename: before.filename },
      );
      await recordAudit(tx, {
        actor: viewer.userUuid,
        action: 'modifica',
        entity: 'partner',
        entityId: partnerUuid,
        changes,
      });
    }
    return ok;
  });
  if (!saved) throw notFound();
}

/** DELETE /api/partner/{uuid}/pagamenti/{name}: the row (figures recomputed), then its file. */
export async function deletePayment(
  db: Db,
  files: FileStore,
  viewer: Viewer,
  partnerUuid: string,
  name: string,
  log: Log,
): Promise<void> {
  await paymentsPartner(db, viewer, partnerUuid);
  const file = await db.transaction().execute(async (tx) => {
    const before = await repo.findPayment(tx, partnerUuid, name);
    const deleted = await repo.deletePayment(tx, partnerUuid, name);
    if (deleted !== undefined) {
      await repo.refreshRenewal(tx, partnerUuid, nowIso());
      await recordAudit(tx, {
        actor: viewer.userUuid,
        action: 'pagamento-eliminato',
        entity: 'partner',
        entityId: partnerUuid,
        changes: before
          ? fieldsOf(
              { dtrinnovo: before.dtrinnovo, fatturato: centsToEuros(before.fatturato), filename: before.filename },
              true,
            )
          : [],
      });
    }
    return deleted;
  });
  if (file === undefined) throw notFound();
  if (file) {
    await files.delete(paymentFileKey(partnerUuid, file)).catch((err: unknown) => {
      log.warn({ err, partnerUuid, name }, 'PDF del pagamento non eliminato');
    });
  }
}

/** The download name: the original one when it is a .pdf, else one made from the renewal date. */
function downloadName(p: PartnerPaymentsTable): string {
  return /\.pdf$/i.test(p.filename) ? p.filename : `pagamento-${p.dtrinnovo || p.name}.pdf`;
}

/** GET /api/partner/{uuid}/pagamenti/{name}/pdf: the same permission as the listing. */
export async function readPaymentPdf(
  db: Db,
  files: FileStore,
  viewer: Viewer,
  partnerUuid: string,
  name: string,
): Promise<{ file: FileStream; filename: string }> {
  await paymentsPartner(db, viewer, partnerUuid);
  const payment = await repo.findPayment(db, partnerUuid, name);
  const file = payment?.file ? await files.read(paymentFileKey(partnerUuid, payment.file)) : undefined;
  if (!payment || !file) throw notFound();
  return { file, filename: downloadName(payment) };
}
