import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// The PDF library is this module's only importer, and this module is imported on demand ("A PDF
// library ... loaded on demand"), so the portal's other screens never download it.
GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * Draws every page of a PDF into `container`, one canvas per page, as wide as the container and sharp on the
 * device's pixel density. Returns the number of pages. `signal` stops the drawing when the viewer closes.
 */
export async function drawPdfPages(data: ArrayBuffer, container: HTMLElement, signal: AbortSignal): Promise<number> {
  const task = getDocument({ data: new Uint8Array(data) });
  signal.addEventListener('abort', () => void task.destroy(), { once: true });
  const pdf = await task.promise;
  container.replaceChildren();
  const width = Math.max(container.clientWidth, 280);
  const ratio = window.devicePixelRatio || 1;
  for (let n = 1; n <= pdf.numPages && !signal.aborted; n += 1) {
    const page = await pdf.getPage(n);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: (width / base.width) * ratio });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.style.width = '100%';
    canvas.style.display = 'block';
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', `Pagina ${n} di ${pdf.numPages}`);
    container.append(canvas);
    await page.render({ canvas, viewport }).promise;
  }
  return pdf.numPages;
}
