import { encode } from 'uqr';

/** A text as a QR code's modules (true is dark): error correction M and a two-module quiet zone. */
export function qrMatrix(text: string): boolean[][] {
  return encode(text, { ecc: 'M', border: 2 }).data;
}

/**
 * A coupon's code as a QR code: the code alone, so any scanner that types text fills the 'Copoun' field. The
 * Coupons window draws it as SVG, the PDF voucher as an image.
 */
export const couponQrMatrix = (code: string): boolean[][] => qrMatrix(code);

/** The QR as one SVG path of unit squares, and its side in modules. */
export function couponQr(code: string): { size: number; path: string } {
  const matrix = couponQrMatrix(code);
  const cells: string[] = [];
  matrix.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) cells.push(`M${x} ${y}h1v1h-1z`);
    }),
  );
  return { size: matrix.length, path: cells.join('') };
}
