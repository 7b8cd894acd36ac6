import type { ShrtnrError } from '../api';

export type UrlSource = 'tab' | 'typed';
export type CopyStatus = 'copied' | 'manual' | 'failed';

export type PopupState =
  | { phase: 'loading'; source: UrlSource }
  | { phase: 'shortened'; shortUrl: string; longUrl: string; copy: CopyStatus }
  | { phase: 'failed'; error: ShrtnrError; attemptedUrl: string; source: UrlSource };

export const unreadableTabError: ShrtnrError = {
  kind: 'empty-url',
  message: 'The browser does not reveal this tab\'s address. Paste a link below instead.',
};
