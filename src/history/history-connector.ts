import type { Words } from '../platform/words';
import type { QrPanelComponent } from '../qr/qr-on-request';
import type { ClipboardPayload } from '../shortening/copy-formats';
import type { Account } from '../storage/accounts';
import type { CopyFormat } from '../storage/copy-format-setting';
import type { HistoryStore } from '../storage/history-entry';
import type { ShareActions } from '../share/share-actions';

/** The settings the history page follows. */
export interface HistorySettings {
  /** Whether new shortenings are recorded (off: the page says so; what is there stays listed). */
  history: boolean;
  copyFormat: CopyFormat;
  /** The user's accounts (names and servers, never a token): each row names the one that made its link. */
  accounts: readonly Account[];
}

/** What a browser action came to: done, or the browser's own reason it was not. */
export type Outcome = { ok: true } | { ok: false; reason: string };

export type { QrPanelComponent };

/**
 * Everything the history page needs from the browser; its views never call `browser.*` or IndexedDB themselves.
 * Its functions are called unbound: the page hands some to its views as they are, the same for its life.
 */
export interface HistoryConnector extends ShareActions {
  /** The page's words, in the browser's UI language. */
  words: Words;
  /** History on this machine (IndexedDB, shared with every context; it tells of changes made anywhere). */
  store: HistoryStore;
  /** The page is in a private window, where Firefox lets no extension read or keep IndexedDB data. */
  privateWindow: boolean;
  readSettings(): Promise<HistorySettings>;
  /** Calls back when a setting the page follows changes (history, copy format, accounts); returns the unsubscribe. */
  onSettingsChange(callback: () => void): () => void;
  /** Puts the payload on the clipboard (with its HTML flavour, if it has one). */
  copy(payload: ClipboardPayload): Promise<Outcome>;
  /** Opens the URL in a new tab. */
  openTab(url: string): Promise<Outcome>;
  openSettings(): void;
  /** Opens the list page ("Shorten a list") in a new tab. */
  openList(): void;
  /** Downloads the data as a file of that name. */
  saveFile(fileName: string, data: Blob): void;
  /** The QR panel, loaded only when first asked for (a chunk of its own, with the QR encoder). */
  loadQrPanel(): Promise<QrPanelComponent>;
}
