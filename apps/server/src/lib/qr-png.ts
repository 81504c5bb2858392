import { PNG } from 'pngjs';
import { couponQrMatrix } from '@portal/shared/coupon-qr';

/**
 * A coupon's QR code as a PNG data URL for the PDF voucher. An image, not vector squares: PDF viewers anti-alias
 * each square's edges and leave pale seams between modules that break a scanner's finder patterns. Ten pixels a
 * module keep the edges sharp at any zoom.
 */
export const couponQrPng = (code: string, pixelsPerModule = 10): string => qrPng(couponQrMatrix(code), pixelsPerModule);

/** A QR code's modules (true is dark) as a grey-scale PNG data URL, each module a square of pixelsPerModule. */
export function qrPng(matrix: boolean[][], pixelsPerModule: number): string {
  const side = matrix.length * pixelsPerModule;
  const png = new PNG({
    width: side,
    height: side,
    colorType: 0,
    inputColorType: 0,
    bitDepth: 8,
    inputHasAlpha: false,
  });
  const data = Buffer.alloc(side * side);
  for (let y = 0; y < side; y += 1) {
    const row = matrix[Math.floor(y / pixelsPerModule)] ?? [];
    for (let x = 0; x < side; x += 1) data[y * side + x] = row[Math.floor(x / pixelsPerModule)] ? 0 : 255;
  }
  png.data = data;
  return `data:image/png;base64,${PNG.sync.write(png, { colorType: 0, inputColorType: 0, inputHasAlpha: false }).toString('base64')}`;
}
