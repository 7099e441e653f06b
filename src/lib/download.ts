// Saving a file the page holds (a record it checked, a PDF it fetched) as a download, as the browser would from
// a link: a Blob URL, a download link clicked once, and the URL freed once the browser has had time to read it.

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
