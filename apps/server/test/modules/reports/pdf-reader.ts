import { createCanvas } from '@napi-rs/canvas';
import jsQRModule from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// jsQR is CommonJS (module.exports = jsQR) typed with an ES default export: under nodenext TypeScript sees the
// export object, while the import is the function itself.
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

/**
 * Reads a PDF back as a person sees it: pdf.js extracts each page's text, and renders the first page, from which
 * jsQR decodes the QR code if one is drawn. So a test checks the printed words and a QR a phone would scan.
 */
export async function readPdf(bytes: Buffer): Promise<{ pages: number; text: string; qr: string | null }> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const pdf = await task.promise;
  const texts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    texts.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  const page = await pdf.getPage(1);
  const viewport = page.getViewport({ scale: 2 }); // 144 dpi: a phone screen's view of the page
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  // Paper is white: an unpainted (transparent) pixel would read as black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  const qr = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  await task.destroy();
  return { pages: pdf.numPages, text: texts.join('\n').replace(/\s+/g, ' '), qr: qr?.data ?? null };
}
