import type { Result, ShortenedUrl, ShrtnrError } from '../api';
import type { Words } from '../platform/words';

export interface ShortenAnswer {
  result: Result<ShortenedUrl, ShrtnrError>;
  /** The user's preference, sent along so the popup never reads storage. */
  autoCopy: boolean;
}

/** Everything the popup needs from the browser; the views never call `browser.*` themselves. */
export interface PopupConnector {
  /** The popup's words, in the browser's UI language. */
  words: Words;
  /** The URL of the tab the popup was opened on, or undefined if the browser does not reveal it. */
  currentTabUrl(): Promise<string | undefined>;
  /** Never rejects: a failure to reach the worker comes back as an `internal` error. */
  shorten(url: string): Promise<ShortenAnswer>;
  copy(text: string): Promise<boolean>;
  openSettings(): void;
  /** Closes the popup. */
  close(): void;
}
