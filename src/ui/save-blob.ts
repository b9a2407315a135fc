/** Hands a blob to the browser as a file download (one way for every feature: exports, CSV, JSON). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start the download after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A CSV file (src/ui/csv.ts) as a download. */
export function saveCsv(csv: string, filename: string): void {
  saveText(csv, filename, 'text/csv;charset=utf-8');
}

/** Text (CSV, JSON…) as a file download. */
export function saveText(text: string, filename: string, type: string): void {
  saveBlob(new Blob([text], { type }), filename);
}
