import type { Result, ShortenedUrl, ShrtnrError } from '../api';

/** Everything the popup needs from the browser; the views never call `browser.*` themselves. */
export interface PopupConnector {
  /** The URL of the tab the popup was opened on, or undefined if the browser does not reveal it. */
  currentTabUrl(): Promise<string | undefined>;
  shorten(url: string): Promise<Result<ShortenedUrl, ShrtnrError>>;
  autoCopyEnabled(): Promise<boolean>;
  copy(text: string): Promise<boolean>;
  openSettings(): void;
}
