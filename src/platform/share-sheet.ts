import { errorText } from './error-text';

/** How a share through the system's sheet ended: done, closed by the user, or refused by the browser. */
export type SheetOutcome = 'shared' | 'cancelled' | 'failed';

/** A link and its title, as the sheet is given them: nothing else. */
export interface SheetData {
  url: string;
  title?: string;
}

/**
 * Whether the browser has a share sheet that takes this link: the Web Share
 * API, where the browser offers it (Chrome on Windows, macOS and ChromeOS;
 * Firefox on Windows), and `canShare` accepts the data. Neither Chromium nor
 * Firefox has one on Linux.
 */
export function hasShareSheet(data: SheetData): boolean {
  return typeof navigator.share === 'function' && typeof navigator.canShare === 'function' && navigator.canShare(data);
}

/**
 * Opens the share sheet with exactly the link and its title. Called within
 * the user's click: browsers show the sheet only for a user's own gesture.
 * The user closing it is no failure (AbortError); any other refusal is, and
 * the page offers its own destinations instead.
 */
export async function openShareSheet({ url, title }: SheetData): Promise<SheetOutcome> {
  try {
    await navigator.share(title === undefined ? { url } : { url, title });
    return 'shared';
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    console.warn('Shrtnr: the share sheet refused the link.', errorText(error));
    return 'failed';
  }
}
