import type { Account } from '../storage/accounts';
import type { HistoryEntry } from '../storage/history-entry';
import type { AccountLabel } from './entry-accounts';
import type { QrPanelComponent } from './history-connector';
import type { ShareActions } from '../share/share-actions';

/**
 * The status bar's sentence, and the Undo it offers while it does (a delete's, or an import's). Each
 * sentence is a value of its own: the time up for one (onStatusExpired) does not take the next away.
 */
export interface StatusLine {
  text: string;
  undo?: { kind: 'deleted' | 'imported' } | undefined;
}

/** Where the keyboard focus goes after an action took its control away (a deleted row's button, an Undo done). */
export type FocusTarget =
  | { target: 'search' | 'undo' | 'delete-all' }
  /** A row's Delete button, by its short link (a restored row). */
  | { target: 'row'; shortUrl: string }
  /** The Delete button of the row now at this position (the next one after a delete), else the one before it. */
  | { target: 'row-at'; index: number }
  /** The short link of the row at this position (the first of those "Show more" added). */
  | { target: 'link-at'; index: number };


export interface HistoryActions {
  onQuery(query: string): void;
  /** Shows only the links this account made (undefined: every link). */
  onAccountFilter(account: string | undefined): void;
  onShowMore(): void;
  onCopy(entry: HistoryEntry): void;
  onOpen(entry: HistoryEntry): void;
  /** Each row's Share: the sheet or the menu (the connector's own functions). */
  share: ShareActions;
  onToggleQr(entry: HistoryEntry): void;
  /** `index`: the row's position among those shown, where the focus stays. */
  onDelete(entry: HistoryEntry, index: number): void;
  onSaveFile(fileName: string, data: Blob): void;
  /** The QR panel's module (the same function for the page's life). */
  onLoadQr(): Promise<QrPanelComponent>;
  onAskDeleteAll(): void;
  onCancelDeleteAll(): void;
  onConfirmDeleteAll(): void;
  onUndo(): void;
  /** This status has been shown long enough (its Undo is no longer offered). */
  onStatusExpired(status: StatusLine): void;
  onExportCsv(): void;
  onExportJson(): void;
  onImport(file: File): void;
  onOpenSettings(): void;
}

/** What the page shows once history is read. */
export interface ReadyState {
  historyOn: boolean;
  skipped: number;
  reloadFailure: string | undefined;
  /** False while only the newest screenful is read: no count, export or delete-all yet. */
  complete: boolean;
  total: number;
  query: string;
  /** Set when the page names accounts (namesAccounts): in each row, and as a filter. */
  accounts: AccountsShown | undefined;
  /** Every entry matching the query (and made by the account filtered by), newest first (only the first `visibleCount` are rendered). */
  matches: readonly HistoryEntry[];
  visibleCount: number;
  /** The short link whose QR code is open (one at a time). */
  qrFor: string | undefined;
  confirmingDeleteAll: boolean;
  /** A chosen file is being read and merged: Import waits for it. */
  importing: boolean;
}

/** The accounts, as the page names them when there is more than one to tell apart. */
export interface AccountsShown {
  /** The user's accounts, to filter by. */
  choices: readonly Account[];
  /** The account whose links alone are listed; undefined: every link. */
  filter: string | undefined;
  /** What a row names its link's account by. */
  label: AccountLabel;
}
