import type { Content } from 'pdfmake';
import type { CouponStato } from '@portal/shared/schemas/coupons';
import type { PartnerProfile, PaymentRow } from '@portal/shared/schemas/partners';
import type { PosatoreProfile } from '@portal/shared/schemas/posatori';
import { couponQrPng } from '../../lib/qr-png.ts';
import { fieldGrid, itDate, itEuro, itMonth } from '../../lib/pdf.ts';

const yesNo = (v: boolean) => (v ? 'Sì' : 'No');
const section = (text: string): Content => ({ text, style: 'section' });

/** The installer's profile sheet: the fields of the profile form, grouped as the form groups them. */
export function installerSheet(p: PosatoreProfile, names: { capoarea: string; rivenditore: string }): Content[] {
  return [
    section('Dati anagrafici'),
    fieldGrid([
      ['Nome', p.name],
      ['Cognome', p.lastname],
      ['Data di nascita', itDate(p.dtnasc)],
      ['Codice fiscale', p.codfis],
      ['Ragione sociale', p.ragsoc],
      ['Partita IVA', p.piva],
      ['Codice', p.code],
      ['Azienda', p.azienda],
    ]),
    section('Recapiti'),
    fieldGrid([
      ['Indirizzo', p.address],
      ['Città', p.city],
      ['CAP', p.cap],
      ['Provincia', p.state],
      ['Telefono', p.phone],
      ['Cellulare', p.cell],
      ['Email', p.email],
      ['Sito web', p.website],
    ]),
    section('Qualifica e rete'),
    fieldGrid([
      ['Qualifica', p.destipo || p.tipo],
      ['Ultimo corso', itMonth(p.dtstart)],
      ['Certificato', yesNo(p.certificato)],
      ['Diisocianati', yesNo(p.diisocianati)],
      ['Visibile sul web', yesNo(p.web)],
      ['Conto terzi', yesNo(p.contoterzi)],
      ['Capo area', names.capoarea],
      ['Rivenditore', names.rivenditore],
      ['Stato', p.stato],
      ['Coupon validi', String(p.coupon)],
    ]),
  ];
}

export type Voucher = {
  code: string;
  destipo: string;
  descri: string;
  valore: number;
  minima: number;
  scadenza: string;
  dtesecuzione: string | null;
  stato: CouponStato;
  usable: boolean;
  installer: string;
  installerCode: string;
  place: string;
};

/**
 * The coupon voucher: what it is worth, for whom, until when, the code to read aloud and, while it can be redeemed,
 * the QR code the counter scans (the code alone, as on the installer's Coupons window).
 */
export function couponVoucher(v: Voucher): Content[] {
  const state =
    v.stato === 'used'
      ? `Utilizzato il ${itDate(v.dtesecuzione)}`
      : v.stato === 'expired'
        ? `Scaduto il ${itDate(v.scadenza)}`
        : v.usable
          ? `Valido fino al ${itDate(v.scadenza)}`
          : 'Valido, ma il tipo è sospeso: non utilizzabile ora';
  return [
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: v.destipo, fontSize: 14, bold: true },
            { text: itEuro(v.valore), fontSize: 28, bold: true, margin: [0, 6, 0, 6] },
            { text: v.code, fontSize: 20, characterSpacing: 2, margin: [0, 0, 0, 8] },
            { text: state, bold: true },
            ...(v.minima > 0 ? [{ text: `Spesa minima ${itEuro(v.minima)}`, margin: [0, 4, 0, 0] }] : []),
          ],
        },
        v.usable && v.stato === 'valid'
          ? { width: 150, image: couponQrPng(v.code), fit: [150, 150] }
          : {
              width: 150,
              text: 'Coupon non più utilizzabile',
              color: '#999999',
              alignment: 'center',
              margin: [0, 50, 0, 0],
            },
      ],
      columnGap: 16,
    } as Content,
    section('Posatore'),
    fieldGrid([
      ['Nome', v.installer],
      ['Codice', v.installerCode],
      ['Località', v.place],
    ]),
    ...(v.descri ? [section('Condizioni'), { text: v.descri }] : []),
    {
      text: 'Mostra il codice o il QR al tuo rivenditore: lo inserisce lui al banco.',
      margin: [0, 18, 0, 0],
      color: '#555555',
    },
  ];
}

/** The partner's payment summary: the partnership, each payment by renewal date, and the total. */
export function paymentSummary(p: PartnerProfile, payments: readonly PaymentRow[]): Content[] {
  const total = payments.reduce((sum, x) => sum + Math.round(x.fatturato * 100), 0) / 100;
  const rows = payments.map((x) => [
    { text: itDate(x.dtrinnovo) },
    { text: itEuro(x.fatturato), alignment: 'right' },
    { text: x.url ? 'Sì' : 'No', alignment: 'center' },
  ]);
  return [
    fieldGrid([
      ['Ragione sociale', p.ragsoc],
      ['Codice', p.code],
      ['Partita IVA', p.piva],
      ['Provincia', p.state],
      ['Inizio partnership', itMonth(p.dtstart)],
      ['Fine partnership', itMonth(p.dtend)],
      ['Ultimo rinnovo', itDate(p.dtrinnovo)],
      ['Scadenza', itDate(p.dtscad)],
    ]),
    section('Pagamenti'),
    payments.length === 0
      ? { text: 'Nessun pagamento registrato.', color: '#555555' }
      : ({
          table: {
            headerRows: 1,
            widths: ['*', 'auto', 'auto'],
            body: [
              [
                { text: 'Data rinnovo', style: 'th' },
                { text: 'Importo', style: 'th', alignment: 'right' },
                { text: 'Ricevuta PDF', style: 'th', alignment: 'center' },
              ],
              ...rows,
              [
                { text: `Totale (${payments.length} pagamenti)`, bold: true },
                { text: itEuro(total), bold: true, alignment: 'right' },
                { text: '' },
              ],
            ],
          },
          layout: 'lightHorizontalLines',
        } as Content),
  ];
}
