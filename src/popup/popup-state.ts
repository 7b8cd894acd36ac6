import type { ShrtnrError } from '../api';

export type UrlSource = 'tab' | 'typed';
export type CopyStatus = 'copied' | 'manual' | 'failed';

export type PopupState =
  | { phase: 'loading'; source: UrlSource }
  | { phase: 'shortened'; shortUrl: string; longUrl: string; copy: CopyStatus }
  | { phase: 'failed'; error: ShrtnrError; attemptedUrl: string; source: UrlSource };

/**
 * Opening the popup grants activeTab, which reveals every web page's URL; the
 * tabs it does not reveal are browser pages (chrome://…, the Web Store) and
 * local files without file access: none of them can be shortened.
 */
export const unreadableTabError: ShrtnrError = {
  kind: 'unsupported-scheme',
  scheme: '',
  message: 'This is a browser page or local file that extensions cannot read, so it cannot be shortened. Paste a link below instead.',
};
