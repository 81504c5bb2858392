/**
 * A Content-Disposition header for a stored file, with its original name: plain ASCII for old clients and the exact
 * name in RFC 5987 form. inline opens in the browser (PDFs), attachment downloads.
 */
export function contentDisposition(filename: string, mode: 'inline' | 'attachment' = 'inline'): string {
  const ascii = filename.replace(/[^A-Za-z0-9._ -]/g, '_');
  return `${mode}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
