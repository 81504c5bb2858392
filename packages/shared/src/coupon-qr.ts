import { encode } from 'uqr';

/**
 * A coupon's code as a QR code: the code alone, so any scanner that types text fills the 'Copoun' field; error
 * correction M and a two-module quiet zone. The Coupons window draws it as SVG, the PDF voucher as an image.
 */
export function couponQrMatrix(code: string): boolean[][] {
  return encode(code, { ecc: 'M', border: 2 }).data;
}

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
