/**
 * Long enough for the browser to have taken the file from the object URL
 * (revoking it at once can cancel the download in Firefox), short enough not
 * to keep an export in memory for the page's lifetime.
 */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** Saves a file as a download: an object URL on a temporary link, no `downloads` permission needed. */
export function saveDownload(fileName: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  // In the document while clicked: Firefox has ignored clicks on detached links.
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
