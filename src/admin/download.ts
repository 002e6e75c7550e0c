/**
 * Hands a file to the browser as a download: an object URL on a temporary link, since the files
 * the console saves are fetched with the session's token or made on the page, never plain links.
 */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

/** Hands `text` made on the page to the browser as a file download. */
export function downloadText(text: string, filename: string, type: string) {
  saveBlob(new Blob([text], { type }), filename);
}
