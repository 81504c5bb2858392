/** Saves a file the page holds (a download read with progress, a PDF already shown) under the server's name. */
export function saveFile(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.click();
  // The browser has the file once the click is handled; the URL is kept a little for slow save dialogs.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
